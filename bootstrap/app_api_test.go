package bootstrap

import (
	"context"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"vitrina/adapters/http/kit"
	appidentity "vitrina/application/identity"
)

// appLogin signs in to the partner app and answers the token.
func (a *api) appLogin(body map[string]any, header ...string) string {
	a.t.Helper()
	var out struct {
		Token string `json:"token"`
	}
	a.expect(a.do("POST", "/api/app/login", "", body, header...), 200).json(a.t, &out)
	return out.Token
}

func partnerSignIn(id any, password string) map[string]any {
	return map[string]any{"partner_id": id, "password": password}
}

func userSignIn(username, password string) map[string]any {
	return map[string]any{"username": username, "password": password}
}

// appWorld is two partners (1001 "Gradnja Plus" in Podgorica, 1002 "Boje Bar" in Nikšić, both
// with the app password "tajna1"), a user linked to 1001 ("vezani") and one linked to none
// ("slobodni"), both with the password "pass1234".
func (a *api) appWorld() partnerWorld {
	a.t.Helper()
	w := a.partnerWorld()
	a.createPartner(partnerBody(1001, "Gradnja Plus", w.city, "1200.5", w.boje, w.alati))
	second := partnerBody(1002, "Boje Bar", w.otherCity, "7", w.boje)
	second["bonus"], second["toolCash"] = "3", "12.125"
	a.createPartner(second)
	linked := userBody("Vezani Korisnik", "vezani", "manager")
	linked["partner_id"] = 1001
	a.createUser(linked)
	a.createUser(userBody("Slobodni Korisnik", "slobodni", "manager"))
	return w
}

// editPartnerPassword sets a partner's app password through the partner form.
func (a *api) editPartnerPassword(id int64, w partnerWorld, password string) {
	a.t.Helper()
	body := partnerBody(nil, "Gradnja Plus", w.city, "1200.5", w.boje, w.alati)
	body["password"], body["confirmPassword"] = password, password
	path := fmt.Sprintf("/api/partners/%d", id)
	a.expect(a.do("PUT", path, a.admin, body, a.ifMatch(path)...), 200)
}

// Both sign-in forms answer {token, expires_in, partner_id}; every failure answers the
// panel's one 401 message; a form without its fields is 422.
func TestAppLogin(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		w := a.appWorld()
		a.createPartner(partnerBody(1003, "Neaktivni Partner", w.city, "0", w.alati))
		a.toggle("/api/partners", 1003, 200)
		inactive := userBody("Neaktivni Korisnik", "neaktivni", "manager")
		inactive["partner_id"] = 1001
		a.toggle("/api/users", a.createUser(inactive).ID, 200)

		for _, body := range []map[string]any{partnerSignIn(1001, "tajna1"), partnerSignIn("1001", "tajna1"), userSignIn(" Vezani ", "pass1234")} {
			r := a.expect(a.do("POST", "/api/app/login", "", body), 200)
			var out struct {
				Token     string `json:"token"`
				ExpiresIn int64  `json:"expires_in"`
				PartnerID *int64 `json:"partner_id"`
			}
			r.json(t, &out)
			if len(out.Token) < 43 || out.ExpiresIn != 3600 || out.PartnerID == nil || *out.PartnerID != 1001 {
				t.Fatalf("%v: %s", body, r.body)
			}
		}

		panelMessage := a.expect(a.do("POST", "/api/login", "", userSignIn("admin", "nope")), 401).message(t)
		failures := map[string]map[string]any{
			"wrong partner password":    partnerSignIn(1001, "tajna2"),
			"unknown partner":           partnerSignIn(4040, "tajna1"),
			"inactive partner":          partnerSignIn(1003, "tajna1"),
			"partner id too large":      partnerSignIn(int64(1)<<62, "tajna1"),
			"wrong user password":       userSignIn("vezani", "pass12345"),
			"unknown user":              userSignIn("nepoznat", "pass1234"),
			"user linked to no partner": userSignIn("slobodni", "pass1234"),
			"inactive user":             userSignIn("neaktivni", "pass1234"),
			"staff admin":               userSignIn("admin", "admin-pass"),
		}
		i := 0
		for name, body := range failures {
			i++ // each from its own address, so that no throttle interferes
			msg := a.expect(a.do("POST", "/api/app/login", "", body, "X-Forwarded-For", fmt.Sprintf("10.20.0.%d", i)), 401).message(t)
			if msg != panelMessage || msg != "Wrong username or password." {
				t.Fatalf("%s: %q, want the panel's %q", name, msg, panelMessage)
			}
		}
		// The unlinked user and the admin still sign in to the panel.
		a.login("slobodni", "pass1234")

		r := a.expect(a.do("POST", "/api/app/login", "", map[string]any{}), 422)
		if f := r.fieldErrors(t); f["partner_id"][0] != "The partner id field is required when username is not present." ||
			f["username"][0] != "The username field is required when partner id is not present." || f["password"][0] != "The password field is required." {
			t.Fatalf("empty form: %v", f)
		}
		r = a.expect(a.do("POST", "/api/app/login", "", map[string]any{"partner_id": 1001, "username": "vezani", "password": "x"}), 422)
		if f := r.fieldErrors(t); f["partner_id"][0] != "The partner id field prohibits username from being present." {
			t.Fatalf("both: %v", f)
		}
		r = a.expect(a.do("POST", "/api/app/login", "", partnerSignIn("abc", "x")), 422)
		if f := r.fieldErrors(t); f["partner_id"][0] != "The partner id must be a positive integer." {
			t.Fatalf("a partner id that is no number: %v", f)
		}
		a.expect(a.do("POST", "/api/app/login", "", "{not json"), 400)
	})
}

