package persistence_test

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/uptrace/bun"

	"vitrina/adapters/persistence"
	"vitrina/adapters/persistence/dbtest"
	"vitrina/domain/campaign"
	"vitrina/domain/catalog"
	"vitrina/domain/kernel"
	"vitrina/domain/partner"
	"vitrina/ports"
	campaignports "vitrina/ports/campaign"
)

// A partner filter on the campaign's tabs answers exactly the rows whose partner holds the
// term, in the order asked, with their totals, page after page: whether it goes through one
// rare trigram checked row by row or the whole phrase, and whether the page sorts by the
// partners' rank read with their ids (sorted by a partner column) or by its own column.
// Partners of equal names interleave their items by item id, as a sort by the name does.
func TestCampaignPartnerFiltersAnswerExactly(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		w := newPartnerWorld(t, db)
		// "Vujo Jovi Ović" holds every trigram of "vujović" but not the word; "Vujović" three
		// times under two names. The first 7 order; the others sort first or last among the
		// "vujović" and order nothing, the "…b" ones are not even in the campaign: a page of
		// one that starts with them reads further, and one that ends between the two
		// "Vujović Agro" must still take both.
		names := []string{"Vujović Agro", "Petrović Gradnja", "Vujović Agro", "Vujo Jovi Ović", "Agro Vujović", "Vujovic Trade", "Beta",
			"Aaa Vujović", "Aab Vujović", "Aac Vujović", "Vujović Zza", "Vujović Zzb", "Vujović Zzc"}
		const ordering = 7
		inCampaign := func(i int) bool {
			return !strings.HasSuffix(names[i], "b Vujović") && !strings.HasSuffix(names[i], "Zzb")
		}
		store := persistence.NewPartnerStore(db)
		for i, name := range names {
			in := partnerInput(int64(3001+i), name, w.podgorica, w.alati)
			in.Phone = fmt.Sprintf("+382 67 %03d 55%d", 100+i%3, i)
			p, err := partner.New(in, "hash", t0)
			if err != nil {
				t.Fatal(err)
			}
			if err := store.Add(ctx, p); err != nil {
				t.Fatal(err)
			}
		}
		product, _ := catalog.NewProduct(catalog.ProductInput{Name: "Bušilica", Description: "Opis", Price: "2", Image: "p.jpg"}, t0)
		if err := persistence.NewCatalog(db).AddProduct(ctx, product); err != nil {
			t.Fatal(err)
		}
		k := newCampaignKit(t, db)
		c, _ := campaign.New(campaign.Input{Name: "Zimska akcija", Description: "Opis", Image: "c.jpg"}, t0)
		if err := k.repo.Add(ctx, c); err != nil {
			t.Fatal(err)
		}
		if err := k.addProducts(c.ID(), product.ID()); err != nil {
			t.Fatal(err)
		}
		if err := k.addCategories(c.ID(), w.alati); err != nil {
			t.Fatal(err)
		}
		var cash []int64
		for i := range names {
			if inCampaign(i) {
				cash = append(cash, int64(3001+i), 1_000_000)
			}
		}
		if err := k.put(c.ID(), cash...); err != nil {
			t.Fatal(err)
		}
		// 21 items: partner i%7 orders i+1 pieces, so items of equal names interleave.
		type item struct {
			id, quantity int64
			partner      int
		}
		var items []item
		for i := 0; i < 21; i++ {
			it, err := k.order(c.ID(), kernel.ID(3001+i%ordering), product.ID(), 2000, int64(i+1))
			if err != nil {
				t.Fatal(err)
			}
			items = append(items, item{id: int64(it.ID()), quantity: int64(i + 1), partner: i % ordering})
		}
		phones := func(i int) string { return fmt.Sprintf("+382 67 %03d 55%d", 100+i%3, i) }

		for _, lists := range []campaignports.Lists{persistence.NewCampaignLists(db, persistence.NewPartnerIndex(db)), persistence.NewCampaignListsMatchingInSQL(db)} {
			for _, tc := range []struct {
				filter, term, sort string
				desc               bool
			}{
				{"name", "vujović", "name", false}, {"name", "vujović", "name", true}, {"name", "VUJOVIC", "created_at", true},
				{"name", "ović", "name", false}, {"name", "i ov", "name", true}, {"name", "vujovic t", "id", false},
				{"phone", "101", "name", false}, {"phone", "101 551", "name", true}, {"name", "nobody", "name", false},
			} {
				held := func(i int) string { return strings.ToLower(strings.ReplaceAll(names[i], "ć", "c")) }
				if tc.filter == "phone" {
					held = phones
				}
				want := []item{}
				var ordered int64
				for _, it := range items {
					if strings.Contains(held(it.partner), strings.ToLower(strings.ReplaceAll(tc.term, "ć", "c"))) {
						want = append(want, it)
						ordered += it.quantity * 2000
					}
				}
				sort.SliceStable(want, func(a, b int) bool {
					x, y := want[a], want[b]
					if tc.desc {
						x, y = y, x
					}
					if tc.sort == "name" {
						if nx, ny := strings.ToLower(names[x.partner]), strings.ToLower(names[y.partner]); nx != ny {
							return strings.ReplaceAll(nx, "ć", "c") < strings.ReplaceAll(ny, "ć", "c")
						}
					}
					return x.id < y.id
				})
				var got []int64
				const perPage = 1
				for page := 1; ; page++ {
					q := ports.ListQuery{Page: page, PerPage: perPage, Sort: tc.sort, Desc: tc.desc,
						Filters: map[string]string{tc.filter: tc.term}}.Within("campaign_id", c.ID())
					p, totals, err := lists.Cart.ListWithTotals(ctx, q)
					if err != nil {
						t.Fatal(err)
					}
					if p.Total != len(want) || totals.Ordered != kernel.AmountOfThousandths(ordered) {
						t.Fatalf("%+v: total %d ordered %v, want %d %v", tc, p.Total, totals.Ordered, len(want), kernel.AmountOfThousandths(ordered))
					}
					for _, v := range p.Items {
						got = append(got, v.ID)
					}
					if len(p.Items) < perPage {
						break
					}
				}
				var wantIDs []int64
				for _, it := range want {
					wantIDs = append(wantIDs, it.id)
				}
				if fmt.Sprint(got) != fmt.Sprint(wantIDs) {
					t.Fatalf("%+v: items %v, want %v", tc, got, wantIDs)
				}

				// The partners tab: each matching partner of the campaign once, by name then id.
				var partners, wantPartners []string
				total := 0
				for page := 1; ; page++ {
					q := ports.ListQuery{Page: page, PerPage: perPage, Sort: "name", Desc: tc.desc,
						Filters: map[string]string{tc.filter: tc.term}}.Within("campaign_id", c.ID())
					pp, _, err := lists.Partners.ListWithCash(ctx, q)
					if err != nil {
						t.Fatal(err)
					}
					total = pp.Total
					for _, v := range pp.Items {
						partners = append(partners, fmt.Sprint(v.PartnerID))
					}
					if len(pp.Items) < perPage {
						break
					}
				}
				byName := []int{}
				for i := range names {
					if inCampaign(i) && strings.Contains(held(i), strings.ToLower(strings.ReplaceAll(tc.term, "ć", "c"))) {
						byName = append(byName, i)
					}
				}
				sort.SliceStable(byName, func(a, b int) bool {
					x, y := byName[a], byName[b]
					if tc.desc {
						x, y = y, x
					}
					nx, ny := strings.ReplaceAll(strings.ToLower(names[x]), "ć", "c"), strings.ReplaceAll(strings.ToLower(names[y]), "ć", "c")
					return nx < ny || nx == ny && x < y
				})
				for _, i := range byName {
					wantPartners = append(wantPartners, fmt.Sprint(3001+i))
				}
				if total != len(wantPartners) || strings.Join(partners, ",") != strings.Join(wantPartners, ",") {
					t.Fatalf("%+v: partners %v (total %d), want %v", tc, partners, total, wantPartners)
				}
			}
		}

		// Without a filter, pages past the first (their rows found by id and sort key, then
		// read by id within the campaign) are the first page's rows cut in pieces, in order.
		// A second campaign of the same partners: a page's rows joined back outside the
		// campaign would bring its rows in.
		other, _ := campaign.New(campaign.Input{Name: "Ljetna akcija", Description: "Opis", Image: "c.jpg"}, t0)
		if err := k.repo.Add(ctx, other); err != nil {
			t.Fatal(err)
		}
		if err := k.addProducts(other.ID(), product.ID()); err != nil {
			t.Fatal(err)
		}
		if err := k.addCategories(other.ID(), w.alati); err != nil {
			t.Fatal(err)
		}
		if err := k.put(other.ID(), cash...); err != nil {
			t.Fatal(err)
		}
		lists := persistence.NewCampaignLists(db, persistence.NewPartnerIndex(db))
		for _, sortBy := range []string{"name", "created_at", "id"} {
			for _, desc := range []bool{false, true} {
				read := func(page, perPage int) (items, partners []int64) {
					q := ports.ListQuery{Page: page, PerPage: perPage, Sort: sortBy, Desc: desc}.Within("campaign_id", c.ID())
					cart, _, err := lists.Cart.ListWithTotals(ctx, q)
					if err != nil {
						t.Fatal(err)
					}
					q.Sort = "name"
					pp, _, err := lists.Partners.ListWithCash(ctx, q)
					if err != nil {
						t.Fatal(err)
					}
					if cart.Total != 21 || pp.Total != 11 {
						t.Fatalf("%s desc %v page %d: totals %d and %d", sortBy, desc, page, cart.Total, pp.Total)
					}
					for _, v := range cart.Items {
						items = append(items, v.ID)
					}
					for _, v := range pp.Items {
						partners = append(partners, int64(v.PartnerID))
					}
					return items, partners
				}
				wholeItems, wholePartners := read(1, 100)
				var items, partners []int64
				for page := 1; page <= 12; page++ {
					i, p := read(page, 2)
					items, partners = append(items, i...), append(partners, p...)
				}
				if len(wholeItems) != 21 || fmt.Sprint(items) != fmt.Sprint(wholeItems) || fmt.Sprint(partners) != fmt.Sprint(wholePartners) {
					t.Fatalf("%s desc %v: pages %v / %v, the whole list %v / %v", sortBy, desc, items, partners, wholeItems, wholePartners)
				}
			}
		}
	})
}
