package bench

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"vitrina/adapters/persistence/dbtest"
)

// The home page's figures (issue 25, ADR 0042): with 100,000 partners, 50 campaigns, 200,000
// cart items and 1,000,000 push deliveries, each figure call answers its first figures in
// under 100 ms. Measured through the HTTP handler (routing, the role check, the JSON), one
// call at a time, as the home page makes them side by side.
//
//	go test -run '^$' -bench OverviewFigures -benchtime 20x ./bench/
const (
	benchOverviewCampaigns     = 50
	benchOverviewNotifications = 200
	benchDeliveriesEach        = 5_000 // 200 × 5,000 = 1,000,000 deliveries
	benchHeavyCampaignItems    = 150_000
)

// loadOverview adds to loadPartners' 100,000 partners: 50 campaigns of 50 products (campaign
// 1 holds every partner and 150,000 cart items over 90 days, the 49 others 2,000 partners
// and 50,000 items between them), 200 notifications over 30 days with 5,000 deliveries each
// (1 in 20 failed, for four reasons; 1 in 97 pending), 50,000 debt changes over 60 days and
// 10,000 support messages.
func loadOverview(b *testing.B, db *bun.DB) {
	ctx := context.Background()
	sqlite := db.Dialect().Name().String() == "sqlite"
	now := time.Now().UTC()
	insertRows(b, db, benchCampaignProducts, "INSERT INTO products (name, name_fold, description, description_fold, price_milli, image, "+
		"is_active, created_at, updated_at)", "(?, ?, 'Opis', 'opis', ?, 'p.jpg', ?, ?, ?)", func(j int) []any {
		name := partnerWords[j%len(partnerWords)] + " " + stems[j%len(stems)]
		return []any{name, fold(name), int64(j+1) * 1250, true, now, now}
	})
	insertRows(b, db, benchOverviewCampaigns, "INSERT INTO campaigns (name, name_fold, description, description_fold, image, is_visible, is_active, created_at, updated_at)",
		"(?, ?, 'Opis akcije', 'opis akcije', 'c.jpg', ?, ?, ?, ?)", func(j int) []any {
			name := partnerWords[j%len(partnerWords)] + " akcija " + stems[j%len(stems)]
			return []any{name, fold(name), true, j%10 != 9, now.Add(-90 * 24 * time.Hour), now}
		})
	insertRows(b, db, benchOverviewCampaigns*benchCampaignProducts, "INSERT INTO campaign_products (campaign_id, product_id)", "(?, ?)",
		func(j int) []any { return []any{j/benchCampaignProducts + 1, j%benchCampaignProducts + 1} })
	insertRows(b, db, benchCampaignPartners, "INSERT INTO campaign_partners (campaign_id, partner_id, cash_milli, spent_milli)", "(1, ?, ?, 0)",
		func(j int) []any { return []any{j + 1, int64(1000+j%5000) * 1000} })
	insertRows(b, db, (benchOverviewCampaigns-1)*2000, "INSERT INTO campaign_partners (campaign_id, partner_id, cash_milli, spent_milli)", "(?, ?, ?, 0)",
		func(j int) []any { return []any{j/2000 + 2, j%2000 + 1, int64(2000+j%3000) * 1000} })
	span := 90 * 24 * time.Hour
	insertRows(b, db, benchCartItems, "INSERT INTO cart_items (campaign_id, partner_id, product_id, price_milli, quantity, delivered, created_at)",
		"(?, ?, ?, ?, ?, ?, ?)", func(j int) []any {
			p := j%benchCampaignProducts + 1
			if j < benchHeavyCampaignItems {
				at := now.Add(-span + time.Duration(j)*(span/benchHeavyCampaignItems))
				return []any{1, j%benchCampaignPartners + 1, p, int64(p) * 1250, j%3 + 1, j%3 == 0, at}
			}
			k := j - benchHeavyCampaignItems
			at := now.Add(-span + time.Duration(k)*(span/(benchCartItems-benchHeavyCampaignItems)))
			return []any{k%(benchOverviewCampaigns-1) + 2, k%2000 + 1, p, int64(p) * 1250, 1, false, at}
		})
	exec(b, db, "UPDATE campaign_partners SET spent_milli = (SELECT coalesce(sum(ci.price_milli * ci.quantity), 0) FROM cart_items AS ci "+
		"WHERE ci.campaign_id = campaign_partners.campaign_id AND ci.partner_id = campaign_partners.partner_id)")

	// 200 notifications over the last 30 days, newest last.
	insertRows(b, db, benchOverviewNotifications, "INSERT INTO notifications (subject, subject_fold, notification_text, text_fold, created_at)",
		"(?, ?, 'Tekst', 'tekst', ?)", func(j int) []any {
			s := "Obavještenje " + partnerWords[j%len(partnerWords)]
			return []any{s, fold(s), now.Add(-30*24*time.Hour + time.Duration(j)*(30*24*time.Hour/benchOverviewNotifications))}
		})
	start := time.Now()
	deliveries := "INSERT INTO deliveries (notification_id, partner_id, token, platform, state, attempts, next_at, reason, updated_at) " +
		"SELECT n.id, (n.id * 5000 + g.x) % 100000 + 1, 'tok', 'android'," +
		" CASE WHEN g.x % 20 = 0 THEN 'failed' WHEN g.x % 97 = 0 THEN 'pending' ELSE 'delivered' END, 1, n.created_at," +
		" CASE WHEN g.x % 20 <> 0 THEN '' WHEN g.x % 60 = 0 THEN 'INVALID_ARGUMENT' WHEN g.x % 40 = 0 THEN 'HTTP 503'" +
		" WHEN g.x % 3 = 0 THEN 'SENDER_ID_MISMATCH' ELSE 'UNREGISTERED' END, n.created_at FROM notifications AS n"
	if sqlite {
		exec(b, db, "WITH RECURSIVE g(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM g WHERE x < 5000) "+deliveries+", g")
	} else {
		exec(b, db, deliveries+", generate_series(1, 5000) AS g(x)")
	}
	exec(b, db, "UPDATE notifications SET devices = 5000, attempted = 5000 - (SELECT count(*) FROM deliveries AS d WHERE d.notification_id = notifications.id AND d.state = 'pending'),"+
		" delivered = (SELECT count(*) FROM deliveries AS d WHERE d.notification_id = notifications.id AND d.state = 'delivered'),"+
		" failed = (SELECT count(*) FROM deliveries AS d WHERE d.notification_id = notifications.id AND d.state = 'failed')")
	b.Logf("loaded 1,000,000 deliveries in %s", time.Since(start).Round(time.Millisecond))

	// Every second partner's debt changed once in the last 60 days, from 60–119 % of today's.
	at := "statement_timestamp() - (id % 60) * interval '1 day' - (id % 1440) * interval '1 minute'"
	if sqlite {
		at = "strftime('%Y-%m-%d %H:%M:%f', 'now', '-' || (id % 60) || ' days', '-' || (id % 1440) || ' minutes') || '+00:00'"
	}
	exec(b, db, "INSERT INTO partner_debt_changes (partner_id, at, from_debt, from_pct, to_debt, to_pct) SELECT id, "+at+
		", debt * (60 + id % 60) / 100, FALSE, debt, debt_pct FROM partners WHERE id % 2 = 0 ORDER BY id")
	insertRows(b, db, 10_000, "INSERT INTO support_messages (type_id, partner_id, content, content_fold, is_active, created_at, updated_at)",
		"(?, ?, 'Poruka', 'poruka', ?, ?, ?)", func(j int) []any { return []any{j%4 + 1, j*7%100000 + 1, j%10 < 7, now, now} })
	stmt := "ANALYZE"
	if !sqlite {
		stmt = "VACUUM ANALYZE campaigns, campaign_partners, cart_items, campaign_totals, notifications, deliveries, partner_debt_changes, support_messages"
	}
	if _, err := db.ExecContext(ctx, stmt); err != nil {
		b.Fatal(err)
	}
}

