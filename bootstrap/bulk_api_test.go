package bootstrap

import (
	"context"
	"fmt"
	"testing"
	"time"

	"vitrina/adapters/persistence"
)

// bulkRun is a bulk action's or an undo's answer (issue 25).
type bulkRun struct {
	EventID      int64  `json:"event_id"`
	Kind         string `json:"kind"`
	State        string `json:"state"`
	Total        int    `json:"total"`
	Done         *int   `json:"done"`
	Restored     *int   `json:"restored"`
	Unchanged    int    `json:"unchanged"`
	SkippedCount int    `json:"skipped_count"`
	Skipped      []struct {
		ID     int64  `json:"id"`
		Code   string `json:"code"`
		Reason string `json:"reason"`
	} `json:"skipped"`
	Left []struct {
		ID     int64  `json:"id"`
		Code   string `json:"code"`
		Reason string `json:"reason"`
	} `json:"left"`
	UndoUntil *time.Time `json:"undo_until"`
	UndoneBy  *int64     `json:"undone_by_event"`
	UndoOf    *int64     `json:"undo_of"`
}

// finished waits, on its event's state, for a run answered while still running (202).
func (a *api) finished(t *testing.T, token string, r resp) bulkRun {
	t.Helper()
	var run bulkRun
	r.json(t, &run)
	for run.State == "running" {
		var e struct {
			Bulk bulkRun `json:"bulk"`
		}
		a.expect(a.do("GET", fmt.Sprintf("/api/activity/%d", run.EventID), token, nil), 200).json(t, &e)
		run = e.Bulk
	}
	return run
}

func (a *api) bulk(t *testing.T, token, path string, body any) bulkRun {
	t.Helper()
	r := a.do("POST", path, token, body)
	if r.status != 200 && r.status != 202 {
		t.Fatalf("POST %s: %d %s", path, r.status, r.body)
	}
	return a.finished(t, token, r)
}

func (a *api) undo(t *testing.T, token string, event int64) bulkRun {
	t.Helper()
	r := a.do("POST", fmt.Sprintf("/api/activity/%d/undo", event), token, nil)
	if r.status != 200 && r.status != 202 {
		t.Fatalf("undo %d: %d %s", event, r.status, r.body)
	}
	return a.finished(t, token, r)
}

func (a *api) partnerActive(t *testing.T, id int64) bool {
	t.Helper()
	var p []partnerOut // the spec's one-row answer
	a.expect(a.do("GET", fmt.Sprintf("/api/partners/%d", id), a.admin, nil), 200).json(t, &p)
	return p[0].IsActive
}

