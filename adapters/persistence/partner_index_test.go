package persistence_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/uptrace/bun"

	"vitrina/adapters/persistence"
	"vitrina/adapters/persistence/dbtest"
	"vitrina/domain/kernel"
	"vitrina/domain/partner"
	"vitrina/ports"
	partnerports "vitrina/ports/partner"
)

// Issue 22, "several processes": the partner list answers from memory in each process
// (ADR 0035), so a write made through one process must show in the next page another
// process serves. Here each process is its own connection pool and list over the same
// database: one writes through the partner store and by plain SQL (as another program
// would), the other reads.
func TestPartnerListFollowsAnotherProcessesWrites(t *testing.T) {
	for _, e := range dbtest.Engines() {
		t.Run(e.Name, func(t *testing.T) {
			ctx := context.Background()
			url := e.Open(t)
			writer, reader := dbtest.Migrated(t, url), dbtest.Migrated(t, url)
			w := newPartnerWorld(t, writer)
			store := persistence.NewPartnerStore(writer)
			lists := persistence.NewPartnerLists(reader, persistence.NewPartnerIndex(reader))
			names := func(q ports.ListQuery) ([]string, int) { t.Helper(); return partnerNames(t, lists, q) }
			want := func(q ports.ListQuery, names0 []string) {
				t.Helper()
				got, total := names(q)
				if !slices.Equal(got, names0) || total != len(names0) {
					t.Fatalf("%+v: got %q (total %d), want %q", q, got, total, names0)
				}
			}
			byName := ports.ListQuery{Page: 1, PerPage: 10, Sort: "name"}
			want(byName, nil) // the reader's index is loaded, empty
			// A sort the list does not have is refused, filtered or not.
			for _, f := range []map[string]string{nil, {"name": "a"}} {
				if _, err := lists.Partners.List(ctx, ports.ListQuery{Page: 1, PerPage: 10, Sort: "password_hash", Filters: f}); !errors.Is(err, persistence.ErrBadSort) {
					t.Fatalf("sort password_hash, filters %v: %v", f, err)
				}
			}

			for i, n := range []string{"Zeta gradnja", "Alfa boje", "Mega alati"} {
				if err := store.Add(ctx, newPartner(t, int64(i+1), n, w.podgorica, w.alati)); err != nil {
					t.Fatal(err)
				}
			}
			want(byName, []string{"Alfa boje", "Mega alati", "Zeta gradnja"})

			// An edit through the store: the name and the category move.
			if _, err := store.Update(ctx, 2, 0, func(p *partner.Partner) error {
				in := partnerInput(2, "Omega boje", w.niksic, w.rasvjeta)
				return p.Edit(in, "", t0)
			}); err != nil {
				t.Fatal(err)
			}
			want(byName, []string{"Mega alati", "Omega boje", "Zeta gradnja"})
			want(ports.ListQuery{Page: 1, PerPage: 10, Sort: "name", Filters: map[string]string{"category_names": "rasvjeta"}}, []string{"Omega boje"})
			want(ports.ListQuery{Page: 1, PerPage: 10, Sort: "name", Filters: map[string]string{"city_name": "niks"}}, []string{"Omega boje"})

			// Plain SQL from another program: a deactivation, a debt, a category link, a delete.
			for _, stmt := range []string{
				"UPDATE partners SET is_active = FALSE WHERE id = 1",
				"UPDATE partners SET debt = 7000 WHERE id = 3",
				fmt.Sprintf("INSERT INTO partner_categories (partner_id, category_id) VALUES (3, %d)", w.rasvjeta),
			} {
				if _, err := writer.ExecContext(ctx, stmt); err != nil {
					t.Fatal(err)
				}
			}
			active := true
			want(ports.ListQuery{Page: 1, PerPage: 10, Sort: "name", Active: &active}, []string{"Mega alati", "Omega boje"})
			want(ports.ListQuery{Page: 1, PerPage: 10, Sort: "debt", Desc: true, Filters: map[string]string{"debt": "7"}}, []string{"Mega alati"})
			want(ports.ListQuery{Page: 1, PerPage: 10, Sort: "name", Filters: map[string]string{"category_names": "rasvjeta"}}, []string{"Mega alati", "Omega boje"})
			if _, err := writer.ExecContext(ctx, "DELETE FROM partners WHERE id = 2"); err != nil {
				t.Fatal(err)
			}
			want(byName, []string{"Mega alati", "Zeta gradnja"})

			if e.Name == "postgres" {
				outOfOrderCommit(t, writer, want)
			}
		})
	}
}

