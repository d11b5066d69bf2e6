package persistence_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/uptrace/bun"

	"vitrina/adapters/persistence"
	"vitrina/adapters/persistence/dbtest"
	"vitrina/domain/partner"
	"vitrina/ports"
)

// A "contains" filter the trigram index serves, with a numeric filter beside it: the total
// counts the rows both keep. On SQLite the phrase's matches were taken for the total whenever
// no other text filter applied, so "alfa" with a debt range answered every Alfa.
func TestTrigramFilterWithANumberCountsBoth(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		w := newPartnerWorld(t, db)
		store := persistence.NewPartnerStore(db)
		for i, debt := range []string{"1", "2", "3", "2"} {
			in := partnerInput(int64(201+i), fmt.Sprintf("Alfa Trade %d", i), w.podgorica, w.alati)
			if i == 3 {
				in.Name = "Beta Trade"
			}
			in.Figures[partner.Debt] = debt
			p, err := partner.New(in, "hash", t0)
			if err != nil {
				t.Fatal(err)
			}
			if err := store.Add(ctx, p); err != nil {
				t.Fatal(err)
			}
		}
		lists := persistence.NewPartnerLists(db, persistence.NewPartnerIndex(db))
		for filters, want := range map[[2]string]int{{"alfa", ""}: 3, {"alfa", "2..3"}: 2, {"alfa", ">5"}: 0, {"trade", "2"}: 2} {
			f := map[string]string{"name": filters[0]}
			if filters[1] != "" {
				f["debt"] = filters[1]
			}
			p, err := lists.Partners.List(ctx, ports.ListQuery{Page: 1, PerPage: 10, Filters: f})
			if err != nil || p.Total != want || len(p.Items) != want {
				t.Errorf("%v: total %d, %d rows, %v; want %d", f, p.Total, len(p.Items), err, want)
			}
		}
	})
}
