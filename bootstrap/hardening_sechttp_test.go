package bootstrap

import (
	"context"
	"database/sql"
	"io"
	"net/http"
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
