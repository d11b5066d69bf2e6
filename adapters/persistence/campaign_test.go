package persistence_test

import (
	"context"
	"errors"
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

// campaignKit drives the campaign store's two aggregates as the use cases do.
type campaignKit struct {
	t    *testing.T
	db   *bun.DB
	repo *persistence.CampaignStore
}

func newCampaignKit(t *testing.T, db *bun.DB) campaignKit {
	return campaignKit{t: t, db: db, repo: persistence.NewCampaignStore(db)}
}

// update changes the composition of campaign id.
// in is the kit failing the given (sub)test.
func (k campaignKit) in(t *testing.T) campaignKit {
	k.t = t
	return k
}

func (k campaignKit) update(id kernel.ID, fn func(*campaign.Composition) error) error {
	_, err := k.repo.Update(context.Background(), id, kernel.AnyVersion, fn)
	return err
}

// comp reads the composition of campaign id, changing nothing.
func (k campaignKit) comp(id kernel.ID) *campaign.Composition {
	k.t.Helper()
	c, err := k.repo.Update(context.Background(), id, kernel.AnyVersion, func(*campaign.Composition) error { return nil })
	if err != nil {
		k.t.Fatal(err)
	}
	return c
}

// put links partners with their cash (partner id, thousandths, ...), their own categories
// read as the use cases read them.
func (k campaignKit) put(id kernel.ID, pairs ...int64) error {
	k.t.Helper()
	var ps []campaign.PartnerCash
	var ids []kernel.ID
	for i := 0; i < len(pairs); i += 2 {
		p, err := campaign.NewPartnerCash(kernel.ID(pairs[i]), kernel.AmountOfThousandths(pairs[i+1]))
		if err != nil {
			k.t.Fatal(err)
		}
		ps, ids = append(ps, p), append(ids, kernel.ID(pairs[i]))
	}
	held, err := persistence.NewCampaignPartners(k.db).CategoriesOf(context.Background(), ids)
	if err != nil {
		return err
	}
	return k.update(id, func(c *campaign.Composition) error { return c.PutPartners(ps, held) })
}

// turn runs fn in the partner's turn in the campaign.
func (k campaignKit) turn(id, partnerID kernel.ID, fn func(*campaign.Standing) error) (*campaign.Standing, error) {
	return k.repo.WithPartnerTurn(context.Background(), id, partnerID, fn)
}

// money reads the partner's cash and spent in the campaign.
func (k campaignKit) money(id, partnerID kernel.ID) campaign.Money {
	k.t.Helper()
	st, err := k.turn(id, partnerID, func(*campaign.Standing) error { return nil })
	if err != nil {
		k.t.Fatal(err)
	}
	return st.Money()
}

// order places an item at price (thousandths) through the partner's turn.
func (k campaignKit) order(id, partnerID, productID kernel.ID, priceMilli, quantity int64) (campaign.Item, error) {
	st, err := k.turn(id, partnerID, func(st *campaign.Standing) error {
		_, err := st.Order(productID, campaign.Offer{InCampaign: true, Active: true, Price: kernel.AmountOfThousandths(priceMilli)}, quantity, t0)
		return err
	})
	if err != nil {
		return campaign.Item{}, err
	}
	return st.Items()[0], nil
}

func (k campaignKit) toggle(it campaign.Item) error {
	_, err := k.turn(it.CampaignID(), it.PartnerID(), func(st *campaign.Standing) error { _, err := st.ToggleDelivery(it.ID()); return err })
	return err
}

func (k campaignKit) withdraw(it campaign.Item) error {
	_, err := k.turn(it.CampaignID(), it.PartnerID(), func(st *campaign.Standing) error { return st.Withdraw(it.ID()) })
	return err
}

func (k campaignKit) addCategories(id kernel.ID, ids ...kernel.ID) error {
	return k.update(id, func(c *campaign.Composition) error { c.AddCategories(ids); return nil })
}

func (k campaignKit) addProducts(id kernel.ID, ids ...kernel.ID) error {
	return k.update(id, func(c *campaign.Composition) error { c.AddProducts(ids); return nil })
}

func (k campaignKit) removePartners(id kernel.ID, ids ...kernel.ID) error {
	return k.update(id, func(c *campaign.Composition) error {
		for _, p := range ids {
			if err := c.RemovePartner(p); err != nil {
				return err
			}
		}
		return nil
	})
}

// withCart names the partners and products of the campaign that have cart items.
func (k campaignKit) withCart(id kernel.ID) (partners, products []kernel.ID) {
	st := k.comp(id).State()
	for _, m := range st.Partners {
		if m.HasCart {
			partners = append(partners, m.PartnerID)
		}
	}
	return partners, st.ProductsWithCart
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
		k := newCampaignKit(t, db)
		repo := k.repo
		lists := persistence.NewCampaignLists(db, persistence.NewPartnerIndex(db))
		c, err := campaign.New(campaign.Input{Name: "Zimska akcija", Description: "Popusti na alat", Image: "c.jpg"}, t0)
		if err != nil {
			t.Fatal(err)
		}
		if err := repo.Add(ctx, c); err != nil {
			t.Fatal(err)
		}
		id := c.ID()
		step := steps(t)
		must := func(t *testing.T, err error) {
			t.Helper()
			if err != nil {
				t.Fatal(err)
			}
		}

		step("Get reads the campaign as added, Update saves it, the list filters it", func(t *testing.T) {
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
			if _, err := repo.Update(ctx, id, 1, func(c *campaign.Composition) error { c.Campaign().ToggleVisible(t0); return nil }); err != nil {
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
		})

		step("the composition keeps its categories, products and partners with cash", func(t *testing.T) {
			k := k.in(t)
			must(t, k.addCategories(id, w.alati, w.boje))
			must(t, k.addCategories(id, w.boje))
			must(t, k.addProducts(id, products...))
			must(t, k.put(id, 1001, 100_000, 1002, 50_500, 1003, 1))
			must(t, k.put(id, 1003, 10_000))
			if cats := k.comp(id).Categories(); !slices.Equal(cats, []kernel.ID{w.alati, w.boje}) {
				t.Fatalf("categories %v", cats)
			}
			if ps := k.comp(id).Partners(); len(ps) != 3 || ps[2].Cash().String() != "10" {
				t.Fatalf("partners %+v", ps)
			}
		})

		var item, second campaign.Item
		show := func(c *campaign.Composition) error { c.Campaign().ToggleVisible(t0); return nil }
		step("a partner's turn keeps the cart within its cash; an item needs its partner and product in the campaign", func(t *testing.T) {
			k := k.in(t)
			if m := k.money(id, 1001); m.Cash.String() != "100" || !m.Spent.IsZero() {
				t.Fatalf("money %+v", m)
			}
			if _, err := k.turn(id, 9999, func(*campaign.Standing) error { return nil }); !errors.Is(err, campaign.ErrNotHeld) {
				t.Fatalf("a partner not in the campaign has a standing: %v", err)
			}
			if _, err := k.turn(id+100, 1001, func(*campaign.Standing) error { return nil }); kernel.KindOf(err) != kernel.KindNotFound {
				t.Fatalf("a missing campaign: %v", err)
			}
			must(t, k.update(id, show)) // a hidden campaign takes no orders
			var err error
			item, err = k.order(id, 1001, products[0], 12_500, 4)
			must(t, err)
			second, err = k.order(id, 1002, products[1], 125, 8)
			must(t, err)
			if item.ID() == 0 || second.ID() <= item.ID() {
				t.Fatalf("ids %d %d", item.ID(), second.ID())
			}
			if _, err := k.order(id, 1001, 999_999, 1, 1); !errors.Is(err, campaign.ErrProductOutside) {
				t.Fatalf("an item of a product outside the campaign: %v", err)
			}
			if _, err := db.NewRaw("UPDATE campaign_partners SET spent_milli = cash_milli + 1 WHERE campaign_id = ? AND partner_id = 1003", int64(id)).Exec(ctx); err == nil {
				t.Fatal("the store let a cart exceed its cash")
			}
			if m := k.money(id, 1001); m.Spent.String() != "50" {
				t.Fatalf("spent %v", m.Spent)
			}
			if ps, prods := k.withCart(id); !slices.Equal(ps, []kernel.ID{1001, 1002}) || !slices.Equal(prods, products) {
				t.Fatalf("with cart: partners %v, products %v", ps, prods)
			}
			if err := k.update(id, func(c *campaign.Composition) error { return c.RemoveProduct(products[0]) }); !errors.Is(err, campaign.ErrHasCart) {
				t.Fatalf("a product with cart items left the campaign: %v", err)
			}
			must(t, k.update(id, show)) // hidden again
			must(t, k.toggle(item))
			if got, _ := repo.Item(ctx, item.ID()); !got.Delivered() || got.Price().String() != "12.5" || got.Quantity() != 4 {
				t.Fatalf("item %+v", got)
			}
		})

		q := ports.ListQuery{Page: 1, PerPage: 20}.Within("campaign_id", id)
		step("the cart lists, filters, sorts and totals its items; a withdrawal gives the spent back", func(t *testing.T) {
			k := k.in(t)
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
			if page, _ = cart(map[string]string{"is_active": "1"}, "", false); page.Total != 1 || page.Items[0].ID != int64(item.ID()) {
				t.Fatalf("delivered %+v", page)
			}
			if page, _ = cart(nil, "name", true); page.Items[0].Name != "Beta Boje" {
				t.Fatalf("by name desc %+v", page)
			}
			if page, _ = cart(map[string]string{"product": "anker"}, "price", false); page.Total != 1 || page.Items[0].Price.String() != "0.125" {
				t.Fatalf("by product %+v", page)
			}
			must(t, k.withdraw(second))
			if m := k.money(id, 1002); !m.Spent.IsZero() {
				t.Fatalf("spent after removal %v", m.Spent)
			}
			if err := k.withdraw(second); kernel.KindOf(err) != kernel.KindNotFound {
				t.Fatalf("removing twice: %v", err)
			}
		})

		step("the partners tab lists, filters and sums the cash; the categories and products tabs list theirs", func(t *testing.T) {
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
		})

		step("the app reads the open campaigns holding the partner, their offers, cart and products", func(t *testing.T) {
			app := persistence.NewCampaignApp(db)
			if mine, _ := app.Campaigns(ctx, 1001, 0); len(mine) != 0 {
				t.Fatalf("a hidden campaign is shown: %+v", mine)
			}
			if _, err := repo.Update(ctx, id, kernel.AnyVersion, func(c *campaign.Composition) error { c.Campaign().ToggleVisible(t0); return nil }); err != nil {
				t.Fatal(err)
			}
			if v, _ := lists.Campaigns.Find(ctx, id); v.Version != 5 {
				t.Fatalf("a change of the record moves the version, of the links not: %d", v.Version)
			}
			if o, err := app.Offer(ctx, id, products[1]); err != nil || !o.InCampaign || !o.Active || o.Price.String() != "0.125" {
				t.Fatalf("offer %+v %v", o, err)
			}
			if o, err := app.Offer(ctx, id, 999_999); err != nil || o.InCampaign {
				t.Fatalf("offer of a product outside %+v %v", o, err)
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
		})

		step("the narrow ports: the categories of the campaign's partners, the offers of products", func(t *testing.T) {
			held, err := persistence.NewCampaignPartners(db).CategoriesOfCampaign(ctx, id)
			if err != nil || len(held) != 3 || !slices.Equal(held[1003], []kernel.ID{w.alati, w.rasvjeta}) {
				t.Fatalf("categories of the campaign's partners %v %v", held, err)
			}
			offers, err := persistence.NewCampaignCatalog(db).Offers(ctx, []kernel.ID{products[1], 9999})
			if err != nil || len(offers) != 1 || offers[products[1]].Price.String() != "0.125" || !offers[products[1]].Active {
				t.Fatalf("offers %v %v", offers, err)
			}
		})
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
		k := newCampaignKit(t, db)
		c, _ := campaign.New(campaign.Input{Name: "Velika akcija", Description: "Opis", Image: "c.jpg"}, t0)
		if err := k.repo.Add(ctx, c); err != nil {
			t.Fatal(err)
		}
		if err := k.addCategories(c.ID(), w.alati); err != nil {
			t.Fatal(err)
		}
		pairs := make([]int64, 0, 2*n)
		ids := make([]kernel.ID, n)
		for i := range ids {
			ids[i] = kernel.ID(100_000 + i)
			pairs = append(pairs, int64(ids[i]), int64(i))
		}
		if err := k.put(c.ID(), pairs...); err != nil {
			t.Fatal(err)
		}
		held, err := persistence.NewCampaignPartners(db).CategoriesOf(ctx, ids)
		if err != nil || len(held) != n {
			t.Fatalf("categories of %d partners: %d %v", n, len(held), err)
		}
		if withCart, _ := k.withCart(c.ID()); len(withCart) != 0 || len(k.comp(c.ID()).Partners()) != n {
			t.Fatalf("with cart %v", withCart)
		}
		_, total, err := persistence.NewCampaignLists(db, persistence.NewPartnerIndex(db)).Partners.ListWithCash(ctx, ports.ListQuery{Page: 1, PerPage: 1}.Within("campaign_id", c.ID()))
		if err != nil || total.Thousandths() != int64(n*(n-1)/2) {
			t.Fatalf("total cash %v %v", total, err)
		}
		if err := k.removePartners(c.ID(), ids[:n-1]...); err != nil {
			t.Fatal(err)
		}
		if left := k.comp(c.ID()).Partners(); len(left) != 1 || left[0].PartnerID() != ids[n-1] {
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
		k := newCampaignKit(t, db)
		repo := k.repo
		lists := persistence.NewCampaignLists(db, persistence.NewPartnerIndex(db))
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
			must(k.addCategories(id, w.alati))
			must(k.addProducts(id, p.ID()))
		}
		must(k.put(ids[0], 1001, 100_000, 1002, 50_500))
		must(k.put(ids[1], 1003, 7_000))
		check("partners added")
		must(k.put(ids[0], 1002, 60_000, 1003, 1))
		_, err := k.turn(ids[0], 1001, func(st *campaign.Standing) error { return st.SetCash(kernel.AmountOfThousandths(90_000)) })
		must(err)
		check("cash replaced and one partner added")
		items := make([]campaign.Item, 3)
		for i := range items {
			items[i], err = k.order(ids[0], kernel.ID(1001+i%2), p.ID(), 12_500, int64(i+1))
			must(err)
		}
		check("items ordered")
		must(k.toggle(items[1]))
		must(k.toggle(items[2]))
		must(k.toggle(items[2]))
		check("deliveries toggled")
		must(k.toggle(items[1])) // undelivered, so that the partner may withdraw it
		must(k.withdraw(items[0]))
		must(k.withdraw(items[1]))
		check("items withdrawn")
		must(k.removePartners(ids[0], 1002, 1003))
		check("partners removed")
		if _, err := db.NewRaw("UPDATE campaign_partners SET cash_milli = cash_milli + 5 WHERE campaign_id = ?", int64(ids[1])).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		check("a bulk update")

		// A partner in both campaigns shows once in each, with that campaign's cash, whether
		// a name filter pages through a trigram index or not.
		must(k.put(ids[1], 1001, 7_000))
		for _, name := range []string{"partner 1001", "10"} {
			q := ports.ListQuery{Page: 1, PerPage: 20, Sort: "name", Filters: map[string]string{"name": name}}.Within("campaign_id", ids[0])
			page, cash, err := lists.Partners.ListWithCash(ctx, q)
			if err != nil || page.Total != 1 || len(page.Items) != 1 || page.Items[0].Cash.String() != "90" || cash.String() != "90" {
				t.Fatalf("filter %q on the first campaign: %+v %v %v", name, page, cash, err)
			}
		}
	})
}

// A partner whose only items are of a free product has a cart though its spent is zero: it
// may not leave the campaign.
func TestCampaignPartnerWithFreeItemsHasACart(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		w := newPartnerWorld(t, db)
		partners := persistence.NewPartnerStore(db)
		for _, id := range []int64{1001, 1002} {
			if err := partners.Add(ctx, newPartner(t, id, fmt.Sprintf("Partner %d", id), w.podgorica, w.alati)); err != nil {
				t.Fatal(err)
			}
		}
		p, _ := catalog.NewProduct(catalog.ProductInput{Name: "Poklon", Description: "Opis", Price: "0", Image: "p.jpg"}, t0)
		if err := persistence.NewCatalog(db).AddProduct(ctx, p); err != nil {
			t.Fatal(err)
		}
		k := newCampaignKit(t, db)
		c, _ := campaign.New(campaign.Input{Name: "Pokloni", Description: "Opis", Image: "c.jpg"}, t0)
		if err := k.repo.Add(ctx, c); err != nil {
			t.Fatal(err)
		}
		if err := k.addCategories(c.ID(), w.alati); err != nil {
			t.Fatal(err)
		}
		if err := k.addProducts(c.ID(), p.ID()); err != nil {
			t.Fatal(err)
		}
		if err := k.put(c.ID(), 1001, 0, 1002, 0); err != nil {
			t.Fatal(err)
		}
		if _, err := k.order(c.ID(), 1001, p.ID(), 0, 3); err != nil {
			t.Fatal(err)
		}
		if ps, prods := k.withCart(c.ID()); !slices.Equal(ps, []kernel.ID{1001}) || !slices.Equal(prods, []kernel.ID{p.ID()}) {
			t.Fatalf("with cart: %v %v", ps, prods)
		}
		if err := k.removePartners(c.ID(), 1001); !errors.Is(err, campaign.ErrHasCart) {
			t.Fatalf("a partner with free items left: %v", err)
		}
		if err := k.removePartners(c.ID(), 1002); err != nil {
			t.Fatal(err)
		}
	})
}
