package bootstrap

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"vitrina/adapters/persistence/dbtest"
)

// api is a running server over a fresh database with one admin signed in.
type api struct {
	t     *testing.T
	srv   *httptest.Server
	app   *App
	admin string
}

func startAPI(t *testing.T, dbURL string) *api { return startAPIWith(t, dbURL, nil) }

// startAPIWith is startAPI with the configuration adjusted by adjust.
func startAPIWith(t *testing.T, dbURL string, adjust func(*Config)) *api {
	t.Helper()
	ctx := context.Background()
	cfg := Config{DatabaseURL: dbURL, DataDir: t.TempDir(), TokenTTL: time.Hour, LogFormat: "json", LogLevel: "error",
		AdminUsername: "admin", AdminPassword: "admin-pass", TrustProxy: true,
		MapTiles: "https://tiles.example.test/{z}/{x}/{y}.png", MapAttribution: "Test tiles", PushWait: time.Second, PushTimeout: time.Second, SessionIdle: 8 * time.Hour}
	if adjust != nil {
		adjust(&cfg)
	}
	app, cleanup, err := InitApp(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(cleanup)
	if err := migrate(ctx, app); err != nil {
		t.Fatal(err)
	}
	a := &api{t: t, app: app, srv: httptest.NewServer(app.Server.Handler())}
	t.Cleanup(a.srv.Close)
	a.admin = a.login("admin", "admin-pass")
	return a
}

type resp struct {
	status int
	header http.Header
	body   []byte
}

func (r resp) json(t *testing.T, v any) {
	t.Helper()
	if err := json.Unmarshal(r.body, v); err != nil {
		t.Fatalf("body %q: %v", r.body, err)
	}
}

func (r resp) message(t *testing.T) string {
	var b struct {
		Message string `json:"message"`
	}
	r.json(t, &b)
	return b.Message
}

func (r resp) fieldErrors(t *testing.T) map[string][]string {
	var b struct {
		Errors map[string][]string `json:"errors"`
	}
	r.json(t, &b)
	return b.Errors
}

func (a *api) do(method, path, token string, body any, header ...string) resp {
	a.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		j, _ := json.Marshal(b)
		rd = bytes.NewReader(j)
	}
	req, _ := http.NewRequest(method, a.srv.URL+path, rd)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		a.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return resp{status: res.StatusCode, header: res.Header, body: b}
}

func (a *api) expect(r resp, status int) resp {
	a.t.Helper()
	if r.status != status {
		a.t.Fatalf("status %d, want %d; body %s", r.status, status, r.body)
	}
	if ct := r.header.Get("Content-Type"); status != http.StatusNoContent && !strings.HasPrefix(ct, "application/json") {
		a.t.Fatalf("content type %q", ct)
	}
	return r
}

func (a *api) login(username, password string, header ...string) string {
	a.t.Helper()
	r := a.expect(a.do("POST", "/api/login", "", map[string]string{"username": username, "password": password}, header...), 200)
	var out struct {
		Token string `json:"token"`
	}
	r.json(a.t, &out)
	return out.Token
}

type userOut struct {
	ID          int64    `json:"id"`
	Name        string   `json:"name"`
	Username    string   `json:"username"`
	IsActive    bool     `json:"is_active"`
	PartnerID   *int64   `json:"partner_id"`
	PartnerName *string  `json:"partner_name"`
	Roles       []string `json:"roles"`
}

func (a *api) createUser(body map[string]any) userOut {
	a.t.Helper()
	var u userOut
	a.expect(a.do("POST", "/api/users", a.admin, body), 201).json(a.t, &u)
	return u
}

// ownVersion is the If-Match header naming the version token's own account has now.
func (a *api) ownVersion(token string) []string {
	a.t.Helper()
	var me struct {
		Version int64 `json:"version"`
	}
	a.expect(a.do("GET", "/api/getLogedUserData", token, nil), 200).json(a.t, &me)
	return []string{"If-Match", fmt.Sprintf(`"%d"`, me.Version)}
}

func userBody(name, username string, roles ...string) map[string]any {
	return map[string]any{"name": name, "username": username, "password": "pass1234", "confirmPassword": "pass1234", "roles": roles}
}

func eachEngine(t *testing.T, fn func(t *testing.T, a *api)) {
	for _, e := range dbtest.Engines() {
		t.Run(e.Name, func(t *testing.T) { fn(t, startAPI(t, e.Open(t))) })
	}
}