// Bulk actions on partners (issue 25): selected by a filter resolved on the server, each
// partner's rule applied, one event per partner under the action's event, and the undo that
// restores only what is still as the action left it.
func TestBulkPartners(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		w := a.partnerWorld()
		for i := int64(1); i <= 6; i++ {
			cats := []int64{w.alati}
			if i%2 == 0 {
				cats = append(cats, w.boje)
			}
			a.createPartner(partnerBody(fmt.Sprint(100+i), fmt.Sprintf("Gradnja %d", i), w.city, "0", cats...))
		}
		a.createPartner(partnerBody("200", "Drvo Nikšić", w.city, "0", w.boje))
		a.toggle("/api/partners", 106, 200) // inactive already

		run := a.bulk(t, a.admin, "/api/partners/bulk", map[string]any{"action": "deactivate", "filter": map[string]any{"name": "gradnja"}})
		if run.Kind != "bulk" || run.State != "done" || run.Total != 6 || *run.Done != 5 || run.Unchanged != 1 || run.SkippedCount != 0 {
			t.Fatalf("deactivate by filter: %+v", run)
		}
		if run.UndoUntil == nil || time.Until(*run.UndoUntil) < 29*time.Minute {
			t.Fatalf("undo window: %+v", run.UndoUntil)
		}
		for i := int64(101); i <= 106; i++ {
			if a.partnerActive(t, i) {
				t.Fatalf("partner %d still active", i)
			}
		}
		if !a.partnerActive(t, 200) {
			t.Fatal("a partner outside the filter was deactivated")
		}
		// The filtered list answers from the partner index, which followed the bulk writes.
		if ids, total := a.partnerIDs("name=gradnja&is_active=1"); total != "0" {
			t.Fatalf("active gradnja after the action: %v", ids)
		}

		t.Run("one event names the action; each partner's event carries its group", func(t *testing.T) {
			var e activityEvent
			a.expect(a.do("GET", fmt.Sprintf("/api/activity/%d", run.EventID), a.admin, nil), 200).json(t, &e)
			if e.Action != "bulk" || e.Resource != "partners" || e.ImportID == nil {
				t.Fatalf("the action's event: %+v", e)
			}
			history, _ := a.activity(t, a.admin, "page=1&per_page=5&resource=partners&record_id=103")
			if len(history) == 0 || history[0].Action != "deactivate" || history[0].ImportID == nil || *history[0].ImportID != *e.ImportID {
				t.Fatalf("partner 103's history: %+v", history)
			}
		})

		t.Run("a partner keeps one category: removing its last is skipped with the reason", func(t *testing.T) {
			run := a.bulk(t, a.admin, "/api/partners/bulk", map[string]any{"action": "remove_category", "ids": []int64{101, 102, 200, 999},
				"category_id": w.alati})
			if *run.Done != 1 || run.Unchanged != 1 || run.SkippedCount != 2 || len(run.Skipped) != 2 {
				t.Fatalf("remove: %+v", run)
			}
			if run.Skipped[0].ID != 101 || run.Skipped[0].Reason != "You must choose at least one category." ||
				run.Skipped[1].ID != 999 || run.Skipped[1].Code != "partner-not-found" {
				t.Fatalf("skipped: %+v", run.Skipped)
			}
			var p []partnerOut
			a.expect(a.do("GET", "/api/partners/102", a.admin, nil), 200).json(t, &p)
			if p[0].CategoryNames != "Boje i lakovi" {
				t.Fatalf("102's categories: %q", p[0].CategoryNames)
			}
			a.expect(a.do("POST", "/api/partners/bulk", a.admin, map[string]any{"action": "add_category", "ids": []int64{101},
				"category_id": 99999}), 422)
		})

		t.Run("the undo restores what is still as the action left it and lists the rest", func(t *testing.T) {
			a.toggle("/api/partners", 103, 200) // reactivated by hand since
			undo := a.undo(t, a.admin, run.EventID)
			if undo.Kind != "undo" || undo.State != "done" || *undo.Restored != 4 || len(undo.Left) != 1 || undo.Left[0].ID != 103 ||
				undo.Left[0].Code != "revert-changed-since" || undo.UndoOf == nil || *undo.UndoOf != run.EventID {
				t.Fatalf("undo: %+v", undo)
			}
			for _, id := range []int64{101, 102, 104, 105} {
				if !a.partnerActive(t, id) {
					t.Fatalf("partner %d not restored", id)
				}
			}
			if a.partnerActive(t, 106) {
				t.Fatal("partner 106 was inactive before the action and must stay so")
			}
			var e struct {
				Bulk bulkRun `json:"bulk"`
			}
			a.expect(a.do("GET", fmt.Sprintf("/api/activity/%d", run.EventID), a.admin, nil), 200).json(t, &e)
			if e.Bulk.UndoneBy == nil || *e.Bulk.UndoneBy != undo.EventID {
				t.Fatalf("the action names its undo: %+v", e.Bulk)
			}
			history, _ := a.activity(t, a.admin, "page=1&per_page=1&resource=partners&record_id=104")
			if history[0].Action != "revert" || history[0].Reverts == nil {
				t.Fatalf("104's undo event: %+v", history[0])
			}
			if msg := a.expect(a.do("POST", fmt.Sprintf("/api/activity/%d/undo", run.EventID), a.admin, nil), 409).message(t); msg != "This bulk action was already undone." {
				t.Fatalf("second undo: %q", msg)
			}
			a.expect(a.do("POST", fmt.Sprintf("/api/activity/%d/undo", undo.EventID), a.admin, nil), 422)
		})

		t.Run("past the window the undo is refused", func(t *testing.T) {
			run := a.bulk(t, a.admin, "/api/partners/bulk", map[string]any{"action": "deactivate", "ids": []int64{200}})
			if _, err := a.app.DB.NewUpdate().Table("bulk_runs").Set("finished_at = ?", time.Now().Add(-31*time.Minute).UTC()).
				Where("event_id = ?", run.EventID).Exec(context.Background()); err != nil {
				t.Fatal(err)
			}
			if msg := a.expect(a.do("POST", fmt.Sprintf("/api/activity/%d/undo", run.EventID), a.admin, nil), 409).message(t); msg != "The undo window of this bulk action has passed." {
				t.Fatalf("late undo: %q", msg)
			}
			if a.partnerActive(t, 200) {
				t.Fatal("a refused undo changed the partner")
			}
		})

		t.Run("bad requests change nothing", func(t *testing.T) {
			for _, body := range []map[string]any{
				{"action": "deactivate"},
				{"action": "deactivate", "ids": []int64{101}, "filter": map[string]any{"name": "x"}},
				{"action": "hide", "ids": []int64{101}},
				{"action": "deactivate", "filter": map[string]any{"nmae": "gradnja"}},
				{"action": "deactivate", "filter": map[string]any{"name": string(make([]byte, 300))}},
				{"action": "add_category", "ids": []int64{101}},
				{"action": "deactivate", "ids": []int64{-1}},
			} {
				a.expect(a.do("POST", "/api/partners/bulk", a.admin, body), 422)
			}
			if !a.partnerActive(t, 101) {
				t.Fatal("a refused action changed a partner")
			}
			a.expect(a.do("POST", "/api/partners/bulk", "", map[string]any{"action": "deactivate", "ids": []int64{101}}), 401)
		})

		t.Run("a second action on the list while one runs is refused", func(t *testing.T) {
			held, release := make(chan struct{}), make(chan struct{})
			done := make(chan error, 1)
			go func() {
				_, err := persistence.NewLocks(a.app.DB).Try(context.Background(), "bulk partners", func(context.Context) error {
					close(held)
					<-release
					return nil
				})
				done <- err
			}()
			<-held
			msg := a.expect(a.do("POST", "/api/partners/bulk", a.admin, map[string]any{"action": "deactivate", "ids": []int64{101}}), 409).message(t)
			close(release)
			if err := <-done; err != nil {
				t.Fatal(err)
			}
			if msg != "A bulk action on this list is already running. Try again when it has finished." || !a.partnerActive(t, 101) {
				t.Fatalf("busy: %q", msg)
			}
			// Another list is not held up.
			a.bulk(t, a.admin, "/api/countries/bulk", map[string]any{"action": "activate", "filter": map[string]any{}})
		})
	})
}

