package persistence_test

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/uptrace/bun"

	"vitrina/adapters/persistence"
	"vitrina/adapters/persistence/dbtest"
	"vitrina/domain/kernel"
	"vitrina/domain/partner"
	"vitrina/ports"
)

// The partner list against a brute-force scan (issue 22, "Tests"): generated partners with
// folded names, ties in every sort key and one to three categories each; between rounds of
// random queries, random writes through the store (an add, an edit, a deactivation, an
// import batch). Every query's page and exact total must be what scanning a model of the
// partners gives: every filter (a fragment of one or two letters, several words, with
// diacritics typed or not, a category, a city, a debt range, active only, together), every
// sort each way with ties broken by id, pages at the end and past it. A list engine that
// answers from a structure of its own (issue 22) must keep passing it, writes included.

// oraclePartner is what the model knows of a partner.
type oraclePartner struct {
	id         int64
	name, city string // as stored (the city's name)
	categories []string
	debt       int64 // thousandths
	active     bool
}

var (
	oracleSyllables = []string{"Ma", "ri", "ja", "Đu", "ro", "vić", "Šo", "ko", "Ča", "ze", "lje", "ni", "Ža", "ba", "ić", "ov",
		"Pe", "tro", "Gra", "dnja", "Ko", "mer", "c"}
	oracleDebts = []int64{0, 1_000, 1_500, 2_000, 12_500, 99_999, 100_000, 1_250_000} // few values: ties
)

