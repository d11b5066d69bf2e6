package persistence_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/uptrace/bun"

	"vitrina/adapters/persistence"
	"vitrina/adapters/persistence/dbtest"
	"vitrina/domain/kernel"
	"vitrina/domain/view"
)

var viewSchema = view.Schema{List: "partners", Filters: []string{"name", "city_name", "is_active"}, Sorts: []string{"name", "id"}}

func TestViewStoreContract(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		users := persistence.NewUsers(db)
		store := persistence.NewViews(db)
		step := steps(t)
		ana, boris := newUser(t, "Ana", "ana", "manager"), newUser(t, "Boris", "boris", "director")
		if err := users.Add(ctx, ana); err != nil {
			t.Fatal(err)
		}
		if err := users.Add(ctx, boris); err != nil {
			t.Fatal(err)
		}
		anaV := view.Viewer{UserID: ana.ID(), Roles: []string{"manager"}}
		borisV := view.Viewer{UserID: boris.ID(), Roles: []string{"director"}}
		roles := []string{"admin", "director", "manager", "engineer", "financier"}
		newView := func(by view.Viewer, name string, dflt bool, shared ...string) *view.View {
			t.Helper()
			v, err := view.New(by, viewSchema, view.Input{Name: name, Default: dflt, SharedRoles: shared,
				State: view.State{Filters: map[string]string{"city_name": "Bar"}, Sort: "name", Order: "desc", PerPage: 20, Columns: []string{"name"}}}, roles, t0)
			if err != nil {
				t.Fatal(err)
			}
			if err := store.Add(ctx, v); err != nil {
				t.Fatalf("add %s: %v", name, err)
			}
			return v
		}
		var first, second *view.View

		step("a view is stored whole and read back", func(t *testing.T) {
			first = newView(anaV, "Bar", true)
			got, version, err := store.Find(ctx, first.ID())
			if err != nil || version != 1 {
				t.Fatalf("find: %v %d", err, version)
			}
			s := got.State()
			if got.Name() != "Bar" || !got.IsDefault() || s.Filters["city_name"] != "Bar" || s.Sort != "name" || s.Order != "desc" || s.PerPage != 20 || len(s.Columns) != 1 {
				t.Fatalf("view = %+v %+v", got, s)
			}
			if _, _, err := store.Find(ctx, 999999); kernel.KindOf(err) != kernel.KindNotFound {
				t.Fatalf("missing: %v", err)
			}
		})

		step("a name is unique per user and list, case folded", func(t *testing.T) {
			twin, _ := view.New(anaV, viewSchema, view.Input{Name: "BAR"}, roles, t0)
			if err := store.Add(ctx, twin); !errors.Is(err, view.ErrNameTaken) {
				t.Fatalf("twin: %v", err)
			}
			newView(borisV, "Bar", false) // another user's own
		})

		step("a new default clears the old one in the same transaction", func(t *testing.T) {
			second = newView(anaV, "Podgorica", true)
			if v, _, _ := store.Find(ctx, first.ID()); v.IsDefault() {
				t.Fatal("two defaults of one list")
			}
			if _, version, _ := store.Find(ctx, first.ID()); version != 2 {
				t.Fatalf("the cleared view's version = %d, want 2: an edit loaded before is stale", version)
			}
			v, version, err := store.Update(ctx, first.ID(), 2, func(v *view.View) error {
				return v.Edit(anaV, viewSchema, view.Input{Name: "Bar", Default: true}, roles, t0)
			})
			if err != nil || version != 3 || !v.IsDefault() {
				t.Fatalf("update: %v %d", err, version)
			}
			if v, _, _ := store.Find(ctx, second.ID()); v.IsDefault() {
				t.Fatal("the update left two defaults")
			}
		})

		step("the database refuses a second default whatever the code does", func(t *testing.T) {
			_, err := db.NewUpdate().Table("saved_views").Set("is_default = ?", true).Where("id = ?", int64(second.ID())).Exec(ctx)
			if err == nil {
				t.Fatal("two defaults stored")
			}
		})

		step("a stale version is refused and saves nothing", func(t *testing.T) {
			_, _, err := store.Update(ctx, first.ID(), 1, func(v *view.View) error {
				return v.Edit(anaV, viewSchema, view.Input{Name: "Lost"}, roles, t0)
			})
			if !errors.Is(err, kernel.ErrStale) {
				t.Fatalf("stale: %v", err)
			}
			if v, _, _ := store.Find(ctx, first.ID()); v.Name() != "Bar" {
				t.Fatalf("name = %q", v.Name())
			}
		})

		step("of two saves of one version exactly one wins", func(t *testing.T) {
			_, current, _ := store.Find(ctx, second.ID())
			var wg sync.WaitGroup
			errs := make([]error, 4)
			for i := range errs {
				wg.Add(1)
				go func() {
					defer wg.Done()
					_, _, errs[i] = store.Update(ctx, second.ID(), current, func(v *view.View) error {
						return v.Edit(anaV, viewSchema, view.Input{Name: "Podgorica"}, roles, t0)
					})
				}()
			}
			wg.Wait()
			ok := 0
			for _, err := range errs {
				switch {
				case err == nil:
					ok++
				case !errors.Is(err, kernel.ErrStale):
					t.Fatalf("concurrent save: %v", err)
				}
			}
			if ok != 1 {
				t.Fatalf("%d saves won", ok)
			}
		})

		step("a viewer sees its own views and the ones shared with its roles, default first", func(t *testing.T) {
			newView(borisV, "Za menadžere", false, "manager")
			newView(borisV, "Za inženjere", false, "engineer")
			page, err := store.Visible(ctx, anaV, "partners", 1, 10)
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, s := range page.Items {
				names = append(names, s.View.Name())
			}
			if page.Total != 3 || len(names) != 3 || names[0] != "Bar" || names[1] != "Podgorica" || names[2] != "Za menadžere" {
				t.Fatalf("visible = %v (total %d)", names, page.Total)
			}
			page, _ = store.Visible(ctx, anaV, "partners", 2, 2)
			if page.Total != 3 || len(page.Items) != 1 {
				t.Fatalf("page 2 = %d of %d", len(page.Items), page.Total)
			}
			page, _ = store.Visible(ctx, anaV, "partners", 9, 2)
			if page.Total != 3 || len(page.Items) != 0 {
				t.Fatalf("past the end = %d of %d", len(page.Items), page.Total)
			}
			if page, _ := store.Visible(ctx, anaV, "cities", 1, 10); page.Total != 0 {
				t.Fatalf("another list: %d", page.Total)
			}
		})

		step("a user keeps at most MaxViewsPerList views of one list", func(t *testing.T) {
			n, _ := store.CountOwn(ctx, anaV.UserID, "partners")
			for i := n; i < view.MaxViewsPerList; i++ {
				newView(anaV, "v"+string(rune('A'+i/26))+string(rune('a'+i%26)), false)
			}
			extra, _ := view.New(anaV, viewSchema, view.Input{Name: "Jedan previše"}, roles, t0)
			if err := store.Add(ctx, extra); !errors.Is(err, view.ErrTooMany) {
				t.Fatalf("past the limit: %v", err)
			}
		})

		step("delete asks the rule first and removes the row", func(t *testing.T) {
			if err := store.Delete(ctx, second.ID(), func(*view.View) error { return view.ErrReadOnly }); !errors.Is(err, view.ErrReadOnly) {
				t.Fatalf("refused delete: %v", err)
			}
			if err := store.Delete(ctx, second.ID(), func(*view.View) error { return nil }); err != nil {
				t.Fatal(err)
			}
			if _, _, err := store.Find(ctx, second.ID()); kernel.KindOf(err) != kernel.KindNotFound {
				t.Fatalf("deleted view: %v", err)
			}
		})
	})
}