// Who may run and undo bulk actions: the list's write right runs one; only the user who ran
// it, or an admin, undoes it.
func TestBulkPermissions(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		w := a.partnerWorld()
		a.createPartner(partnerBody("301", "Alati Bar", w.city, "0", w.alati))
		for _, u := range []struct{ name, role string }{{"mira", "manager"}, {"mitar", "manager"}, {"ena", "engineer"}, {"fina", "financier"}} {
			a.createUser(userBody(u.name, u.name, u.role))
		}
		mira, mitar := a.login("mira", "pass1234"), a.login("mitar", "pass1234")
		ena, fina := a.login("ena", "pass1234"), a.login("fina", "pass1234")
		deactivate := map[string]any{"action": "deactivate", "ids": []int64{301}}

		a.expect(a.do("POST", "/api/partners/bulk", ena, deactivate), 403)                                                        // partners: read
		a.expect(a.do("POST", "/api/categories/bulk", mira, map[string]any{"action": "deactivate", "ids": []int64{w.boje}}), 403) // categories: read
		a.expect(a.do("POST", "/api/users/bulk", fina, deactivate), 403)                                                          // users: none
		if !a.partnerActive(t, 301) {
			t.Fatal("a refused action changed the partner")
		}

		run := a.bulk(t, mira, "/api/partners/bulk", deactivate)
		if *run.Done != 1 || a.partnerActive(t, 301) {
			t.Fatalf("the manager's action: %+v", run)
		}
		a.expect(a.do("POST", fmt.Sprintf("/api/activity/%d/undo", run.EventID), mitar, nil), 403) // another manager
		a.expect(a.do("POST", fmt.Sprintf("/api/activity/%d/undo", run.EventID), ena, nil), 403)   // may not write partners
		undo := a.undo(t, mira, run.EventID)
		if *undo.Restored != 1 || !a.partnerActive(t, 301) {
			t.Fatalf("her own undo: %+v", undo)
		}

		run = a.bulk(t, mitar, "/api/partners/bulk", deactivate)
		if undo := a.undo(t, a.admin, run.EventID); *undo.Restored != 1 { // an admin undoes anyone's
			t.Fatalf("the admin's undo: %+v", undo)
		}
		a.expect(a.do("POST", fmt.Sprintf("/api/activity/%d/undo", 999999), a.admin, nil), 404)
	})
}

