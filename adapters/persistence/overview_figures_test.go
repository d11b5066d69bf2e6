package persistence_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"vitrina/adapters/persistence"
	"vitrina/adapters/persistence/dbtest"
	"vitrina/domain/kernel"
	"vitrina/domain/partner"
	"vitrina/ports"
	campaignports "vitrina/ports/campaign"
	contentports "vitrina/ports/content"
	partnerports "vitrina/ports/partner"
)

// The home page's figures (issue 25, ADR 0042) against hand-computed expectations.

type atClock struct{ t time.Time }

func (c atClock) Now() time.Time { return c.t }

func podgorica(t *testing.T) ports.BusinessZone {
	t.Helper()
	loc, err := time.LoadLocation("Europe/Podgorica")
	if err != nil {
		t.Fatal(err)
	}
	return ports.BusinessZone{Location: loc}
}

func mustExec(t *testing.T, db bun.IDB, query string, args ...any) {
	t.Helper()
	if _, err := db.ExecContext(context.Background(), query, args...); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
}

// setDebt changes a partner's debt (the trigger keeps the change) and dates the change at.
func setDebt(t *testing.T, db *bun.DB, id int64, milli int64, pct bool, at time.Time) {
	t.Helper()
	mustExec(t, db, "UPDATE partners SET debt = ?, debt_pct = ? WHERE id = ?", milli, pct, id)
	mustExec(t, db, "UPDATE partner_debt_changes SET at = ? WHERE id = (SELECT max(id) FROM partner_debt_changes WHERE partner_id = ?)", at.UTC(), id)
}

func TestDebtRiseFromTheKeptChanges(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		since := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
		before, after1, after2 := since.Add(-10*24*time.Hour), since.Add(24*time.Hour), since.Add(48*time.Hour)
		now := time.Now().UTC()
		// id, name, debt at the start (thousandths), active
		for _, p := range []struct {
			id     int64
			debt   int64
			active bool
		}{{1, 50_000, true}, {2, 100_000, true}, {3, 0, true}, {4, 10_000, true}, {5, 200_000, true},
			{6, 100_000, false}, {7, 100_000, true}, {8, 1_000_000, true}, {9, 200_000, true}, {10, 100_000, true}} {
			mustExec(t, db, "INSERT INTO partners (id, name, name_fold, is_active, debt, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
				p.id, fmt.Sprintf("Partner %d", p.id), fmt.Sprintf("partner %d", p.id), p.active, p.debt, now, now)
		}
		setDebt(t, db, 1, 100_000, false, before) // 100 at the date
		setDebt(t, db, 1, 130_000, false, after1) // +30 %
		setDebt(t, db, 1, 110_000, false, after2) // back to +10 %: not past 20 %
		setDebt(t, db, 2, 125_000, false, after1) // +25 %
		setDebt(t, db, 3, 50_000, false, after1)  // from nothing
		setDebt(t, db, 4, 1_000_000, false, before)
		setDebt(t, db, 5, 240_000, false, after1)                                // exactly +20 %: not more
		setDebt(t, db, 6, 300_000, false, after1)                                // inactive
		setDebt(t, db, 7, 15_000, true, after1)                                  // a percentage is not an amount
		setDebt(t, db, 8, 1_200_001, false, after1)                              // +20.0001 %
		setDebt(t, db, 9, 300_000, false, after1)                                // +50 %
		mustExec(t, db, "UPDATE partners SET name = 'Renamed 10' WHERE id = 10") // no debt change: nothing kept
		var kept int
		if err := db.NewRaw("SELECT count(*) FROM partner_debt_changes WHERE partner_id = 10").Scan(ctx, &kept); err != nil || kept != 0 {
			t.Fatalf("a change without the debt kept %d rows (%v)", kept, err)
		}

		figures := persistence.NewOverviewFigures(db)
		twenty := partner.DefaultDebtRiseThreshold
		page, err := figures.DebtRise(ctx, since, twenty, 1, 10)
		if err != nil {
			t.Fatal(err)
		}
		pct := func(s string) *kernel.Amount { a, _ := kernel.ParseAmount("x", s); return &a }
		amt := func(s string) kernel.Amount { return *pct(s) }
		want := []partnerports.DebtRiseView{
			{ID: 3, Name: "Partner 3", Then: amt("0"), Now: amt("50")},
			{ID: 6, Name: "Partner 6", Then: amt("100"), Now: amt("300"), Percent: pct("200")},
			{ID: 9, Name: "Partner 9", Then: amt("200"), Now: amt("300"), Percent: pct("50")},
			{ID: 2, Name: "Partner 2", Then: amt("100"), Now: amt("125"), Percent: pct("25")},
			{ID: 8, Name: "Partner 8", Then: amt("1000"), Now: amt("1200.001"), Percent: pct("20")},
		}
		if page.Total != 5 || !reflect.DeepEqual(page.Items, want) {
			t.Fatalf("page: total %d\n%+v\nwant\n%+v", page.Total, page.Items, want)
		}
		second, err := figures.DebtRise(ctx, since, twenty, 2, 3)
		if err != nil || second.Total != 5 || len(second.Items) != 2 || second.Items[0].ID != 2 || second.Items[1].ID != 8 {
			t.Fatalf("second page: %+v %v", second, err)
		}
		thirty, _ := partner.ParseDebtRiseThreshold("30")
		high, err := figures.DebtRise(ctx, since, thirty, 1, 10)
		if err != nil || high.Total != 3 || high.Items[0].ID != 3 || high.Items[1].ID != 6 || high.Items[2].ID != 9 {
			t.Fatalf("30 %%: %+v %v", high, err)
		}
		// Since after every change: no one rose.
		none, err := figures.DebtRise(ctx, after2.Add(time.Hour), twenty, 1, 10)
		if err != nil || none.Total != 0 || len(none.Items) != 0 {
			t.Fatalf("later date: %+v %v", none, err)
		}
		// Since before partner 1's first change: it counts from 50 (its first change's start):
		// 110 is +120 %; partner 4 from 10 to 1000.
		early, err := figures.DebtRise(ctx, before.Add(-time.Hour), twenty, 1, 10)
		if err != nil || early.Total != 7 || early.Items[0].ID != 3 || early.Items[1].ID != 4 || early.Items[2].ID != 6 || early.Items[3].ID != 1 {
			t.Fatalf("earlier date: %+v %v", early, err)
		}
	})
}

