package view

import (
	"errors"
	"strings"
	"testing"
	"time"

	"vitrina/domain/kernel"
)

var (
	now      = time.Date(2026, 11, 28, 10, 0, 0, 0, time.UTC)
	roles    = []string{"admin", "director", "manager", "engineer", "financier"}
	partners = Schema{List: "partners", Filters: []string{"name", "city_name", "debt", "is_active", "category_ids"},
		Sorts: []string{"name", "debt", "id"}}
	manager  = Viewer{UserID: 7, Roles: []string{"manager"}}
	director = Viewer{UserID: 8, Roles: []string{"director"}}
	admin    = Viewer{UserID: 1, Roles: []string{"admin"}}
	engineer = Viewer{UserID: 9, Roles: []string{"engineer"}}
)

func fields(err error) map[string][]string {
	var e *kernel.Error
	if errors.As(err, &e) {
		return e.Fields
	}
	return nil
}

func TestNewValidatesAgainstTheListAndTheLimits(t *testing.T) {
	good := Input{Name: "  Dužnici Podgorica ", State: State{Filters: map[string]string{"city_name": "Podgorica", "debt": ">1000", "name": ""},
		Sort: "debt", Order: "desc", PerPage: 50, Columns: []string{"name", "debt", "name"}}}
	v, err := New(manager, partners, good, roles, now)
	if err != nil {
		t.Fatal(err)
	}
	if v.Name() != "Dužnici Podgorica" || v.List() != "partners" || v.Owner() != 7 {
		t.Fatalf("view = %q %q %d", v.Name(), v.List(), v.Owner())
	}
	if got := v.State(); len(got.Filters) != 2 || got.Filters["name"] != "" || len(got.Columns) != 2 {
		t.Fatalf("state = %+v: empty filters and repeated columns are not kept", got)
	}

	long := strings.Repeat("a", MaxFilterLength+1)
	many := map[string]string{}
	for i := 0; i <= MaxFilters; i++ {
		many["name"+strings.Repeat("x", i)] = "a"
	}
	cols := make([]string, MaxColumns+1)
	for i := range cols {
		cols[i] = "c"
	}
	cases := []struct {
		name  string
		in    Input
		field string
	}{
		{"no name", Input{Name: "  "}, "name"},
		{"long name", Input{Name: strings.Repeat("n", kernel.MaxNameLength+1)}, "name"},
		{"control character in name", Input{Name: "a\x00b"}, "name"},
		{"unknown filter", Input{Name: "x", State: State{Filters: map[string]string{"old": "1"}}}, "state.filters.old"},
		{"hostile filter key", Input{Name: "x", State: State{Filters: map[string]string{"a;DROP": "1"}}}, "state.filters"},
		{"long filter", Input{Name: "x", State: State{Filters: map[string]string{"name": long}}}, "state.filters.name"},
		{"line break in filter", Input{Name: "x", State: State{Filters: map[string]string{"name": "a\nb"}}}, "state.filters.name"},
		{"too many filters", Input{Name: "x", State: State{Filters: many}}, "state.filters"},
		{"unknown sort", Input{Name: "x", State: State{Sort: "password"}}, "state.sort"},
		{"bad order", Input{Name: "x", State: State{Order: "sideways"}}, "state.order"},
		{"page too large", Input{Name: "x", State: State{PerPage: MaxPerPage + 1}}, "state.per_page"},
		{"negative page", Input{Name: "x", State: State{PerPage: -1}}, "state.per_page"},
		{"too many columns", Input{Name: "x", State: State{Columns: cols}}, "state.columns"},
		{"hostile column", Input{Name: "x", State: State{Columns: []string{"<img>"}}}, "state.columns"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := New(manager, partners, c.in, roles, now)
			if kernel.KindOf(err) != kernel.KindInvalid || len(fields(err)[c.field]) == 0 {
				t.Fatalf("err = %v, want 422 on %s", err, c.field)
			}
		})
	}
	// Exactly at the limits is fine.
	if _, err := New(manager, partners, Input{Name: strings.Repeat("n", kernel.MaxNameLength),
		State: State{Filters: map[string]string{"name": strings.Repeat("a", MaxFilterLength)}, PerPage: MaxPerPage}}, roles, now); err != nil {
		t.Fatalf("at the limits: %v", err)
	}
}

