package bench

import (
	"context"
	"os"
	"sort"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"vitrina/adapters/persistence"
	"vitrina/adapters/persistence/dbtest"
	"vitrina/adapters/storage"
	appcampaign "vitrina/application/campaign"
	"vitrina/domain/kernel"
	"vitrina/ports"
)

// The figures for campaigns (issue 12): a campaign with 100,000 partners and 200,000
// cart items, a page of 20 of either tab with a name filter, a sort and the totals; and a
// category removal that prunes 50,000 partners, in one transaction.
const (
	benchCampaignPartners = 100_000
	benchCartItems        = 200_000
	benchCampaignProducts = 50
)

type systemClock struct{}

func (systemClock) Now() time.Time { return time.Now() }

// loadCampaigns inserts campaign 1 (every category, 50 products, 100,000 partners with cash,
// 200,000 cart items, a third delivered) and campaign 2 (categories 11 and 12 and the same
// partners: all are in 11, the first 50,000 in 12, so that removing 11 prunes 50,000).
func loadCampaigns(b testing.TB, db *bun.DB) {
	now := time.Now().UTC()
	insertRows(b, db, 2, "INSERT INTO categories (name, name_fold, is_active, created_at, updated_at)", "(?, ?, ?, ?, ?)",
		func(j int) []any {
			name := []string{"Akcija svi", "Akcija pola"}[j]
			return []any{name, fold(name), true, now, now}
		})
	insertRows(b, db, benchCampaignPartners, "INSERT INTO partner_categories (partner_id, category_id)", "(?, 11)",
		func(j int) []any { return []any{j + 1} })
	insertRows(b, db, benchCampaignPartners/2, "INSERT INTO partner_categories (partner_id, category_id)", "(?, 12)",
		func(j int) []any { return []any{j + 1} })
	insertRows(b, db, benchCampaignProducts, "INSERT INTO products (name, name_fold, description, description_fold, price_milli, image, "+
		"is_active, created_at, updated_at)", "(?, ?, 'Opis', 'opis', ?, 'p.jpg', ?, ?, ?)", func(j int) []any {
		name := partnerWords[j%len(partnerWords)] + " " + stems[j%len(stems)]
		return []any{name, fold(name), int64(j+1) * 1250, true, now, now}
	})
	insertRows(b, db, 2, "INSERT INTO campaigns (name, name_fold, description, description_fold, image, is_visible, is_active, created_at, updated_at)",
		"(?, ?, 'Opis akcije', 'opis akcije', 'c.jpg', ?, ?, ?, ?)", func(j int) []any {
			name := []string{"Zimska akcija", "Akcija za pola"}[j]
			return []any{name, fold(name), true, true, now, now}
		})
	insertRows(b, db, len(benchCategories), "INSERT INTO campaign_categories (campaign_id, category_id)", "(1, ?)",
		func(j int) []any { return []any{j + 1} })
	insertRows(b, db, 2, "INSERT INTO campaign_categories (campaign_id, category_id)", "(2, ?)", func(j int) []any { return []any{11 + j} })
	insertRows(b, db, benchCampaignProducts, "INSERT INTO campaign_products (campaign_id, product_id)", "(1, ?)",
		func(j int) []any { return []any{j + 1} })
	for c := 1; c <= 2; c++ {
		insertRows(b, db, benchCampaignPartners, "INSERT INTO campaign_partners (campaign_id, partner_id, cash_milli, spent_milli)", "(?, ?, ?, 0)",
			func(j int) []any { return []any{c, j + 1, int64(1000+j%5000) * 1000} })
	}
	insertRows(b, db, benchCartItems, "INSERT INTO cart_items (campaign_id, partner_id, product_id, price_milli, quantity, delivered, created_at)",
		"(1, ?, ?, ?, ?, ?, ?)", func(j int) []any {
			p := j%benchCampaignProducts + 1
			return []any{j%benchCampaignPartners + 1, p, int64(p) * 1250, j%3 + 1, j%3 == 0, now.Add(time.Duration(j) * time.Second)}
		})
	if _, err := db.NewRaw("UPDATE campaign_partners SET spent_milli = (SELECT coalesce(sum(ci.price_milli * ci.quantity), 0) FROM cart_items AS ci " +
		"WHERE ci.campaign_id = campaign_partners.campaign_id AND ci.partner_id = campaign_partners.partner_id) WHERE campaign_id = 1").
		Exec(context.Background()); err != nil {
		b.Fatal(err)
	}
	stmt := "ANALYZE"
	if db.Dialect().Name().String() != "sqlite" {
		stmt = "VACUUM ANALYZE campaigns, campaign_categories, campaign_products, campaign_partners, cart_items, partner_categories"
	}
	if _, err := db.ExecContext(context.Background(), stmt); err != nil {
		b.Fatal(err)
	}
}

// measure runs fn b.N times and reports its median and 95th percentile.
func measure(b *testing.B, name string, fn func() error) {
	b.Run(name, func(b *testing.B) {
		durations := make([]time.Duration, 0, b.N)
		for i := 0; i < b.N; i++ {
			t0 := time.Now()
			if err := fn(); err != nil {
				b.Fatal(err)
			}
			durations = append(durations, time.Since(t0))
		}
		sort.Slice(durations, func(i, j int) bool { return durations[i] < durations[j] })
		b.ReportMetric(float64(durations[len(durations)/2].Microseconds())/1000, "ms-median")
		b.ReportMetric(float64(durations[len(durations)*95/100].Microseconds())/1000, "ms-p95")
	})
}