func TestLogin(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		r := a.expect(a.do("POST", "/api/login", "", map[string]string{"username": "", "password": ""}), 422)
		if f := r.fieldErrors(t); f["username"][0] != "The username field is required." || f["password"][0] != "The password field is required." {
			t.Fatalf("errors = %v", f)
		}
		wrongPass := a.expect(a.do("POST", "/api/login", "", map[string]string{"username": "admin", "password": "nope"}), 401).message(t)
		unknown := a.expect(a.do("POST", "/api/login", "", map[string]string{"username": "ghost", "password": "nope"}), 401).message(t)
		if wrongPass != unknown || wrongPass != "Wrong username or password." {
			t.Fatalf("wrong password %q and unknown user %q must answer alike", wrongPass, unknown)
		}
		r = a.expect(a.do("POST", "/api/login", "", map[string]string{"username": " ADMIN ", "password": "admin-pass"}), 200)
		var out struct {
			Token     string `json:"token"`
			ExpiresIn int64  `json:"expires_in"`
			PartnerID *int64 `json:"partner_id"`
		}
		r.json(t, &out)
		if len(out.Token) < 43 || out.ExpiresIn != 3600 || out.PartnerID != nil || !bytes.Contains(r.body, []byte(`"partner_id":null`)) {
			t.Fatalf("login answer %s", r.body)
		}
		// Only the token's hash is stored.
		var stored int
		if err := a.app.DB.NewRaw("SELECT count(*) FROM sessions WHERE token_hash = ?", out.Token).Scan(context.Background(), &stored); err != nil || stored != 0 {
			t.Fatalf("raw token found in storage (%d, %v)", stored, err)
		}
		a.expect(a.do("POST", "/api/login", "", "{not json"), 400)
	})
}

func TestAuthenticationAndRevocation(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		a.expect(a.do("GET", "/api/users", "", nil), 401)
		a.expect(a.do("GET", "/api/users", "garbage", nil), 401)
		a.expect(a.do("GET", "/api/users", "", nil, "Authorization", "Basic YWRtaW46YWRtaW4="), 401)

		second := a.login("admin", "admin-pass")
		a.expect(a.do("POST", "/api/logout", second, nil), 204)
		if msg := a.expect(a.do("GET", "/api/getLogedUserData", second, nil), 401).message(t); msg == "" {
			t.Fatal("401 needs a message")
		}
		a.expect(a.do("GET", "/api/getLogedUserData", a.admin, nil), 200) // other sessions live on

		// An expired session is refused.
		if _, err := a.app.DB.NewRaw("UPDATE sessions SET expires_at = ?", time.Now().Add(-time.Minute).UTC()).Exec(context.Background()); err != nil {
			t.Fatal(err)
		}
		a.expect(a.do("GET", "/api/getLogedUserData", a.admin, nil), 401)
	})
}

func TestLoginThrottling(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		a.createUser(userBody("Ana Anić", "ana", "manager"))
		from := func(addr string) []string { return []string{"X-Forwarded-For", addr} }
		for i := 0; i < 5; i++ {
			a.expect(a.do("POST", "/api/login", "", map[string]string{"username": "ana", "password": "wrong"}, from("10.1.1.1")...), 401)
		}
		r := a.expect(a.do("POST", "/api/login", "", map[string]string{"username": "ANA", "password": "pass1234"}, from("10.1.1.1")...), 429)
		if r.message(t) != "Too many login attempts. Try again later." {
			t.Fatalf("429 message %q", r.message(t))
		}
		// Another address, or another username from the same address, is not held back.
		a.login("ana", "pass1234", from("10.2.2.2")...)
		a.login("admin", "admin-pass", from("10.1.1.1")...)
	})
}

func TestUsersList(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		for i := 0; i < 24; i++ {
			a.createUser(userBody(fmt.Sprintf("Korisnik %02d", i), fmt.Sprintf("k%02d", i), "engineer"))
		}
		r := a.expect(a.do("GET", "/api/users?page=2&per_page=10&sort=name&order=desc", a.admin, nil), 200)
		var page []userOut
		r.json(t, &page)
		if r.header.Get("X-Total-Count") != "25" || len(page) != 10 || page[0].Name != "Korisnik 13" {
			t.Fatalf("total %s, %d rows, first %+v", r.header.Get("X-Total-Count"), len(page), page[0])
		}
		r = a.expect(a.do("GET", "/api/users?page=1&per_page=10&name="+url.QueryEscape("KORISNIK 1"), a.admin, nil), 200)
		r.json(t, &page)
		if r.header.Get("X-Total-Count") != "10" || page[0].Name != "Korisnik 10" {
			t.Fatalf("filtered: total %s, first %+v", r.header.Get("X-Total-Count"), page[0])
		}
		r = a.expect(a.do("GET", "/api/users?page=1&is_active=1&username=admin", a.admin, nil), 200)
		r.json(t, &page)
		if len(page) != 1 || page[0].Roles[0] != "admin" {
			t.Fatalf("admin row %+v", page)
		}
		// Without page the whole list is streamed.
		r = a.expect(a.do("GET", "/api/users", a.admin, nil), 200)
		var all []userOut
		r.json(t, &all)
		if len(all) != 25 || r.header.Get("X-Total-Count") != "" {
			t.Fatalf("whole list has %d rows", len(all))
		}
		r = a.expect(a.do("GET", "/api/users?name=nobody-at-all", a.admin, nil), 200)
		if strings.TrimSpace(string(r.body)) != "[]" {
			t.Fatalf("empty stream %q", r.body)
		}
		for _, bad := range []string{"sort=password_hash", "page=0", "per_page=1000&page=1", "order=sideways", "is_active=maybe"} {
			a.expect(a.do("GET", "/api/users?"+bad, a.admin, nil), 422)
		}
	})
}