// The app's sign-in is throttled like the panel's: five failures of one partner id or
// username from one address answer 429, a username's failures count at both doors, and
// twenty from one address hold back every key.
func TestAppLoginThrottling(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		a.appWorld()
		from := func(addr string) []string { return []string{"X-Forwarded-For", addr} }
		for i := 0; i < 5; i++ {
			a.expect(a.do("POST", "/api/app/login", "", partnerSignIn(1001, "pogresno"), from("10.1.1.1")...), 401)
		}
		r := a.expect(a.do("POST", "/api/app/login", "", partnerSignIn(1001, "tajna1"), from("10.1.1.1")...), 429)
		if r.message(t) != "Too many login attempts. Try again later." {
			t.Fatalf("429 message %q", r.message(t))
		}
		a.appLogin(partnerSignIn(1001, "tajna1"), from("10.2.2.2")...)
		a.appLogin(partnerSignIn(1002, "tajna1"), from("10.1.1.1")...)

		for i := 0; i < 3; i++ {
			a.expect(a.do("POST", "/api/login", "", userSignIn("vezani", "pogresno"), from("10.3.3.3")...), 401)
		}
		for i := 0; i < 2; i++ {
			a.expect(a.do("POST", "/api/app/login", "", userSignIn("vezani", "pogresno"), from("10.3.3.3")...), 401)
		}
		a.expect(a.do("POST", "/api/app/login", "", userSignIn("vezani", "pass1234"), from("10.3.3.3")...), 429)
		a.expect(a.do("POST", "/api/login", "", userSignIn("vezani", "pass1234"), from("10.3.3.3")...), 429)

		counts := map[int]int{}
		for i := 0; i < 25; i++ {
			counts[a.do("POST", "/api/app/login", "", partnerSignIn(5000+i, "tajna1"), from("10.4.4.4")...).status]++
		}
		if counts[401] != 20 || counts[429] != 5 {
			t.Fatalf("25 partner ids from one address: %v", counts)
		}
		a.expect(a.do("POST", "/api/app/login", "", partnerSignIn(1002, "tajna1"), from("10.4.4.4")...), 429)
	})
}

