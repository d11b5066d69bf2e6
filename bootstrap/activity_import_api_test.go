package bootstrap

import (
	"fmt"
	"testing"
)

// An upload through HTTP is on record (issue 21): its own `import` event by the signed-in
// user with the uploaded file's name and counts, the changed partner's edit old → new and the
// new partner's creation under the same import id, nothing for the unchanged partner, and
// nothing at all for a refused file (422). The edit holds just what the file changed: the
// debt and the categories, each from what was stored.
func TestActivityPartnerImport(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		w := a.partnerWorld()
		a.createPartner(partnerBody(31, "Prvi Partner", w.city, "12000", w.alati))
		a.createPartner(partnerBody(32, "Drugi Partner", w.city, "500", w.alati))
		rows := a.download("sort=id")
		rows[1][8] = "120000.505"            // partner 31's debt
		rows[1][13] = "Boje i lakovi, Alati" // and its categories: Boje i lakovi added
		rows = append(rows, []string{"33", "Novi iz Excela", "Bulevar 1", "", "", "Podgorica", "", "1", "2", "3", "4", "5", "6", "Alati", ""})
		_, before := a.activity(t, a.admin, "page=1")
		a.expect(a.uploadFile("/api/saveAddPartnerExcelDoc", "Partneri jesen.xlsx", workbook(t, rows)), 200)

		imports, _ := a.activity(t, a.admin, "page=1&resource=partners&action=import")
		if len(imports) != 1 || imports[0].ImportID == nil || imports[0].Actor.Kind != "user" || imports[0].Request == "" {
			t.Fatalf("the import's own event: %+v", imports)
		}
		summary := map[string]any{}
		for _, c := range imports[0].Changes {
			summary[c["field"].(string)] = c["to"]
		}
		if summary["file"] != "Partneri jesen.xlsx" || summary["added"] != "1" || summary["updated"] != "1" || summary["unchanged"] != "1" {
			t.Fatalf("the import's file and counts: %v", summary)
		}
		id := *imports[0].ImportID
		alati, both := fmt.Sprint(w.alati), fmt.Sprint(min(w.alati, w.boje))+","+fmt.Sprint(max(w.alati, w.boje))
		for _, want := range []struct {
			query, action, field, from, to string
		}{
			{"record_id=31", "edit", "debt", "12000", "120000.505"},
			{"record_id=31", "edit", "category_ids", alati, both},
			{"record_id=33", "create", "debt", "", "2"},
		} {
			events, _ := a.activity(t, a.admin, "page=1&resource=partners&"+want.query)
			e := events[0]
			if e.Action != want.action || e.ImportID == nil || *e.ImportID != id {
				t.Fatalf("%s: %+v", want.query, e)
			}
			found := false
			for _, c := range e.Changes {
				if c["field"] == want.field {
					from, _ := c["from"].(string)
					found = from == want.from && c["to"] == want.to
				}
			}
			if !found {
				t.Fatalf("%s: %s %s → %s not in %v", want.query, want.field, want.from, want.to, e.Changes)
			}
			if e.Action == "edit" && len(e.Changes) != 2 {
				t.Fatalf("%s: the edit holds more than the debt and the categories: %v", want.query, e.Changes)
			}
		}
		if events, _ := a.activity(t, a.admin, "page=1&resource=partners&record_id=32"); len(events) != 1 || events[0].Action != "create" {
			t.Fatalf("the unchanged partner has only its creation: %+v", events)
		}
		_, after := a.activity(t, a.admin, "page=1")
		if after == before {
			t.Fatal("the import recorded nothing")
		}

		// A refused file writes no event.
		rows[1][8] = "not a figure"
		a.expect(a.uploadFile("/api/saveAddPartnerExcelDoc", "Lose.xlsx", workbook(t, rows)), 422)
		if _, total := a.activity(t, a.admin, "page=1"); total != after {
			t.Fatalf("a refused file recorded: %s events, %s before", total, after)
		}
	})
}
