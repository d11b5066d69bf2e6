package persistence_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"vitrina/adapters/persistence"
	"vitrina/adapters/persistence/dbtest"
	"vitrina/domain/audit"
	"vitrina/domain/content"
	"vitrina/domain/kernel"
	"vitrina/ports"
	contentports "vitrina/ports/content"
)

// appActor is partner id acting through the app under its account's name.
func appActor(id kernel.ID) context.Context {
	return ports.WithAuditSource(context.Background(), ports.AuditSource{
		Actor: audit.Actor{Kind: audit.ActorPartner, ID: id, Name: fmt.Sprintf("partner %d", id)}, RequestID: "req-app"})
}

// noSecretIn fails when any of the tokens is in a stored event's changes or search text.
func noSecretIn(t *testing.T, db *bun.DB, tokens ...string) {
	t.Helper()
	var rows []struct {
		Changes string `bun:"changes"`
		Search  string `bun:"search"`
	}
	if err := db.NewRaw("SELECT changes, search FROM audit_events").Scan(context.Background(), &rows); err != nil {
		t.Fatal(err)
	}
	if len(rows) == 0 {
		t.Fatal("no events to look in")
	}
	for _, r := range rows {
		for _, tok := range tokens {
			if strings.Contains(r.Changes, tok) || strings.Contains(strings.ToLower(r.Search), strings.ToLower(tok)) {
				t.Fatalf("the device token %q reached the log: %s | %s", tok, r.Changes, r.Search)
			}
		}
	}
}

// A partner's devices are recorded by the device store in the registration's transaction
// (ADR 0031, "Push deliveries and devices"): a new device `create`, the same device again
// nothing, a platform changed `edit`, a token another partner takes `deactivate` on the one
// that had it, a removal and each device the cap evicts `deactivate`, never the token itself;
// a registration that rolls back, and a removal of a device the partner does not have,
// leave no event.
func TestDeviceRegistrationsAreRecorded(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		now := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
		addPartners(t, db, 101, 102)
		log := persistence.NewAuditLog(db, &fixedClock{t: now})
		store := persistence.NewDeviceStore(db)
		const phone = "fcm-SECRET-phone:APA91b"
		register := func(partner kernel.ID, token, platform string, at time.Time) {
			t.Helper()
			d, err := content.NewDevice(token, platform)
			if err != nil {
				t.Fatal(err)
			}
			if err := store.Register(appActor(partner), partner, d, at); err != nil {
				t.Fatal(err)
			}
		}
		register(101, phone, "android", now)
		register(101, phone, "android", now.Add(time.Minute)) // the same device again: nothing
		register(101, phone, "ios", now.Add(2*time.Minute))
		register(102, phone, "ios", now.Add(3*time.Minute)) // the phone signs in as 102
		if err := store.Remove(appActor(101), 101, phone); kernel.KindOf(err) != kernel.KindNotFound {
			t.Fatalf("removing another partner's device: %v", err)
		}
		if err := store.Remove(appActor(102), 102, phone); err != nil {
			t.Fatal(err)
		}
		// Rolled back: neither the device nor its event.
		boom := errors.New("boom")
		err := persistence.NewTxManager(db).WithinTx(appActor(101), func(ctx context.Context) error {
			d, _ := content.NewDevice("fcm-SECRET-rolled-back", "web")
			if err := store.Register(ctx, 101, d, now); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatal(err)
		}

		created := "create device_token:changed platform:∅→"
		gone := func(platform string) string { return "deactivate device_token:changed platform:" + platform + "→∅" }
		if got, want := history(t, log, "devices", 101), []string{created + "android", "edit platform:android→ios", gone("ios")}; fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("101's devices\n got %q\nwant %q", got, want)
		}
		if got, want := history(t, log, "devices", 102), []string{created + "ios", gone("ios")}; fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("102's devices\n got %q\nwant %q", got, want)
		}
		page, err := log.List(context.Background(), ports.AuditFilter{Resource: "devices", RecordID: 101}, ports.AuditPage{})
		if err != nil {
			t.Fatal(err)
		}
		// The phone taken by 102 is 102's act, on 101's record and timeline.
		taken := page.Items[0]
		if taken.Actor.Kind != audit.ActorPartner || taken.Actor.ID != 102 || taken.PartnerID != 101 || taken.RequestID != "req-app" {
			t.Fatalf("the taken device's event %+v", taken)
		}
		if tl, _ := log.List(context.Background(), ports.AuditFilter{PartnerID: 102}, ports.AuditPage{}); tl.Total != 3 { // its creation, the device's two
			t.Fatalf("102's timeline has %d events", tl.Total)
		}

		// The cap: the 21st device evicts the oldest, in the same transaction.
		before := len(history(t, log, "devices", 101))
		for i := range content.MaxDevicesPerPartner + 1 {
			register(101, fmt.Sprintf("fcm-SECRET-%02d", i), "web", now.Add(time.Duration(10+i)*time.Minute))
		}
		got := history(t, log, "devices", 101)[before:]
		if len(got) != content.MaxDevicesPerPartner+2 || got[len(got)-2] != created+"web" || got[len(got)-1] != gone("web") {
			t.Fatalf("after %d devices: %d events, ending %q", content.MaxDevicesPerPartner+1, len(got), got[len(got)-2:])
		}
		var left int
		if err := db.NewRaw("SELECT count(*) FROM devices WHERE partner_id = 101").Scan(context.Background(), &left); err != nil || left != content.MaxDevicesPerPartner {
			t.Fatalf("devices left %d %v", left, err)
		}
		noSecretIn(t, db, "SECRET")
		if v := verdict(t, log); !v.OK {
			t.Fatalf("chain %+v", v)
		}
	})
}

