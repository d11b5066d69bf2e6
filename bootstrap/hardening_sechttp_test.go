package bootstrap

import (
	"bufio"
	"context"
	"database/sql"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"vitrina/adapters/persistence/dbtest"
)

// Text that is not UTF-8 is refused by the one JSON decoder (issue 20): encoding/json would
// store U+FFFD in place of a stray byte or an escaped half of a surrogate pair.
func TestJSONTextMustBeUTF8(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		const bad = "The request contains text that is not valid UTF-8."
		n := a.rowCount("countries")
		for _, body := range []string{
			"{\"name\":\"Ab\xff\xfecd\"}",
			`{"name":"Ab\ud800cd"}`,
			`{"name":"Ab\uDC00cd"}`,
			`{"name":"Ab\ud800\u0041cd"}`,
			`{"name":"Ab\ud800"}`,
			"{\"name\":\"Crna Gora\", \"x\": \"\xc0\xaf\"}",
		} {
			r := a.do("POST", "/api/countries", a.admin, body)
			a.refused(r, "countries", n, "_", bad)
			if r.message(t) != bad {
				t.Fatalf("%q: message %q", body, r.message(t))
			}
		}
		// An escaped backslash before "ud800" is text, not an escape; a whole pair is one character.
		var c named
		a.expect(a.do("POST", "/api/countries", a.admin, `{"name":"Ab\\ud800"}`), 201).json(t, &c)
		if c.Name != `Ab\ud800` {
			t.Fatalf("name %q", c.Name)
		}
		a.expect(a.do("POST", "/api/countries", a.admin, `{"name":"Smiješak \ud83d\ude00"}`), 201).json(t, &c)
		if c.Name != "Smiješak 😀" {
			t.Fatalf("name %q", c.Name)
		}
	})
}

// Names refuse the characters that change how they read without showing (issue 20).
func TestNamesRefuseInvisibleCharacters(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		const want = "The name contains invisible or direction-changing characters."
		n := a.rowCount("countries")
		for _, name := range []string{"Crna\u202EGora", "Crna\u2067Gora", "Crna\u200BGora", "\uFEFFCrna Gora", "Crna\u2060Gora"} {
			a.refused(a.do("POST", "/api/countries", a.admin, map[string]string{"name": name}), "countries", n, "name", want)
		}
		w := a.partnerWorld()
		p := partnerBody(5001, "Gradnja\u202E Vujović", w.city, "10", w.alati)
		n = a.rowCount("partners")
		a.refused(a.do("POST", "/api/partners", a.admin, p), "partners", n, "name", want)
	})
}

