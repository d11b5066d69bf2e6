package bootstrap

import (
	"fmt"
	"testing"
)

// The add dialog asks what a notification would reach before it sends (issue 20): the active
// partners of the categories and their devices, with the add's targeting and checks.
func TestNotificationReach(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		w := a.appWorld() // 1001 in Boje and Alati, 1002 in Boje
		a.createPartner(partnerBody(1003, "Alati Ugašeni", w.city, "0", w.alati))
		device := func(partner int64, token string) {
			app := a.appLogin(partnerSignIn(partner, "tajna1"))
			a.expect(a.do("POST", "/api/app/devices", app, map[string]any{"token": token, "platform": "android"}), 200)
		}
		device(1001, "tok-1a")
		device(1001, "tok-1b")
		device(1002, "tok-2")
		device(1003, "tok-3")
		a.expect(a.do("DELETE", "/api/partners/1003", a.admin, nil), 200) // inactive: not reached

		reach := func(query string) (out struct {
			Partners       int64 `json:"partners"`
			Devices        int64 `json:"devices"`
			PushConfigured *bool `json:"push_configured"`
		}) {
			a.expect(a.do("GET", "/api/notifications/reach?"+query, a.admin, nil), 200).json(t, &out)
			return out
		}
		for _, c := range []struct {
			query             string
			partners, devices int64
		}{
			{fmt.Sprintf("categories=%d", w.alati), 1, 2},
			{fmt.Sprintf("categories=%d", w.boje), 2, 3},
			{fmt.Sprintf("categories=%d&categories=%d", w.boje, w.alati), 2, 3},
			{fmt.Sprintf("categories=%d,%d,%d", w.alati, w.boje, w.alati), 2, 3},
		} {
			if got := reach(c.query); got.Partners != c.partners || got.Devices != c.devices || got.PushConfigured == nil {
				t.Errorf("%s: %+v, want %d partners, %d devices", c.query, got, c.partners, c.devices)
			}
		}
		for query, want := range map[string]string{
			"":                "You must choose at least one category.",
			"categories=":     "You must choose at least one category.",
			"categories=x":    "The selected categories is invalid.",
			"categories=0":    "The selected categories is invalid.",
			"categories=9999": "The selected categories is invalid.",
		} {
			r := a.expect(a.do("GET", "/api/notifications/reach?"+query, a.admin, nil), 422)
			var body struct {
				Errors map[string][]string `json:"errors"`
			}
			r.json(t, &body)
			if len(body.Errors["categories"]) != 1 || body.Errors["categories"][0] != want {
				t.Errorf("%q: %s", query, r.body)
			}
		}
		// Like the add: roles that may not send may not ask.
		a.createUser(userBody("Inženjer", "eng", "engineer"))
		a.expect(a.do("GET", fmt.Sprintf("/api/notifications/reach?categories=%d", w.alati), a.login("eng", "pass1234"), nil), 403)

		// The add reaches what the reach said.
		var n notificationOut
		a.expect(a.do("POST", "/api/notifications", a.admin, map[string]any{"subject": "Naslov", "notification_text": "Tekst",
			"categories": []int64{w.alati}}), 200).json(t, &n)
		if n.Devices != 2 {
			t.Fatalf("the add reached %d devices, the reach said 2", n.Devices)
		}
	})
}