// A delivery's final outcome is recorded with its status update, in the same transaction
// (ADR 0031, "Push deliveries and devices"): a `send` by the system on the delivery, its
// notification as parent, its partner's id, the state from pending, the attempts and a
// failure's reason; a retry, a release, a stale outcome and an outcome whose transaction
// rolls back record nothing; a dead token's device removal is recorded on its partner; no
// token is ever written, not even one a reason quotes.
func TestDeliveryOutcomesAreRecorded(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		now := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
		w := addPartners(t, db, 101, 102)
		log := persistence.NewAuditLog(db, &fixedClock{t: now})
		devices := persistence.NewDeviceStore(db)
		tokens := map[string]kernel.ID{"fcm-SECRET-a": 101, "fcm-SECRET-b": 101, "fcm-SECRET-c": 102, "fcm-SECRET-d": 102}
		platforms := map[string]string{"fcm-SECRET-a": "android", "fcm-SECRET-b": "ios", "fcm-SECRET-c": "web", "fcm-SECRET-d": "android"}
		for tok, p := range tokens {
			d, _ := content.NewDevice(tok, platforms[tok])
			if err := devices.Register(appActor(p), p, d, now); err != nil {
				t.Fatal(err)
			}
		}
		outbox := persistence.NewNotificationStore(db)
		n, err := content.NewNotification(content.NotificationInput{Subject: "Akcija", Text: "Alati na popustu", Categories: []kernel.ID{w.alati}}, now)
		if err != nil {
			t.Fatal(err)
		}
		staff := ports.WithAuditSource(context.Background(), ports.AuditSource{Actor: ana})
		nid, err := outbox.Enqueue(staff, n, 0, true)
		if err != nil {
			t.Fatal(err)
		}
		claimed, err := outbox.Claim(context.Background(), now, time.Minute, 10)
		if err != nil || len(claimed) != 4 {
			t.Fatalf("claimed %d %v", len(claimed), err)
		}
		byToken := map[string]contentports.Claimed{}
		for _, c := range claimed {
			byToken[c.Token] = c
		}
		job := ports.WithAuditSource(context.Background(), ports.AuditSource{Actor: audit.System})
		outcome := func(tok string, state content.DeliveryState, reason string, drop bool) contentports.Recorded {
			r := contentports.Recorded{Claimed: byToken[tok], Attempt: content.Attempt{State: state, DropToken: drop}, Reason: reason}
			if state == content.Pending {
				r.NextAt = now.Add(time.Minute)
			}
			return r
		}
		deliveryEvents := func() []audit.Event {
			t.Helper()
			p, err := log.List(context.Background(), ports.AuditFilter{Resource: "deliveries"}, ports.AuditPage{})
			if err != nil {
				t.Fatal(err)
			}
			return p.Items
		}

		// Rolled back: the delivered state and its event go together.
		boom := errors.New("boom")
		err = persistence.NewTxManager(db).WithinTx(job, func(ctx context.Context) error {
			if err := outbox.Record(ctx, []contentports.Recorded{outcome("fcm-SECRET-a", content.Delivered, "", false)}, now); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) || len(deliveryEvents()) != 0 {
			t.Fatalf("rolled back: %v, %d events", err, len(deliveryEvents()))
		}

		// Delivered, failed for good with a dead token (a reason that quotes the token), a
		// retry and a release: two events, and the dead device's removal.
		if err := outbox.Record(job, []contentports.Recorded{
			outcome("fcm-SECRET-a", content.Delivered, "", false),
			outcome("fcm-SECRET-b", content.Failed, "UNREGISTERED fcm-SECRET-b", true),
			outcome("fcm-SECRET-c", content.Pending, "HTTP 503", false),
			{Claimed: byToken["fcm-SECRET-d"], Released: true},
		}, now); err != nil {
			t.Fatal(err)
		}
		// The same outcome again (another sender's stale lease): the delivery is no longer
		// pending at those attempts, nothing moves, nothing is recorded.
		if err := outbox.Record(job, []contentports.Recorded{outcome("fcm-SECRET-a", content.Delivered, "", false)}, now); err != nil {
			t.Fatal(err)
		}
		events := deliveryEvents()
		if len(events) != 2 {
			t.Fatalf("%d delivery events, want 2: %+v", len(events), events)
		}
		describe := func(e audit.Event) string {
			var b strings.Builder
			fmt.Fprintf(&b, "%s %s#%d %s:%d partner %d by %s", e.Action, e.Resource, e.RecordID, e.Parent.Resource, e.Parent.ID, e.PartnerID, e.Actor.Kind)
			for _, c := range e.Changes {
				b.WriteString(" " + c.Field + ":" + text(c.From) + "→" + text(c.To))
			}
			return b.String()
		}
		want := []string{
			fmt.Sprintf("send deliveries#%d notifications:%d partner 101 by system attempts:0→1 platform:ios→ios reason:∅→UNREGISTERED … state:pending→failed", byToken["fcm-SECRET-b"].ID, nid),
			fmt.Sprintf("send deliveries#%d notifications:%d partner 101 by system attempts:0→1 platform:android→android state:pending→delivered", byToken["fcm-SECRET-a"].ID, nid),
		}
		for i, e := range events {
			if got := describe(e); got != want[i] {
				t.Fatalf("event %d\n got %s\nwant %s", i, got, want[i])
			}
		}
		if got := history(t, log, "devices", 101); len(got) != 3 || got[2] != "deactivate device_token:changed platform:ios→∅" {
			t.Fatalf("101's devices %q", got)
		}
		gone, _ := log.List(context.Background(), ports.AuditFilter{Resource: "devices", RecordID: 101}, ports.AuditPage{Page: 1, PerPage: 1})
		if gone.Items[0].Actor.Kind != audit.ActorSystem {
			t.Fatalf("the dead token's removal %+v", gone.Items[0])
		}
		// On the partner's timeline, and a notification's children are its deliveries.
		tl, err := log.List(context.Background(), ports.AuditFilter{PartnerID: 101}, ports.AuditPage{})
		if err != nil {
			t.Fatal(err)
		}
		resources := map[string]int{}
		for _, e := range tl.Items {
			resources[e.Resource]++
		}
		if resources["deliveries"] != 2 || resources["devices"] != 3 {
			t.Fatalf("101's timeline %v", resources)
		}
		children, err := log.List(context.Background(), ports.AuditFilter{Resource: "notifications", RecordID: nid, Children: true}, ports.AuditPage{})
		if err != nil || children.Total != 3 { // the send and the two outcomes
			t.Fatalf("the notification's events %d %v", children.Total, err)
		}
		noSecretIn(t, db, "SECRET")
		if v := verdict(t, log); !v.OK {
			t.Fatalf("chain %+v", v)
		}
	})
}

// addPartners stores partners with the ids given, for their devices and deliveries, in the
// catalog it answers.
func addPartners(t *testing.T, db *bun.DB, ids ...int64) partnerWorld {
	t.Helper()
	w := newPartnerWorld(t, db)
	partners := persistence.NewPartnerStore(db)
	for _, id := range ids {
		if err := partners.Add(context.Background(), newPartner(t, id, fmt.Sprintf("Partner %d", id), w.podgorica, w.alati)); err != nil {
			t.Fatal(err)
		}
	}
	return w
}
