package persistence_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
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

// outboxWorld is a notification to n devices of partners 101 and 102, enqueued at now.
type outboxWorld struct {
	db    *bun.DB
	now   time.Time
	id    kernel.ID
	n     int
	lease time.Duration
}

func newOutboxWorld(t *testing.T, db *bun.DB, n int) outboxWorld {
	t.Helper()
	w := addPartners(t, db, 101, 102)
	now := time.Date(2026, 11, 28, 10, 0, 0, 0, time.UTC)
	for i := range n {
		if _, err := db.NewRaw("INSERT INTO devices (token, partner_id, platform, registered_at) VALUES (?, ?, 'android', ?)",
			fmt.Sprintf("fcm-%05d", i), 101+i%2, now).Exec(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	note, err := content.NewNotification(content.NotificationInput{Subject: "Akcija", Text: "Alati na popustu", Categories: []kernel.ID{w.alati}}, now)
	if err != nil {
		t.Fatal(err)
	}
	id, err := persistence.NewNotificationStore(db).Enqueue(context.Background(), note, 0, true)
	if err != nil {
		t.Fatal(err)
	}
	return outboxWorld{db: db, now: now, id: id, n: n, lease: time.Minute}
}

var sender = ports.WithAuditSource(context.Background(), ports.AuditSource{Actor: audit.System})

func claim(t *testing.T, s *persistence.NotificationStore, at time.Time, lease time.Duration, limit int) []contentports.Claimed {
	t.Helper()
	c, err := s.Claim(context.Background(), at, lease, limit)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func outcomes(cs []contentports.Claimed, state content.DeliveryState, next time.Time) []contentports.Recorded {
	out := make([]contentports.Recorded, len(cs))
	for i, c := range cs {
		out[i] = contentports.Recorded{Claimed: c, Attempt: content.Attempt{State: state, NextAt: next}}
		if state == content.Failed {
			out[i].Reason = "HTTP 403"
		}
	}
	return out
}

func released(cs []contentports.Claimed) []contentports.Recorded {
	out := make([]contentports.Recorded, len(cs))
	for i, c := range cs {
		out[i] = contentports.Recorded{Claimed: c, Released: true}
	}
	return out
}

func record(t *testing.T, s *persistence.NotificationStore, at time.Time, rs []contentports.Recorded) {
	t.Helper()
	if err := s.Record(sender, rs, at); err != nil {
		t.Fatal(err)
	}
}

func ids(cs []contentports.Claimed) []kernel.ID {
	out := make([]kernel.ID, len(cs))
	for i, c := range cs {
		out[i] = c.ID
	}
	return out
}

func countRows(t *testing.T, db *bun.DB, q string, args ...any) int {
	t.Helper()
	var n int
	if err := db.NewRaw(q, args...).Scan(context.Background(), &n); err != nil {
		t.Fatal(err)
	}
	return n
}

// settledOnce checks the end of a fan-out: every delivery delivered, counted once in the
// figures and recorded by exactly one event, and no cursor or lease left behind.
func (w outboxWorld) settledOnce(t *testing.T) {
	t.Helper()
	var f struct {
		Devices   int `bun:"devices"`
		Attempted int `bun:"attempted"`
		Delivered int `bun:"delivered"`
	}
	if err := w.db.NewRaw("SELECT devices, attempted, delivered FROM notifications WHERE id = ?", int64(w.id)).Scan(context.Background(), &f); err != nil {
		t.Fatal(err)
	}
	if f.Devices != w.n || f.Attempted != w.n || f.Delivered != w.n {
		t.Fatalf("figures %+v, want %d each", f, w.n)
	}
	if got := countRows(t, w.db, "SELECT count(*) FROM deliveries WHERE notification_id = ? AND state = 'delivered'", int64(w.id)); got != w.n {
		t.Fatalf("%d deliveries delivered, want %d", got, w.n)
	}
	if got := countRows(t, w.db, "SELECT count(DISTINCT record_id) FROM audit_events WHERE resource = 'deliveries' AND parent_id = ?", int64(w.id)); got != w.n {
		t.Fatalf("%d deliveries have events, want %d", got, w.n)
	}
	if got := countRows(t, w.db, "SELECT count(*) FROM audit_events WHERE resource = 'deliveries' AND parent_id = ?", int64(w.id)); got != w.n {
		t.Fatalf("%d delivery events, want one per delivery (%d)", got, w.n)
	}
	if c, l := countRows(t, w.db, "SELECT count(*) FROM delivery_cursors"), countRows(t, w.db, "SELECT count(*) FROM delivery_leases"); c != 0 || l != 0 {
		t.Fatalf("%d cursors and %d leases left", c, l)
	}
}

// A notification's first attempts are handed out a range at a time from its cursor, each
// range under one lease (ADR 0022, "Claims by range"): another sender gets the next range,
// never one that is held; a lease goes with the outcome of its last delivery, ends at once
// when some of its deliveries are given back (they are the next claim's), and a sender that
// dies holding one leaves its unrecorded deliveries to the first claim after the lease,
// which sends those and only those. An outcome recorded late by the sender that lost the
// lease counts once: whoever records a delivery first wins.
func TestClaimsHandOutRangesUnderLeases(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		w := newOutboxWorld(t, db, 1000)
		a, b, c := persistence.NewNotificationStore(db), persistence.NewNotificationStore(db), persistence.NewNotificationStore(db)
		now := w.now

		a1 := claim(t, a, now, w.lease, 300)
		b1 := claim(t, b, now, w.lease, 300)
		if len(a1) != 300 || len(b1) != 300 || !slices.IsSorted(ids(a1)) || ids(b1)[0] <= ids(a1)[299] {
			t.Fatalf("claimed %d and %d, not in consecutive ranges", len(a1), len(b1))
		}
		for _, cl := range append(slices.Clone(a1), b1...) {
			if cl.Attempts != 0 || cl.NotificationID != w.id || cl.Token == "" {
				t.Fatalf("claimed %+v", cl)
			}
		}
		if got := countRows(t, db, "SELECT count(*) FROM delivery_leases"); got != 2 {
			t.Fatalf("%d leases, want one per range", got)
		}
		// Nothing held is handed out again before its lease ends.
		c1 := claim(t, c, now, w.lease, 1000)
		if len(c1) != 400 || slices.ContainsFunc(c1, func(x contentports.Claimed) bool {
			return slices.Contains(ids(a1), x.ID) || slices.Contains(ids(b1), x.ID)
		}) {
			t.Fatalf("the third sender got %d, or a held one", len(c1))
		}
		if got := claim(t, c, now, w.lease, 10); len(got) != 0 {
			t.Fatalf("claimed %d after everything was handed out", len(got))
		}
		if got := countRows(t, db, "SELECT count(*) FROM delivery_cursors"); got != 0 {
			t.Fatal("the cursor stayed after its last range")
		}

		// A's outcomes, in two recordings: its lease goes with the last.
		record(t, a, now, outcomes(a1[:100], content.Delivered, time.Time{}))
		if got := countRows(t, db, "SELECT count(*) FROM delivery_leases"); got != 3 {
			t.Fatalf("%d leases after part of a range", got)
		}
		record(t, a, now, outcomes(a1[100:], content.Delivered, time.Time{}))
		if got := countRows(t, db, "SELECT count(*) FROM delivery_leases"); got != 2 {
			t.Fatalf("%d leases after a whole range, want 2", got)
		}

		// B delivers 200 and gives 100 back (stopping): the next claim, at once, gets those.
		record(t, b, now, append(outcomes(b1[:200], content.Delivered, time.Time{}), released(b1[200:])...))
		again := claim(t, a, now, w.lease, 1000)
		if !slices.Equal(ids(again), ids(b1[200:])) {
			t.Fatalf("after B gave back 100, claimed %d: %v", len(again), ids(again)[:min(3, len(again))])
		}
		record(t, a, now, outcomes(again, content.Delivered, time.Time{}))

		// C dies holding its 400: nobody gets them until the lease ends, then exactly the
		// 399 it had not recorded; its late outcome for one of them counts once.
		if got := claim(t, a, now.Add(w.lease-time.Second), w.lease, 1000); len(got) != 0 {
			t.Fatalf("claimed %d held by a live lease", len(got))
		}
		later := now.Add(w.lease)
		taken := claim(t, a, later, w.lease, 1000)
		if !slices.Equal(ids(taken), ids(c1)) {
			t.Fatalf("after the lease, claimed %d, want C's 400", len(taken))
		}
		record(t, c, later, outcomes(c1[:1], content.Delivered, time.Time{})) // C's late outcome
		record(t, a, later, outcomes(taken, content.Delivered, time.Time{}))
		w.settledOnce(t)
		if v := verdict(t, persistence.NewAuditLog(db, &fixedClock{t: now})); !v.OK {
			t.Fatalf("chain %+v", v)
		}
	})
}

// A transient failure leaves the delivery pending for its retry, which is leased in its
// own row when due and carries its attempts; NextDue says now while a cursor has deliveries
// to hand out, then the earliest lease end or retry.
func TestRetriesAreClaimedWhenDue(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		w := newOutboxWorld(t, db, 5)
		s := persistence.NewNotificationStore(db)
		now := w.now
		if at, ok, err := s.NextDue(context.Background()); err != nil || !ok || at.After(time.Now()) {
			t.Fatalf("with a cursor: %v %v %v", at, ok, err)
		}
		first := claim(t, s, now, w.lease, 10)
		if len(first) != 5 {
			t.Fatalf("claimed %d", len(first))
		}
		if at, ok, _ := s.NextDue(context.Background()); !ok || !at.Equal(now.Add(w.lease)) {
			t.Fatalf("while leased: %v %v, want the lease's end", at, ok)
		}
		retryAt := now.Add(10 * time.Second)
		record(t, s, now, append(outcomes(first[:3], content.Delivered, time.Time{}), outcomes(first[3:], content.Pending, retryAt)...))
		if got := countRows(t, db, "SELECT count(*) FROM delivery_leases"); got != 0 {
			t.Fatalf("%d leases after every outcome", got)
		}
		if at, ok, _ := s.NextDue(context.Background()); !ok || !at.Equal(retryAt) {
			t.Fatalf("with retries: %v %v, want %v", at, ok, retryAt)
		}
		if got := claim(t, s, now.Add(9*time.Second), w.lease, 10); len(got) != 0 {
			t.Fatalf("claimed %d retries before they were due", len(got))
		}
		retries := claim(t, s, retryAt, w.lease, 10)
		if !slices.Equal(ids(retries), ids(first[3:])) || retries[0].Attempts != 1 || retries[1].Attempts != 1 {
			t.Fatalf("retries %+v", retries)
		}
		if got := claim(t, s, retryAt, w.lease, 10); len(got) != 0 {
			t.Fatalf("a leased retry was claimed again: %d", len(got))
		}
		record(t, s, retryAt, outcomes(retries, content.Delivered, time.Time{}))
		if _, ok, _ := s.NextDue(context.Background()); ok {
			t.Fatal("something is due after every delivery was delivered")
		}
		w.settledOnce(t)
		var attempts []int
		if err := db.NewRaw("SELECT attempts FROM deliveries ORDER BY id").Scan(context.Background(), &attempts); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(attempts, []int{1, 1, 1, 2, 2}) {
			t.Fatalf("attempts %v", attempts)
		}
	})
}