func TestOnlyAnAdminOrADirectorShares(t *testing.T) {
	in := Input{Name: "Za menadžere", SharedRoles: []string{"manager", "engineer", "manager"}}
	if _, err := New(manager, partners, in, roles, now); !errors.Is(err, ErrMayNotShare) || kernel.KindOf(err) != kernel.KindForbidden {
		t.Fatalf("a manager shares: %v, want 403", err)
	}
	v, err := New(director, partners, in, roles, now)
	if err != nil {
		t.Fatal(err)
	}
	if got := v.SharedRoles(); len(got) != 2 || got[0] != "engineer" || got[1] != "manager" {
		t.Fatalf("shared roles = %v, want sorted without repeats", got)
	}
	if _, err := New(admin, partners, Input{Name: "x", SharedRoles: []string{"king"}}, roles, now); len(fields(err)["shared_roles"]) == 0 {
		t.Fatalf("unknown role: %v", err)
	}
}

func TestASharedViewIsReadOnlyToOthersAndInvisibleToOtherRoles(t *testing.T) {
	v, err := New(director, partners, Input{Name: "Tim", SharedRoles: []string{"manager"}}, roles, now)
	if err != nil {
		t.Fatal(err)
	}
	if !v.VisibleTo(manager) || v.VisibleTo(engineer) || !v.VisibleTo(director) {
		t.Fatal("a view shared with managers shows to managers and its owner only")
	}
	if err := v.Edit(manager, partners, Input{Name: "Moj"}, roles, now); !errors.Is(err, ErrReadOnly) {
		t.Fatalf("a manager edits a shared view: %v, want read-only", err)
	}
	if err := v.MayChange(manager); !errors.Is(err, ErrReadOnly) {
		t.Fatalf("a manager deletes a shared view: %v", err)
	}
	// An admin may change a view shared with it, not one it cannot see.
	if err := v.MayChange(admin); !errors.Is(err, ErrReadOnly) {
		t.Fatalf("an admin changes a view not shared with it: %v", err)
	}
	if err := v.Edit(director, partners, Input{Name: "Tim 2", SharedRoles: []string{"manager", "admin"}}, roles, now); err != nil {
		t.Fatal(err)
	}
	if err := v.Edit(admin, partners, Input{Name: "Tim 3", Default: true, SharedRoles: []string{"admin"}}, roles, now); err != nil {
		t.Fatal(err)
	}
	if v.Name() != "Tim 3" || v.IsDefault() {
		t.Fatalf("an admin's edit renames, and never makes another's view the owner's default: %q %v", v.Name(), v.IsDefault())
	}
}

func TestAViewerWhoMayNotShareKeepsTheRolesItHas(t *testing.T) {
	v := Rehydrate(3, manager.UserID, "partners", "Moj", State{}, false, nil, now)
	if err := v.Edit(manager, partners, Input{Name: "Moj 2"}, roles, now); err != nil {
		t.Fatal(err)
	}
	if err := v.Edit(manager, partners, Input{Name: "Moj 3", SharedRoles: []string{"engineer"}}, roles, now); !errors.Is(err, ErrMayNotShare) {
		t.Fatalf("a manager shares its own view: %v", err)
	}
}

func TestReconciledDropsWhatTheListNoLongerHas(t *testing.T) {
	v := Rehydrate(4, 7, "partners", "Stari", State{Filters: map[string]string{"name": "ana", "region": "sjever", "pib": "1"},
		Sort: "region", Order: "desc", PerPage: 20, Columns: []string{"name"}}, true, nil, now)
	state, dropped := v.Reconciled(partners)
	if len(dropped) != 3 || dropped[0] != "pib" || dropped[1] != "region" || dropped[2] != "region" {
		t.Fatalf("dropped = %v, want the two filters and the sort", dropped)
	}
	if len(state.Filters) != 1 || state.Filters["name"] != "ana" || state.Sort != "" || state.Order != "" || state.PerPage != 20 {
		t.Fatalf("state = %+v", state)
	}
	if _, dropped := Rehydrate(5, 7, "partners", "Novi", State{Filters: map[string]string{"name": "x"}, Sort: "debt"}, false, nil, now).Reconciled(partners); len(dropped) != 0 {
		t.Fatalf("a current view drops %v", dropped)
	}
}
