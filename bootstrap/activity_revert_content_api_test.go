package bootstrap

import (
	"fmt"
	"strings"
	"testing"
)

type revertAnswer struct {
	Record map[string]string `json:"record"`
	Event  *activityEvent    `json:"event"`
}

// revertOf posts the revert of event id (fields: all when none) as token and answers the
// response, failing unless its status is status.
func (a *api) revertOf(token string, id int64, status int, fields ...string) resp {
	a.t.Helper()
	body := map[string]any{}
	if len(fields) > 0 {
		body["fields"] = fields
	}
	return a.expect(a.do("POST", fmt.Sprintf("/api/activity/%d/revert", id), token, body), status)
}

// newestEvent is the newest event of a record.
func (a *api) newestEvent(t *testing.T, resource string, id int64) activityEvent {
	t.Helper()
	events, _ := a.activity(t, a.admin, fmt.Sprintf("page=1&per_page=1&resource=%s&record_id=%d", resource, id))
	if len(events) == 0 {
		t.Fatalf("no event of %s %d", resource, id)
	}
	return events[0]
}

// isRevertOf fails unless the answer's event is a revert pointing at id.
func isRevertOf(t *testing.T, out revertAnswer, id int64) activityEvent {
	t.Helper()
	if out.Event == nil || out.Event.Action != "revert" || out.Event.Reverts == nil || *out.Event.Reverts != id {
		t.Fatalf("the revert's event: %+v", out.Event)
	}
	return *out.Event
}

