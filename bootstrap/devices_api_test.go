package bootstrap

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"testing"
)

// The partner app registers its devices' push tokens (issue 13): registering again is
// harmless, a token moves with the partner that registers it, a partner keeps its 20 newest,
// only the owner removes one, and bad input changes nothing.
func TestAppDevices(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		a.appWorld()
		own, other := a.appLogin(partnerSignIn(1001, "tajna1")), a.appLogin(partnerSignIn(1002, "tajna1"))
		devices := func(partner int64) []string {
			t.Helper()
			var tokens []string
			if err := a.app.DB.NewRaw("SELECT token FROM devices WHERE partner_id = ? ORDER BY token", partner).Scan(context.Background(), &tokens); err != nil {
				t.Fatal(err)
			}
			return tokens
		}
		register := func(token, tokenValue, platform string, status int) resp {
			t.Helper()
			return a.expect(a.do("POST", "/api/app/devices", token, map[string]any{"token": tokenValue, "platform": platform}), status)
		}
		fcm := "fGx1:APA91bH-phone_one"
		var out struct {
			Registered bool   `json:"registered"`
			Platform   string `json:"platform"`
			Token      string `json:"token"`
		}
		register(own, fcm, "Android", 200).json(t, &out)
		if !out.Registered || out.Platform != "android" || out.Token != "" {
			t.Fatalf("answer %+v (the token is never answered back)", out)
		}
		register(own, fcm, "android", 200)
		if got := devices(1001); len(got) != 1 || got[0] != fcm {
			t.Fatalf("after registering twice: %v", got)
		}

		// Bad input: a clear 422 on the field, nothing registered.
		for _, c := range []struct{ token, platform, field string }{
			{"", "ios", "token"},
			{"a b", "ios", "token"},
			{"nul\x00", "ios", "token"},
			{strings.Repeat("t", 1025), "web", "token"},
			{"ok-token", "windows", "platform"},
		} {
			r := register(own, c.token, c.platform, 422)
			if len(r.fieldErrors(t)[c.field]) == 0 {
				t.Fatalf("token %.20q platform %q: %s", c.token, c.platform, r.body)
			}
		}
		a.expect(a.do("POST", "/api/app/devices", own, "{not json"), 400)
		if got := devices(1001); len(got) != 1 {
			t.Fatalf("bad input registered something: %v", got)
		}

		// The same device signed in as another partner: the token moves.
		register(other, fcm, "android", 200)
		if len(devices(1001)) != 0 || len(devices(1002)) != 1 {
			t.Fatalf("the token did not move: %v / %v", devices(1001), devices(1002))
		}

		// Twenty-one devices: the oldest goes.
		for i := range 21 {
			register(own, fmt.Sprintf("device-%02d", i), "ios", 200)
		}
		got := devices(1001)
		if len(got) != 20 || got[0] != "device-01" || got[19] != "device-20" {
			t.Fatalf("after 21 devices: %d, %v", len(got), got)
		}

		// Thirty registrations at once: the cap still holds.
		var wg sync.WaitGroup
		for i := range 30 {
			wg.Go(func() { register(own, fmt.Sprintf("burst-%02d", i), "web", 200) })
		}
		wg.Wait()
		if got := devices(1001); len(got) != 20 {
			t.Fatalf("after 30 registrations at once: %d devices", len(got))
		}

		// Only the owner removes a device; a second removal finds nothing.
		a.expect(a.do("DELETE", "/api/app/devices/"+url.PathEscape(fcm), own, nil), 404)
		a.expect(a.do("DELETE", "/api/app/devices/"+url.PathEscape(fcm), other, nil), 204)
		a.expect(a.do("DELETE", "/api/app/devices/"+url.PathEscape(fcm), other, nil), 404)
		if len(devices(1002)) != 0 {
			t.Fatalf("the device stayed: %v", devices(1002))
		}

		// Staff tokens and no token stay out.
		a.expect(a.do("POST", "/api/app/devices", a.admin, map[string]any{"token": "x-token", "platform": "web"}), 403)
		a.expect(a.do("POST", "/api/app/devices", "", map[string]any{"token": "x-token", "platform": "web"}), 401)
		a.expect(a.do("DELETE", "/api/app/devices/device-05", a.admin, nil), 403)
	})
}
