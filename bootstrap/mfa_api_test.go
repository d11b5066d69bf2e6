package bootstrap

import (
	"context"
	"encoding/base32"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"vitrina/adapters/persistence/dbtest"
	"vitrina/domain/identity"
)

// testSecretKey is a VITRINA_SECRET_KEY for the tests: 64 hex digits.
var testSecretKey = strings.Repeat("5e", 32)

func withSecretKey(c *Config) { c.SecretKey = testSecretKey }

// mfaOn sets up two-factor for the account signed in with token: it answers the secret and
// the recovery codes, and the code it confirmed with (spent).
func (a *api) mfaOn(token string) (secret []byte, codes []string, used string) {
	a.t.Helper()
	var e struct {
		Secret     string `json:"secret"`
		OTPAuthURL string `json:"otpauth_url"`
	}
	a.expect(a.do("POST", "/api/mfa/enroll", token, nil), 200).json(a.t, &e)
	u, err := url.Parse(e.OTPAuthURL)
	if err != nil || u.Query().Get("secret") != e.Secret || u.Query().Get("issuer") != "Vitrina" {
		a.t.Fatalf("otpauth url %q (%v)", e.OTPAuthURL, err)
	}
	secret, err = base32.StdEncoding.WithPadding(base32.NoPadding).DecodeString(e.Secret)
	if err != nil || len(secret) != identity.TOTPSecretBytes {
		a.t.Fatalf("secret %q: %v", e.Secret, err)
	}
	r := a.expect(a.do("POST", "/api/mfa/confirm", token, map[string]string{"code": "000000"}), 422)
	if got := r.fieldErrors(a.t)["code"]; len(got) != 1 || got[0] != "The code is not valid." {
		// 000000 may be the code by chance once in a million runs; then the next call says 409.
		a.t.Fatalf("a wrong code: %s", r.body)
	}
	used = identity.TOTPCode(secret, time.Now())
	var out struct {
		Codes []string `json:"recovery_codes"`
	}
	a.expect(a.do("POST", "/api/mfa/confirm", token, map[string]string{"code": used}), 200).json(a.t, &out)
	if len(out.Codes) != 10 {
		a.t.Fatalf("%d recovery codes", len(out.Codes))
	}
	return secret, out.Codes, used
}

type challengeOut struct {
	MFARequired bool   `json:"mfa_required"`
	Challenge   string `json:"challenge"`
	ExpiresIn   int64  `json:"expires_in"`
	Token       string `json:"token"`
}

// passwordStep signs in with a password from addr and answers the challenge.
func (a *api) passwordStep(username, password, addr string) challengeOut {
	a.t.Helper()
	var c challengeOut
	a.expect(a.signInWith("/api/login", userSignIn(username, password), addr, ""), 200).json(a.t, &c)
	if !c.MFARequired || c.Challenge == "" || c.Token != "" || c.ExpiresIn != 300 {
		a.t.Fatalf("the password step of a two-factor account: %+v", c)
	}
	return c
}

// codeStep completes a sign-in with code from addr.
func (a *api) codeStep(challenge, code, addr string) resp {
	a.t.Helper()
	return a.do("POST", "/api/login/mfa", "", map[string]string{"challenge": challenge, "code": code}, "X-Forwarded-For", addr)
}

func tokenOf(t *testing.T, r resp) string {
	t.Helper()
	var out struct {
		Token string `json:"token"`
	}
	r.json(t, &out)
	if out.Token == "" {
		t.Fatalf("no token in %s", r.body)
	}
	return out.Token
}

func eachEngineWithKey(t *testing.T, fn func(t *testing.T, a *api)) {
	for _, e := range dbtest.Engines() {
		t.Run(e.Name, func(t *testing.T) { fn(t, startAPIWith(t, e.Open(t), withSecretKey)) })
	}
}