// The catalog's own rules hold for each record: a category in use is skipped (435's rule),
// the rest done; and the undo sets back only the records the action changed.
func TestBulkCatalogAndSliders(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		w := a.partnerWorld()
		a.createPartner(partnerBody("401", "Boje Kotor", w.city, "0", w.boje))
		free := a.create("/api/categories", map[string]string{"name": "Rasvjeta"}).ID

		run := a.bulk(t, a.admin, "/api/categories/bulk", map[string]any{"action": "deactivate", "filter": map[string]any{}})
		if run.Total != 3 || *run.Done != 2 || run.SkippedCount != 1 || run.Skipped[0].ID != w.boje || run.Skipped[0].Code != "category-in-use" {
			t.Fatalf("categories: %+v", run)
		}
		undo := a.undo(t, a.admin, run.EventID)
		if *undo.Restored != 2 || len(undo.Left) != 0 {
			t.Fatalf("undo: %+v", undo)
		}
		var cats []named
		a.expect(a.do("GET", "/api/categoriesActive", a.admin, nil), 200).json(t, &cats)
		if len(cats) != 3 {
			t.Fatalf("active categories after the undo: %+v (free %d)", cats, free)
		}

		// Sliders: a category added and taken out, each slider keeping one; shown and hidden.
		one := a.createSlider(sliderFields("Baner alata", 1, w.alati), nil)
		two := a.createSlider(sliderFields("Baner boja", 1, w.boje, w.alati), nil)
		ids := []int64{one.ID, two.ID}
		run = a.bulk(t, a.admin, "/api/sliders/bulk", map[string]any{"action": "remove_category", "ids": ids, "category_id": w.alati})
		if *run.Done != 1 || run.SkippedCount != 1 || run.Skipped[0].ID != one.ID || run.Skipped[0].Reason != "You must choose at least one category." {
			t.Fatalf("sliders' category: %+v", run)
		}
		if got := a.slider(two.ID).CategoryNames; got != "Boje i lakovi" {
			t.Fatalf("slider two's categories: %q", got)
		}
		hide := a.bulk(t, a.admin, "/api/sliders/bulk", map[string]any{"action": "hide", "ids": ids})
		if *hide.Done != 2 || a.slider(one.ID).IsVisible || a.slider(two.ID).IsVisible {
			t.Fatalf("hide: %+v", hide)
		}
		if undo := a.undo(t, a.admin, run.EventID); *undo.Restored != 1 || a.slider(two.ID).CategoryNames != "Alati, Boje i lakovi" {
			t.Fatalf("the category's undo: %+v, %q", undo, a.slider(two.ID).CategoryNames)
		}
		if undo := a.undo(t, a.admin, hide.EventID); *undo.Restored != 2 || !a.slider(one.ID).IsVisible {
			t.Fatalf("the hide's undo: %+v", undo)
		}
	})
}