func TestUsersCreateReadUpdateToggle(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		a.addPartner(7, "Partner Sedam")
		u := a.createUser(map[string]any{"name": "Ana Anić", "username": "Ana", "password": "pass1234",
			"confirmPassword": "pass1234", "partner_id": "", "roles": []string{"manager", "director"}})
		if u.ID == 0 || !u.IsActive || u.PartnerID != nil || len(u.Roles) != 2 {
			t.Fatalf("created %+v", u)
		}
		if bytes.Contains(a.do("GET", "/api/users?page=1", a.admin, nil).body, []byte("argon2")) {
			t.Fatal("password hashes must never be returned")
		}

		r := a.expect(a.do("POST", "/api/users", a.admin, userBody("Druga Ana", "ANA")), 422)
		if r.fieldErrors(t)["username"][0] != "The username has already been taken." {
			t.Fatalf("duplicate: %s", r.body)
		}
		r = a.expect(a.do("POST", "/api/users", a.admin, map[string]any{"name": "A", "password": "abc", "confirmPassword": "abc"}), 422)
		f := r.fieldErrors(t)
		if f["name"][0] != "The name must be at least 2 characters." || f["username"][0] != "The username field is required." ||
			f["password"][0] != "The password must be at least 4 characters." {
			t.Fatalf("errors %v", f)
		}
		a.expect(a.do("POST", "/api/users", a.admin, map[string]any{"name": "Neko", "username": "neko", "password": "abcd", "confirmPassword": "abce"}), 422)
		r = a.expect(a.do("POST", "/api/users", a.admin, map[string]any{"name": "Neko", "username": "neko", "password": "abcd", "confirmPassword": "abcd", "partner_id": 999}), 422)
		if r.fieldErrors(t)["partner_id"][0] != "The selected partner id is invalid." {
			t.Fatalf("unknown partner: %s", r.body)
		}

		var got []userOut
		a.expect(a.do("GET", fmt.Sprintf("/api/users/%d", u.ID), a.admin, nil), 200).json(t, &got)
		if len(got) != 1 || got[0].Username != "Ana" {
			t.Fatalf("get %+v", got)
		}
		a.expect(a.do("GET", "/api/users/99999", a.admin, nil), 404)
		a.expect(a.do("GET", "/api/users/abc", a.admin, nil), 404)

		anaToken := a.login("ana", "pass1234")
		// Edit without a password keeps it and keeps the sessions.
		var edited userOut
		a.expect(a.do("PUT", fmt.Sprintf("/api/users/%d", u.ID), a.admin, map[string]any{"name": "Ana Nova", "username": "ana",
			"password": "", "confirmPassword": "", "partner_id": 7, "roles": []string{"financier"}}, a.ifMatch(fmt.Sprintf("/api/users/%d", u.ID))...), 200).json(t, &edited)
		if edited.Name != "Ana Nova" || edited.PartnerName == nil || *edited.PartnerName != "Partner Sedam" || edited.Roles[0] != "financier" {
			t.Fatalf("edited %+v", edited)
		}
		a.expect(a.do("PUT", fmt.Sprintf("/api/users/%d", u.ID), a.admin, map[string]any{"name": "Ana Nova", "username": "ana", "partner_id": nil, "roles": []string{"financier"}}, a.ifMatch(fmt.Sprintf("/api/users/%d", u.ID))...), 200)
		a.expect(a.do("GET", "/api/getLogedUserData", anaToken, nil), 200)
		a.login("ana", "pass1234")
		// A typed password replaces it and ends the user's sessions.
		a.expect(a.do("PUT", fmt.Sprintf("/api/users/%d", u.ID), a.admin, map[string]any{"name": "Ana Nova", "username": "ana",
			"password": "nova-sifra", "confirmPassword": "nova-sifra", "roles": []string{"financier"}}, a.ifMatch(fmt.Sprintf("/api/users/%d", u.ID))...), 200)
		a.expect(a.do("GET", "/api/getLogedUserData", anaToken, nil), 401)
		anaToken = a.login("ana", "nova-sifra")
		a.expect(a.do("PUT", "/api/users/99999", a.admin, userBody("Niko", "niko"), a.ifMatch("/api/users/99999")...), 404)
		a.expect(a.do("PUT", fmt.Sprintf("/api/users/%d", u.ID), a.admin, map[string]any{"name": "", "username": "admin"}, a.ifMatch(fmt.Sprintf("/api/users/%d", u.ID))...), 422)

		// Deactivation answers the new state, ends the sessions and blocks sign-in.
		var toggled map[string]bool
		a.expect(a.do("DELETE", fmt.Sprintf("/api/users/%d", u.ID), a.admin, nil), 200).json(t, &toggled)
		if toggled["is_active"] {
			t.Fatalf("toggle answered %v", toggled)
		}
		a.expect(a.do("GET", "/api/getLogedUserData", anaToken, nil), 401)
		a.expect(a.do("POST", "/api/login", "", map[string]string{"username": "ana", "password": "nova-sifra"}), 401)
		a.expect(a.do("DELETE", fmt.Sprintf("/api/users/%d", u.ID), a.admin, nil), 200).json(t, &toggled)
		if !toggled["is_active"] {
			t.Fatal("second toggle reactivates")
		}
		a.login("ana", "nova-sifra")
		a.expect(a.do("DELETE", "/api/users/99999", a.admin, nil), 404)
		if a.expect(a.do("DELETE", "/api/users/1", a.admin, nil), 403).message(t) != "You cannot deactivate your own account." {
			t.Fatal("self-deactivation must be refused")
		}
	})
}