func TestDebtRiseThresholdSetting(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		figures := persistence.NewOverviewFigures(db)
		got, version, err := figures.DebtRiseThreshold(ctx)
		if err != nil || got != partner.DefaultDebtRiseThreshold || version != 1 {
			t.Fatalf("default: %v v%d %v", got, version, err)
		}
		next, _ := partner.ParseDebtRiseThreshold("12.5")
		was, v2, err := figures.SetDebtRiseThreshold(ctx, next, 1, time.Now())
		if err != nil || was != partner.DefaultDebtRiseThreshold || v2 != 2 {
			t.Fatalf("set: was %v v%d %v", was, v2, err)
		}
		again, _ := partner.ParseDebtRiseThreshold("300")
		if _, _, err := figures.SetDebtRiseThreshold(ctx, again, 1, time.Now()); !errors.Is(err, kernel.ErrStale) {
			t.Fatalf("a save over version 1 again: %v, want stale", err)
		}
		if was, v3, err := figures.SetDebtRiseThreshold(ctx, again, v2, time.Now()); err != nil || was != next || v3 != 3 {
			t.Fatalf("set again: was %v v%d %v", was, v3, err)
		}
		if got, version, err = figures.DebtRiseThreshold(ctx); err != nil || got.String() != "300" || version != 3 {
			t.Fatalf("read: %v v%d %v", got, version, err)
		}
	})
}

func TestOpenSupportByType(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		now := time.Now().UTC()
		mustExec(t, db, "INSERT INTO partners (id, name, name_fold, created_at, updated_at) VALUES (1, 'P', 'p', ?, ?)", now, now)
		for _, m := range []struct {
			typ    string
			active bool
		}{{"zalba", true}, {"zalba", true}, {"zalba", true}, {"zalba", false}, {"pitanje", true}, {"pohvala", false}} {
			mustExec(t, db, "INSERT INTO support_messages (type_id, partner_id, content, content_fold, is_active, created_at, updated_at)"+
				" SELECT id, 1, 'x', 'x', ?, ?, ? FROM support_message_types WHERE name_fold = ?", m.active, now, now, m.typ)
		}
		got, err := persistence.NewOverviewFigures(db).OpenSupportByType(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var open []string
		for _, v := range got {
			open = append(open, fmt.Sprintf("%s=%d", v.Name, v.Open))
		}
		if want := "[Pitanje=1 Pohvala=0 Prijedlog=0 Žalba=3]"; fmt.Sprint(open) != want {
			t.Fatalf("%v, want %s", open, want)
		}
	})
}