// outOfOrderCommit: on PostgreSQL a transaction takes its change-log seq when it writes and
// may commit after a later one; the reader has then read past its seq, and must still see
// its write once it commits.
func outOfOrderCommit(t *testing.T, writer *bun.DB, want func(ports.ListQuery, []string)) {
	ctx := context.Background()
	early, err := writer.BeginTx(ctx, &sql.TxOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer early.Rollback()
	if _, err := early.ExecContext(ctx, "UPDATE partners SET name = 'Beta', name_fold = 'beta' WHERE id = 1"); err != nil {
		t.Fatal(err)
	}
	if _, err := writer.ExecContext(ctx, "UPDATE partners SET name = 'Gama', name_fold = 'gama' WHERE id = 3"); err != nil {
		t.Fatal(err)
	}
	byName := ports.ListQuery{Page: 1, PerPage: 10, Sort: "name"}
	want(byName, []string{"Gama", "Zeta gradnja"}) // the later write is read; the early one is open
	if err := early.Commit(); err != nil {
		t.Fatal(err)
	}
	want(byName, []string{"Beta", "Gama"})
}

// Issue 22, "correct while writing": pages asked for while another process imports and
// edits always hold exactly what was committed before they were asked for: the total never
// goes back, and every partner whose import committed before the request is in it.
func TestPartnerListWhileAnotherProcessWrites(t *testing.T) {
	for _, e := range dbtest.Engines() {
		t.Run(e.Name, func(t *testing.T) {
			ctx := context.Background()
			url := e.Open(t)
			writer, reader := dbtest.Migrated(t, url), dbtest.Migrated(t, url)
			w := newPartnerWorld(t, writer)
			store, tx := persistence.NewPartnerStore(writer), persistence.NewTxManager(writer)
			lists := persistence.NewPartnerLists(reader, persistence.NewPartnerIndex(reader))
			const batches, per = 20, 50
			var mu sync.Mutex
			committed := 0 // partners whose batch has committed
			done := make(chan error, 1)
			go func() {
				for b := range batches {
					var rows []partner.Row
					for i := range per {
						id := int64(b*per + i + 1)
						row, err := partner.ParseRow(partnerInput(id, fmt.Sprintf("Uvoz %04d", id), w.bar, w.boje), false, t0)
						if err != nil {
							done <- err
							return
						}
						rows = append(rows, row)
					}
					if err := tx.WithinTx(ctx, func(ctx context.Context) error { return store.SaveRows(ctx, rows) }); err != nil {
						done <- err
						return
					}
					mu.Lock()
					committed += per
					mu.Unlock()
				}
				done <- nil
			}()
			last, asked := 0, 0
			for finished := false; !finished; {
				select {
				case err := <-done:
					if err != nil {
						t.Fatal(err)
					}
					finished = true
				default:
				}
				mu.Lock()
				before := committed
				mu.Unlock()
				q := ports.ListQuery{Page: 1, PerPage: 5, Sort: "id", Desc: true,
					Filters: map[string]string{"name": "uvoz", "category_names": "boje"}}
				if asked%2 == 1 {
					// Every partner by debt, the figure's order in memory: equal debts, so the
					// newest id first.
					q = ports.ListQuery{Page: 1, PerPage: 5, Sort: "debt", Desc: true}
				}
				page, err := lists.Partners.List(ctx, q)
				if err != nil {
					t.Fatal(err)
				}
				if page.Total < before || page.Total < last || page.Total%per != 0 {
					t.Fatalf("total %d: %d committed before the request, %d seen before", page.Total, before, last)
				}
				if page.Total > 0 && page.Items[0].ID != int64(page.Total) {
					t.Fatalf("total %d but the newest partner is %d", page.Total, page.Items[0].ID)
				}
				last = page.Total
				asked++
			}
			page, err := lists.Partners.List(ctx, ports.ListQuery{Page: 1, PerPage: 5, Filters: map[string]string{"name": "uvoz"}})
			if err != nil || page.Total != batches*per {
				t.Fatalf("after the import: %d partners, %v", page.Total, err)
			}
		})
	}
}

// Issue 22, "start to the first filtered page": while the index's first load runs (the
// serving process's worker starts it at once), the partner list answers from SQL, exactly,
// rather than wait for the load; once the index is loaded it answers the same pages.
func TestPartnerListAnswersFromSQLWhileTheIndexFirstLoads(t *testing.T) {
	for _, e := range dbtest.Engines() {
		t.Run(e.Name, func(t *testing.T) {
			ctx := context.Background()
			db := dbtest.Migrated(t, e.Open(t))
			w := newPartnerWorld(t, db)
			store := persistence.NewPartnerStore(db)
			for i, n := range []string{"Zeta gradnja", "Alfa boje", "Mega gradnja"} {
				cat := w.alati
				if i == 1 {
					cat = w.rasvjeta
				}
				if err := store.Add(ctx, newPartner(t, int64(i+1), n, w.podgorica, cat)); err != nil {
					t.Fatal(err)
				}
			}
			ix := persistence.NewPartnerIndex(db)
			lists := persistence.NewPartnerLists(db, ix)
			queries := []ports.ListQuery{
				{Page: 1, PerPage: 10, Sort: "name", Filters: map[string]string{"name": "gradnja"}},
				{Page: 1, PerPage: 10, Sort: "name", Filters: map[string]string{"category_names": "rasvjeta"}},
				{Page: 1, PerPage: 2, Sort: "name", Desc: true},
			}
			want := [][]string{{"Mega gradnja", "Zeta gradnja"}, {"Alfa boje"}, {"Zeta gradnja", "Mega gradnja"}}
			totals := []int{2, 1, 3}
			check := func(when string) {
				t.Helper()
				for i, q := range queries {
					if got, total := partnerNames(t, lists, q); !slices.Equal(got, want[i]) || total != totals[i] {
						t.Fatalf("%s, %+v: got %q (total %d), want %q (total %d)", when, q, got, total, want[i], totals[i])
					}
				}
			}
			if e.Name == "sqlite" {
				// Such answers, as the load, read through a small page cache and no memory map,
				// and leave the connection as the pool has it.
				during, after, err := persistence.ScanConnPragmas(ctx, db)
				if err != nil {
					t.Fatal(err)
				}
				if during != [2]int64{-2048, 0} || after != [2]int64{-32768, 268435456} {
					t.Fatalf("cache_size, mmap_size while scanning %v, after %v", during, after)
				}
			}
			// A wrong filter is refused alike either way, with the field named.
			refused := func(when string) {
				t.Helper()
				_, err := lists.Partners.List(ctx, ports.ListQuery{Page: 1, PerPage: 10, Filters: map[string]string{"debt": "1..x"}})
				var e *kernel.Error
				if kernel.KindOf(err) != kernel.KindInvalid || !errors.As(err, &e) || len(e.Fields["debt"]) == 0 {
					t.Fatalf("%s, a wrong debt filter: %v", when, err)
				}
			}
			persistence.Warming(ix, true)
			refused("while the first load runs")
			check("while the first load runs")
			if persistence.Warming(ix, true) {
				t.Fatal("a list asked while the first load runs loaded the index itself (it waited for a load)")
			}
			persistence.Warming(ix, false)
			check("from the index")
			refused("from the index")
			if !persistence.Warming(ix, false) {
				t.Fatal("the index was not loaded by a list asked with no load running")
			}
		})
	}
}

// partnerNames is the names on lists' page for q, and the total.
func partnerNames(t *testing.T, lists partnerports.PartnerLists, q ports.ListQuery) ([]string, int) {
	t.Helper()
	page, err := lists.Partners.List(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, p := range page.Items {
		out = append(out, p.Name)
	}
	return out, page.Total
}