func TestRolesAndPartnerAccounts(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		a.addPartner(3, "Partner Tri")
		a.createUser(userBody("Menadžer", "manager", "manager"))
		a.createUser(userBody("Inženjer", "engineer", "engineer"))
		a.createUser(userBody("Direktor", "director", "director"))
		partnerUser := userBody("Partner", "partner", "admin")
		partnerUser["partner_id"] = 3
		a.createUser(partnerUser)

		manager := a.login("manager", "pass1234")
		a.expect(a.do("GET", "/api/users?page=1", manager, nil), 200)
		a.expect(a.do("GET", "/api/roles", manager, nil), 200)
		if a.expect(a.do("POST", "/api/users", manager, userBody("Novi", "novi")), 403).message(t) == "" {
			t.Fatal("403 needs a message")
		}
		a.expect(a.do("DELETE", "/api/users/1", manager, nil), 403)

		engineer := a.login("engineer", "pass1234")
		a.expect(a.do("GET", "/api/users?page=1", engineer, nil), 403)
		a.expect(a.do("GET", "/api/getLogedUserData", engineer, nil), 200)
		a.expect(a.do("POST", "/api/userUpdate", engineer, map[string]string{"name": "Inženjer Novi", "username": "engineer"}, a.ownVersion(engineer)...), 200)

		director := a.login("director", "pass1234")
		a.expect(a.do("POST", "/api/users", director, userBody("Novi", "novi", "director")), 201)

		// A partner-linked account signs in, then every admin call is refused, whatever its roles.
		r := a.expect(a.do("POST", "/api/login", "", map[string]string{"username": "partner", "password": "pass1234"}), 200)
		var out struct {
			Token     string `json:"token"`
			PartnerID *int64 `json:"partner_id"`
		}
		r.json(t, &out)
		if out.PartnerID == nil || *out.PartnerID != 3 {
			t.Fatalf("partner login %s", r.body)
		}
		for _, call := range [][2]string{{"GET", "/api/users?page=1"}, {"GET", "/api/getLogedUserData"}, {"GET", "/api/getCommentInfo"}, {"GET", "/api/roles"}, {"POST", "/api/userUpdate"}} {
			a.expect(a.do(call[0], call[1], out.Token, nil), 403)
		}
		a.expect(a.do("POST", "/api/logout", out.Token, nil), 204)
	})
}

