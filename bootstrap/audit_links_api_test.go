package bootstrap

import (
	"fmt"
	"testing"
)

// eventsOf answers the events of resource (newest first) as the admin reads them.
func (a *api) eventsOf(t *testing.T, query string) []activityEvent {
	t.Helper()
	events, _ := a.activity(t, a.admin, "page=1&per_page=100&"+query)
	return events
}

// eventCount is the activity log's exact total.
func (a *api) eventCount(t *testing.T) string {
	t.Helper()
	_, total := a.activity(t, a.admin, "page=1&per_page=10")
	return total
}

// changeOf is a change's from and to as the API writes them ("<nil>" for null), and whether
// the event has the field.
func changeOf(e activityEvent, field string) (string, string, bool) {
	for _, c := range e.Changes {
		if c["field"] == field {
			return fmt.Sprint(c["from"]), fmt.Sprint(c["to"]), true
		}
	}
	return "", "", false
}

// findEvent is the newest event with the action and record among events, failing without one.
func findEvent(t *testing.T, events []activityEvent, action string, record int64) activityEvent {
	t.Helper()
	for _, e := range events {
		if e.Action == action && e.RecordID == record {
			return e
		}
	}
	t.Fatalf("no %s of %d in %+v", action, record, events)
	return activityEvent{}
}

// hasChange fails unless e changed field from → to ("<nil>" for null).
func hasChange(t *testing.T, e activityEvent, field, from, to string) {
	t.Helper()
	f, tt, ok := changeOf(e, field)
	if !ok || f != from || tt != to {
		t.Fatalf("%s of event %d: %q → %q (present %v), want %q → %q: %+v", field, e.ID, f, tt, ok, from, to, e.Changes)
	}
}

// under fails unless e's parent is the resource's record id.
func under(t *testing.T, e activityEvent, resource string, id int64) {
	t.Helper()
	if e.Parent == nil || (*e.Parent)["resource"] != resource || fmt.Sprint((*e.Parent)["id"]) != fmt.Sprint(id) {
		t.Fatalf("parent of event %d: %v, want %s %d", e.ID, e.Parent, resource, id)
	}
}

// onTimeline fails unless the partner's timeline has event id with kind.
func (a *api) onTimeline(t *testing.T, partner, id int64, kind string) {
	t.Helper()
	var items []struct {
		ID   int64  `json:"id"`
		Kind string `json:"kind"`
	}
	a.expect(a.do("GET", fmt.Sprintf("/api/partners/%d/timeline?page=1&per_page=100", partner), a.admin, nil), 200).json(t, &items)
	for _, it := range items {
		if it.ID == id {
			if it.Kind != kind {
				t.Fatalf("event %d on %d's timeline as %s, want %s", id, partner, it.Kind, kind)
			}
			return
		}
	}
	t.Fatalf("event %d is not on partner %d's timeline: %+v", id, partner, items)
}

// unchangedLog fails when write added an event to the log.
func (a *api) unchangedLog(t *testing.T, write func()) {
	t.Helper()
	before := a.eventCount(t)
	write()
	if after := a.eventCount(t); after != before {
		t.Fatalf("a refused write left events: %s → %s", before, after)
	}
}