func TestTwoFactorSignIn(t *testing.T) {
	eachEngineWithKey(t, func(t *testing.T, a *api) {
		mara := a.createUser(userBody("Mara Marić", "mara", "manager"))
		token := a.login("mara", "pass1234")
		_, codes, used := a.mfaOn(token)
		var me struct {
			MFAEnabled  bool `json:"mfa_enabled"`
			MFARequired bool `json:"mfa_required"`
		}
		a.expect(a.do("GET", "/api/getLogedUserData", token, nil), 200).json(t, &me)
		if !me.MFAEnabled || me.MFARequired {
			t.Fatalf("profile: %+v", me)
		}
		var listed []struct {
			ID         int64 `json:"id"`
			MFAEnabled bool  `json:"mfa_enabled"`
		}
		a.expect(a.do("GET", "/api/users/"+strconv.FormatInt(mara.ID, 10), a.admin, nil), 200).json(t, &listed)
		if len(listed) != 1 || !listed[0].MFAEnabled {
			t.Fatalf("the users list: %+v", listed)
		}
		a.expect(a.do("POST", "/api/mfa/enroll", token, nil), 409)

		// The password answers a challenge, not a token.
		c := a.passwordStep("mara", "pass1234", "10.23.0.1")
		a.expect(a.codeStep(c.Challenge, "", "10.23.0.1"), 422)
		// The code that confirmed the enrolment is spent: a replay is refused.
		if f := a.expect(a.codeStep(c.Challenge, used, "10.23.0.1"), 422).fieldErrors(t); f["code"][0] != "The code is not valid." {
			t.Fatalf("a replayed code: %v", f)
		}
		// A recovery code completes the sign-in, once.
		r := a.expect(a.codeStep(c.Challenge, strings.ToUpper(codes[0]), "10.23.0.1"), 200)
		second := tokenOf(t, r)
		if deviceCookie(r) == nil {
			t.Fatal("no device cookie after the second step")
		}
		a.expect(a.do("GET", "/api/partners?page=1", second, nil), 200)
		a.expect(a.codeStep(c.Challenge, codes[1], "10.23.0.1"), 401) // the challenge is spent
		c = a.passwordStep("mara", "pass1234", "10.23.0.1")
		a.expect(a.codeStep(c.Challenge, codes[0], "10.23.0.1"), 422)
		a.expect(a.codeStep("made-up", codes[1], "10.23.0.1"), 401)

		// Wrong codes count with the password's attempt: from a new address, the password and
		// four wrong codes reach the limit of five, and the right code then meets 429 too.
		c = a.passwordStep("mara", "pass1234", "10.23.0.2")
		wrong := 0
		for range 10 {
			r := a.codeStep(c.Challenge, "999999", "10.23.0.2")
			if r.status == http.StatusTooManyRequests {
				break
			}
			a.expect(r, 422)
			wrong++
		}
		if wrong != identity.DefaultThrottle.Max-1 {
			t.Fatalf("%d wrong codes were checked, want %d", wrong, identity.DefaultThrottle.Max-1)
		}
		a.expect(a.codeStep(c.Challenge, codes[2], "10.23.0.2"), 429)
		a.expect(a.signInWith("/api/login", userSignIn("mara", "pass1234"), "10.23.0.2", ""), 429)

		// Turning it off needs a code or the password; a wrong one is refused.
		a.expect(a.do("DELETE", "/api/mfa", second, map[string]string{}), 422)
		a.expect(a.do("DELETE", "/api/mfa", second, map[string]string{"password": "nope"}), 422)
		a.expect(a.do("DELETE", "/api/mfa", second, map[string]string{"password": "pass1234"}), 204)
		a.expect(a.do("DELETE", "/api/mfa", second, map[string]string{"password": "pass1234"}), 409)
		a.login("mara", "pass1234") // one step again
	})
}