// A campaign's partners' cash by a percentage and its cart's deliveries, with the cart's
// rule (the cash never below what the cart holds) and their undo.
func TestBulkCampaignCashAndCart(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		w := a.campaignWorld() // partners 1001 (cash 500) and 1002 (cash 100)
		id := w.campaign.ID
		own := a.appLogin(partnerSignIn(1002, "tajna1"))
		a.expect(a.do("POST", fmt.Sprintf("/api/app/campaigns/%d/cart", id), own, map[string]any{"product_id": w.boja, "quantity": 10}), 201) // 100 of its 100
		totals := func() (string, string) {
			r := a.expect(a.do("GET", fmt.Sprintf("/api/campaignDetailsById/cart/%d?page=1", id), a.admin, nil), 200)
			c := a.expect(a.do("GET", fmt.Sprintf("/api/campaignDetailsById/partners/%d?page=1", id), a.admin, nil), 200)
			return c.header.Get("X-Total-Cash"), r.header.Get("X-Total-Delivered")
		}
		path := fmt.Sprintf("/api/campaigns/%d/partners/bulk", id)
		a.expect(a.do("POST", path, a.admin, map[string]any{"action": "cash", "filter": map[string]any{}, "percent": "-200"}), 422)
		a.expect(a.do("POST", path, a.admin, map[string]any{"action": "cash", "filter": map[string]any{}, "cash": "1.2.3"}), 422)
		run := a.bulk(t, a.admin, path, map[string]any{"action": "cash", "filter": map[string]any{}, "percent": "-10"})
		// 1001: 500 → 450. 1002: 100 → 90 would be below its cart's 100: skipped.
		if run.Total != 2 || *run.Done != 1 || run.SkippedCount != 1 || run.Skipped[0].ID != 1002 {
			t.Fatalf("cash -10 %%: %+v", run)
		}
		if cash, _ := totals(); cash != "550" {
			t.Fatalf("total cash after: %s", cash)
		}
		if undo := a.undo(t, a.admin, run.EventID); *undo.Restored != 1 {
			t.Fatalf("cash undo: %+v", undo)
		}
		if cash, _ := totals(); cash != "600" {
			t.Fatalf("total cash after the undo: %s", cash)
		}

		cart := fmt.Sprintf("/api/campaigns/%d/cart/bulk", id)
		run = a.bulk(t, a.admin, cart, map[string]any{"action": "deliver", "filter": map[string]any{}})
		if run.Total != 1 || *run.Done != 1 {
			t.Fatalf("deliver: %+v", run)
		}
		if _, delivered := totals(); delivered != "100" {
			t.Fatalf("delivered: %s", delivered)
		}
		if undo := a.undo(t, a.admin, run.EventID); *undo.Restored != 1 {
			t.Fatalf("deliver undo: %+v", undo)
		}
		if _, delivered := totals(); delivered != "0" {
			t.Fatalf("delivered after the undo: %s", delivered)
		}
		a.expect(a.do("POST", "/api/campaigns/999/partners/bulk", a.admin, map[string]any{"action": "cash", "ids": []int64{1}, "cash": "10"}), 404)
		a.expect(a.do("POST", "/api/campaigns/999/cart/bulk", a.admin, map[string]any{"action": "deliver", "filter": map[string]any{}}), 404)
	})
}