// A campaign's composition is on record (issue 21): each category, product and partner
// linked or unlinked under the campaign, a partner's cash from → to, exactly; the partner's
// events on its timeline; a refused change leaves none.
func TestCampaignLinksAreRecorded(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		w := a.campaignWorld() // alati and boje, bušilica and boja, 1001 with 500 and 1002 with 100
		id := w.campaign.ID

		cats := a.eventsOf(t, "resource=campaign_categories")
		for _, cat := range []int64{w.alati, w.boje} {
			e := findEvent(t, cats, "link", cat)
			under(t, e, "campaigns", id)
			hasChange(t, e, "category_id", "<nil>", fmt.Sprint(cat))
			if e.Actor.Kind != "user" || e.Actor.Name == "" {
				t.Fatalf("actor %+v", e.Actor)
			}
		}
		under(t, findEvent(t, a.eventsOf(t, "resource=campaign_products"), "link", w.boja), "campaigns", id)
		partners := a.eventsOf(t, "resource=campaign_partners")
		linked := findEvent(t, partners, "link", 1001)
		under(t, linked, "campaigns", id)
		hasChange(t, linked, "cash", "<nil>", "500")
		hasChange(t, linked, "partner_id", "<nil>", "1001")
		a.onTimeline(t, 1001, linked.ID, "campaign_cash")

		// One partner's cash (its turn) and the batch form (the composition): from → to, exact.
		cashPath := fmt.Sprintf("/api/partnerCampaignsCash/%d", id)
		a.expect(a.do("POST", cashPath, a.admin, map[string]any{"partner_id": 1001, "cash": "750.255"}), 200)
		cash := findEvent(t, a.eventsOf(t, "resource=campaign_partners&action=cash"), "cash", 1001)
		hasChange(t, cash, "cash", "500", "750.255")
		under(t, cash, "campaigns", id)
		a.onTimeline(t, 1001, cash.ID, "campaign_cash")
		a.expect(a.do("POST", "/api/partnerCampaigns", a.admin, map[string]any{"campaign_id": id,
			"partners": []map[string]any{{"id": 1001, "cash": "800"}, {"id": 1002, "cash": 100}}}), 200)
		events := a.eventsOf(t, "resource=campaign_partners")
		hasChange(t, events[0], "cash", "750.255", "800")
		if events[0].Action != "cash" || events[0].RecordID != 1001 || events[1].ID != cash.ID {
			t.Fatalf("an unchanged cash recorded, or the change missing: %+v", events[:2])
		}

		// Refused writes record nothing.
		a.unchangedLog(t, func() {
			a.expect(a.do("POST", cashPath, a.admin, map[string]any{"partner_id": 999, "cash": "1"}), 422)
			a.expect(a.do("POST", "/api/partnerCampaigns", a.admin, map[string]any{"campaign_id": id,
				"partners": []map[string]any{{"id": 1001, "cash": "900"}, {"id": 999, "cash": 1}}}), 422)
		})

		// Removing a category prunes 1002 (only in boje): the category and the partner unlinked.
		a.expect(a.do("DELETE", fmt.Sprintf("/api/deleteCampaignItemCategory/%d/%d", id, w.boje), a.admin, nil), 200)
		hasChange(t, findEvent(t, a.eventsOf(t, "resource=campaign_categories&action=unlink"), "unlink", w.boje), "category_id", fmt.Sprint(w.boje), "<nil>")
		pruned := findEvent(t, a.eventsOf(t, "resource=campaign_partners&action=unlink"), "unlink", 1002)
		hasChange(t, pruned, "cash", "100", "<nil>")
		under(t, pruned, "campaigns", id)
		a.onTimeline(t, 1002, pruned.ID, "campaign_cash")
		a.expect(a.do("DELETE", fmt.Sprintf("/api/deleteCampaignItemProduct/%d/%d", id, w.boja), a.admin, nil), 200)
		findEvent(t, a.eventsOf(t, "resource=campaign_products&action=unlink"), "unlink", w.boja)

		// The stepper's save: 1002 back in with its cash, bušilica out.
		cur := a.campaign(id).Version
		a.expect(a.do("PUT", fmt.Sprintf("/api/campaignDetails/%d", id), a.admin, map[string]any{
			"categories": []map[string]any{{"category_id": w.alati}, {"category_id": w.boje}},
			"partners":   []map[string]any{{"partner_id": 1001, "cash": "800"}, {"partner_id": 1002, "cash": "42.5"}},
			"products":   []map[string]any{{"product_id": w.boja}}}, version(cur)...), 200)
		hasChange(t, findEvent(t, a.eventsOf(t, "resource=campaign_partners&action=link"), "link", 1002), "cash", "<nil>", "42.5")
		findEvent(t, a.eventsOf(t, "resource=campaign_products&action=unlink"), "unlink", w.bušilica)
		// The campaign's history: its own edits and its links', none of another campaign's.
		other := a.createCampaign("Ljetnja kampanja")
		var history []activityEvent
		r := a.expect(a.do("GET", fmt.Sprintf("/api/campaigns/%d/history?page=1&per_page=100", id), a.admin, nil), 200)
		r.json(t, &history)
		seen := map[int64]bool{}
		for _, e := range history {
			seen[e.ID] = true
			if e.RecordID == other.ID && e.Resource == "campaigns" {
				t.Fatalf("another campaign's event: %+v", e)
			}
		}
		if !seen[linked.ID] || !seen[pruned.ID] || !seen[cash.ID] || history[len(history)-1].Action != "create" ||
			r.header.Get("X-Total-Count") != fmt.Sprint(len(history)) {
			t.Fatalf("the campaign's history (%s): %+v", r.header.Get("X-Total-Count"), history)
		}
		a.unchangedLog(t, func() { // stale
			a.expect(a.do("PUT", fmt.Sprintf("/api/campaignDetails/%d", id), a.admin, map[string]any{
				"categories": []map[string]any{{"category_id": w.alati}}, "partners": []map[string]any{{"partner_id": 1001, "cash": "1"}},
				"products": []map[string]any{}}, version(cur)...), 409)
		})
	})
}

