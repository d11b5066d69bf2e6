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

	"vitrina/adapters/persistence"
	"vitrina/adapters/persistence/dbtest"
)

// What recording costs (issue 21, "Cost"): the same work with the audit log switched off
// (persistence.SetRecording, which only these benchmarks touch) and on, in one run.

// changedFigures are figures no partner of loadPartners has (every one above 100,000, none
// a percentage): a file with them changes all six figures of every partner.
func changedFigures(j int) [6]string {
	var out [6]string
	for k := range out {
		out[k] = fmt.Sprintf("%d.%03d", 100_000+j, k+1)
	}
	return out
}

// benchImportAuditCost uploads a 100,000-row file that changes every figure of 100,000
// stored partners, on a fresh database each time, once without events and once with.
func benchImportAuditCost(b *testing.B, dbURL func(b *testing.B) string) {
	const n = 100_000
	var took [2]time.Duration
	for i, on := range []bool{false, true} {
		b.Run(fmt.Sprintf("events=%v", on), func(b *testing.B) {
			persistence.SetRecording(on)
			defer persistence.SetRecording(true)
			app, token, cleanup := startPartners(b, dbURL(b))
			defer cleanup()
			loadPartners(b, app.DB, n)
			file := importFileWith(b, n, changedFigures)
			h := app.Server.Handler()
			b.ResetTimer()
			for range b.N {
				peak := peakRSS(b)
				anon := peakAnon()
				t0 := time.Now()
				w := post(b, h, token, "/api/saveAddPartnerExcelDoc", file)
				took[i] = time.Since(t0)
				b.ReportMetric(anon(), "MB-peak-anon")
				if w.Code != http.StatusOK {
					b.Fatalf("status %d: %.500s", w.Code, w.Body.String())
				}
				b.ReportMetric(took[i].Seconds(), "s/import")
				b.ReportMetric(peak(), "MB-peak-rss")
				b.Logf("answer %.200s", w.Body.String())
			}
			b.StopTimer()
			var events int
			if err := app.DB.NewRaw("SELECT count(*) FROM audit_events WHERE action IN ('edit', 'import')").Scan(b.Context(), &events); err != nil {
				b.Fatal(err)
			}
			b.Logf("events=%v: %d import and edit events", on, events)
		})
	}
	if took[0] > 0 && took[1] > 0 {
		b.Logf("import with events: %+.1f %% (%.2f s without, %.2f s with)",
			100*(took[1].Seconds()/took[0].Seconds()-1), took[0].Seconds(), took[1].Seconds())
	}
}

func BenchmarkPartnerImportAuditCost100kSQLite(b *testing.B) {
	benchImportAuditCost(b, func(b *testing.B) string { return "sqlite://" + b.TempDir() + "/bench.db" })
}

func BenchmarkPartnerImportAuditCost100kPostgres(b *testing.B) {
	if os.Getenv("VITRINA_TEST_DATABASE_URL") == "" {
		b.Skip("VITRINA_TEST_DATABASE_URL not set")
	}
	benchImportAuditCost(b, func(b *testing.B) string { return dbtest.PostgresURL(b) })
}

// benchEditAuditCost edits one partner's debt through PUT /api/partners/{id}, in rounds
// that alternate events off and on (so that a drift of the shared machine falls on both),
// each edit changing the debt; it reports the mean time of an edit each way.
func benchEditAuditCost(b *testing.B, dbURL string) {
	const rounds, perRound = 10, 200
	app, token, cleanup := startPartners(b, dbURL)
	defer cleanup()
	loadPartners(b, app.DB, 1000)
	h := app.Server.Handler()
	version := 1 // loaded partners start there; each edit moves it on
	edit := func(debt int) {
		body, _ := json.Marshal(map[string]any{"id": 500, "name": partnerName(499), "address": "Njegoševa 1", "pib": "02345678",
			"pdv": "30/31-01234-5", "city_id": 1, "phone": "+382 67 123 456", "bonus": "10.5", "debt": fmt.Sprintf("%d.250", debt),
			"payment": "0", "toolCash": "99.999", "annualPlan": "50000", "moneyCirculation": "1000", "categories": []int{1, 2}})
		req := httptest.NewRequest("PUT", "/api/partners/500", bytes.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("If-Match", fmt.Sprintf(`"%d"`, version))
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		if w.Code != http.StatusOK {
			b.Fatalf("status %d: %.500s", w.Code, w.Body.String())
		}
		version++
	}
	for i := range 50 { // warm up: caches, prepared plans, the first events
		edit(i)
	}
	b.ResetTimer()
	for range b.N {
		var took [2]time.Duration
		debt := 1000
		for r := range rounds {
			for _, on := range []bool{r%2 == 0, r%2 != 0} {
				persistence.SetRecording(on)
				t0 := time.Now()
				for range perRound {
					debt++
					edit(debt)
				}
				if on {
					took[1] += time.Since(t0)
				} else {
					took[0] += time.Since(t0)
				}
			}
		}
		persistence.SetRecording(true)
		per := func(d time.Duration) float64 { return float64(d.Microseconds()) / (rounds * perRound) }
		b.ReportMetric(per(took[0]), "us/edit-without-events")
		b.ReportMetric(per(took[1]), "us/edit-with-events")
		b.ReportMetric(100*(took[1].Seconds()/took[0].Seconds()-1), "%-slower")
	}
	var events int
	if err := app.DB.NewRaw("SELECT count(*) FROM audit_events WHERE resource = 'partners' AND action = 'edit'").Scan(b.Context(), &events); err != nil {
		b.Fatal(err)
	}
	b.Logf("%d partner edit events", events)
}

func BenchmarkPartnerEditAuditCostSQLite(b *testing.B) {
	benchEditAuditCost(b, "sqlite://"+b.TempDir()+"/bench.db")
}

func BenchmarkPartnerEditAuditCostPostgres(b *testing.B) {
	if os.Getenv("VITRINA_TEST_DATABASE_URL") == "" {
		b.Skip("VITRINA_TEST_DATABASE_URL not set")
	}
	benchEditAuditCost(b, dbtest.PostgresURL(b))
}
