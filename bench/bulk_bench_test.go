package bench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"
	"time"

	"vitrina/adapters/persistence/dbtest"
)

// Bulk actions at scale (issue 25's target): deactivate 100,000 partners selected by a
// filter, then undo it, each under 10 s on both engines with memory under 200 MB. The time
// is from the call to the run's end (followed on its event once the call answers 202); the
// memory is the process's peak RSS over the same span, SQLite's own included.
func benchBulkDeactivate(b *testing.B, dbURL string) {
	const n = 100_000
	app, token, cleanup := startPartners(b, dbURL)
	defer cleanup()
	loadPartners(b, app.DB, n)
	if _, err := app.DB.ExecContext(b.Context(), "UPDATE partners SET is_active = ?", true); err != nil {
		b.Fatal(err)
	}
	h := app.Server.Handler()
	call := func(method, path string, body any) *httptest.ResponseRecorder {
		var buf bytes.Buffer
		if body != nil {
			_ = json.NewEncoder(&buf).Encode(body)
		}
		req := httptest.NewRequest(method, path, &buf)
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		return w
	}
	// run posts and follows the run to its end, answering its event id and final state.
	run := func(path string, body any) (int64, map[string]any) {
		w := call("POST", path, body)
		if w.Code != http.StatusOK && w.Code != http.StatusAccepted {
			b.Fatalf("%s: %d %.300s", path, w.Code, w.Body.String())
		}
		var out map[string]any
		_ = json.Unmarshal(w.Body.Bytes(), &out)
		id := int64(out["event_id"].(float64))
		for out["state"] == "running" {
			time.Sleep(20 * time.Millisecond) // a benchmark's poll, as the screen's
			var e struct {
				Bulk map[string]any `json:"bulk"`
			}
			_ = json.Unmarshal(call("GET", fmt.Sprintf("/api/activity/%d", id), nil).Body.Bytes(), &e)
			out = e.Bulk
		}
		return id, out
	}
	// The server loads the partner index at start (a worker); here the first filtered page does.
	if w := call("GET", "/api/partners?page=1&per_page=10&name=a", nil); w.Code != http.StatusOK {
		b.Fatalf("warm the index: %d", w.Code)
	}
	b.ResetTimer()
	for range b.N {
		peak := peakRSS(b)
		anon := peakAnon()
		t0 := time.Now()
		id, out := run("/api/partners/bulk", map[string]any{"action": "deactivate", "filter": map[string]any{"is_active": "1"}})
		took := time.Since(t0)
		b.ReportMetric(took.Seconds(), "s/deactivate")
		b.ReportMetric(anon(), "MB-peak-anon")
		b.ReportMetric(peak(), "MB-peak-rss")
		if out["state"] != "done" || out["done"].(float64) != n {
			b.Fatalf("deactivate: %v", out)
		}
		peak = peakRSS(b)
		anon = peakAnon()
		t0 = time.Now()
		_, undo := run(fmt.Sprintf("/api/activity/%d/undo", id), nil)
		b.ReportMetric(time.Since(t0).Seconds(), "s/undo")
		b.ReportMetric(anon(), "MB-peak-anon-undo")
		b.ReportMetric(peak(), "MB-peak-rss-undo")
		if undo["state"] != "done" || undo["restored"].(float64) != n {
			b.Fatalf("undo: %v", undo)
		}
	}
}

func BenchmarkBulkDeactivate100kSQLite(b *testing.B) {
	benchBulkDeactivate(b, "sqlite://"+b.TempDir()+"/bench.db")
}

func BenchmarkBulkDeactivate100kPostgres(b *testing.B) {
	if os.Getenv("VITRINA_TEST_DATABASE_URL") == "" {
		b.Skip("VITRINA_TEST_DATABASE_URL not set")
	}
	benchBulkDeactivate(b, dbtest.PostgresURL(b))
}