// Several senders on one database (as several serving processes, each with its own store)
// claiming and recording at once hand out every delivery exactly once.
func TestConcurrentSendersClaimEachDeliveryOnce(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		w := newOutboxWorld(t, db, 3000)
		var mu sync.Mutex
		seen := map[kernel.ID]int{}
		var wg sync.WaitGroup
		errs := make(chan error, 4)
		for range 4 {
			s := persistence.NewNotificationStore(db)
			wg.Go(func() {
				for {
					cs, err := s.Claim(context.Background(), w.now, time.Hour, 128)
					if err != nil {
						errs <- err
						return
					}
					if len(cs) == 0 {
						return
					}
					mu.Lock()
					for _, c := range cs {
						seen[c.ID]++
					}
					mu.Unlock()
					if err := s.Record(sender, outcomes(cs, content.Delivered, time.Time{}), w.now); err != nil {
						errs <- err
						return
					}
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		if len(seen) != w.n {
			t.Fatalf("%d deliveries handed out, want %d", len(seen), w.n)
		}
		for id, n := range seen {
			if n != 1 {
				t.Fatalf("delivery %d handed out %d times", id, n)
			}
		}
		w.settledOnce(t)
	})
}

// Deliveries in flight when migration 20261128000001 runs are sent after it: those never
// attempted once the lease an earlier sender wrote into them ends, retries when due, and a
// notification enqueued afterwards gets new ids (SQLite's rebuilt table keeps its sequence).
func TestDeliveriesInFlightAtTheUpgradeAreSent(t *testing.T) {
	for _, e := range dbtest.Engines() {
		t.Run(e.Name, func(t *testing.T) {
			ctx := context.Background()
			db := openBefore(t, e.Open(t), "20261128000001")
			w := addPartners(t, db, 101)
			now := time.Date(2026, 11, 28, 10, 0, 0, 0, time.UTC)
			var nid int64
			if err := db.NewRaw("INSERT INTO notifications (subject, subject_fold, notification_text, text_fold, created_at, devices) "+
				"VALUES ('Staro', 'staro', 'Tekst', 'tekst', ?, 4) RETURNING id", now).Scan(ctx, &nid); err != nil {
				t.Fatal(err)
			}
			// Two due, one leased by an old sender for 30 s more, one waiting for its retry.
			for i, row := range []struct {
				attempts int
				next     time.Time
			}{{0, now}, {0, now}, {0, now.Add(30 * time.Second)}, {1, now.Add(10 * time.Second)}} {
				if _, err := db.NewRaw("INSERT INTO deliveries (notification_id, partner_id, token, platform, state, attempts, next_at, reason, updated_at) "+
					"VALUES (?, 101, ?, 'ios', 'pending', ?, ?, '', ?)", nid, fmt.Sprintf("old-%d", i), row.attempts, row.next, now).Exec(ctx); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := persistence.Migrate(ctx, db); err != nil {
				t.Fatal(err)
			}
			s := persistence.NewNotificationStore(db)
			if got := claim(t, s, now.Add(5*time.Second), time.Minute, 10); len(got) != 0 {
				t.Fatalf("claimed %d while the old lease lives", len(got))
			}
			retry := claim(t, s, now.Add(10*time.Second), time.Minute, 10)
			if len(retry) != 1 || retry[0].Token != "old-3" || retry[0].Attempts != 1 {
				t.Fatalf("the retry %+v", retry)
			}
			firsts := claim(t, s, now.Add(30*time.Second), time.Minute, 10)
			if len(firsts) != 3 || firsts[0].Token != "old-0" || firsts[2].Token != "old-2" || firsts[0].Attempts != 0 {
				t.Fatalf("the first attempts %+v", firsts)
			}
			record(t, s, now.Add(30*time.Second), outcomes(append(retry, firsts...), content.Delivered, time.Time{}))
			if got := countRows(t, db, "SELECT count(*) FROM deliveries WHERE state = 'delivered'"); got != 4 {
				t.Fatalf("%d delivered of 4", got)
			}

			// A notification after the upgrade: new ids, after the old ones.
			if _, err := db.NewRaw("INSERT INTO devices (token, partner_id, platform, registered_at) VALUES ('new-1', 101, 'web', ?)", now).Exec(ctx); err != nil {
				t.Fatal(err)
			}
			note, _ := content.NewNotification(content.NotificationInput{Subject: "Novo", Text: "Tekst", Categories: []kernel.ID{w.alati}}, now)
			if _, err := s.Enqueue(ctx, note, 0, true); err != nil {
				t.Fatal(err)
			}
			fresh := claim(t, s, now.Add(time.Minute), time.Minute, 10)
			if len(fresh) != 1 || fresh[0].Token != "new-1" || fresh[0].ID <= firsts[2].ID {
				t.Fatalf("after the upgrade %+v (old ids up to %d)", fresh, firsts[2].ID)
			}
		})
	}
}
