package bootstrap

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"vitrina/adapters/http/kit"
	"vitrina/adapters/http/viewhttp"
	"vitrina/adapters/persistence/dbtest"
	"vitrina/domain/view"
)

type viewOut struct {
	ID    int64  `json:"id"`
	List  string `json:"list"`
	Name  string `json:"name"`
	State struct {
		Filters map[string]string `json:"filters"`
		Sort    string            `json:"sort"`
		Order   string            `json:"order"`
		PerPage int               `json:"per_page"`
		Columns []string          `json:"columns"`
	} `json:"state"`
	Default     bool     `json:"default"`
	SharedRoles []string `json:"shared_roles"`
	Own         bool     `json:"own"`
	ReadOnly    bool     `json:"read_only"`
	Dropped     []string `json:"dropped"`
	Version     int64    `json:"version"`
}

func viewBody(list, name string, filters map[string]string, extra ...any) map[string]any {
	b := map[string]any{"list": list, "name": name,
		"state": map[string]any{"filters": filters, "sort": "name", "order": "desc", "per_page": 20, "columns": []string{"name", "phone"}}}
	for i := 0; i+1 < len(extra); i += 2 {
		b[extra[i].(string)] = extra[i+1]
	}
	return b
}

func (a *api) views(token, list string) []viewOut {
	a.t.Helper()
	var out []viewOut
	a.expect(a.do("GET", "/api/views?list="+list, token, nil), 200).json(a.t, &out)
	return out
}

func viewNames(vs []viewOut) []string {
	out := make([]string, 0, len(vs))
	for _, v := range vs {
		out = append(out, v.Name)
	}
	return out
}