// Logout ends the token used; a partner's new app password ends its own app sessions, its
// deactivation all of them (reactivation brings none back); a user's new password or
// deactivation ends the user's.
func TestAppLogoutAndRevocation(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		w := a.appWorld()
		alive := func(token string, want int) {
			t.Helper()
			a.expect(a.do("GET", "/api/app/me", token, nil), want)
		}
		own, other := a.appLogin(partnerSignIn(1001, "tajna1")), a.appLogin(partnerSignIn(1001, "tajna1"))
		member := a.appLogin(userSignIn("vezani", "pass1234"))
		a.expect(a.do("POST", "/api/app/logout", own, nil), 204)
		alive(own, 401)
		alive(other, 200)
		a.expect(a.do("POST", "/api/app/logout", own, nil), 401)

		a.editPartnerPassword(1001, w, "nova-tajna")
		alive(other, 401)
		alive(member, 200) // the user signed in with its own password
		a.expect(a.do("POST", "/api/app/login", "", partnerSignIn(1001, "tajna1")), 401)
		own = a.appLogin(partnerSignIn(1001, "nova-tajna"))
		elsewhere := a.appLogin(partnerSignIn(1002, "tajna1"))

		a.toggle("/api/partners", 1001, 200)
		alive(own, 401)
		alive(member, 401)
		alive(elsewhere, 200)
		a.expect(a.do("POST", "/api/app/login", "", partnerSignIn(1001, "nova-tajna")), 401)
		a.expect(a.do("POST", "/api/app/login", "", userSignIn("vezani", "pass1234")), 401)
		a.toggle("/api/partners", 1001, 200)
		alive(own, 401)
		alive(member, 401)
		own, member = a.appLogin(partnerSignIn(1001, "nova-tajna")), a.appLogin(userSignIn("vezani", "pass1234"))

		var users []userOut
		a.expect(a.do("GET", "/api/users?page=1&username=vezani", a.admin, nil), 200).json(t, &users)
		body := userBody("Vezani Korisnik", "vezani", "manager")
		body["partner_id"], body["password"], body["confirmPassword"] = 1001, "nova-lozinka", "nova-lozinka"
		a.expect(a.editUser(users[0].ID, a.admin, body), 200)
		alive(member, 401)
		alive(own, 200)
		member = a.appLogin(userSignIn("vezani", "nova-lozinka"))
		a.toggle("/api/users", users[0].ID, 200)
		alive(member, 401)
		alive(own, 200)
	})
}

// pathOf fills a route's path values: 1 for ids, "x" for anything else.
var pathValue = regexp.MustCompile(`\{[^}]+\}`)

func pathOf(r kit.Route) string {
	return pathValue.ReplaceAllStringFunc(r.Path, func(v string) string {
		if v == "{id}" {
			return "1"
		}
		return "x"
	})
}

// App tokens and panel tokens never open each other's calls: every registered panel call
// answers an app token 403 (the partner's own and a linked user's), every app call answers
// a staff token 403 (a partner-linked account's panel token too), and every non-public call
// answers no token 401. The walk covers every route the server registers, so a call added
// later is checked without touching this test.
func TestAppAndPanelTokensKeptApart(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		a.appWorld()
		appTokens := map[string]string{"partner": a.appLogin(partnerSignIn(1001, "tajna1")), "linked user": a.appLogin(userSignIn("vezani", "pass1234"))}
		staffTokens := map[string]string{"admin": a.admin, "linked user's panel token": a.login("vezani", "pass1234")}
		var panel, app []string
		for _, r := range a.app.Server.Routes() {
			if r.Access.Public {
				continue
			}
			call := r.Method + " " + pathOf(r)
			if r.Access.App {
				app = append(app, call)
				for name, token := range staffTokens {
					if msg := a.expect(a.do(r.Method, pathOf(r), token, "{}"), 403).message(t); msg != "Only the partner app may make this call." {
						t.Errorf("%s with the %s: %q", call, name, msg)
					}
				}
			} else {
				panel = append(panel, call)
				for name, token := range appTokens {
					if msg := a.expect(a.do(r.Method, pathOf(r), token, "{}"), 403).message(t); msg != "Partner app sessions may not use the admin panel." {
						t.Errorf("%s with the %s's app token: %q", call, name, msg)
					}
				}
			}
			a.expect(a.do(r.Method, pathOf(r), "", "{}"), 401)
		}
		sort.Strings(app)
		walked := strings.Join(app, ", ")
		for _, call := range []string{"GET /api/app/me", "POST /api/app/logout", "POST /api/app/support"} {
			if !strings.Contains(walked, call) {
				t.Fatalf("the walk missed %s: app calls %s", call, walked)
			}
		}
		if len(panel) < 50 {
			t.Fatalf("walked only %d panel calls", len(panel))
		}
		// The tokens are alive: the refusals are the split's, not a dead session's.
		for name, token := range appTokens {
			if r := a.do("GET", "/api/app/me", token, nil); r.status != 200 {
				t.Fatalf("the %s's app token: %d", name, r.status)
			}
		}
		a.expect(a.do("GET", "/api/users", a.admin, nil), 200)
	})
}