func TestPartnerListAgainstABruteForceScan(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		w := newPartnerWorld(t, db)
		store := persistence.NewPartnerStore(db)
		lists := persistence.NewPartnerLists(db, persistence.NewPartnerIndex(db))
		rng := rand.New(rand.NewPCG(22, 1))
		cities := map[kernel.ID]string{w.podgorica: "Podgorica", w.niksic: "Nikšić", w.bar: "Bar"}
		cityIDs := []kernel.ID{w.podgorica, w.niksic, w.bar}
		categories := map[kernel.ID]string{w.alati: "Alati", w.boje: "Boje i lakovi", w.rasvjeta: "Rasvjeta"}
		categoryIDs := []kernel.ID{w.alati, w.boje, w.rasvjeta}
		model := map[int64]*oraclePartner{}
		taken := map[string]bool{}

		name := func(id int64) string {
			for {
				var b strings.Builder
				for range 2 + rng.IntN(3) {
					b.WriteString(oracleSyllables[rng.IntN(len(oracleSyllables))])
				}
				if rng.IntN(2) == 0 {
					b.WriteString(" " + oracleSyllables[rng.IntN(len(oracleSyllables))])
				}
				n := b.String()
				if !taken[kernel.Fold(n)] {
					taken[kernel.Fold(n)] = true
					return n
				}
			}
		}
		// input is a partner's form from the model's values.
		input := func(p *oraclePartner, city kernel.ID, cats []kernel.ID) partner.Input {
			in := partnerInput(p.id, p.name, city, cats...)
			in.Figures[partner.Debt] = kernel.AmountOfThousandths(p.debt).String()
			return in
		}
		random := func(id int64) (*oraclePartner, kernel.ID, []kernel.ID) {
			p := &oraclePartner{id: id, name: name(id), debt: oracleDebts[rng.IntN(len(oracleDebts))], active: true}
			city := cityIDs[rng.IntN(len(cityIDs))]
			p.city = cities[city]
			var cats []kernel.ID
			for i, c := range categoryIDs {
				if rng.IntN(3) == 0 || i == len(categoryIDs)-1 && cats == nil { // at least one
					cats = append(cats, c)
					p.categories = append(p.categories, categories[c])
				}
			}
			return p, city, cats
		}
		nextID := int64(1)
		add := func() {
			p, city, cats := random(nextID)
			nextID++
			np, err := partner.New(input(p, city, cats), "hash", t0)
			if err != nil {
				t.Fatal(err)
			}
			if err := store.Add(ctx, np); err != nil {
				t.Fatal(err)
			}
			model[p.id] = p
		}
		for range 250 {
			add()
		}
		some := func() *oraclePartner {
			ids := slices.Sorted(maps.Keys(model))
			return model[ids[rng.IntN(len(ids))]]
		}
		writes := []func() string{
			func() string { add(); return "add" },
			func() string { // an edit of the name, the debt, the city and the categories
				old := some()
				delete(taken, kernel.Fold(old.name))
				p, city, cats := random(old.id)
				p.active = old.active
				if _, err := store.Update(ctx, kernel.ID(p.id), kernel.AnyVersion, func(d *partner.Partner) error {
					return d.Edit(input(p, city, cats), "", t0)
				}); err != nil {
					t.Fatal(err)
				}
				model[p.id] = p
				return "edit"
			},
			func() string { // a deactivation (or an activation)
				p := some()
				if _, err := store.Update(ctx, kernel.ID(p.id), kernel.AnyVersion, func(d *partner.Partner) error {
					d.ToggleActive(t0)
					return nil
				}); err != nil {
					t.Fatal(err)
				}
				p.active = !p.active
				return "toggle"
			},
			func() string { // an import batch: two changed partners and two new ones
				var rows []partner.Row
				for i := range 4 {
					exists := i < 2
					id := nextID
					if exists {
						id = some().id
						delete(taken, kernel.Fold(model[id].name))
					} else {
						nextID++
					}
					p, city, cats := random(id)
					if exists {
						p.active = model[id].active
					}
					row, err := partner.ParseRow(input(p, city, cats), exists, t0)
					if err != nil {
						t.Fatal(err)
					}
					rows = append(rows, row)
					model[id] = p
				}
				if err := store.SaveRows(ctx, rows); err != nil {
					t.Fatal(err)
				}
				return "import"
			},
		}

		// term is a filter as a user types it: a piece of a stored name (diacritics and
		// case as stored, or folded), one or two letters, or nothing that matches.
		term := func() string {
			switch rng.IntN(5) {
			case 0:
				return []string{"a", "ić", "ov", "dj", "z", "ć"}[rng.IntN(6)]
			case 1:
				return "qx" + oracleSyllables[rng.IntN(len(oracleSyllables))]
			}
			runes := []rune(some().name)
			from := rng.IntN(len(runes))
			piece := string(runes[from:min(len(runes), from+1+rng.IntN(7))])
			if rng.IntN(2) == 0 {
				piece = kernel.Fold(piece)
			}
			if strings.TrimSpace(piece) == "" {
				return "a"
			}
			return piece
		}
		sorts := []string{"id", "name", "debt", "city_name", "category_names", "is_active"}
		for round := range 40 {
			what := writes[rng.IntN(len(writes))]()
			for range 10 {
				q := ports.ListQuery{Page: 1, PerPage: []int{10, 20, 30, 50}[rng.IntN(4)], Sort: sorts[rng.IntN(len(sorts))],
					Desc: rng.IntN(2) == 0, Filters: map[string]string{}}
				if rng.IntN(3) > 0 {
					q.Filters["name"] = term()
				}
				if rng.IntN(4) == 0 {
					q.Filters["category_names"] = []string{"alati", "boje", "RASVJETA", "lak", "a"}[rng.IntN(5)]
				}
				if rng.IntN(5) == 0 {
					q.Filters["city_name"] = []string{"podgorica", "Nikšić", "bar", "r"}[rng.IntN(4)]
				}
				if rng.IntN(5) == 0 {
					q.Filters["debt"] = []string{"1..2", "0..99.999", "12.5", "100..1250"}[rng.IntN(4)]
				}
				if rng.IntN(3) == 0 {
					on := rng.IntN(4) > 0
					q.Active = &on
				}
				if rng.IntN(5) == 0 {
					// Every partner: by debt a slice of its order in memory, else SQL's page.
					q.Filters, q.Active = map[string]string{}, nil
					if rng.IntN(2) == 0 {
						q.Sort = "debt"
					}
				}
				want := oracleScan(model, q)
				pages := max(1, (len(want)+q.PerPage-1)/q.PerPage)
				// The first page, the last, and the one past it.
				for _, page := range []int{1, pages, pages + 1} {
					q.Page = page
					got, err := lists.Partners.List(ctx, q)
					if err != nil {
						t.Fatalf("round %d after %s: %+v: %v", round, what, q, err)
					}
					from := min(len(want), (page-1)*q.PerPage)
					wantIDs := want[from:min(len(want), from+q.PerPage)]
					gotIDs := make([]int64, len(got.Items))
					for i, v := range got.Items {
						gotIDs[i] = v.ID
					}
					if got.Total != len(want) || !slices.Equal(gotIDs, wantIDs) {
						t.Fatalf("round %d after %s: sort %s desc %v filters %q active %v, page %d of %d:\n total %d, want %d\n ids  %v\n want %v",
							round, what, q.Sort, q.Desc, q.Filters, fmtActive(q.Active), page, q.PerPage, got.Total, len(want), gotIDs, wantIDs)
					}
				}
				// A bulk action's selection (ADR 0043): the same matches, every one, by id.
				var selected []int64
				if err := lists.Partners.(interface {
					Select(context.Context, ports.ListQuery, func(int64) error) error
				}).Select(ctx, q, func(id int64) error { selected = append(selected, id); return nil }); err != nil {
					t.Fatalf("round %d after %s: select %+v: %v", round, what, q, err)
				}
				sorted := slices.Sorted(slices.Values(want))
				if !slices.Equal(selected, sorted) {
					t.Fatalf("round %d after %s: select filters %q active %v:\n got  %v\n want %v", round, what, q.Filters, fmtActive(q.Active), selected, sorted)
				}
			}
		}
	})
}