// Reverting a slider's change from the log (issue 21, ADR 0032): its fields through the
// slider's own edit at the version read, recorded as a revert pointing at the change; a
// revert of a revert; 409 when a field changed again since; the image never (422), the
// other fields of its change one by one; a value today's rules refuse is 422 (a hidden
// slider that has since been deactivated cannot be shown again); 403 for a role that reads
// sliders without writing them; a creation reverts by deactivation.
func TestActivityRevertSlider(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		w := a.partnerWorld()
		sl := a.createSlider(sliderFields("Baner alata", 1, w.alati), nil)
		path := fmt.Sprintf("/api/sliders/%d", sl.ID)
		edit := func(fields map[string]string, files map[string][]byte, status int) {
			t.Helper()
			a.expect(a.form("POST", path, a.admin, fields, files, version(a.slider(sl.ID).Version)...), status)
		}
		edit(sliderFields("Baner boja", 1, w.alati, w.boje), nil, 200)
		renamed := a.newestEvent(t, "sliders", sl.ID)
		if renamed.Action != "edit" || len(renamed.Changes) != 2 {
			t.Fatalf("the edit's event: %+v", renamed)
		}

		var out revertAnswer
		a.revertOf(a.admin, renamed.ID, 200).json(t, &out)
		back := isRevertOf(t, out, renamed.ID)
		if s := a.slider(sl.ID); s.Name != "Baner alata" || s.CategoryNames != "Alati" || out.Record["name"] != "Baner alata" ||
			out.Record["category_ids"] != fmt.Sprint(w.alati) {
			t.Fatalf("after the revert: %+v, answered %v", s, out.Record)
		}
		hasChange(t, back, "name", "Baner boja", "Baner alata")
		// A revert of the revert renames it again.
		a.revertOf(a.admin, back.ID, 200)
		if s := a.slider(sl.ID); s.Name != "Baner boja" || len(s.Categories) != 2 {
			t.Fatalf("after reverting the revert: %+v", s)
		}

		// Changed again since: 409 naming the newer name; nothing saved.
		edit(sliderFields("Baner treći", 1, w.alati, w.boje), nil, 200)
		before := a.slider(sl.ID)
		var conflict struct {
			Conflicts []struct {
				Field   string  `json:"field"`
				Current *string `json:"current"`
			} `json:"conflicts"`
		}
		a.revertOf(a.admin, renamed.ID, 409).json(t, &conflict)
		if len(conflict.Conflicts) != 1 || conflict.Conflicts[0].Field != "name" || *conflict.Conflicts[0].Current != "Baner treći" {
			t.Fatalf("409: %+v", conflict)
		}
		// The categories did not change since: they may go back alone.
		a.revertOf(a.admin, renamed.ID, 200, "category_ids")
		if s := a.slider(sl.ID); s.Name != "Baner treći" || s.CategoryNames != "Alati" || s.Version != before.Version+1 {
			t.Fatalf("after reverting the categories: %+v", s)
		}

		// A new banner with a new name: the image cannot come back, the name can.
		edit(sliderFields("Baner četvrti", 1, w.alati), map[string][]byte{"image": testJPEG(t, 100, 50)}, 200)
		reimaged := a.newestEvent(t, "sliders", sl.ID)
		if _, _, ok := changeOf(reimaged, "image"); !ok {
			t.Fatalf("the image's change is not on record: %+v", reimaged)
		}
		image := a.slider(sl.ID).Image
		a.createUser(userBody("Inž Inženjer", "inz", "engineer")) // reads sliders, does not write them
		engineer := a.login("inz", "pass1234")
		a.unchangedLog(t, func() {
			if errs := a.revertOf(a.admin, reimaged.ID, 422).fieldErrors(t); len(errs["fields"]) == 0 {
				t.Fatalf("422 without the fields' error: %v", errs)
			}
			a.revertOf(a.admin, reimaged.ID, 422, "image")
			a.revertOf(engineer, reimaged.ID, 403, "name")
		})
		a.revertOf(a.admin, reimaged.ID, 200, "name")
		if s := a.slider(sl.ID); s.Name != "Baner treći" || s.Image != image {
			t.Fatalf("after reverting the name: %+v", s)
		}

		// Hidden, then deactivated: showing it again is refused by the slider's rules.
		a.expect(a.do("PUT", fmt.Sprintf("/api/sliders/activate/%d", sl.ID), a.admin, nil), 200)
		hidden := a.newestEvent(t, "sliders", sl.ID)
		hasChange(t, hidden, "is_visible", "true", "false")
		a.toggle("/api/sliders", sl.ID, 200)
		a.unchangedLog(t, func() { a.revertOf(a.admin, hidden.ID, 422) })
		a.toggle("/api/sliders", sl.ID, 200)
		a.revertOf(a.admin, hidden.ID, 200)
		if s := a.slider(sl.ID); !s.IsVisible || !s.IsActive {
			t.Fatalf("after reverting the hide: %+v", s)
		}

		// A banner made a promotion page with an extra image: neither the image nor the type
		// alone goes back (the banner's type has no room for the image, whose file would go).
		promo := a.createSlider(sliderFields("Akcija", 1, w.alati), nil)
		a.expect(a.form("POST", fmt.Sprintf("/api/sliders/%d", promo.ID), a.admin, sliderFields("Akcija", 2, w.alati),
			map[string][]byte{"wyswygimg": testJPEG(t, 40, 40)}, version(promo.Version)...), 200)
		paged := a.newestEvent(t, "sliders", promo.ID)
		hasChange(t, paged, "type", "1", "2")
		a.unchangedLog(t, func() {
			a.revertOf(a.admin, paged.ID, 422)
			errs := a.revertOf(a.admin, paged.ID, 422, "type").fieldErrors(t)
			if len(errs["fields"]) == 0 || !strings.Contains(errs["fields"][0], "extra image") {
				t.Fatalf("422 for the type: %v", errs)
			}
		})
		if s := a.slider(promo.ID); s.Type != 2 || s.Wysiwyg == nil {
			t.Fatalf("a refused revert changed the slider: %+v", s)
		}

		// The creation reverts by deactivation, once.
		created, _ := a.activity(t, a.admin, fmt.Sprintf("page=1&resource=sliders&record_id=%d&action=create", sl.ID))
		a.revertOf(a.admin, created[0].ID, 200)
		if a.slider(sl.ID).IsActive {
			t.Fatal("the slider is still active")
		}
		a.revertOf(a.admin, created[0].ID, 409)
	})
}

