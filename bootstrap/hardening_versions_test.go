package bootstrap

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
)

const staleMessage = "The record was changed by someone else. Reload it to see the changes."

// ifMatch is the If-Match header naming the version the record at path (a GET of one) has
// now; 1 when there is none, for calls that expect a 404.
func (a *api) ifMatch(path string) []string {
	a.t.Helper()
	return []string{"If-Match", fmt.Sprintf(`"%d"`, a.versionAt(path))}
}

// versionAt is the version the record at path has now, or 1 when it cannot be read.
func (a *api) versionAt(path string) int64 {
	a.t.Helper()
	r := a.do("GET", path, a.admin, nil)
	var rows []struct {
		Version int64 `json:"version"`
	}
	if r.status != http.StatusOK || json.Unmarshal(r.body, &rows) != nil || len(rows) != 1 {
		return 1
	}
	return rows[0].Version
}

// loaded is one record as a GET answers it.
func (a *api) loaded(path string) map[string]any {
	a.t.Helper()
	var rows []map[string]any
	a.expect(a.do("GET", path, a.admin, nil), 200).json(a.t, &rows)
	if len(rows) != 1 {
		a.t.Fatalf("%s: %d rows", path, len(rows))
	}
	return rows[0]
}

func with(body map[string]any, version any) map[string]any {
	out := map[string]any{"version": version}
	for k, v := range body {
		out[k] = v
	}
	return out
}

// staleEdit is the scenario every edit call shares: A and B load version v; A saves; B's
// save with v is 409 and stores nothing; B's save with the new version (If-Match) is 200;
// an edit without a version is 422; a toggle between load and save makes an edit stale.
func (a *api) staleEdit(t *testing.T, method, path, getPath, field string, edit func(value string, version any, header ...string) resp) {
	t.Helper()
	v := a.loaded(getPath)["version"]
	if v == nil {
		t.Fatalf("%s answers no version", getPath)
	}
	a.expect(edit("Izmjena A", v), 200)
	r := a.expect(edit("Izmjena B", v), 409)
	if r.message(t) != staleMessage {
		t.Fatalf("%s %s: 409 message %q", method, path, r.message(t))
	}
	now := a.loaded(getPath)
	if now[field] != "Izmjena A" || now["version"].(float64) != v.(float64)+1 {
		t.Fatalf("%s: B's stale values must not be stored: %v", path, now)
	}
	a.expect(edit("Izmjena B", nil, "If-Match", fmt.Sprintf(`"%v"`, now["version"])), 200)
	if got := a.loaded(getPath)[field]; got != "Izmjena B" {
		t.Fatalf("%s: the save at the new version is stored, got %v", path, got)
	}
	r = a.expect(edit("Izmjena C", nil), 422)
	if got := r.fieldErrors(t)["version"]; len(got) != 1 || got[0] != "The version field is required." {
		t.Fatalf("%s without a version: %s", path, r.body)
	}
	if got := a.expect(edit("Izmjena C", "tri"), 422).fieldErrors(t)["version"]; len(got) != 1 || got[0] != "The version must be a number." {
		t.Fatalf("%s with a bad version: %v", path, got)
	}
	before := a.loaded(getPath)["version"]
	a.expect(a.do("DELETE", path, a.admin, nil), 200)
	a.expect(edit("Izmjena D", before), 409)
	if a.loaded(getPath)[field] != "Izmjena B" {
		t.Fatalf("%s: an edit loaded before a toggle must not be stored", path)
	}
}

func TestStaleEditsAreRefused(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		jsonEdit := func(path, field string, rest map[string]any) func(string, any, ...string) resp {
			return func(value string, version any, header ...string) resp {
				body := with(rest, version)
				if version == nil {
					delete(body, "version")
				}
				body[field] = value
				return a.do("PUT", path, a.admin, body, header...)
			}
		}
		for _, res := range []string{"/api/countries", "/api/categories"} {
			c := a.create(res, map[string]string{"name": "Početno"})
			p := fmt.Sprintf("%s/%d", res, c.ID)
			a.staleEdit(t, "PUT", p, p, "name", jsonEdit(p, "name", nil))
		}

		u := a.createUser(userBody("Ana Anić", "ana", "manager"))
		p := fmt.Sprintf("/api/users/%d", u.ID)
		a.staleEdit(t, "PUT", p, p, "name", jsonEdit(p, "name", map[string]any{"username": "ana", "roles": []string{"manager"}}))

		w := a.partnerWorld()
		a.createPartner(partnerBody("77", "Partner", w.city, "1", w.alati))
		edit := partnerBody(nil, "", w.city, "1", w.alati)
		edit["password"], edit["confirmPassword"] = "", ""
		a.staleEdit(t, "PUT", "/api/partners/77", "/api/partners/77", "name", jsonEdit("/api/partners/77", "name", edit))

		var c map[string]any
		a.expect(a.do("POST", "/api/contacts", a.admin, map[string]any{"contact": "+382 20 111 222", "contact_type_id": 1, "partner_id": 77}), 201).json(t, &c)
		if c["version"] != float64(1) {
			t.Fatalf("a new contact is at version 1: %v", c)
		}
		cp := fmt.Sprintf("/api/contacts/%v", c["id"])
		contactEdit := jsonEdit(cp, "contact", map[string]any{"contact_type_id": 1})
		a.expect(contactEdit("Kontakt A", 1), 200)
		if got := a.expect(contactEdit("Kontakt B", 1), 409).message(t); got != staleMessage {
			t.Fatalf("contact: %q", got)
		}
		var list []map[string]any
		a.expect(a.do("GET", "/api/contacts?partner_id=77", a.admin, nil), 200).json(t, &list)
		if len(list) != 1 || list[0]["contact"] != "Kontakt A" || list[0]["version"] != float64(2) {
			t.Fatalf("contacts after a stale edit: %v", list)
		}
		a.expect(contactEdit("Kontakt C", nil), 422)
		a.toggle("/api/contacts", int64(c["id"].(float64)), 200)
		a.expect(contactEdit("Kontakt D", 2), 409)
		a.expect(contactEdit("Kontakt D", 3), 200)
	})
}