func TestSessionsSeenAndEnded(t *testing.T) {
	eachEngineWithKey(t, func(t *testing.T, a *api) {
		mara := a.createUser(userBody("Mara Marić", "mara", "manager"))
		dir := a.createUser(userBody("Dino Direktor", "dino", "director"))
		_ = dir
		first := a.login("mara", "pass1234", "User-Agent", "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0")
		second := a.login("mara", "pass1234", "User-Agent", "Mozilla/5.0 (iPhone) Safari/604.1", "X-Forwarded-For", "10.44.0.9")
		third := a.login("mara", "pass1234")
		type session struct {
			ID         string    `json:"id"`
			CreatedAt  time.Time `json:"created_at"`
			LastUsedAt time.Time `json:"last_used_at"`
			Address    string    `json:"address"`
			UserAgent  string    `json:"user_agent"`
			Current    bool      `json:"current"`
		}
		var list []session
		a.expect(a.do("GET", "/api/sessions", first, nil), 200).json(t, &list)
		if len(list) != 3 {
			t.Fatalf("%d sessions: %+v", len(list), list)
		}
		var secondID string
		current := 0
		for _, s := range list {
			if s.Current {
				current++
				if !strings.Contains(s.UserAgent, "Chrome/131") {
					t.Errorf("the current session is not the first: %+v", s)
				}
			}
			if strings.Contains(s.UserAgent, "iPhone") {
				secondID = s.ID
				if s.Address != "10.44.0.9" {
					t.Errorf("address %q", s.Address)
				}
			}
			if s.ID == "" || s.CreatedAt.IsZero() || s.LastUsedAt.Before(s.CreatedAt) {
				t.Errorf("session %+v", s)
			}
		}
		if current != 1 || secondID == "" {
			t.Fatalf("current %d, second %q in %+v", current, secondID, list)
		}
		if strings.Contains(string(a.do("GET", "/api/sessions", first, nil).body), "token") {
			t.Fatal("the list names tokens")
		}
		// Another account cannot end them; the owner can, and the token answers 401 at once.
		a.expect(a.do("DELETE", "/api/sessions/"+secondID, a.login("dino", "pass1234"), nil), 404)
		a.expect(a.do("DELETE", "/api/sessions/"+secondID, first, nil), 204)
		a.expect(a.do("GET", "/api/getLogedUserData", second, nil), 401)
		a.expect(a.do("DELETE", "/api/sessions/"+secondID, first, nil), 404)
		a.expect(a.do("DELETE", "/api/sessions", first, nil), 204)
		a.expect(a.do("GET", "/api/getLogedUserData", third, nil), 401)
		a.expect(a.do("GET", "/api/getLogedUserData", first, nil), 200)

		// An admin sees and ends another user's sessions; a director may not.
		id := strconv.FormatInt(mara.ID, 10)
		dino := a.login("dino", "pass1234")
		a.expect(a.do("GET", "/api/users/"+id+"/sessions", dino, nil), 403)
		a.expect(a.do("DELETE", "/api/users/"+id+"/sessions", dino, nil), 403)
		a.expect(a.do("GET", "/api/users/999999/sessions", a.admin, nil), 404)
		a.expect(a.do("GET", "/api/users/"+id+"/sessions", a.admin, nil), 200).json(t, &list)
		if len(list) != 1 || list[0].Current {
			t.Fatalf("mara's sessions as the admin sees them: %+v", list)
		}
		a.expect(a.do("DELETE", "/api/users/"+id+"/sessions", a.admin, nil), 204)
		a.expect(a.do("GET", "/api/getLogedUserData", first, nil), 401)
		a.expect(a.do("GET", "/api/getLogedUserData", a.admin, nil), 200)

		// A session idle past VITRINA_SESSION_IDLE ends: its last use is put 9 hours back.
		idle := a.login("mara", "pass1234")
		if _, err := a.app.DB.NewRaw("UPDATE sessions SET last_used_at = ? WHERE user_id = ?", time.Now().Add(-9*time.Hour).UTC(), mara.ID).Exec(context.Background()); err != nil {
			t.Fatal(err)
		}
		a.expect(a.do("GET", "/api/getLogedUserData", idle, nil), 401)
	})
}