func TestSavedViews(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		a.createUser(userBody("Menadžer", "manager", "manager"))
		a.createUser(userBody("Menadžer Dva", "manager2", "manager"))
		a.createUser(userBody("Direktor", "director", "director"))
		a.createUser(userBody("Finansije", "financier", "financier"))
		a.createUser(userBody("Inženjer", "engineer", "engineer"))
		manager, manager2 := a.login("manager", "pass1234"), a.login("manager2", "pass1234")
		director, financier, engineer := a.login("director", "pass1234"), a.login("financier", "pass1234"), a.login("engineer", "pass1234")

		// Own views: saved whole, the first default, and a new default clears the old one.
		var bar, pg viewOut
		a.expect(a.do("POST", "/api/views", manager, viewBody("partners", "Bar", map[string]string{"city_name": "Bar", "debt": ">100", "is_active": "1", "category_ids": "1,2"}, "default", true)), 201).json(t, &bar)
		if !bar.Own || !bar.Default || bar.ReadOnly || bar.Version != 1 || bar.State.Filters["debt"] != ">100" || bar.State.PerPage != 20 || len(bar.State.Columns) != 2 || len(bar.Dropped) != 0 {
			t.Fatalf("created %+v", bar)
		}
		a.expect(a.do("POST", "/api/views", manager, viewBody("partners", "Podgorica", map[string]string{"city_name": "Podgorica"}, "default", true)), 201).json(t, &pg)
		got := a.views(manager, "partners")
		if len(got) != 2 || got[0].Name != "Podgorica" || !got[0].Default || got[1].Default {
			t.Fatalf("one default per list: %+v", got)
		}
		r := a.expect(a.do("GET", "/api/views?list=partners&page=1&per_page=1", manager, nil), 200)
		if r.header.Get("X-Total-Count") != "2" {
			t.Fatalf("paged like every list: total %q", r.header.Get("X-Total-Count"))
		}

		// Validated as the list call validates: unknown list, a key the list lacks, a value it refuses, limits.
		for _, c := range []struct {
			body  map[string]any
			field string
		}{
			{viewBody("passwords", "X", nil), "list"},
			{viewBody("partners", "X", map[string]string{"password": "1"}), "state.filters.password"},
			{viewBody("partners", "X", map[string]string{"debt": "a lot"}), "state.filters.debt"},
			{viewBody("partners", "X", map[string]string{"is_active": "maybe"}), "state.filters.is_active"},
			{viewBody("partners", "X", map[string]string{"category_ids": "1,x"}), "state.filters.category_ids"},
			{viewBody("partners", "X", map[string]string{"name": string(make([]rune, 201))}), "state.filters.name"},
			{viewBody("partners", string(make([]byte, 0)), nil), "name"},
			{map[string]any{"list": "partners", "name": "X", "state": map[string]any{"sort": "password_hash"}}, "state.sort"},
			{map[string]any{"list": "partners", "name": "X", "state": map[string]any{"per_page": 1000}}, "state.per_page"},
			{map[string]any{"name": "X"}, "list"},
		} {
			if errs := a.expect(a.do("POST", "/api/views", manager, c.body), 422).fieldErrors(t); len(errs[c.field]) == 0 {
				t.Fatalf("%v: errors %v, want %s", c.body, errs, c.field)
			}
		}
		long := make([]rune, 201)
		for i := range long {
			long[i] = 'a'
		}
		if errs := a.expect(a.do("POST", "/api/views", manager, viewBody("partners", "X", map[string]string{"name": string(long)})), 422).fieldErrors(t); len(errs["state.filters.name"]) == 0 {
			t.Fatalf("a long filter: %v", errs)
		}
		a.expect(a.do("POST", "/api/views", manager, viewBody("partners", "bar", nil)), 422) // the name is taken

		// Only an admin or a director shares; a shared view is read-only to the role and unseen by others.
		a.expect(a.do("POST", "/api/views", manager, viewBody("partners", "Za sve", nil, "shared_roles", []string{"engineer"})), 403)
		var shared viewOut
		a.expect(a.do("POST", "/api/views", director, viewBody("partners", "Dužnici", map[string]string{"debt": ">1000"}, "shared_roles", []string{"manager"})), 201).json(t, &shared)
		got = a.views(manager2, "partners")
		if len(got) != 1 || got[0].Name != "Dužnici" || got[0].Own || !got[0].ReadOnly || got[0].Default {
			t.Fatalf("the shared view to another manager: %+v", got)
		}
		if names := viewNames(a.views(manager, "partners")); !slices.Equal(names, []string{"Podgorica", "Bar", "Dužnici"}) {
			t.Fatalf("own then shared: %v", names)
		}
		if len(a.views(engineer, "partners")) != 0 {
			t.Fatal("a view shared with managers shows to an engineer")
		}
		path := fmt.Sprintf("/api/views/%d", shared.ID)
		a.expect(a.do("PUT", path, manager, viewBody("partners", "Moje", nil), "If-Match", `"1"`), 403)
		a.expect(a.do("DELETE", path, manager, nil), 403)
		a.expect(a.do("PUT", path, engineer, viewBody("partners", "Moje", nil), "If-Match", `"1"`), 404) // not shared with it
		a.expect(a.do("DELETE", path, engineer, nil), 404)

		// Another user's own view is unknown; the owner edits at its version, a stale edit is 409.
		barPath := fmt.Sprintf("/api/views/%d", bar.ID)
		a.expect(a.do("PUT", barPath, manager2, viewBody("partners", "Tuđe", nil), "If-Match", `"2"`), 404)
		a.expect(a.do("DELETE", barPath, director, nil), 404)
		a.expect(a.do("PUT", barPath, manager, viewBody("partners", "Bar i okolina", nil)), 422) // no version
		var renamed viewOut
		a.expect(a.do("PUT", barPath, manager, viewBody("partners", "Bar i okolina", map[string]string{"city_name": "Bar"}, "version", bar.Version+1)), 200).json(t, &renamed)
		if renamed.Name != "Bar i okolina" || renamed.Version != bar.Version+2 {
			t.Fatalf("renamed %+v", renamed)
		}
		if a.expect(a.do("PUT", barPath, manager, viewBody("partners", "Opet", nil, "version", bar.Version+1)), 409).message(t) == "" {
			t.Fatal("409 needs a message")
		}
		a.expect(a.do("PUT", "/api/views/99999", manager, viewBody("partners", "X", nil), "If-Match", `"1"`), 404)

		// A filter the list no longer has: the view opens without it and says so.
		if _, err := a.app.DB.NewUpdate().Table("saved_views").Set("state = ?", `{"filters":{"city_name":"Bar","region":"jug"},"sort":"region","per_page":20}`).
			Where("id = ?", bar.ID).Exec(context.Background()); err != nil {
			t.Fatal(err)
		}
		for _, v := range a.views(manager, "partners") {
			if v.ID == bar.ID && (!slices.Equal(v.Dropped, []string{"region", "region"}) || v.State.Filters["region"] != "" || v.State.Filters["city_name"] != "Bar" || v.State.Sort != "") {
				t.Fatalf("stale view %+v", v)
			}
		}

		// Views of a list the role may not read: neither listed nor saved.
		a.expect(a.do("GET", "/api/views?list=users", financier, nil), 403)
		a.expect(a.do("POST", "/api/views", financier, viewBody("users", "Svi", nil)), 403)
		a.expect(a.do("POST", "/api/views", financier, viewBody("partners", "Moji partneri", nil)), 201)
		a.expect(a.do("GET", "/api/views", financier, nil), 422) // the list is required

		// The owner deletes; the admin sees only what is its own or shared with it.
		a.expect(a.do("DELETE", fmt.Sprintf("/api/views/%d", pg.ID), manager, nil), 204)
		a.expect(a.do("DELETE", fmt.Sprintf("/api/views/%d", pg.ID), manager, nil), 404)
		if len(a.views(a.admin, "partners")) != 0 {
			t.Fatal("the admin sees others' views")
		}

		// A partner's app session is refused like every panel call.
		a.addPartner(5, "Partner Pet")
		appToken := a.appLogin(partnerSignIn(5, "tajna1"))
		a.expect(a.do("GET", "/api/views?list=partners", appToken, nil), 403)
		a.expect(a.do("POST", "/api/views", appToken, viewBody("partners", "X", nil)), 403)
	})
}

// Every list screen of the panel, its campaign tabs and choose dialogs, is a list a view may
// name, and a view's limits are the list call's.
func TestViewListsAreTheListCalls(t *testing.T) {
	if view.MaxFilterLength != kit.MaxFilterLength || view.MaxPerPage != kit.MaxPerPage {
		t.Fatal("a view's limits differ from the list call's")
	}
	a := startAPI(t, dbtest.SQLiteURL(t))
	lists := viewhttp.NewLists()
	lists.Learn(a.app.Server.Routes())
	names := lists.Names()
	for _, want := range []string{"users", "countries", "categories", "cities", "products", "stores", "partners", "partnersActive",
		"productsActive", "categoriesActive", "customerSupport", "sliders", "campaigns", "notifications",
		"campaignPartners", "campaignCart", "campaignProducts", "campaignCategories"} {
		if !slices.Contains(names, want) {
			t.Errorf("%s is not a list views may name: %v", want, names)
		}
	}
	partners, _ := lists.List("partners")
	for _, k := range []string{"name", "city_name", "debt", "is_active", "category_ids"} {
		if !slices.Contains(partners.Keys.Filters, k) {
			t.Errorf("partners' filters lack %s: %v", k, partners.Keys.Filters)
		}
	}
	if partners.Resource != "partners" || partners.Action != "read" {
		t.Errorf("partners' access = %s %s", partners.Resource, partners.Action)
	}
}