// A partner's cart is on record (issue 21): an order and a withdrawal by the partner through
// the app, a delivery and its undoing by staff, each with the product, quantity and value,
// on the partner's timeline; a refused order or withdrawal leaves none.
func TestCartIsRecorded(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		w := a.campaignWorld()
		id := w.campaign.ID
		own := a.appLogin(partnerSignIn(1001, "tajna1"))
		cartPath := fmt.Sprintf("/api/app/campaigns/%d/cart", id)
		var cart []appItemOut
		a.expect(a.do("POST", cartPath, own, map[string]any{"product_id": w.bušilica, "quantity": 3}), 201).json(t, &cart)
		item := cart[0].ID
		order := findEvent(t, a.eventsOf(t, "resource=cart_items"), "order", item)
		if order.Actor.Kind != "partner" || order.Actor.ID == nil || *order.Actor.ID != 1001 {
			t.Fatalf("the order's actor %+v", order.Actor)
		}
		under(t, order, "campaigns", id)
		hasChange(t, order, "product_id", "<nil>", fmt.Sprint(w.bušilica))
		hasChange(t, order, "quantity", "<nil>", "3")
		hasChange(t, order, "price", "<nil>", "120.5")
		hasChange(t, order, "value", "<nil>", "361.5")
		a.onTimeline(t, 1001, order.ID, "order")

		a.unchangedLog(t, func() {
			a.expect(a.do("POST", cartPath, own, map[string]any{"product_id": w.bušilica, "quantity": 2}), 422) // past the cash
			a.expect(a.do("POST", fmt.Sprintf("/api/partnerCampaignsCash/%d", id), a.admin, map[string]any{"partner_id": 1001, "cash": "100"}), 422)
		})

		toggle := fmt.Sprintf("/api/deleteCampaignItemCart/%d", item)
		a.expect(a.do("DELETE", toggle, a.admin, nil), 200)
		deliver := findEvent(t, a.eventsOf(t, "resource=cart_items&action=deliver"), "deliver", item)
		if deliver.Actor.Kind != "user" || deliver.Actor.Name != "admin" {
			t.Fatalf("the delivery's actor %+v", deliver.Actor)
		}
		hasChange(t, deliver, "delivered", "false", "true")
		hasChange(t, deliver, "value", "361.5", "361.5")
		hasChange(t, deliver, "quantity", "3", "3")
		a.onTimeline(t, 1001, deliver.ID, "order")
		a.unchangedLog(t, func() {
			a.expect(a.do("DELETE", fmt.Sprintf("%s/%d", cartPath, item), own, nil), 422) // delivered
		})
		a.expect(a.do("DELETE", toggle, a.admin, nil), 200)
		hasChange(t, findEvent(t, a.eventsOf(t, "resource=cart_items&action=undeliver"), "undeliver", item), "delivered", "true", "false")

		a.expect(a.do("DELETE", fmt.Sprintf("%s/%d", cartPath, item), own, nil), 200)
		withdraw := findEvent(t, a.eventsOf(t, "resource=cart_items&action=withdraw"), "withdraw", item)
		hasChange(t, withdraw, "value", "361.5", "<nil>")
		var v struct {
			OK     bool  `json:"ok"`
			Events int64 `json:"events"`
		}
		a.expect(a.do("GET", "/api/activity/verify", a.admin, nil), 200).json(t, &v)
		if !v.OK || v.Events < 10 { // the links' events, parents and partners included, hash as they were sealed
			t.Fatalf("verify %+v", v)
		}
		if withdraw.Actor.Kind != "partner" {
			t.Fatalf("the withdrawal's actor %+v", withdraw.Actor)
		}
		a.onTimeline(t, 1001, withdraw.ID, "order")
	})
}