func TestTwoFactorPolicyAndReset(t *testing.T) {
	eachEngineWithKey(t, func(t *testing.T, a *api) {
		mara := a.createUser(userBody("Mara Marić", "mara", "manager"))
		a.createUser(userBody("Dino Direktor", "dino", "director"))
		dino := a.login("dino", "pass1234")
		a.expect(a.do("GET", "/api/settings/security", dino, nil), 403)
		a.expect(a.do("PUT", "/api/settings/security", dino, map[string]any{"mfa_required_roles": []string{}, "version": 1}), 403)
		var set struct {
			Roles   []string `json:"mfa_required_roles"`
			Version int64    `json:"version"`
		}
		a.expect(a.do("GET", "/api/settings/security", a.admin, nil), 200).json(t, &set)
		if len(set.Roles) != 0 || set.Version != 1 {
			t.Fatalf("the starting setting: %+v", set)
		}
		a.expect(a.do("PUT", "/api/settings/security", a.admin, map[string]any{"mfa_required_roles": []string{"owner"}, "version": 1}), 422)
		a.expect(a.do("PUT", "/api/settings/security", a.admin, map[string]any{"mfa_required_roles": []string{"manager"}, "version": 1}), 200).json(t, &set)
		if strings.Join(set.Roles, ",") != "manager" || set.Version != 2 {
			t.Fatalf("saved: %+v", set)
		}
		// A second admin saving what they loaded before is told it changed.
		a.expect(a.do("PUT", "/api/settings/security", a.admin, map[string]any{"mfa_required_roles": []string{}, "version": 1}), 409)

		// A manager without two-factor gets a session held to enrolment.
		var login struct {
			Token string `json:"token"`
			Enrol bool   `json:"mfa_enrollment_required"`
		}
		a.expect(a.do("POST", "/api/login", "", userSignIn("mara", "pass1234")), 200).json(t, &login)
		if !login.Enrol || login.Token == "" {
			t.Fatalf("login: %+v", login)
		}
		held := a.expect(a.do("GET", "/api/partners?page=1", login.Token, nil), 403).message(t)
		if held != "Your role requires two-factor sign-in. Set it up to continue." {
			t.Fatalf("held: %q", held)
		}
		a.expect(a.do("GET", "/api/sessions", login.Token, nil), 403)
		var me struct {
			MFAEnabled  bool `json:"mfa_enabled"`
			MFARequired bool `json:"mfa_required"`
		}
		a.expect(a.do("GET", "/api/getLogedUserData", login.Token, nil), 200).json(t, &me)
		if me.MFAEnabled || !me.MFARequired {
			t.Fatalf("profile: %+v", me)
		}
		a.mfaOn(login.Token)
		a.expect(a.do("GET", "/api/partners?page=1", login.Token, nil), 200)
		a.expect(a.do("DELETE", "/api/mfa", login.Token, map[string]string{"password": "pass1234"}), 403)

		// An admin's reset turns it off and ends the user's sessions.
		id := strconv.FormatInt(mara.ID, 10)
		a.expect(a.do("DELETE", "/api/users/"+id+"/mfa", dino, nil), 403)
		a.expect(a.do("DELETE", "/api/users/"+id+"/mfa", a.admin, nil), 204)
		a.expect(a.do("GET", "/api/getLogedUserData", login.Token, nil), 401)
		a.expect(a.do("DELETE", "/api/users/"+id+"/mfa", a.admin, nil), 409)
		a.expect(a.do("DELETE", "/api/users/999999/mfa", a.admin, nil), 404)

		// Recorded: the policy and the two-factor changes are in the activity log.
		var events []struct {
			Resource string `json:"resource"`
			Action   string `json:"action"`
		}
		a.expect(a.do("GET", "/api/activity?page=1&per_page=50", a.admin, nil), 200).json(t, &events)
		seen := map[string]int{}
		for _, e := range events {
			seen[e.Resource+" "+e.Action]++
		}
		if seen["settings edit"] != 1 || seen["users edit"] < 2 {
			t.Fatalf("activity: %v", seen)
		}
	})
}

// Without VITRINA_SECRET_KEY two-factor cannot be set up or required; a database whose
// policy requires it does not start without the key.
func TestTwoFactorNeedsTheKey(t *testing.T) {
	url := dbtest.SQLiteURL(t)
	a := startAPI(t, url)
	a.expect(a.do("POST", "/api/mfa/enroll", a.admin, nil), 409)
	a.expect(a.do("PUT", "/api/settings/security", a.admin, map[string]any{"mfa_required_roles": []string{"admin"}, "version": 1}), 422)
	keyed := startAPIWith(t, url, withSecretKey)
	keyed.expect(keyed.do("PUT", "/api/settings/security", keyed.admin, map[string]any{"mfa_required_roles": []string{"financier"}, "version": 1}), 200)
	ctx := context.Background()
	app, cleanup, err := InitApp(ctx, Config{DatabaseURL: url, DataDir: t.TempDir(), TokenTTL: time.Hour, LogFormat: "json", LogLevel: "error",
		MapTiles: "https://tiles.example.test/{z}/{x}/{y}.png"})
	if err != nil {
		t.Fatal(err)
	}
	defer cleanup()
	if err := migrate(ctx, app); err == nil || !strings.Contains(err.Error(), "VITRINA_SECRET_KEY") {
		t.Fatalf("a start without the key: %v", err)
	}
}