// The app's own record is the caller's partner's, whoever signs in for it, with the panel's
// figures exactly; nothing in the request can name another partner.
func TestAppMe(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		a.appWorld()
		me := func(token string) map[string]any {
			t.Helper()
			var out map[string]any
			a.expect(a.do("GET", "/api/app/me?partner_id=1002&id=1002", token, nil), 200).json(t, &out)
			return out
		}
		mine := me(a.appLogin(partnerSignIn(1001, "tajna1")))
		keys := make([]string, 0, len(mine))
		for k := range mine {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		if got := strings.Join(keys, " "); got != "address annualPlan bonus categories category_names city debt id moneyCirculation name partner_type payment pdv phone pib toolCash" {
			t.Fatalf("fields %s", got)
		}
		panel := a.loaded("/api/partners/1001")
		for _, k := range keys {
			if fmt.Sprint(mine[k]) != fmt.Sprint(panel[k]) {
				t.Errorf("%s: app %v, panel %v", k, mine[k], panel[k])
			}
		}
		if mine["id"] != float64(1001) || mine["debt"] != "1200.5" || mine["toolCash"] != "99.999" || mine["category_names"] != "Alati, Boje i lakovi" ||
			fmt.Sprint(mine["city"]) != fmt.Sprintf("map[id:%v name:Podgorica]", panel["city_id"]) {
			t.Fatalf("own record %v", mine)
		}
		if byUser := me(a.appLogin(userSignIn("vezani", "pass1234"))); fmt.Sprint(byUser) != fmt.Sprint(mine) {
			t.Fatalf("the linked user sees %v", byUser)
		}
		other := me(a.appLogin(partnerSignIn(1002, "tajna1")))
		if other["id"] != float64(1002) || other["name"] != "Boje Bar" || other["toolCash"] != "12.125" || other["debt"] != "7" {
			t.Fatalf("the other partner sees %v", other)
		}
	})
}