// A PostgreSQL backend ended under a running request (a restart, pg_terminate_backend: SQLSTATE
// 57P01) is 503 with Retry-After, not 500, and the next request is served again (issue 20).
func TestDatabaseConnectionLostMidRequestIs503(t *testing.T) {
	dbURL := dbtest.PostgresURL(t)
	a := startAPI(t, dbURL)
	a.create("/api/countries", map[string]string{"name": "Crna Gora"})
	holder, err := sql.Open("pgx", dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close()
	ctx := context.Background()
	tx, err := holder.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback() }()
	if _, err := tx.Exec("LOCK TABLE countries IN ACCESS EXCLUSIVE MODE"); err != nil {
		t.Fatal(err)
	}
	answered := make(chan resp, 1)
	go func() {
		req, _ := http.NewRequest("GET", a.srv.URL+"/api/countries?page=1", nil)
		req.Header.Set("Authorization", "Bearer "+a.admin)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			answered <- resp{status: -1, body: []byte(err.Error())}
			return
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		answered <- resp{status: res.StatusCode, header: res.Header, body: b}
	}()
	// Wait until the request's query waits on the lock, then end every other backend of the database.
	deadline := time.Now().Add(20 * time.Second)
	for {
		var waiting int
		if err := tx.QueryRow(`SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()
			AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`).Scan(&waiting); err != nil {
			t.Fatal(err)
		}
		if waiting > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the request never reached the locked table")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if _, err := tx.Exec(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
		WHERE datname = current_database() AND pid <> pg_backend_pid()`); err != nil {
		t.Fatal(err)
	}
	r := <-answered
	a.expect(r, 503)
	if r.header.Get("Retry-After") == "" || r.message(t) != "The service is temporarily unavailable." {
		t.Fatalf("Retry-After %q, body %s", r.header.Get("Retry-After"), r.body)
	}
	_ = tx.Rollback()
	a.expect(a.do("GET", "/api/countries?page=1", a.admin, nil), 200)
}

// A request refused for its token is answered at once, while its body is still on the way: the
// client does not have to send it all (issue 20). The body here never comes.
func TestRefusedRequestIsAnsweredBeforeItsBody(t *testing.T) {
	a := startAPI(t, dbtest.SQLiteURL(t))
	engineer := a.createUser(userBody("Eng Ineer", "engineer1", "engineer"))
	engToken := a.login(engineer.Username, "pass1234")
	cases := []struct {
		name, path, auth, contentType string
		want                          string
	}{
		{"JSON without a token", "/api/countries", "", "application/json", "401"},
		{"upload with a bad token", "/api/products", "Bearer not-a-token", "multipart/form-data; boundary=x", "401"},
		{"a role without the right", "/api/users", "Bearer " + engToken, "application/json", "403"},
		{"a panel token on an app call", "/api/app/support", "Bearer " + a.admin, "application/json", "403"},
	}
	for _, c := range cases {
		for _, framing := range []string{"Content-Length: 1000000\r\n", "Content-Length: 1000000\r\nExpect: 100-continue\r\n", "Transfer-Encoding: chunked\r\n"} {
			t.Run(c.name+" "+framing, func(t *testing.T) {
				conn, err := net.Dial("tcp", a.srv.Listener.Addr().String())
				if err != nil {
					t.Fatal(err)
				}
				defer conn.Close()
				head := "POST " + c.path + " HTTP/1.1\r\nHost: vitrina\r\nContent-Type: " + c.contentType + "\r\n" + framing
				if c.auth != "" {
					head += "Authorization: " + c.auth + "\r\n"
				}
				first := `{"name":`
				if strings.HasPrefix(framing, "Transfer-Encoding") {
					first = "8\r\n" + first + "\r\n"
				}
				if _, err := conn.Write([]byte(head + "\r\n" + first)); err != nil {
					t.Fatal(err)
				}
				// The answer must come while the rest of the body is still awaited; a server that
				// waited for it would never answer (the deadline only ends a broken run).
				_ = conn.SetReadDeadline(time.Now().Add(30 * time.Second))
				res, err := http.ReadResponse(bufio.NewReader(conn), nil)
				if err != nil {
					t.Fatalf("no answer before the body: %v", err)
				}
				defer res.Body.Close()
				if !strings.HasPrefix(res.Status, c.want) {
					t.Fatalf("status %s, want %s", res.Status, c.want)
				}
			})
		}
	}
}

// Every answer of the API and the health checks says no-store, the 404 of an unknown path
// and the 405 of a wrong method included; images keep their own caching (issue 20).
func TestEveryAPIAnswerIsNotCached(t *testing.T) {
	a := startAPI(t, dbtest.SQLiteURL(t))
	for _, c := range []struct {
		method, path string
		want         int
	}{
		{"GET", "/api/nowhere", 404},
		{"GET", "/api/countries/999999", 404},
		{"GET", "/api/images/products/nothing.jpg", 404},
		{"PATCH", "/api/countries", 405},
		{"GET", "/readyz", 200},
		{"GET", "/healthz", 200},
		{"GET", "/api/users", 200},
	} {
		r := a.do(c.method, c.path, a.admin, nil)
		if r.status != c.want || r.header.Get("Cache-Control") != "no-store" {
			t.Fatalf("%s %s: %d with Cache-Control %q, want %d and no-store", c.method, c.path, r.status, r.header.Get("Cache-Control"), c.want)
		}
	}
	if r := a.do("GET", "/", "", nil); r.header.Get("Cache-Control") == "no-store" {
		t.Fatal("the panel's page is not an API answer")
	}
}

// A known path asked with a method it does not take is 405 with Allow, an unknown path 404
// (issue 20); the access check still comes first for a known method.
func TestKnownPathWithAnotherMethodIs405(t *testing.T) {
	a := startAPI(t, dbtest.SQLiteURL(t))
	for _, c := range []struct{ method, path, allow string }{
		{"PATCH", "/api/countries", "GET, HEAD, POST"},
		{"DELETE", "/api/login", "POST"},
		{"POST", "/api/countries/12", "GET, HEAD, PUT, DELETE"},
		{"PUT", "/api/getAddPartnerExcelDoc", "GET, HEAD"},
	} {
		r := a.do(c.method, c.path, "", nil)
		a.expect(r, 405)
		if r.header.Get("Allow") != c.allow || r.message(t) != "The method is not allowed for this address." {
			t.Fatalf("%s %s: Allow %q, body %s; want Allow %q", c.method, c.path, r.header.Get("Allow"), r.body, c.allow)
		}
	}
	a.expect(a.do("PATCH", "/api/nowhere", a.admin, nil), 404)
	a.expect(a.do("GET", "/api/countries/abc/def", a.admin, nil), 404)
}

// Downloads are bounded like imports (issue 20): with VITRINA_EXPORTS=1, while one partner
// export runs (held here by a lock on the partners table), every download, whatever its route,
// answers 429 with Retry-After; other calls go on, and once it ends downloads are served again.
func TestDownloadsAreBounded(t *testing.T) {
	dbURL := dbtest.PostgresURL(t)
	a := startAPIWith(t, dbURL, func(c *Config) { c.Exports = 1 })
	w := a.partnerWorld()
	a.createPartner(partnerBody(5001, "Gradnja Vujović", w.city, "10", w.alati))
	cmp := a.createCampaign("Proljeće")
	banner := a.createSlider(sliderFields("Baner alata", 1, w.alati), nil)
	holder, err := sql.Open("pgx", dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close()
	tx, err := holder.BeginTx(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback() }()
	if _, err := tx.Exec("LOCK TABLE partners IN ACCESS EXCLUSIVE MODE"); err != nil {
		t.Fatal(err)
	}
	first := make(chan resp, 1)
	go func() {
		req, _ := http.NewRequest("GET", a.srv.URL+"/api/getAddPartnerExcelDoc", nil)
		req.Header.Set("Authorization", "Bearer "+a.admin)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			first <- resp{status: -1, body: []byte(err.Error())}
			return
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		first <- resp{status: res.StatusCode, header: res.Header, body: b}
	}()
	deadline := time.Now().Add(20 * time.Second)
	for {
		var waiting int
		if err := tx.QueryRow(`SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()
			AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`).Scan(&waiting); err != nil {
			t.Fatal(err)
		}
		if waiting > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the export never reached the locked table")
		}
		time.Sleep(20 * time.Millisecond)
	}
	const busy = "The server is busy preparing other downloads. Try again in a moment."
	for _, d := range []struct {
		method, path string
		body         any
	}{
		{"GET", "/api/getAddPartnerExcelDoc", nil},
		{"POST", "/api/getCampaignPartnerList", map[string]any{"campaign_id": cmp.ID}},
		{"GET", fmt.Sprintf("/api/campaignDetailsById/cart/%d/excel", cmp.ID), nil},
		{"GET", fmt.Sprintf("/api/sliders/%d/partners/excel", banner.ID), nil},
	} {
		r := a.expect(a.do(d.method, d.path, a.admin, d.body), 429)
		if r.header.Get("Retry-After") != "5" || r.message(t) != busy {
			t.Fatalf("%s: Retry-After %q, body %s", d.path, r.header.Get("Retry-After"), r.body)
		}
	}
	a.expect(a.do("GET", "/api/countries?page=1", a.admin, nil), 200)
	_ = tx.Rollback()
	if r := <-first; r.status != 200 || len(r.body) == 0 {
		t.Fatalf("the held export: %d %.200s", r.status, r.body)
	}
	if r := a.do("GET", "/api/getAddPartnerExcelDoc", a.admin, nil); r.status != 200 {
		t.Fatalf("after the export: %d %s", r.status, r.body)
	}
}