// A product is edited with a multipart form: the version travels as a form field or as
// If-Match, and a stale edit leaves neither its fields nor its image behind.
func TestStaleProductEditsAreRefused(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		var created map[string]any
		a.expect(a.upload("/api/products", map[string]string{"name": "Čekić", "description": "Stolarski", "price": "10"},
			"a.jpg", testJPEG(t, 40, 30)), 201).json(t, &created)
		p := fmt.Sprintf("/api/products/%v", created["id"])
		edit := func(value string, version any, header ...string) resp {
			fields := map[string]string{"name": value, "description": "Stolarski", "price": "12"}
			if version != nil {
				fields["version"] = fmt.Sprint(version)
			}
			ct, body := multipartBody(t, fields, "", nil)
			return a.do("POST", p, a.admin, string(body), append([]string{"Content-Type", ct}, header...)...)
		}
		a.staleEdit(t, "POST", p, p, "name", edit)

		// A stale edit with a new image keeps the old image.
		v := a.loaded(p)
		fields := map[string]string{"name": "Sa slikom", "description": "Stolarski", "price": "12", "version": "1"}
		r := a.expect(a.upload(p, fields, "b.jpg", testJPEG(t, 40, 30)), 409)
		if r.message(t) != staleMessage || a.loaded(p)["image"] != v["image"] {
			t.Fatalf("a stale edit with an image: %s", r.body)
		}
	})
}

// The own profile is an edit too: a change an admin made meanwhile is not overwritten unseen.
func TestStaleOwnProfileIsRefused(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		ana := a.createUser(userBody("Ana Anić", "ana", "manager"))
		token := a.login("ana", "pass1234")
		loaded := a.ownVersion(token)
		body := map[string]string{"name": "Ana Nova", "username": "ana"}
		if f := a.expect(a.do("POST", "/api/userUpdate", token, body), 422).fieldErrors(t); f["version"][0] != "The version field is required." {
			t.Fatalf("no version: %v", f)
		}
		a.expect(a.do("PUT", fmt.Sprintf("/api/users/%d", ana.ID), a.admin,
			map[string]any{"name": "Ana Anić-Perić", "username": "ana", "roles": []string{"manager"}}, loaded...), 200)
		if msg := a.expect(a.do("POST", "/api/userUpdate", token, body, loaded...), 409).message(t); msg != staleMessage {
			t.Fatalf("stale profile: %q", msg)
		}
		var me map[string]any
		a.expect(a.do("GET", "/api/getLogedUserData", token, nil), 200).json(t, &me)
		if me["name"] != "Ana Anić-Perić" {
			t.Fatalf("the stale profile overwrote the admin's change: %v", me["name"])
		}
		a.expect(a.do("POST", "/api/userUpdate", token, body, a.ownVersion(token)...), 200)
	})
}

// The partner import moves the version of every partner it updates: an edit loaded before
// the import is stale.
func TestImportMakesEditsStale(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		w := a.partnerWorld()
		a.createPartner(partnerBody("31", "Prije uvoza", w.city, "1", w.alati))
		before := a.versionAt("/api/partners/31")
		rows := a.download("sort=id")
		rows[1][1] = "Iz uvoza"
		a.expect(a.uploadFile("/api/saveAddPartnerExcelDoc", "Partners.xlsx", workbook(t, rows)), 200)
		if after := a.versionAt("/api/partners/31"); after != before+1 {
			t.Fatalf("the import moves the version: %d → %d", before, after)
		}
		edit := partnerBody(nil, "Izmjena", w.city, "1", w.alati)
		edit["password"], edit["confirmPassword"], edit["version"] = "", "", before
		a.expect(a.do("PUT", "/api/partners/31", a.admin, edit), 409)
		if got := a.loaded("/api/partners/31")["name"]; got != "Iz uvoza" {
			t.Fatalf("the stale edit overwrote the import: %v", got)
		}
	})
}

// Every edit call (each PUT but the visibility toggles, the product's multipart POST and the
// own profile's POST)
// documents the If-Match header and the 409 of a stale edit.
func TestOpenAPIDocumentsStaleEdits(t *testing.T) {
	paths, routes := openAPIAndRoutes(t)
	edits := 0
	for _, r := range routes {
		isEdit := r.Method == "PUT" && !strings.Contains(r.Path, "/activate/") ||
			r.Method == "POST" && (r.Path == "/api/products/{id}" || r.Path == "/api/userUpdate")
		if !isEdit {
			continue
		}
		edits++
		op, _ := paths[r.Path][strings.ToLower(r.Method)].(map[string]any)
		if responses, _ := op["responses"].(map[string]any); responses["409"] == nil {
			t.Errorf("%s %s documents no 409", r.Method, r.Path)
		}
		found := false
		params, _ := op["parameters"].([]any)
		for _, p := range params {
			ref, _ := p.(map[string]any)
			found = found || ref["$ref"] == "#/components/parameters/if_match"
		}
		if !found {
			t.Errorf("%s %s documents no If-Match", r.Method, r.Path)
		}
	}
	if edits < 8 {
		t.Fatalf("only %d edit calls found", edits)
	}
}