// A server that stops mid-run: the run stops between batches and says so, the batches done
// stay done (and are undone later); a run a dead process left "running" is ended at start.
func TestBulkStoppedMidRun(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		w := a.partnerWorld()
		ctx := context.Background()
		const n = 30_000
		for from := 0; from < n; from += 1000 {
			values, args := "", []any{}
			for j := from; j < from+1000; j++ {
				if values != "" {
					values += ", "
				}
				values += "(?, ?, ?, '', '', '', '', '', '', '', '', ?, true, ?, ?)"
				name := fmt.Sprintf("Trgovina %d", j)
				args = append(args, 10_000+j, name, name, w.city, time.Now().UTC(), time.Now().UTC())
			}
			if _, err := a.app.DB.ExecContext(ctx, "INSERT INTO partners (id, name, name_fold, address, address_fold, pib, pib_fold, pdv, pdv_fold, "+
				"phone, phone_fold, city_id, is_active, created_at, updated_at) VALUES "+values, args...); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := a.app.DB.ExecContext(ctx, "INSERT INTO partner_categories (partner_id, category_id) SELECT id, ? FROM partners", w.alati); err != nil {
			t.Fatal(err)
		}
		b := a.app.Bulk
		b.Answer = time.Millisecond
		serving, stop := context.WithCancel(ctx)
		served := make(chan error, 1)
		go func() { served <- b.Serve(serving) }()

		r := a.do("POST", "/api/partners/bulk", a.admin, map[string]any{"action": "deactivate", "filter": map[string]any{}})
		var run bulkRun
		a.expect(r, 202).json(t, &run)
		for {
			var e struct {
				Bulk bulkRun `json:"bulk"`
			}
			a.expect(a.do("GET", fmt.Sprintf("/api/activity/%d", run.EventID), a.admin, nil), 200).json(t, &e)
			if e.Bulk.Done != nil && *e.Bulk.Done > 0 || e.Bulk.State != "running" {
				break
			}
		}
		stop() // SIGTERM: the workers' context ends
		if err := <-served; err != nil {
			t.Fatal(err)
		}
		var e struct {
			Bulk struct {
				bulkRun
				Failure *string `json:"failure"`
			} `json:"bulk"`
		}
		a.expect(a.do("GET", fmt.Sprintf("/api/activity/%d", run.EventID), a.admin, nil), 200).json(t, &e)
		done := *e.Bulk.Done
		if e.Bulk.State != "failed" || e.Bulk.Failure == nil || *e.Bulk.Failure != "The server stopped during this bulk action." || done == 0 || done >= n {
			t.Fatalf("stopped run: %+v %v (done %d)", e.Bulk, e.Bulk.Failure, done)
		}
		var inactive int
		if err := a.app.DB.NewRaw("SELECT count(*) FROM partners WHERE NOT is_active").Scan(ctx, &inactive); err != nil {
			t.Fatal(err)
		}
		if inactive != done {
			t.Fatalf("the run says %d done, the table has %d inactive", done, inactive)
		}
		a.expect(a.do("POST", "/api/partners/bulk", a.admin, map[string]any{"action": "activate", "ids": []int64{10_000}}), 429)

		// A run a dead process left: the next start ends it.
		if _, err := a.app.DB.ExecContext(ctx, "INSERT INTO bulk_runs (grp, kind, resource, action, actor_id, total, state, started_at) "+
			"VALUES ('orphan', 'bulk', 'countries', 'deactivate', 1, 5, 'running', ?)", time.Now().UTC()); err != nil {
			t.Fatal(err)
		}
		again, stopAgain := context.WithCancel(ctx)
		go func() { served <- b.Serve(again) }() // what the next start's worker does first
		for {
			var state, failure string
			if err := a.app.DB.NewRaw("SELECT state, failure FROM bulk_runs WHERE grp = 'orphan'").Scan(ctx, &state, &failure); err != nil {
				t.Fatal(err)
			}
			if state != "running" {
				if state != "failed" || failure != "The server stopped during this bulk action." {
					t.Fatalf("the orphan: %s %q", state, failure)
				}
				break
			}
		}
		stopAgain()
		<-served
	})
}

// Every bulk call per role: the list's write right lets the call in (an empty selection is
// then 422), its absence is 403 before anything is read, as the policy says.
func TestBulkCallsPerRole(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		campaign := a.createCampaign("Proljeće")
		writes := map[string][]string{ // the roles whose policy lines include write on the list's resource
			"partners": {"admin", "director", "manager", "financier"}, "countries": {"admin", "director"},
			"categories": {"admin", "director"}, "cities": {"admin", "director"}, "products": {"admin", "director", "manager"},
			"stores": {"admin", "director", "manager"}, "users": {"admin", "director"}, "campaigns": {"admin", "director", "manager"},
			"sliders": {"admin", "director", "manager"},
		}
		tokens := map[string]string{"admin": a.admin}
		for _, role := range []string{"director", "manager", "engineer", "financier"} {
			a.createUser(userBody("Uloga "+role, "u-"+role, role))
			tokens[role] = a.login("u-"+role, "pass1234")
		}
		paths := map[string]string{}
		for list := range writes {
			paths["/api/"+list+"/bulk"] = list
		}
		paths[fmt.Sprintf("/api/campaigns/%d/partners/bulk", campaign.ID)] = "campaigns"
		paths[fmt.Sprintf("/api/campaigns/%d/cart/bulk", campaign.ID)] = "campaigns"
		for path, list := range paths {
			for role, token := range tokens {
				want := 403
				for _, r := range writes[list] {
					if r == role {
						want = 422
					}
				}
				a.expect(a.do("POST", path, token, map[string]any{"action": "deactivate"}), want)
			}
		}
	})
}