func TestPushWeek(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
		zone := podgorica(t)
		figures := persistence.NewPushFigures(db, zone, atClock{now})
		empty, err := figures.Week(ctx)
		if err != nil || empty.FirstID != 0 || empty.Notifications != 0 || len(empty.Reasons) != 0 {
			t.Fatalf("no notifications: %+v %v", empty, err)
		}
		mustExec(t, db, "INSERT INTO partners (id, name, name_fold, created_at, updated_at) VALUES (1, 'P', 'p', ?, ?)", now, now)
		// The week starts on 22 November at midnight in Podgorica: 21 November 23:00 UTC.
		type delivery struct{ state, reason string }
		var ids []int64
		for _, n := range []struct {
			at         time.Time
			deliveries []delivery
		}{
			{time.Date(2026, 11, 21, 22, 30, 0, 0, time.UTC), []delivery{{"failed", "timeout"}, {"delivered", ""}}},
			{time.Date(2026, 11, 21, 23, 30, 0, 0, time.UTC), []delivery{{"delivered", ""}, {"failed", "UNREGISTERED"}, {"failed", "HTTP 403"}}},
			{time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC), []delivery{{"delivered", ""}, {"failed", "UNREGISTERED"}, {"pending", ""}, {"not_configured", ""}}},
		} {
			var counts = map[string]int{}
			for _, d := range n.deliveries {
				counts[d.state]++
			}
			var id int64
			if err := db.NewRaw("INSERT INTO notifications (subject, subject_fold, notification_text, text_fold, created_at, devices, attempted, delivered, failed, not_configured)"+
				" VALUES ('s', 's', 't', 't', ?, ?, ?, ?, ?, ?) RETURNING id", n.at, len(n.deliveries), len(n.deliveries)-counts["pending"],
				counts["delivered"], counts["failed"], counts["not_configured"]).Scan(ctx, &id); err != nil {
				t.Fatal(err)
			}
			ids = append(ids, id)
			for _, d := range n.deliveries {
				mustExec(t, db, "INSERT INTO deliveries (notification_id, partner_id, token, platform, state, attempts, next_at, reason, updated_at)"+
					" VALUES (?, 1, 'tok', 'android', ?, 1, ?, ?, ?)", id, d.state, n.at, d.reason, n.at)
			}
		}
		week, err := figures.Week(ctx)
		if err != nil {
			t.Fatal(err)
		}
		want := contentports.PushWeek{Since: time.Date(2026, 11, 21, 23, 0, 0, 0, time.UTC), FirstID: ids[1], Notifications: 2,
			Devices: 7, Delivered: 2, Failed: 3, Pending: 1, NotConfigured: 1,
			Reasons: []contentports.FailureReason{{Reason: "UNREGISTERED", Count: 2}, {Reason: "HTTP 403", Count: 1}}}
		if !week.Since.Equal(want.Since) {
			t.Fatalf("since %v, want %v", week.Since, want.Since)
		}
		week.Since = want.Since
		if !reflect.DeepEqual(week, want) {
			t.Fatalf("%+v\nwant\n%+v", week, want)
		}
	})
}

