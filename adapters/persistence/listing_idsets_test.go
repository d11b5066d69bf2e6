package persistence_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/uptrace/bun"

	"vitrina/adapters/persistence"
	"vitrina/adapters/persistence/dbtest"
	"vitrina/domain/kernel"
	"vitrina/ports"
	partnerports "vitrina/ports/partner"
)

// An id-set filter (category_ids) keeps the rows linked to any of the ids, on every path of
// the list mechanism: a page with its count (never the unfiltered row_counts total), a page
// through the trigram index, a stream and a sum; a list that does not whitelist the set
// refuses it (422) rather than answering every row.
func TestIDSetFilter(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		w := newPartnerWorld(t, db)
		store := persistence.NewPartnerStore(db)
		for i, cats := range [][]kernel.ID{{w.alati}, {w.boje}, {w.alati, w.boje}, {w.rasvjeta}, {w.boje}} {
			if err := store.Add(ctx, newPartner(t, int64(i+1), fmt.Sprintf("Gradnja %d", i+1), w.podgorica, cats...)); err != nil {
				t.Fatal(err)
			}
		}
		lists := persistence.NewPartnerLists(db, persistence.NewPartnerIndex(db))
		ids := func(q ports.ListQuery) (string, int) {
			t.Helper()
			page, err := lists.Partners.List(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			var out []int64
			for _, v := range page.Items {
				out = append(out, v.ID)
			}
			return fmt.Sprint(out), page.Total
		}
		in := func(cats ...kernel.ID) ports.ListQuery {
			return ports.ListQuery{Page: 1, PerPage: 10, IDSets: map[string][]kernel.ID{"category_ids": cats}}
		}
		if got, total := ids(in(w.alati)); got != "[1 3]" || total != 2 {
			t.Fatalf("alati: %s, total %d", got, total)
		}
		if got, total := ids(in(w.alati, w.rasvjeta)); got != "[1 3 4]" || total != 3 {
			t.Fatalf("alati or rasvjeta: %s, total %d", got, total)
		}
		paged := in(w.boje)
		paged.PerPage = 2
		if got, total := ids(paged); got != "[2 3]" || total != 3 {
			t.Fatalf("a page of boje: %s, total %d", got, total)
		}
		named := in(w.boje)
		named.Filters = map[string]string{"name": "gradnja"}
		if got, total := ids(named); got != "[2 3 5]" || total != 3 {
			t.Fatalf("boje through the trigram filter: %s, total %d", got, total)
		}
		named.Filters = map[string]string{"name": "gradnja 5"}
		if got, total := ids(named); got != "[5]" || total != 1 {
			t.Fatalf("boje, a multi-word filter: %s, total %d", got, total)
		}
		if got, total := ids(in(kernel.ID(99999))); got != "[]" || total != 0 {
			t.Fatalf("an unknown category: %s, total %d", got, total)
		}
		streamed := 0
		if err := lists.Partners.Stream(ctx, ports.ListQuery{IDSets: map[string][]kernel.ID{"category_ids": {w.rasvjeta}}},
			func(partnerports.PartnerView) error { streamed++; return nil }); err != nil || streamed != 1 {
			t.Fatalf("streamed %d %v", streamed, err)
		}
		// The contacts list whitelists no id set.
		_, err := lists.Contacts.List(ctx, in(w.alati))
		var ke *kernel.Error
		if !errors.As(err, &ke) || ke.Kind != kernel.KindInvalid || len(ke.Fields["category_ids"]) != 1 {
			t.Fatalf("a set the list does not whitelist: %v", err)
		}
	})
}