// Reverting a campaign's change and a partner's cash in it (issue 21, ADR 0032): the
// campaign's fields through its edit at the version read (the image never), the cash through
// the cash's own use case in the partner's turn (never below what the cart is worth: 422;
// 409 when the cash changed since), each recorded as a revert pointing at the change; a link
// is not reverted (422); 403 for a role that reads campaigns without writing them.
func TestActivityRevertCampaign(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		w := a.campaignWorld() // 1001 with 500 cash, 1002 with 100
		id := w.campaign.ID
		path := fmt.Sprintf("/api/campaigns/%d", id)
		edit := func(fields map[string]string, files map[string][]byte) {
			t.Helper()
			a.expect(a.form("POST", path, a.admin, fields, files, version(a.campaign(id).Version)...), 200)
		}
		a.createUser(userBody("Fin Ancier", "fin", "financier")) // reads campaigns, does not write them
		reader := a.login("fin", "pass1234")

		t.Run("the campaign's own fields", func(t *testing.T) {
			edit(map[string]string{"name": "Proljetna kampanja", "description": "Novi opis"}, nil)
			renamed := a.newestEvent(t, "campaigns", id)
			var out revertAnswer
			a.revertOf(a.admin, renamed.ID, 200).json(t, &out)
			back := isRevertOf(t, out, renamed.ID)
			if c := a.campaign(id); c.Name != "Zimska kampanja" || out.Record["description"] != "Opis kampanje Zimska kampanja" {
				t.Fatalf("after the revert: %+v, answered %v", c, out.Record)
			}
			a.revertOf(a.admin, back.ID, 200)
			if c := a.campaign(id); c.Name != "Proljetna kampanja" {
				t.Fatalf("after reverting the revert: %+v", c)
			}
			edit(map[string]string{"name": "Ljetnja kampanja", "description": "Novi opis"}, nil)
			a.unchangedLog(t, func() {
				a.revertOf(a.admin, renamed.ID, 409)
				a.revertOf(reader, renamed.ID, 403)
			})
			a.revertOf(a.admin, renamed.ID, 200, "description")

			edit(map[string]string{"name": "Jesenja kampanja", "description": "Opis"}, map[string][]byte{"image": testJPEG(t, 90, 60)})
			reimaged := a.newestEvent(t, "campaigns", id)
			image := a.campaign(id).Image
			a.unchangedLog(t, func() { a.revertOf(a.admin, reimaged.ID, 422) })
			a.revertOf(a.admin, reimaged.ID, 200, "name", "description")
			if c := a.campaign(id); c.Name != "Ljetnja kampanja" || c.Image != image {
				t.Fatalf("after reverting the name: %+v", c)
			}
		})

		t.Run("a partner's cash", func(t *testing.T) {
			cashPath := fmt.Sprintf("/api/partnerCampaignsCash/%d", id)
			a.expect(a.do("POST", cashPath, a.admin, map[string]any{"partner_id": 1001, "cash": "750.255"}), 200)
			raised := findEvent(t, a.eventsOf(t, "resource=campaign_partners&action=cash"), "cash", 1001)
			var out revertAnswer
			a.revertOf(a.admin, raised.ID, 200).json(t, &out)
			back := isRevertOf(t, out, raised.ID)
			under(t, back, "campaigns", id)
			hasChange(t, back, "cash", "750.255", "500")
			a.onTimeline(t, 1001, back.ID, "campaign_cash")
			if got := a.cashOf(id); got != "1001:500 1002:100" || out.Record["cash"] != "500" {
				t.Fatalf("after the revert: %s, answered %v", got, out.Record)
			}
			a.revertOf(a.admin, back.ID, 200) // a revert of the revert
			if got := a.cashOf(id); got != "1001:750.255 1002:100" {
				t.Fatalf("after reverting the revert: %s", got)
			}

			a.unchangedLog(t, func() { a.revertOf(reader, raised.ID, 403) })
			// Changed since (by the batch form): 409 naming the cash now.
			a.expect(a.do("POST", "/api/partnerCampaigns", a.admin, map[string]any{"campaign_id": id,
				"partners": []map[string]any{{"id": 1001, "cash": "2000"}}}), 200)
			var conflict struct {
				Conflicts []struct {
					Field   string  `json:"field"`
					Current *string `json:"current"`
				} `json:"conflicts"`
			}
			a.unchangedLog(t, func() { a.revertOf(a.admin, raised.ID, 409).json(t, &conflict) })
			if len(conflict.Conflicts) != 1 || conflict.Conflicts[0].Field != "cash" || *conflict.Conflicts[0].Current != "2000" {
				t.Fatalf("409: %+v", conflict)
			}

			// The partner orders 1205 of its 2000: the cash cannot go back to 750.255.
			batch := findEvent(t, a.eventsOf(t, "resource=campaign_partners&action=cash"), "cash", 1001)
			hasChange(t, batch, "cash", "750.255", "2000")
			own := a.appLogin(partnerSignIn(1001, "tajna1"))
			a.expect(a.do("POST", fmt.Sprintf("/api/app/campaigns/%d/cart", id), own, map[string]any{"product_id": w.bušilica, "quantity": 10}), 201)
			a.unchangedLog(t, func() {
				if errs := a.revertOf(a.admin, batch.ID, 422).fieldErrors(t); len(errs["cash"]) == 0 {
					t.Fatalf("422 without the cash's error: %v", errs)
				}
			})
			if got := a.cashOf(id); got != "1001:2000 1002:100" {
				t.Fatalf("a refused revert changed the cash: %s", got)
			}

			// A link is not reverted from the log.
			linked := findEvent(t, a.eventsOf(t, "resource=campaign_partners&action=link"), "link", 1002)
			a.unchangedLog(t, func() { a.revertOf(a.admin, linked.ID, 422) })
		})

		t.Run("a creation reverts by deactivation", func(t *testing.T) {
			created, _ := a.activity(t, a.admin, fmt.Sprintf("page=1&resource=campaigns&record_id=%d&action=create", id))
			a.revertOf(a.admin, created[0].ID, 200)
			if a.campaign(id).IsActive {
				t.Fatal("the campaign is still active")
			}
		})
	})
}