// oracleScan is the list's answer by scanning the model: the ids of every match in order.
func oracleScan(model map[int64]*oraclePartner, q ports.ListQuery) []int64 {
	contains := func(text, term string) bool { return strings.Contains(kernel.Fold(text), kernel.Fold(term)) }
	var rows []*oraclePartner
	for _, p := range model {
		if q.Active != nil && p.active != *q.Active {
			continue
		}
		if t, ok := q.Filters["name"]; ok && kernel.Fold(t) != "" && !contains(p.name, t) {
			continue
		}
		if t, ok := q.Filters["city_name"]; ok && kernel.Fold(t) != "" && !contains(p.city, t) {
			continue
		}
		if t, ok := q.Filters["category_names"]; ok && kernel.Fold(t) != "" &&
			!slices.ContainsFunc(p.categories, func(c string) bool { return contains(c, t) }) {
			continue
		}
		if r, ok := q.Filters["debt"]; ok {
			lo, hi, _ := strings.Cut(r, "..")
			if hi == "" {
				hi = lo
			}
			if p.debt < thousandths(lo) || p.debt > thousandths(hi) {
				continue
			}
		}
		rows = append(rows, p)
	}
	// The sort key; one without a value (none here: a partner has a category and a city)
	// would come last either way.
	key := func(p *oraclePartner) (string, int64, bool) {
		switch q.Sort {
		case "name":
			return kernel.Fold(p.name), 0, true
		case "debt":
			return "", p.debt, true
		case "city_name":
			return kernel.Fold(p.city), 0, true
		case "category_names":
			folded := make([]string, len(p.categories))
			for i, c := range p.categories {
				folded[i] = kernel.Fold(c)
			}
			slices.Sort(folded)
			return strings.Join(folded, ", "), 0, len(folded) > 0
		case "is_active":
			if p.active {
				return "", 1, true
			}
			return "", 0, true
		}
		return "", p.id, true
	}
	slices.SortFunc(rows, func(a, b *oraclePartner) int {
		as, an, aok := key(a)
		bs, bn, bok := key(b)
		if aok != bok {
			if aok {
				return -1
			}
			return 1
		}
		c := cmp.Or(strings.Compare(as, bs), cmp.Compare(an, bn), cmp.Compare(a.id, b.id))
		if q.Desc {
			return -c
		}
		return c
	})
	ids := make([]int64, len(rows))
	for i, p := range rows {
		ids[i] = p.id
	}
	return ids
}

// thousandths reads a filter's decimal ("12.5") in thousandths, as the money type does.
func thousandths(s string) int64 {
	a, _ := kernel.ParseAmount("debt", s)
	return a.Thousandths()
}

func fmtActive(a *bool) string {
	if a == nil {
		return "all"
	}
	return fmt.Sprint(*a)
}
