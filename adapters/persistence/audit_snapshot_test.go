package persistence_test

import (
	"context"
	"maps"
	"testing"

	"github.com/uptrace/bun"

	"vitrina/adapters/persistence"
	"vitrina/adapters/persistence/dbtest"
	"vitrina/domain/audit"
	"vitrina/domain/campaign"
	"vitrina/domain/content"
	"vitrina/domain/kernel"
	"vitrina/ports"
)

// createdFields is the fields a record's creation event recorded, as a snapshot.
func createdFields(t *testing.T, log *persistence.AuditLog, resource string, id kernel.ID) audit.Snapshot {
	t.Helper()
	p, err := log.List(context.Background(), ports.AuditFilter{Resource: resource, RecordID: id, Action: audit.ActionCreate}, ports.AuditPage{})
	if err != nil || len(p.Items) != 1 {
		t.Fatalf("creation of %s %d: %v %+v", resource, id, err, p.Items)
	}
	out := audit.Snapshot{}
	for _, c := range p.Items[0].Changes {
		if c.To != nil {
			out[c.Field] = *c.To
		}
	}
	return out
}

// What a revert reads of a record now is what the store's hook records of it, the same
// names and exact texts (ADR 0032): a seminar slider with its days, categories and window, a
// campaign, and a campaign's partner with its cash (a link: named with its campaign, no
// version; an unknown campaign is not found, a partner no longer linked has no cash).
func TestAuditSnapshotIsWhatTheHookRecords(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := ports.WithAuditSource(context.Background(), ports.AuditSource{Actor: ana})
		w := newPartnerWorld(t, db)
		log := persistence.NewAuditLog(db, &fixedClock{t: t0})
		records := persistence.NewAuditRecords(db)
		same := func(resource string, id kernel.ID, parent *audit.Ref, want audit.Snapshot, version kernel.Version) {
			t.Helper()
			got, v, err := records.Snapshot(ctx, resource, id, parent)
			if err != nil || !maps.Equal(got, want) || v != version {
				t.Fatalf("%s %d: %v at %d, %v; want %v at %d", resource, id, got, v, err, want, version)
			}
		}

		sl, err := content.New(content.Input{Name: "Seminar bojenja", Type: content.Seminar, Image: "a.jpg", Wysiwyg: "w.png",
			PageContent: "<p>Strana</p>", PushNotification: true, NotificationText: "Dođite", CategoryIDs: []kernel.ID{w.boje, w.alati},
			Dates: []string{"2026-12-05", "2026-11-28"}, StartDate: "2026-11-22", EndDate: "2026-12-31"}, contentToday, t0)
		if err != nil {
			t.Fatal(err)
		}
		if err := persistence.NewSliderStore(db).Add(ctx, sl); err != nil {
			t.Fatal(err)
		}
		created := createdFields(t, log, "sliders", sl.ID())
		if created["dates"] != "2026-11-28,2026-12-05" || created["start_date"] != "2026-11-22" || created["category_ids"] == "" {
			t.Fatalf("the slider's creation: %v", created)
		}
		same("sliders", sl.ID(), nil, created, 1)

		campaigns := persistence.NewCampaignStore(db)
		cm, _ := campaign.New(campaign.Input{Name: "Zimska akcija", Description: "Opis", Image: "c.jpg"}, t0)
		if err := campaigns.Add(ctx, cm); err != nil {
			t.Fatal(err)
		}
		same("campaigns", cm.ID(), nil, createdFields(t, log, "campaigns", cm.ID()), 1)

		if err := persistence.NewPartnerStore(db).Add(ctx, newPartner(t, 7, "Alfa", w.bar, w.alati)); err != nil {
			t.Fatal(err)
		}
		parent := &audit.Ref{Resource: "campaigns", ID: cm.ID()}
		link := audit.Snapshot{}.ID("campaign_id", cm.ID()).ID("partner_id", 7)
		same("campaign_partners", 7, parent, link, kernel.AnyVersion) // not linked: no cash
		if _, err := db.ExecContext(ctx, "INSERT INTO campaign_partners (campaign_id, partner_id, cash_milli, spent_milli) VALUES (?, 7, 750255, 1500)",
			int64(cm.ID())); err != nil {
			t.Fatal(err)
		}
		same("campaign_partners", 7, parent, link.Amount("cash", kernel.AmountOfThousandths(750255)).Amount("spent", kernel.AmountOfThousandths(1500)),
			kernel.AnyVersion)
		for _, p := range []*audit.Ref{nil, {Resource: "campaigns", ID: 999}} {
			if _, _, err := records.Snapshot(ctx, "campaign_partners", 7, p); kernel.KindOf(err) != kernel.KindNotFound {
				t.Fatalf("campaign partner under %v: %v", p, err)
			}
		}
	})
}