func TestOwnProfile(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		a.createUser(userBody("Zauzet", "zauzet"))
		var me map[string]any
		a.expect(a.do("GET", "/api/getLogedUserData", a.admin, nil), 200).json(t, &me)
		if me["name"] != "Administrator" || me["username"] != "admin" {
			t.Fatalf("me %v", me)
		}
		var info map[string][]any
		a.expect(a.do("GET", "/api/getCommentInfo", a.admin, nil), 200).json(t, &info)
		if info["evidentions"] == nil {
			t.Fatal("evidentions must be a list")
		}
		r := a.expect(a.do("POST", "/api/userUpdate", a.admin, map[string]string{"name": "Admin", "username": "ZAUZET"}, a.ownVersion(a.admin)...), 422)
		if r.fieldErrors(t)["username"][0] != "The username has already been taken." {
			t.Fatalf("taken username: %s", r.body)
		}
		a.expect(a.do("POST", "/api/userUpdate", a.admin, map[string]string{"name": "Admin", "username": "admin", "password": "abc", "confirmPassword": "abc"}, a.ownVersion(a.admin)...), 422)
		other := a.login("admin", "admin-pass")
		var upd map[string]any
		a.expect(a.do("POST", "/api/userUpdate", a.admin, map[string]string{"name": "Glavni Admin", "username": "admin",
			"password": "nova1234", "confirmPassword": "nova1234", "current_password": "admin-pass"}, a.ownVersion(a.admin)...), 200).json(t, &upd)
		if upd["name"] != "Glavni Admin" || upd["username"] != "admin" {
			t.Fatalf("update answered %v", upd)
		}
		a.expect(a.do("GET", "/api/getLogedUserData", a.admin, nil), 200) // the current session stays
		a.expect(a.do("GET", "/api/getLogedUserData", other, nil), 401)   // the others end
		a.expect(a.do("POST", "/api/login", "", map[string]string{"username": "admin", "password": "admin-pass"}), 401)
		a.login("admin", "nova1234")
	})
}

func TestTransportGuards(t *testing.T) {
	a := startAPI(t, dbtest.SQLiteURL(t))
	big := `{"name":"` + strings.Repeat("x", 2<<20) + `"}`
	a.expect(a.do("POST", "/api/users", a.admin, big), 413)
	a.expect(a.do("POST", "/api/users", a.admin, `{"name": 12`), 400)
	r := a.expect(a.do("GET", "/api/does-not-exist", a.admin, nil), 404)
	for _, h := range []string{"Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy", "X-Request-Id"} {
		if r.header.Get(h) == "" {
			t.Fatalf("missing header %s", h)
		}
	}
	if !strings.Contains(r.header.Get("Content-Security-Policy"), "frame-ancestors 'none'") || r.header.Get("X-Content-Type-Options") != "nosniff" {
		t.Fatal("security headers")
	}
	res, err := http.Get(a.srv.URL + "/users")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/") {
		t.Fatalf("client route answered %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	var mapSettings map[string]string
	r = a.expect(a.do("GET", "/api/mapSettings", a.admin, nil), 200)
	r.json(t, &mapSettings)
	if mapSettings["tiles"] != "https://tiles.example.test/{z}/{x}/{y}.png" || mapSettings["attribution"] != "Test tiles" {
		t.Fatalf("map settings %v", mapSettings)
	}
	if !strings.Contains(r.header.Get("Content-Security-Policy"), "img-src 'self' data: blob: https://tiles.example.test;") {
		t.Fatalf("the tile origin must be an allowed image source: %s", r.header.Get("Content-Security-Policy"))
	}
	a.expect(a.do("GET", "/healthz", "", nil), 200)
	a.expect(a.do("GET", "/readyz", "", nil), 200)
}

// /readyz answers 503 while the database refuses connections and recovers by itself.
func TestReadinessFollowsTheDatabase(t *testing.T) {
	dbURL := dbtest.PostgresURL(t)
	a := startAPI(t, dbURL)
	u, _ := url.Parse(dbURL)
	name := strings.TrimPrefix(u.Path, "/")
	u.Path = "/postgres"
	admin, err := sql.Open("pgx", u.String())
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	mustExec := func(q string) {
		if _, err := admin.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	mustExec("ALTER DATABASE " + name + " ALLOW_CONNECTIONS false")
	mustExec("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '" + name + "'")
	a.expect(a.do("GET", "/readyz", "", nil), 503)
	a.do("GET", "/api/users?page=1", a.admin, nil) // must not hang or crash; 401/503 are both acceptable here
	mustExec("ALTER DATABASE " + name + " ALLOW_CONNECTIONS true")
	a.expect(a.do("GET", "/readyz", "", nil), 200)
	a.expect(a.do("GET", "/api/users?page=1", a.admin, nil), 200)
}
