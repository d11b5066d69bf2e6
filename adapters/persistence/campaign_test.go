package persistence_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/uptrace/bun"

	"vitrina/adapters/persistence"
	"vitrina/adapters/persistence/dbtest"
	"vitrina/domain/campaign"
	"vitrina/domain/catalog"
	"vitrina/domain/kernel"
	"vitrina/ports"
	campaignports "vitrina/ports/campaign"
)

// bulkPartners inserts n partners from first on in one category, in multi-row statements:
// a campaign's many partners without the partner store's per-row work.
func bulkPartners(t *testing.T, db *bun.DB, first, n int, city, category kernel.ID) {
	t.Helper()
	ctx := context.Background()
	err := db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		for i := 0; i < n; i += 500 {
			var rows, cats []string
			var args, catArgs []any
			for j := i; j < min(i+500, n); j++ {
				id, name := first+j, fmt.Sprintf("Masovni partner %d", first+j)
				rows = append(rows, "(?, ?, ?, '', '', ?, ?, '', '', '', '', ?, 1, 0, 0, 0, 0, 0, 0, FALSE, TRUE, ?, ?)")
				args = append(args, id, name, strings.ToLower(name), fmt.Sprint(id), fmt.Sprint(id), int64(city), t0, t0)
				cats = append(cats, "(?, ?)")
				catArgs = append(catArgs, id, int64(category))
			}
			if _, err := tx.NewRaw("INSERT INTO partners (id, name, name_fold, address, address_fold, pib, pib_fold, pdv, pdv_fold, phone, "+
				"phone_fold, city_id, partner_type_id, bonus, debt, payment, tool_cash, annual_plan, money_circulation, debt_pct, is_active, "+
				"created_at, updated_at) VALUES "+strings.Join(rows, ","), args...).Exec(ctx); err != nil {
				return err
			}
			if _, err := tx.NewRaw("INSERT INTO partner_categories (partner_id, category_id) VALUES "+strings.Join(cats, ","), catArgs...).Exec(ctx); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestCampaignRepositoryContract(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		w := newPartnerWorld(t, db)
		partners := persistence.NewPartnerStore(db)
		for i, cats := range [][]kernel.ID{{w.alati}, {w.boje}, {w.alati, w.rasvjeta}} {
			if err := partners.Add(ctx, newPartner(t, int64(1001+i), []string{"Alfa Trade", "Beta Boje", "Čelik Gradnja"}[i], w.podgorica, cats...)); err != nil {
				t.Fatal(err)
			}
		}
		cat := persistence.NewCatalog(db)
		var products []kernel.ID
		for i, name := range []string{"Bušilica", "Ankeri"} {
			p, _ := catalog.NewProduct(catalog.ProductInput{Name: name, Description: "Opis", Price: []string{"12.5", "0.125"}[i], Image: "p.jpg"}, t0)
			if err := cat.AddProduct(ctx, p); err != nil {
				t.Fatal(err)
			}
			products = append(products, p.ID())
		}
		repo := persistence.NewCampaignStore(db)
		lists := persistence.NewCampaignLists(db)
		c, err := campaign.New(campaign.Input{Name: "Zimska akcija", Description: "Popusti na alat", Image: "c.jpg"}, t0)
		if err != nil {
			t.Fatal(err)
		}
		if err := repo.Add(ctx, c); err != nil {
			t.Fatal(err)
		}
		id := c.ID()
		got, err := repo.Get(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		gs, want := got.State(), c.State()
		if !gs.UpdatedAt.Equal(want.UpdatedAt) {
			t.Fatalf("updated at %v, want %v", gs.UpdatedAt, want.UpdatedAt)
		}
		gs.UpdatedAt = want.UpdatedAt
		if gs != want {
			t.Fatalf("get %+v, want %+v", gs, want)
		}
		if _, err := repo.Get(ctx, id+100); kernel.KindOf(err) != kernel.KindNotFound {
			t.Fatalf("a missing campaign: %v", err)
		}
		if _, err := repo.Update(ctx, id, 2, func(*campaign.Campaign) error { return nil }); err != kernel.ErrStale {
			t.Fatalf("a stale update: %v", err)
		}
		if _, err := repo.Update(ctx, id, 1, func(c *campaign.Campaign) error { c.ToggleVisible(t0); return nil }); err != nil {
			t.Fatal(err)
		}
		v, err := lists.Campaigns.Find(ctx, id)
		if err != nil || v.IsVisible || v.Version != 2 || v.Description != "Popusti na alat" {
			t.Fatalf("after update %+v %v", v, err)
		}
		for _, f := range []map[string]string{{"name": "zimsk"}, {"description": "na al"}, {"is_visible": "0"}} {
			page, err := lists.Campaigns.List(ctx, ports.ListQuery{Page: 1, PerPage: 20, Filters: f})
			if err != nil || page.Total != 1 {
				t.Fatalf("filter %v: %+v %v", f, page, err)
			}
		}

		must := func(err error) {
			t.Helper()
			if err != nil {
				t.Fatal(err)
			}
		}
		must(repo.AddCategories(ctx, id, []kernel.ID{w.alati, w.boje}))
		must(repo.AddCategories(ctx, id, []kernel.ID{w.boje}))
		must(repo.AddProducts(ctx, id, products))
		must(repo.PutPartners(ctx, id, []campaign.PartnerCash{{PartnerID: 1001, Cash: kernel.AmountOfThousandths(100_000)},
			{PartnerID: 1002, Cash: kernel.AmountOfThousandths(50_500)}, {PartnerID: 1003, Cash: kernel.AmountOfThousandths(1)}}))
		must(repo.PutPartners(ctx, id, []campaign.PartnerCash{{PartnerID: 1003, Cash: kernel.AmountOfThousandths(10_000)}}))
		if cats, _ := repo.Categories(ctx, id); !slices.Equal(cats, []kernel.ID{w.alati, w.boje}) {
			t.Fatalf("categories %v", cats)
		}
		if ps, _ := repo.Partners(ctx, id); len(ps) != 3 || ps[2].Cash.String() != "10" {
			t.Fatalf("partners %+v", ps)
		}

		// The cart keeps the partner's spent; an item needs its partner and product in the campaign.
		st, found, err := repo.Standing(ctx, id, 1001)
		if err != nil || !found || st.Cash.String() != "100" || !st.Spent.IsZero() {
			t.Fatalf("standing %+v %v %v", st, found, err)
		}
		if _, found, _ := repo.Standing(ctx, id, 9999); found {
			t.Fatal("a partner not in the campaign has a standing")
		}
		item := campaign.Item{CampaignID: id, PartnerID: 1001, ProductID: products[0], Price: kernel.AmountOfThousandths(12_500), Quantity: 4, CreatedAt: t0}
		must(repo.AddItem(ctx, &item))
		second := campaign.Item{CampaignID: id, PartnerID: 1002, ProductID: products[1], Price: kernel.AmountOfThousandths(125), Quantity: 8, CreatedAt: t0}
		must(repo.AddItem(ctx, &second))
		outsider := campaign.Item{CampaignID: id, PartnerID: 9999, ProductID: products[0], Price: kernel.AmountOfThousandths(1), Quantity: 1, CreatedAt: t0}
		if err := repo.AddItem(ctx, &outsider); err == nil {
			t.Fatal("a cart item of a partner outside the campaign was stored")
		}
		over := campaign.Item{CampaignID: id, PartnerID: 1003, ProductID: products[0], Price: kernel.AmountOfThousandths(10_001), Quantity: 1, CreatedAt: t0}
		if err := repo.AddItem(ctx, &over); err == nil {
			t.Fatal("the store let a cart exceed its cash")
		}
		if st, _, _ := repo.Standing(ctx, id, 1001); st.Spent.String() != "50" {
			t.Fatalf("spent %v", st.Spent)
		}
		if withCart, _ := repo.PartnersWithCart(ctx, id, nil); !withCart[1001] || !withCart[1002] || withCart[1003] {
			t.Fatalf("partners with cart %v", withCart)
		}
		if withCart, _ := repo.ProductsWithCart(ctx, id, []kernel.ID{products[1]}); !withCart[products[1]] || withCart[products[0]] {
			t.Fatalf("products with cart %v", withCart)
		}
		if err := repo.RemoveProducts(ctx, id, []kernel.ID{products[0]}); err == nil {
			t.Fatal("a product with cart items left the campaign")
		}
		must(repo.SetDelivered(ctx, item.ID, true))
		if got, _ := repo.Item(ctx, item.ID); !got.Delivered || got.Price.String() != "12.5" || got.Quantity != 4 {
			t.Fatalf("item %+v", got)
		}

		q := ports.ListQuery{Page: 1, PerPage: 20}.Within("campaign_id", id)
		cart := func(filters map[string]string, sort string, desc bool) (ports.Page[campaignports.CartItemView], campaignports.CartTotals) {
			t.Helper()
			q := q
			q.Filters, q.Sort, q.Desc = filters, sort, desc
			page, totals, err := lists.Cart.ListWithTotals(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			return page, totals
		}
		page, totals := cart(nil, "", false)
		if page.Total != 2 || totals.Ordered.String() != "51" || totals.Delivered.String() != "50" || page.Items[0].Product != "Bušilica" {
			t.Fatalf("cart %+v %+v", page, totals)
		}
		if page, totals = cart(map[string]string{"name": "beta"}, "", false); page.Total != 1 || totals.Ordered.String() != "1" || !totals.Delivered.IsZero() {
			t.Fatalf("cart by name %+v %+v", page, totals)
		}
		if page, _ = cart(map[string]string{"is_active": "1"}, "", false); page.Total != 1 || page.Items[0].ID != int64(item.ID) {
			t.Fatalf("delivered %+v", page)
		}
		if page, _ = cart(nil, "name", true); page.Items[0].Name != "Beta Boje" {
			t.Fatalf("by name desc %+v", page)
		}
		if page, _ = cart(map[string]string{"product": "anker"}, "price", false); page.Total != 1 || page.Items[0].Price.String() != "0.125" {
			t.Fatalf("by product %+v", page)
		}
		must(repo.RemoveItem(ctx, second))
		if st, _, _ := repo.Standing(ctx, id, 1002); !st.Spent.IsZero() {
			t.Fatalf("spent after removal %v", st.Spent)
		}
		if err := repo.RemoveItem(ctx, second); kernel.KindOf(err) != kernel.KindNotFound {
			t.Fatalf("removing twice: %v", err)
		}

		pq := func(filters map[string]string, sort string) (ports.Page[campaignports.PartnerView], kernel.Amount) {
			t.Helper()
			q := q
			q.Filters, q.Sort = filters, sort
			page, total, err := lists.Partners.ListWithCash(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			return page, total
		}
		pp, total := pq(nil, "")
		if pp.Total != 3 || total.String() != "160.5" || pp.Items[2].CategoryNames != "Alati, Rasvjeta" || pp.Items[0].City != "Podgorica" ||
			pp.Items[0].Spent.String() != "50" {
			t.Fatalf("partners %+v %v", pp, total)
		}
		if pp, total = pq(map[string]string{"category_names": "rasvj"}, ""); pp.Total != 1 || total.String() != "10" {
			t.Fatalf("by category %+v %v", pp, total)
		}
		if pp, total = pq(map[string]string{"cash": "50..100"}, "cash"); pp.Total != 2 || total.String() != "150.5" || pp.Items[0].PartnerID != 1002 {
			t.Fatalf("by cash %+v %v", pp, total)
		}
		if pp, _ = pq(map[string]string{"name": "čelik"}, "name"); pp.Total != 1 || pp.Items[0].PartnerID != 1003 {
			t.Fatalf("by name %+v", pp)
		}
		// Two characters are below a trigram: the filter reads the names themselves.
		if pp, total = pq(map[string]string{"name": "ta"}, ""); pp.Total != 1 || pp.Items[0].PartnerID != 1002 || total.String() != "50.5" {
			t.Fatalf("by two characters %+v %v", pp, total)
		}
		if pp, _ = pq(map[string]string{"phone": "zz9"}, ""); pp.Total != 0 {
			t.Fatalf("by a phone nobody has %+v", pp)
		}
		cats, _ := lists.Categories.List(ctx, q)
		prods, _ := lists.Products.List(ctx, q)
		if cats.Total != 2 || prods.Total != 2 || prods.Items[0].Name != "Ankeri" || cats.Items[0].Name != "Alati" {
			t.Fatalf("categories %+v products %+v", cats, prods)
		}

		// The app's reads: the open campaigns holding the partner.
		app := persistence.NewCampaignApp(db)
		if mine, _ := app.Campaigns(ctx, 1001, 0); len(mine) != 0 {
			t.Fatalf("a hidden campaign is shown: %+v", mine)
		}
		if _, err := repo.Update(ctx, id, kernel.AnyVersion, func(c *campaign.Campaign) error { c.ToggleVisible(t0); return nil }); err != nil {
			t.Fatal(err)
		}
		mine, err := app.Campaigns(ctx, 1001, id)
		if err != nil || len(mine) != 1 || mine[0].Spent.String() != "50" || mine[0].Remaining.String() != "50" {
			t.Fatalf("app campaigns %+v %v", mine, err)
		}
		if items, _ := app.Cart(ctx, id, 1001); len(items) != 1 || !items[0].Delivered {
			t.Fatalf("app cart %+v", items)
		}
		if ps, _ := app.Products(ctx, id); len(ps) != 2 {
			t.Fatalf("app products %+v", ps)
		}

		// The narrow ports.
		held, err := persistence.NewCampaignPartners(db).CategoriesOfCampaign(ctx, id)
		if err != nil || len(held) != 3 || !slices.Equal(held[1003], []kernel.ID{w.alati, w.rasvjeta}) {
			t.Fatalf("categories of the campaign's partners %v %v", held, err)
		}
		offers, err := persistence.NewCampaignCatalog(db).Offers(ctx, []kernel.ID{products[1], 9999})
		if err != nil || len(offers) != 1 || offers[products[1]].Price.String() != "0.125" || !offers[products[1]].Active {
			t.Fatalf("offers %v %v", offers, err)
		}
	})
}

// Many partners at once go through the statements in chunks (SQLite binds at most 32,766
// values): linked, asked about and removed.
func TestCampaignManyPartners(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		w := newPartnerWorld(t, db)
		const n = 12_000
		bulkPartners(t, db, 100_000, n, w.podgorica, w.alati)
		repo := persistence.NewCampaignStore(db)
		c, _ := campaign.New(campaign.Input{Name: "Velika akcija", Description: "Opis", Image: "c.jpg"}, t0)
		if err := repo.Add(ctx, c); err != nil {
			t.Fatal(err)
		}
		ps := make([]campaign.PartnerCash, n)
		ids := make([]kernel.ID, n)
		for i := range ps {
			ids[i] = kernel.ID(100_000 + i)
			ps[i] = campaign.PartnerCash{PartnerID: ids[i], Cash: kernel.AmountOfThousandths(int64(i))}
		}
		if err := repo.PutPartners(ctx, c.ID(), ps); err != nil {
			t.Fatal(err)
		}
		held, err := persistence.NewCampaignPartners(db).CategoriesOf(ctx, ids)
		if err != nil || len(held) != n {
			t.Fatalf("categories of %d partners: %d %v", n, len(held), err)
		}
		if withCart, err := repo.PartnersWithCart(ctx, c.ID(), ids); err != nil || len(withCart) != 0 {
			t.Fatalf("with cart %v %v", withCart, err)
		}
		_, total, err := persistence.NewCampaignLists(db).Partners.ListWithCash(ctx, ports.ListQuery{Page: 1, PerPage: 1}.Within("campaign_id", c.ID()))
		if err != nil || total.Thousandths() != int64(n*(n-1)/2) {
			t.Fatalf("total cash %v %v", total, err)
		}
		if err := repo.RemovePartners(ctx, c.ID(), ids[:n-1]); err != nil {
			t.Fatal(err)
		}
		if left, _ := repo.Partners(ctx, c.ID()); len(left) != 1 || left[0].PartnerID != ids[n-1] {
			t.Fatalf("left %+v", left)
		}
	})
}

// The campaign's tab totals (campaign_totals, kept by triggers) follow every change of its
// partners and cart, one campaign apart from another, and an unfiltered tab answers them.
func TestCampaignTotalsFollowEveryChange(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		w := newPartnerWorld(t, db)
		partners := persistence.NewPartnerStore(db)
		for i := 0; i < 3; i++ {
			if err := partners.Add(ctx, newPartner(t, int64(1001+i), fmt.Sprintf("Partner %d", 1001+i), w.podgorica, w.alati)); err != nil {
				t.Fatal(err)
			}
		}
		cat := persistence.NewCatalog(db)
		p, _ := catalog.NewProduct(catalog.ProductInput{Name: "Bušilica", Description: "Opis", Price: "12.5", Image: "p.jpg"}, t0)
		if err := cat.AddProduct(ctx, p); err != nil {
			t.Fatal(err)
		}
		repo := persistence.NewCampaignStore(db)
		lists := persistence.NewCampaignLists(db)
		var ids []kernel.ID
		for _, name := range []string{"Prva akcija", "Druga akcija"} {
			c, _ := campaign.New(campaign.Input{Name: name, Description: "Opis akcije", Image: "c.jpg"}, t0)
			if err := repo.Add(ctx, c); err != nil {
				t.Fatal(err)
			}
			ids = append(ids, c.ID())
		}
		must := func(err error) {
			t.Helper()
			if err != nil {
				t.Fatal(err)
			}
		}
		// check compares what an unfiltered tab answers with the rows themselves.
		check := func(step string) {
			t.Helper()
			for _, id := range ids {
				var n, items int
				var cash, ordered, delivered int64
				must(db.NewRaw("SELECT count(*), coalesce(sum(cash_milli), 0) FROM campaign_partners WHERE campaign_id = ?", int64(id)).Scan(ctx, &n, &cash))
				must(db.NewRaw("SELECT count(*), coalesce(sum(price_milli * quantity), 0), "+
					"coalesce(sum(CASE WHEN delivered THEN price_milli * quantity ELSE 0 END), 0) FROM cart_items WHERE campaign_id = ?", int64(id)).
					Scan(ctx, &items, &ordered, &delivered))
				q := ports.ListQuery{Page: 1, PerPage: 2}.Within("campaign_id", id)
				pp, total, err := lists.Partners.ListWithCash(ctx, q)
				must(err)
				cp, totals, err := lists.Cart.ListWithTotals(ctx, q)
				must(err)
				if pp.Total != n || total.Thousandths() != cash || cp.Total != items || totals.Ordered.Thousandths() != ordered ||
					totals.Delivered.Thousandths() != delivered {
					t.Fatalf("%s, campaign %d: tabs say %d partners %v cash, %d items %v/%v; rows say %d, %d, %d, %d/%d", step, id,
						pp.Total, total, cp.Total, totals.Ordered, totals.Delivered, n, cash, items, ordered, delivered)
				}
			}
		}
		check("new campaigns")
		for _, id := range ids {
			must(repo.AddCategories(ctx, id, []kernel.ID{w.alati}))
			must(repo.AddProducts(ctx, id, []kernel.ID{p.ID()}))
		}
		must(repo.PutPartners(ctx, ids[0], []campaign.PartnerCash{{PartnerID: 1001, Cash: kernel.AmountOfThousandths(100_000)},
			{PartnerID: 1002, Cash: kernel.AmountOfThousandths(50_500)}}))
		must(repo.PutPartners(ctx, ids[1], []campaign.PartnerCash{{PartnerID: 1003, Cash: kernel.AmountOfThousandths(7_000)}}))
		check("partners added")
		must(repo.PutPartners(ctx, ids[0], []campaign.PartnerCash{{PartnerID: 1002, Cash: kernel.AmountOfThousandths(60_000)},
			{PartnerID: 1003, Cash: kernel.AmountOfThousandths(1)}}))
		must(repo.SetCash(ctx, ids[0], 1001, kernel.AmountOfThousandths(90_000)))
		check("cash replaced and one partner added")
		items := make([]campaign.Item, 3)
		for i := range items {
			items[i] = campaign.Item{CampaignID: ids[0], PartnerID: kernel.ID(1001 + i%2), ProductID: p.ID(), Price: kernel.AmountOfThousandths(12_500),
				Quantity: int64(i + 1), CreatedAt: t0}
			must(repo.AddItem(ctx, &items[i]))
		}
		check("items ordered")
		must(repo.SetDelivered(ctx, items[1].ID, true))
		must(repo.SetDelivered(ctx, items[2].ID, true))
		must(repo.SetDelivered(ctx, items[2].ID, false))
		check("deliveries toggled")
		must(repo.RemoveItem(ctx, items[0]))
		must(repo.RemoveItem(ctx, items[1]))
		check("items withdrawn")
		must(repo.RemovePartners(ctx, ids[0], []kernel.ID{1002, 1003}))
		check("partners removed")
		if _, err := db.NewRaw("UPDATE campaign_partners SET cash_milli = cash_milli + 5 WHERE campaign_id = ?", int64(ids[1])).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		check("a bulk update")

		// A partner in both campaigns shows once in each, with that campaign's cash, whether
		// a name filter pages through a trigram index or not.
		must(repo.PutPartners(ctx, ids[1], []campaign.PartnerCash{{PartnerID: 1001, Cash: kernel.AmountOfThousandths(7_000)}}))
		for _, name := range []string{"partner 1001", "10"} {
			q := ports.ListQuery{Page: 1, PerPage: 20, Sort: "name", Filters: map[string]string{"name": name}}.Within("campaign_id", ids[0])
			page, cash, err := lists.Partners.ListWithCash(ctx, q)
			if err != nil || page.Total != 1 || len(page.Items) != 1 || page.Items[0].Cash.String() != "90" || cash.String() != "90" {
				t.Fatalf("filter %q on the first campaign: %+v %v %v", name, page, cash, err)
			}
		}
	})
}