func benchCampaignsOn(b *testing.B, dbURL string) {
	app, _, cleanup := startPartners(b, dbURL)
	defer cleanup()
	db := app.DB
	loadPartners(b, db, benchCampaignPartners)
	loadCampaigns(b, db)
	ctx := context.Background()
	svc := appcampaign.NewService(persistence.NewCampaignStore(db), persistence.NewCampaignLists(db, persistence.NewPartnerIndex(db)), persistence.NewCampaignApp(db),
		persistence.NewCampaignPartners(db), persistence.NewCampaignCatalog(db), storage.NewImages(b.TempDir()),
		persistence.NewTxManager(db), systemClock{})
	lists := svc.Lists()
	scoped := func(sort string, desc bool, filters map[string]string) ports.ListQuery {
		return ports.ListQuery{Page: 1, PerPage: 20, Sort: sort, Desc: desc, Filters: filters}.Within("campaign_id", 1)
	}
	partnersTab := func(q ports.ListQuery, want int) func() error {
		return func() error {
			page, _, err := lists.Partners.ListWithCash(ctx, q)
			if err != nil {
				return err
			}
			if want >= 0 && page.Total != want {
				b.Fatalf("total %d, want %d", page.Total, want)
			}
			return nil
		}
	}
	cartTab := func(q ports.ListQuery, want int) func() error {
		return func() error {
			page, _, err := lists.Cart.ListWithTotals(ctx, q)
			if err != nil {
				return err
			}
			if want >= 0 && page.Total != want {
				b.Fatalf("total %d, want %d", page.Total, want)
			}
			return nil
		}
	}
	measure(b, "campaign-partners-page-of-20", partnersTab(scoped("", false, nil), benchCampaignPartners))
	measure(b, "campaign-partners-name-filter-by-name", partnersTab(scoped("name", false, map[string]string{"name": "vujović"}), -1))
	measure(b, "campaign-partners-name-filter-by-cash", partnersTab(scoped("cash", true, map[string]string{"name": "petrović gradnja"}), -1))
	measure(b, "campaign-partners-by-cash", partnersTab(scoped("cash", true, nil), benchCampaignPartners))
	measure(b, "campaign-cart-page-of-20", cartTab(scoped("", false, nil), benchCartItems))
	measure(b, "campaign-cart-name-filter-by-name", cartTab(scoped("name", false, map[string]string{"name": "vujović"}), -1))
	measure(b, "campaign-cart-name-filter-by-created", cartTab(scoped("created_at", true, map[string]string{"name": "petrović gradnja"}), -1))
	measure(b, "campaign-cart-delivered-by-created", cartTab(scoped("created_at", true, map[string]string{"is_active": "1"}), -1))
	measure(b, "app-campaigns-of-one-partner", func() error { _, err := svc.PartnerCampaigns(ctx, 777); return err })
	measure(b, "app-cart-of-one-partner", func() error { _, err := svc.PartnerCart(ctx, 777, 1); return err })

	// The prune: removing category 11 from campaign 2 takes out the 50,000 partners that are
	// not in category 12, in one transaction with one audit event per partner. It runs first
	// with the audit log switched off (persistence.SetRecording, as the cost benchmarks do),
	// then, the links put back by SQL, with it on: what the events cost, in one run.
	var took [2]time.Duration
	for i, on := range []bool{false, true} {
		if on {
			exec(b, db, "INSERT INTO campaign_categories (campaign_id, category_id) VALUES (2, 11)")
			exec(b, db, "INSERT INTO campaign_partners (campaign_id, partner_id, cash_milli, spent_milli) "+
				"SELECT 2, partner_id, cash_milli, 0 FROM campaign_partners WHERE campaign_id = 1 AND partner_id > ?", benchCampaignPartners/2)
		}
		persistence.SetRecording(on)
		t0 := time.Now()
		removed, err := svc.RemoveCategory(ctx, 2, 11)
		took[i] = time.Since(t0)
		persistence.SetRecording(true)
		if err != nil {
			b.Fatal(err)
		}
		if len(removed) != benchCampaignPartners/2 || removed[0] != kernel.ID(benchCampaignPartners/2+1) {
			b.Fatalf("pruned %d", len(removed))
		}
		b.Logf("removing a category that prunes %d partners, events=%v: %s", len(removed), on, took[i].Round(time.Millisecond))
	}
	var events int
	if err := db.NewRaw("SELECT count(*) FROM audit_events WHERE resource = 'campaign_partners' AND action = 'unlink'").Scan(ctx, &events); err != nil {
		b.Fatal(err)
	}
	if events != benchCampaignPartners/2 {
		b.Fatalf("%d unlink events", events)
	}
	b.Logf("the prune with its %d events: %+.1f %% (%s without, %s with)", events,
		100*(took[1].Seconds()/took[0].Seconds()-1), took[0].Round(time.Millisecond), took[1].Round(time.Millisecond))
}

func BenchmarkCampaignsListSQLite(b *testing.B) {
	benchCampaignsOn(b, "sqlite://"+b.TempDir()+"/bench.db")
}

func BenchmarkCampaignsListPostgres(b *testing.B) {
	if os.Getenv("VITRINA_TEST_DATABASE_URL") == "" {
		b.Skip("VITRINA_TEST_DATABASE_URL not set")
	}
	benchCampaignsOn(b, dbtest.PostgresURL(b))
}