// A seminar sign-up and a promotion order from the app, their withdrawal and a sign-up's
// confirmation by staff are on the partner's timeline; a notification's send is one event
// with its categories and reach; refused ones leave none.
func TestSlidersAndSendsAreRecorded(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		w := a.appWorld()
		seminar := a.createSlider(sliderFields("Seminar alata", 3, w.alati), nil)
		promo := a.createSlider(sliderFields("Akcija boja", 2, w.boje), nil)
		own := a.appLogin(partnerSignIn(1001, "tajna1"))
		post := func(path string, body any, status int) {
			t.Helper()
			a.expect(a.do("POST", path, own, body), status)
		}
		signUp, order := fmt.Sprintf("/api/app/sliders/%d/signup", seminar.ID), fmt.Sprintf("/api/app/sliders/%d/order", promo.ID)

		post(signUp, map[string]any{"dates": []string{day(14), day(7)}}, 200)
		e := findEvent(t, a.eventsOf(t, "resource=slider_partners&action=sign_up"), "sign_up", 1001)
		under(t, e, "sliders", seminar.ID)
		hasChange(t, e, "dates", "<nil>", day(7)+","+day(14))
		if e.Actor.Kind != "partner" {
			t.Fatalf("actor %+v", e.Actor)
		}
		a.onTimeline(t, 1001, e.ID, "slider")

		a.expect(a.do("POST", fmt.Sprintf("/api/sliders/%d/confirm", seminar.ID), a.admin, map[string]any{"partners": []int{1001}}), 200)
		confirmed := a.eventsOf(t, "resource=slider_partners")[0]
		if confirmed.Action != "edit" || confirmed.RecordID != 1001 || confirmed.Actor.Kind != "user" {
			t.Fatalf("confirmation %+v", confirmed)
		}
		hasChange(t, confirmed, "confirmed", "false", "true")
		a.onTimeline(t, 1001, confirmed.ID, "slider")
		a.unchangedLog(t, func() {
			a.expect(a.do("POST", fmt.Sprintf("/api/sliders/%d/confirm", seminar.ID), a.admin, map[string]any{"partners": []int{1001}}), 200) // already
			a.expect(a.do("POST", fmt.Sprintf("/api/sliders/%d/confirm", seminar.ID), a.admin, map[string]any{"partners": []int{1002}}), 422)
			post(signUp, map[string]any{"dates": []string{day(8)}}, 436)
			post(signUp, map[string]any{"dates": []string{day(14), day(7)}}, 200) // the same again
		})
		post(signUp, map[string]any{"dates": []string{day(14)}}, 200)
		e = a.eventsOf(t, "resource=slider_partners")[0]
		hasChange(t, e, "dates", day(7)+","+day(14), day(14))
		hasChange(t, e, "confirmed", "true", "false")

		var history []activityEvent
		a.expect(a.do("GET", fmt.Sprintf("/api/sliders/%d/history?page=1&per_page=100", seminar.ID), a.admin, nil), 200).json(t, &history)
		if len(history) < 2 || history[0].ID != e.ID || history[len(history)-1].Action != "create" {
			t.Fatalf("the seminar's history: %+v", history)
		}
		post(order, map[string]any{"quantity": 3}, 200)
		e = findEvent(t, a.eventsOf(t, "resource=slider_partners&action=order"), "order", 1001)
		under(t, e, "sliders", promo.ID)
		hasChange(t, e, "quantity", "<nil>", "3")
		a.onTimeline(t, 1001, e.ID, "slider")
		a.unchangedLog(t, func() { post(order, map[string]any{"quantity": -1}, 422) })
		post(order, map[string]any{"quantity": 0}, 200)
		hasChange(t, findEvent(t, a.eventsOf(t, "resource=slider_partners&action=withdraw"), "withdraw", 1001), "quantity", "3", "<nil>")

		// The sliders' announcements and a notification of its own: one send each.
		a.expect(a.do("POST", "/api/notifications", a.admin, map[string]any{"subject": "Novo", "notification_text": "Stigla roba",
			"categories": []int64{w.boje, w.alati}}), 200)
		sends := a.eventsOf(t, "resource=notifications&action=send")
		if len(sends) != 3 || sends[0].Actor.Kind != "user" {
			t.Fatalf("sends %+v", sends)
		}
		cats := []int64{w.alati, w.boje}
		if cats[0] > cats[1] {
			cats[0], cats[1] = cats[1], cats[0]
		}
		hasChange(t, sends[0], "categories", "<nil>", fmt.Sprintf("%d,%d", cats[0], cats[1]))
		hasChange(t, sends[0], "partners", "<nil>", "0") // no device registered
		hasChange(t, sends[0], "subject", "<nil>", "Novo")
		a.unchangedLog(t, func() {
			a.expect(a.do("POST", "/api/notifications", a.admin, map[string]any{"subject": "Novo", "notification_text": "x", "categories": []int64{99999}}), 422)
		})
	})
}
