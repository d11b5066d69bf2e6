package bench

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"vitrina/adapters/persistence"
	"vitrina/adapters/persistence/dbtest"
)

// activityEvents is the size: 10,000,000 audit events (VITRINA_BENCH_AUDIT_EVENTS
// makes a smaller run to try the benchmark out).
func activityEvents(b *testing.B) int {
	if v := os.Getenv("VITRINA_BENCH_AUDIT_EVENTS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1_000_000 {
			b.Fatalf("VITRINA_BENCH_AUDIT_EVENTS=%q: want at least 1000000", v)
		}
		return n
	}
	return 10_000_000
}

// activityStart is the first event's time; one event every 6 seconds after it, so that
// 10,000,000 events span 694 days.
var activityStart = time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)

// activitySelect generates event i (1…n) in SQL: 40 % partners (100,000 records, 40 events
// each at 10,000,000), then users, products, categories, contacts, sliders and campaigns;
// 70 % edits, then creations, activations and deactivations; 200 users taking turns (about
// 72 events each a day). The hashes are placeholders, not a chain: this benchmark reads,
// it does not verify.
const activitySelect = `i, %AT%, 'user', 1 + (i / 3) % 200, 'Bench User',
  CASE i % 10 WHEN 0 THEN 'partners' WHEN 1 THEN 'partners' WHEN 2 THEN 'partners' WHEN 3 THEN 'partners'
    WHEN 4 THEN 'users' WHEN 5 THEN 'products' WHEN 6 THEN 'categories' WHEN 7 THEN 'contacts' WHEN 8 THEN 'sliders'
    ELSE 'campaigns' END,
  1 + (i / 10) % 100000,
  CASE WHEN i % 10 < 4 THEN 1 + (i / 10) % 100000 END,
  CASE (i / 7) % 10 WHEN 7 THEN 'create' WHEN 8 THEN 'activate' WHEN 9 THEN 'deactivate' ELSE 'edit' END,
  '[{"field":"debt","from":"12000","to":"120000"}]', 'bench', '127.0.0.1', 'bench user debt 12000 120000', 'x', 'x'`

const activityColumns = `(id, at, actor_kind, actor_id, actor_name, resource, record_id, partner_id, action, changes,
  request_id, address, search, prev_hash, hash)`

func exec(b *testing.B, db bun.IDB, query string, args ...any) {
	b.Helper()
	if _, err := db.ExecContext(context.Background(), query, args...); err != nil {
		b.Fatalf("%.80s: %v", query, err)
	}
}

// loadActivity replaces the log with n events inserted by SQL in one statement with the table's indexes and
// count triggers set aside (rebuilt after, the counts taken once), as fast as each engine
// loads; it prints each step's time.
func loadActivity(b *testing.B, db *bun.DB, n int) {
	ctx := context.Background()
	sqlite := persistence.IsSQLite(db)
	step := func(what string, fn func()) {
		t0 := time.Now()
		fn()
		fmt.Printf("activity load, %s: %s\n", what, time.Since(t0).Round(time.Millisecond))
	}
	var rebuild []string
	if sqlite {
		if err := db.NewRaw(`SELECT sql FROM sqlite_master WHERE tbl_name = 'audit_events' AND type IN ('index', 'trigger') AND sql IS NOT NULL`).Scan(ctx, &rebuild); err != nil {
			b.Fatal(err)
		}
		var names []string
		if err := db.NewRaw(`SELECT type || ' ' || name FROM sqlite_master WHERE tbl_name = 'audit_events' AND type IN ('index', 'trigger') AND sql IS NOT NULL`).Scan(ctx, &names); err != nil {
			b.Fatal(err)
		}
		for _, name := range names {
			exec(b, db, "DROP "+name)
		}
	} else {
		if err := db.NewRaw(`SELECT indexdef FROM pg_indexes WHERE tablename = 'audit_events' AND indexname <> 'audit_events_pkey'`).Scan(ctx, &rebuild); err != nil {
			b.Fatal(err)
		}
		var names []string
		if err := db.NewRaw(`SELECT indexname FROM pg_indexes WHERE tablename = 'audit_events' AND indexname <> 'audit_events_pkey'`).Scan(ctx, &names); err != nil {
			b.Fatal(err)
		}
		for _, name := range names {
			exec(b, db, "DROP INDEX "+name)
		}
		exec(b, db, "ALTER TABLE audit_events DISABLE TRIGGER USER")
	}
	b.Logf("set aside for the load: %d indexes and triggers", len(rebuild))
	exec(b, db, "DELETE FROM audit_events") // the few of the set-up (the admin, its sign-in)
	step("insert "+strconv.Itoa(n)+" events", func() {
		if sqlite {
			exec(b, db, `INSERT INTO audit_events `+activityColumns+`
				WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ?)
				SELECT `+replaceAt(activitySelect, `datetime(?, '+' || (i * 6) || ' seconds') || '+00:00'`)+` FROM s`,
				n, activityStart.Format("2006-01-02 15:04:05"))
		} else {
			exec(b, db, `INSERT INTO audit_events `+activityColumns+`
				SELECT `+replaceAt(activitySelect, `?::timestamptz + i * interval '6 seconds'`)+` FROM generate_series(1, ?::bigint) AS i`,
				activityStart, n)
		}
	})
	for _, stmt := range rebuild {
		step(shorten(stmt), func() { exec(b, db, stmt) })
	}
	if !sqlite {
		exec(b, db, "ALTER TABLE audit_events ENABLE TRIGGER USER")
	}
	step("counts and chain head", func() {
		exec(b, db, "DELETE FROM audit_counts")
		exec(b, db, "INSERT INTO audit_counts (resource, action, n) SELECT resource, action, count(*) FROM audit_events GROUP BY resource, action")
		exec(b, db, "UPDATE audit_chain SET last_id = ?, last_hash = 'x' WHERE one = 1", n)
	})
	step("analyze", func() {
		if sqlite {
			exec(b, db, "ANALYZE")
		} else {
			exec(b, db, "VACUUM ANALYZE audit_events") // the visibility map for index-only scans too
		}
	})
}