func TestCampaignFiguresAndBurndown(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
		created := time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC)
		for id := int64(1); id <= 2; id++ {
			mustExec(t, db, "INSERT INTO partners (id, name, name_fold, created_at, updated_at) VALUES (?, 'P', 'p', ?, ?)", id, now, now)
		}
		mustExec(t, db, "INSERT INTO products (id, name, name_fold, description, description_fold, price_milli, image, created_at, updated_at)"+
			" VALUES (1, 'Boja', 'boja', 'd', 'd', 100000, 'x.png', ?, ?)", now, now)
		for _, c := range []struct {
			id     int64
			name   string
			active bool
		}{{1, "Zima", true}, {2, "Staro", false}, {3, "Alfa", true}} {
			mustExec(t, db, "INSERT INTO campaigns (id, name, name_fold, description, description_fold, image, is_active, created_at, updated_at)"+
				" VALUES (?, ?, lower(?), 'd', 'd', 'c.png', ?, ?, ?)", c.id, c.name, c.name, c.active, created, created)
		}
		mustExec(t, db, "INSERT INTO campaign_products (campaign_id, product_id) VALUES (1, 1), (2, 1)")
		mustExec(t, db, "INSERT INTO campaign_partners (campaign_id, partner_id, cash_milli) VALUES (1, 1, 1000000), (1, 2, 500500), (2, 1, 7000)")
		for _, it := range []struct {
			campaign, partner, price, qty int64
			at                            time.Time
		}{
			{1, 1, 100_000, 2, time.Date(2026, 11, 25, 22, 30, 0, 0, time.UTC)}, // 23:30 on the 25th in Podgorica
			{1, 2, 50_250, 1, time.Date(2026, 11, 25, 23, 30, 0, 0, time.UTC)},  // 00:30 on the 26th
			{1, 1, 100_000, 1, time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC)},
			{2, 1, 7_000, 1, time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC)},
		} {
			mustExec(t, db, "INSERT INTO cart_items (campaign_id, partner_id, product_id, price_milli, quantity, created_at) VALUES (?, ?, 1, ?, ?, ?)",
				it.campaign, it.partner, it.price, it.qty, it.at)
		}
		figures := persistence.NewCampaignFigures(db, podgorica(t), atClock{now})
		a := func(s string) kernel.Amount { v, _ := kernel.ParseAmount("x", s); return v }
		active, err := figures.Active(ctx)
		if err != nil {
			t.Fatal(err)
		}
		want := []campaignports.CampaignFigures{
			{ID: 3, Name: "Alfa", Granted: a("0"), Spent: a("0"), Remaining: a("0")},
			{ID: 1, Name: "Zima", Partners: 2, Granted: a("1500.5"), Spent: a("350.25"), Remaining: a("1150.25")},
		}
		if !reflect.DeepEqual(active, want) {
			t.Fatalf("active %+v\nwant %+v", active, want)
		}
		burn, err := figures.Burndown(ctx, 1)
		if err != nil {
			t.Fatal(err)
		}
		days := []campaignports.BurndownDay{
			{Day: "2026-11-25", Spent: a("200"), Remaining: a("1300.5")},
			{Day: "2026-11-26", Spent: a("50.25"), Remaining: a("1250.25")},
			{Day: "2026-11-27", Spent: a("100"), Remaining: a("1150.25")},
			{Day: "2026-11-28", Spent: a("0"), Remaining: a("1150.25")},
		}
		if burn.CampaignFigures != want[1] || !reflect.DeepEqual(burn.Days, days) {
			t.Fatalf("burn-down %+v\nwant %+v", burn, days)
		}
		if _, err := figures.Burndown(ctx, 99); kernel.KindOf(err) != kernel.KindNotFound {
			t.Fatalf("missing campaign: %v", err)
		}
		// The kept hours follow the cart: a delivery changes no worth, a quantity and a
		// withdrawal do, a statement of several items at once too.
		mustExec(t, db, "UPDATE cart_items SET delivered = TRUE WHERE campaign_id = 1")
		mustExec(t, db, "UPDATE cart_items SET quantity = 3 WHERE campaign_id = 1 AND partner_id = 2")                                    // 50.25 → 150.75 on the 26th
		mustExec(t, db, "DELETE FROM cart_items WHERE campaign_id = 1 AND created_at > ?", time.Date(2026, 11, 27, 0, 0, 0, 0, time.UTC)) // the 27th's 100
		burn, err = figures.Burndown(ctx, 1)
		if err != nil {
			t.Fatal(err)
		}
		days = []campaignports.BurndownDay{
			{Day: "2026-11-25", Spent: a("200"), Remaining: a("1300.5")},
			{Day: "2026-11-26", Spent: a("150.75"), Remaining: a("1149.75")},
			{Day: "2026-11-27", Spent: a("0"), Remaining: a("1149.75")},
			{Day: "2026-11-28", Spent: a("0"), Remaining: a("1149.75")},
		}
		if burn.Spent != a("350.75") || !reflect.DeepEqual(burn.Days, days) {
			t.Fatalf("after changes %+v\nwant %+v", burn, days)
		}
		var kept, raw int64
		if err := db.NewRaw("SELECT coalesce(sum(worth_milli), 0) FROM campaign_hours").Scan(ctx, &kept); err != nil {
			t.Fatal(err)
		}
		if err := db.NewRaw("SELECT coalesce(sum(price_milli * quantity), 0) FROM cart_items").Scan(ctx, &raw); err != nil || kept != raw {
			t.Fatalf("kept hours %d, the cart %d (%v)", kept, raw, err)
		}
	})
}