// Reverting a partner's contact (issue 21, ADR 0032): its text and type through the
// contact's edit, a type that no longer exists refused (422), a creation by deactivation;
// the partners' write right is the contacts'.
func TestActivityRevertContact(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		w := a.partnerWorld()
		a.createPartner(partnerBody(601, "Kontakt Plus", w.city, "0", w.alati))
		var c map[string]any
		a.expect(a.do("POST", "/api/contacts", a.admin, map[string]any{"contact": "+382 20 111 222", "contact_type_id": 1, "partner_id": 601}), 201).json(t, &c)
		id := int64(c["id"].(float64))
		contact := func() map[string]any {
			t.Helper()
			var list []map[string]any
			a.expect(a.do("GET", "/api/contacts?partner_id=601", a.admin, nil), 200).json(t, &list)
			return list[0]
		}
		edit := func(text string, typ int) {
			t.Helper()
			a.expect(a.do("PUT", fmt.Sprintf("/api/contacts/%d", id), a.admin, map[string]any{"contact": text, "contact_type_id": typ,
				"version": contact()["version"]}), 200)
		}
		edit("info@kontakt.me", 3)
		changed := a.newestEvent(t, "contacts", id)
		var out revertAnswer
		a.revertOf(a.admin, changed.ID, 200).json(t, &out)
		back := isRevertOf(t, out, changed.ID)
		if got := contact(); got["contact"] != "+382 20 111 222" || got["contact_type_id"] != float64(1) {
			t.Fatalf("after the revert: %v", got)
		}
		a.onTimeline(t, 601, back.ID, "contact")
		a.revertOf(a.admin, back.ID, 200)
		if got := contact(); got["contact"] != "info@kontakt.me" {
			t.Fatalf("after reverting the revert: %v", got)
		}
		edit("prodaja@kontakt.me", 3)
		a.createUser(userBody("Inž Inženjer", "inz", "engineer")) // reads partners, does not write them
		engineer := a.login("inz", "pass1234")
		a.unchangedLog(t, func() {
			a.revertOf(a.admin, changed.ID, 409)
			a.revertOf(engineer, changed.ID, 403)
		})
		// A value under older rules (put in by SQL: a type that does not exist) is 422.
		res, err := a.app.DB.Exec(`UPDATE audit_events SET changes = REPLACE(changes, '"field":"contact_type_id","from":"1"', '"field":"contact_type_id","from":"999"') WHERE id = ?`, changed.ID)
		if n, _ := res.RowsAffected(); err != nil || n != 1 {
			t.Fatalf("the event's old type not replaced: %v", err)
		}
		a.unchangedLog(t, func() {
			if errs := a.revertOf(a.admin, changed.ID, 422, "contact_type_id").fieldErrors(t); len(errs["contact_type_id"]) == 0 {
				t.Fatalf("422 without the type's error: %v", errs)
			}
		})
		created, _ := a.activity(t, a.admin, fmt.Sprintf("page=1&resource=contacts&record_id=%d&action=create", id))
		a.revertOf(a.admin, created[0].ID, 200)
		if got := contact(); got["is_active"] != false {
			t.Fatalf("the contact is still active: %v", got)
		}
	})
}