func replaceAt(s, at string) string {
	const mark = "%AT%"
	for i := 0; i+len(mark) <= len(s); i++ {
		if s[i:i+len(mark)] == mark {
			return s[:i] + at + s[i+len(mark):]
		}
	}
	return s
}

func shorten(s string) string {
	if len(s) > 90 {
		return s[:90] + "…"
	}
	return s
}

// benchActivity is issue 21's read budget: with 10,000,000 events, one record's history, a
// user's day and a resource and action filter, a page of 20 with the exact total, through
// the whole HTTP stack as the admin, under 20 ms.
func benchActivity(b *testing.B, dbURL string) {
	app, token, cleanup := startPartners(b, dbURL)
	defer cleanup()
	loadPartners(b, app.DB, 1000) // the history's record must exist
	t0 := time.Now()
	loadActivity(b, app.DB, activityEvents(b))
	n := activityEvents(b)
	fmt.Printf("activity load: %d events in %s\n", n, time.Since(t0).Round(time.Second))
	// A day in the middle of the span, as the business's calendar day.
	day := activityStart.Add(time.Duration(n/2) * 6 * time.Second).Format("2006-01-02")
	h := app.Server.Handler()
	measureList(b, h, token, "/api/partners/1/history", []listCase{{"record-history", "page=1&per_page=20"}})
	measureList(b, h, token, "/api/activity", []listCase{
		{"user-day", "user_id=7&from=" + day + "&to=" + day + "&page=1&per_page=20"},
		{"resource-action", "resource=partners&action=edit&page=1&per_page=20"},
		{"resource-action-page-50", "resource=partners&action=edit&page=50&per_page=20"},
		{"no-filter", "page=1&per_page=20"},
		{"partner-timeline", "partner_id=1&page=1&per_page=20"},
	})
	// What audit_counts saves: the same rows with a date bound before the first event are
	// counted over the rows (three requests, they take seconds).
	req := httptest.NewRequest("GET", "/api/activity?resource=partners&action=edit&from=2023-01-01&page=1&per_page=20", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	for range 3 {
		w := httptest.NewRecorder()
		t0 := time.Now()
		h.ServeHTTP(w, req)
		fmt.Printf("resource and action counted over the rows: %d, total %s, %s\n", w.Code, w.Header().Get("X-Total-Count"), time.Since(t0).Round(time.Millisecond))
	}
}

// BenchmarkActivityLog10MSQLite: go test -run '^$' -bench ActivityLog10M -benchtime 200x ./bench/
func BenchmarkActivityLog10MSQLite(b *testing.B) {
	benchActivity(b, "sqlite://"+b.TempDir()+"/bench.db")
}

// BenchmarkActivityLog10MPostgres is the same on PostgreSQL (VITRINA_TEST_DATABASE_URL).
func BenchmarkActivityLog10MPostgres(b *testing.B) {
	if os.Getenv("VITRINA_TEST_DATABASE_URL") == "" {
		b.Skip("VITRINA_TEST_DATABASE_URL not set")
	}
	benchActivity(b, dbtest.PostgresURL(b))
}
