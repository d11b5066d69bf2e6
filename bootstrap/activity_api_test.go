package bootstrap

import (
	"fmt"
	"strings"
	"testing"
)

type activityEvent struct {
	ID    int64 `json:"id"`
	Actor struct {
		Kind string `json:"kind"`
		ID   *int64 `json:"id"`
		Name string `json:"name"`
	} `json:"actor"`
	Resource string           `json:"resource"`
	RecordID int64            `json:"record_id"`
	Parent   *map[string]any  `json:"parent"`
	Action   string           `json:"action"`
	Changes  []map[string]any `json:"changes"`
	ImportID *string          `json:"import_id"`
	Reverts  *int64           `json:"reverts"`
	Request  string           `json:"request_id"`
	Address  string           `json:"address"`
}

func (a *api) activity(t *testing.T, token, query string) ([]activityEvent, string) {
	t.Helper()
	var out []activityEvent
	r := a.expect(a.do("GET", "/api/activity?"+query, token, nil), 200)
	r.json(t, &out)
	return out, r.header.Get("X-Total-Count")
}

// The activity log (issue 21): what the store mechanism recorded, read through the API as a
// role may see it, a record's history, the filters' refusals and the chain check.
func TestActivityLog(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		me := a.create("/api/countries", map[string]string{"name": "Crna Gora"})
		path := fmt.Sprintf("/api/countries/%d", me.ID)
		a.expect(a.do("PUT", path, a.admin, map[string]string{"name": "Montenegro"}, a.ifMatch(path)...), 200)

		t.Run("the list is newest first with who, what and from where", func(t *testing.T) {
			events, total := a.activity(t, a.admin, "page=1&per_page=20&resource=countries")
			if total != "2" || len(events) != 2 {
				t.Fatalf("total %s, %d events: %+v", total, len(events), events)
			}
			edit, create := events[0], events[1]
			if edit.Action != "edit" || create.Action != "create" || edit.ID <= create.ID {
				t.Fatalf("order or actions: %+v", events)
			}
			if edit.Actor.Kind != "user" || edit.Actor.ID == nil || edit.Actor.Name == "" || edit.Request == "" || edit.Address == "" {
				t.Fatalf("who and from where: %+v", edit)
			}
			if edit.RecordID != me.ID || edit.Parent != nil || edit.ImportID != nil || edit.Reverts != nil {
				t.Fatalf("what: %+v", edit)
			}
			var name map[string]any
			for _, c := range edit.Changes {
				if c["field"] == "name" {
					name = c
				}
			}
			if name == nil || name["from"] != "Crna Gora" || name["to"] != "Montenegro" {
				t.Fatalf("the name's change: %+v", edit.Changes)
			}
			var one activityEvent
			a.expect(a.do("GET", fmt.Sprintf("/api/activity/%d", edit.ID), a.admin, nil), 200).json(t, &one)
			if one.ID != edit.ID || one.Action != "edit" {
				t.Fatalf("one event: %+v", one)
			}
			a.expect(a.do("GET", "/api/activity/999999", a.admin, nil), 404)
		})

		t.Run("a record's history is its events, and an unknown record is 404", func(t *testing.T) {
			var events []activityEvent
			r := a.expect(a.do("GET", path+"/history?page=1&per_page=10", a.admin, nil), 200)
			r.json(t, &events)
			if r.header.Get("X-Total-Count") != "2" || len(events) != 2 || events[0].Action != "edit" {
				t.Fatalf("history %s: %+v", r.header.Get("X-Total-Count"), events)
			}
			a.expect(a.do("GET", "/api/countries/999999/history", a.admin, nil), 404)
		})

		t.Run("a password change says only that it changed", func(t *testing.T) {
			u := a.createUser(userBody("Ana Anić", "ana", "manager"))
			events, _ := a.activity(t, a.admin, fmt.Sprintf("page=1&resource=users&record_id=%d", u.ID))
			if len(events) != 1 || events[0].Action != "create" {
				t.Fatalf("the user's events: %+v", events)
			}
			secret := false
			for _, c := range events[0].Changes {
				if strings.Contains(c["field"].(string), "password") {
					if c["changed"] != true || c["from"] != nil || c["to"] != nil {
						t.Fatalf("a secret change carries values: %+v", c)
					}
					secret = true
				}
			}
			if !secret {
				t.Fatalf("the creation names no password change: %+v", events[0].Changes)
			}
		})

		t.Run("a role reads the events of what it may read", func(t *testing.T) {
			a.createUser(userBody("Fina Financ", "fina", "financier")) // reads partners, not countries
			fina := a.login("fina", "pass1234")
			events, _ := a.activity(t, fina, "page=1&per_page=100")
			for _, e := range events {
				if e.Resource == "countries" {
					t.Fatalf("a financier sees a country's change: %+v", e)
				}
			}
			a.expect(a.do("GET", "/api/activity?page=1&resource=countries", fina, nil), 422)
			all, _ := a.activity(t, a.admin, "page=1&resource=countries")
			a.expect(a.do("GET", fmt.Sprintf("/api/activity/%d", all[0].ID), fina, nil), 404)
			a.expect(a.do("GET", path+"/history", fina, nil), 403)
			a.expect(a.do("GET", "/api/activity/verify", fina, nil), 403)
		})

		t.Run("filters narrow and wrong ones are refused", func(t *testing.T) {
			events, total := a.activity(t, a.admin, "page=1&resource=countries&action=edit")
			if total != "1" || len(events) != 1 {
				t.Fatalf("action filter: %s %+v", total, events)
			}
			if _, total := a.activity(t, a.admin, "page=1&q=montenegro"); total == "0" {
				t.Fatal("the text filter finds nothing")
			}
			if _, total := a.activity(t, a.admin, "page=1&resource=countries&from=2000-01-01&to=2000-01-02"); total != "0" {
				t.Fatalf("a day long ago has %s events", total)
			}
			for _, q := range []string{"action=steal", "from=yesterday", "to=2026-13-01", "record_id=5", "user_id=-1",
				"per_page=1000", "sort=name", "color=red", "q=" + strings.Repeat("x", 101), "resource=secrets",
				"from=2026-11-02&to=2026-11-01"} {
				a.expect(a.do("GET", "/api/activity?page=1&"+q, a.admin, nil), 422)
			}
		})

		t.Run("the chain holds, and only the admin checks it", func(t *testing.T) {
			var v struct {
				OK          bool   `json:"ok"`
				Events      int    `json:"events"`
				FirstBroken *int64 `json:"first_broken"`
			}
			a.expect(a.do("GET", "/api/activity/verify", a.admin, nil), 200).json(t, &v)
			if !v.OK || v.Events < 3 || v.FirstBroken != nil {
				t.Fatalf("verdict %+v", v)
			}
			a.createUser(userBody("Dir Direktor", "dir", "director"))
			a.expect(a.do("GET", "/api/activity/verify", a.login("dir", "pass1234"), nil), 403)
		})

		t.Run("a partner app session never reads it", func(t *testing.T) {
			a.expect(a.do("GET", "/api/activity?page=1", "", nil), 401)
		})
	})
}