func benchOverviewFigures(b *testing.B, dbURL string) {
	app, token, cleanup := startPartners(b, dbURL)
	defer cleanup()
	loadPartners(b, app.DB, benchCampaignPartners)
	loadOverview(b, app.DB)
	h := app.Server.Handler()
	since := time.Now().Add(-30 * 24 * time.Hour).Format(time.DateOnly)
	for _, c := range []struct{ name, path string }{
		{"campaigns", "/api/overview/campaigns"},
		{"burndown-150k-items", "/api/overview/campaigns/1/burndown"},
		{"push-7-days", "/api/overview/push"},
		{"debt-rise-30-days", "/api/overview/debtRise?since=" + since + "&page=1&per_page=10"},
		{"debt-rise-threshold", "/api/overview/debtRiseThreshold"},
		{"support-by-type", "/api/overview/supportByType"},
	} {
		measure(b, c.name, func() error {
			req := httptest.NewRequest("GET", c.path, nil)
			req.Header.Set("Authorization", "Bearer "+token)
			w := httptest.NewRecorder()
			h.ServeHTTP(w, req)
			if w.Code != http.StatusOK {
				return fmt.Errorf("%s: %d %s", c.path, w.Code, w.Body.String())
			}
			return nil
		})
	}
}

func BenchmarkOverviewFiguresSQLite(b *testing.B) {
	benchOverviewFigures(b, "sqlite://"+b.TempDir()+"/bench.db")
}

func BenchmarkOverviewFiguresPostgres(b *testing.B) {
	if os.Getenv("VITRINA_TEST_DATABASE_URL") == "" {
		b.Skip("VITRINA_TEST_DATABASE_URL not set")
	}
	benchOverviewFigures(b, dbtest.PostgresURL(b))
}