// A support message from the app: 422 with the app form's fields, 201 with the message, for
// the signed-in partner whatever the body says, then in the panel's customer-support list
// and in every user's unseen count.
func TestAppSupportMessage(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		a.appWorld()
		token := a.appLogin(userSignIn("vezani", "pass1234"))
		cases := []struct {
			body map[string]any
			want map[string]string
		}{
			{map[string]any{}, map[string]string{"type_id": "The type id field is required.", "message": "The message field is required."}},
			{map[string]any{"type_id": 99, "message": "A"}, map[string]string{"type_id": "The selected type id is invalid.", "message": "The message must be at least 2 characters."}},
			{map[string]any{"type_id": "prijedlog", "message": "Dobar dan"}, map[string]string{"type_id": "The type id field is required."}},
			{map[string]any{"type_id": 1, "message": strings.Repeat("ž", 2001)}, map[string]string{"message": "The message may not be greater than 2000 characters."}},
		}
		for _, c := range cases {
			f := a.expect(a.do("POST", "/api/app/support", token, c.body), 422).fieldErrors(t)
			if len(f) != len(c.want) {
				t.Fatalf("%v: %v", c.body, f)
			}
			for field, msg := range c.want {
				if len(f[field]) == 0 || f[field][0] != msg {
					t.Fatalf("%v: %s = %v, want %q", c.body, field, f[field], msg)
				}
			}
		}
		a.expect(a.do("POST", "/api/customerSupport/seen", a.admin, nil), 200)
		var sent map[string]any
		a.expect(a.do("POST", "/api/app/support", token, map[string]any{"type_id": 2, "message": " Isporuka kasni.\nMolimo provjerite. ", "partner_id": 1002}), 201).json(t, &sent)
		if sent["partner_id"] != float64(1001) || sent["partner_name"] != "Gradnja Plus" || sent["type_id"] != float64(2) || sent["type_name"] != "Žalba" ||
			sent["message_content"] != "Isporuka kasni.\nMolimo provjerite." || sent["is_active"] != true || sent["id"] == nil {
			t.Fatalf("sent %v", sent)
		}
		var list []map[string]any
		r := a.expect(a.do("GET", "/api/customerSupport?page=1&per_page=10&sort=created_at&order=desc", a.admin, nil), 200)
		r.json(t, &list)
		if r.header.Get("X-Total-Count") != "1" || fmt.Sprint(list[0]) != fmt.Sprint(sent) {
			t.Fatalf("the panel's list %v (total %s)", list, r.header.Get("X-Total-Count"))
		}
		var info struct {
			Evidentions []map[string]any `json:"evidentions"`
		}
		a.expect(a.do("GET", "/api/getCommentInfo", a.admin, nil), 200).json(t, &info)
		if len(info.Evidentions) != 1 || info.Evidentions[0]["id"] != sent["id"] || info.Evidentions[0]["partner_name"] != "Gradnja Plus" ||
			info.Evidentions[0]["type_name"] != "Žalba" {
			t.Fatalf("the app bar's unseen messages %v", info.Evidentions)
		}
		// The partner signed in with its own id sends for itself too.
		own := a.appLogin(partnerSignIn(1002, "tajna1"))
		a.expect(a.do("POST", "/api/app/support", own, map[string]any{"type_id": "3", "message": "Hvala na brzoj isporuci."}), 201).json(t, &sent)
		if sent["partner_id"] != float64(1002) || sent["type_name"] != "Pohvala" {
			t.Fatalf("sent by the partner %v", sent)
		}
		a.expect(a.do("GET", "/api/getCommentInfo", a.admin, nil), 200).json(t, &info)
		if len(info.Evidentions) != 2 {
			t.Fatalf("unseen after the second message %v", info.Evidentions)
		}
	})
}

// The serving process's session purge removes expired sessions of both kinds and keeps the
// live ones of both.
func TestSessionPurgeWorkerCoversAppSessions(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		a.appWorld()
		ctx := context.Background()
		expiredApp, liveApp := a.appLogin(partnerSignIn(1001, "tajna1")), a.appLogin(userSignIn("vezani", "pass1234"))
		expiredPanel := a.login("slobodni", "pass1234")
		for _, token := range []string{expiredApp, expiredPanel} {
			if _, err := a.app.DB.NewRaw("UPDATE sessions SET expires_at = ? WHERE token_hash = ?", time.Now().Add(-time.Minute).UTC(),
				appidentity.HashToken(token)).Exec(ctx); err != nil {
				t.Fatal(err)
			}
		}
		count := func() (kinds map[string]int) {
			var rows []struct {
				Kind string `bun:"kind"`
				N    int    `bun:"n"`
			}
			if err := a.app.DB.NewRaw("SELECT kind, count(*) AS n FROM sessions GROUP BY kind").Scan(ctx, &rows); err != nil {
				t.Fatal(err)
			}
			kinds = map[string]int{}
			for _, r := range rows {
				kinds[r.Kind] = r.N
			}
			return kinds
		}
		if got := count(); got["app"] != 2 || got["panel"] != 2 {
			t.Fatalf("before the purge %v", got)
		}
		var purge Worker
		for _, w := range a.app.Workers {
			if w.Name == "session purge" {
				purge = w
			}
		}
		runner := StartWorkers(a.app.Log, Workers{purge}) // the worker purges at once, then hourly
		deadline := time.Now().Add(10 * time.Second)
		for got := count(); got["app"] != 1 || got["panel"] != 1; got = count() {
			if time.Now().After(deadline) {
				t.Fatalf("after the purge %v", got)
			}
			time.Sleep(20 * time.Millisecond)
		}
		if err := runner.Stop(5 * time.Second); err != nil {
			t.Fatal(err)
		}
		a.expect(a.do("GET", "/api/app/me", liveApp, nil), 200)
		a.expect(a.do("GET", "/api/users/1", a.admin, nil), 200)
		a.expect(a.do("GET", "/api/app/me", expiredApp, nil), 401)
	})
}
