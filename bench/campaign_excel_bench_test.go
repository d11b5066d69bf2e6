package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"vitrina/adapters/excel"
	"vitrina/adapters/persistence/dbtest"
	appcampaign "vitrina/application/campaign"
	appidentity "vitrina/application/identity"
	"vitrina/bootstrap"
	"vitrina/ports"
)

// The campaign's partner file (issue 12, ADR 0019 Excel): campaign 1 holds 100,000 active
// partners (with 200,000 cart items, so every one has spent something); its download lists
// them all (and its cart's download its 200,000 items), and an upload of 100,000 rows changes every partner's cash, checked whole and
// saved in one transaction under the partners' turn. Targets: download < 5 s, upload < 15 s
// and < 300 MB peak resident memory (SQLite in process included).

// startCampaignSheets loads the campaigns of loadCampaigns over 100,000 partners, all active,
// then starts the application afresh, as staff would meet it: the loading's caches and mapped
// pages go with the first one.
func startCampaignSheets(b *testing.B, dbURL string) (*bootstrap.App, string, func()) {
	app, _, cleanup := startPartners(b, dbURL)
	loadPartners(b, app.DB, benchCampaignPartners)
	if _, err := app.DB.ExecContext(context.Background(), "UPDATE partners SET is_active = TRUE"); err != nil {
		b.Fatal(err)
	}
	loadCampaigns(b, app.DB)
	cleanup()
	ctx := context.Background()
	app, done, err := bootstrap.InitApp(ctx, bootstrap.Config{DatabaseURL: dbURL, DataDir: b.TempDir(), TokenTTL: time.Hour,
		LogFormat: "json", LogLevel: "error"})
	if err != nil {
		b.Fatal(err)
	}
	login, err := app.Identity.Login(ctx, "bench-admin", "bench-pass", appidentity.Client{Address: "127.0.0.1"})
	if err != nil {
		b.Fatal(err)
	}
	return app, login.Token, done
}

// campaignFile is the upload: the download's layout, every partner of campaign 1 with 1 more
// than its cash (loadCampaigns gives partner j+1 1000 + j%5000).
func campaignFile(b *testing.B) []byte {
	var buf bytes.Buffer
	err := excel.New().Write(context.Background(), &buf, "Partners", appcampaign.PartnerColumns, func(emit func([]ports.SheetCell) error) error {
		for j := 0; j < benchCampaignPartners; j++ {
			t := func(s string) ports.SheetCell { return ports.SheetCell{Value: s} }
			num := func(s string) ports.SheetCell { return ports.SheetCell{Value: s, Number: true} }
			row := []ports.SheetCell{num(strconv.Itoa(j + 1)), t(partnerName(j)), t(fmt.Sprintf("+382 6%d %03d %03d", j%10, (j/10)%1000, j%997)),
				t(partnerTowns[(j*7)%len(partnerTowns)]), t(benchCategories[j%len(benchCategories)]), num(strconv.Itoa(1000 + j%5000 + 1))}
			if err := emit(row); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	return buf.Bytes()
}

func benchCampaignExport(b *testing.B, dbURL string) {
	app, token, cleanup := startCampaignSheets(b, dbURL)
	defer cleanup()
	h := app.Server.Handler()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		peak := peakRSS(b)
		req := httptest.NewRequest("POST", "/api/getCampaignPartnerList", strings.NewReader(`{"campaign_id": 1}`))
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Content-Type", "application/json")
		w := &countingWriter{header: http.Header{}}
		t0 := time.Now()
		h.ServeHTTP(w, req)
		elapsed := time.Since(t0)
		if w.code != http.StatusOK || !strings.Contains(w.header.Get("Content-Disposition"), "Partners.xlsx") {
			b.Fatalf("status %d", w.code)
		}
		b.ReportMetric(elapsed.Seconds(), "s/export")
		b.ReportMetric(peak(), "MB-peak-rss")
		b.ReportMetric(float64(w.n)/(1<<20), "MB-file")

		// The cart's download: its 200,000 items, newest first.
		peak = peakRSS(b)
		req = httptest.NewRequest("GET", "/api/campaignDetailsById/cart/1/excel?sort=created_at&order=desc", nil)
		req.Header.Set("Authorization", "Bearer "+token)
		w = &countingWriter{header: http.Header{}}
		t0 = time.Now()
		h.ServeHTTP(w, req)
		elapsed = time.Since(t0)
		if w.code != http.StatusOK || !strings.Contains(w.header.Get("Content-Disposition"), "Cart.xlsx") {
			b.Fatalf("cart status %d", w.code)
		}
		b.ReportMetric(elapsed.Seconds(), "s/cart-export")
		b.ReportMetric(peak(), "MB-cart-peak-rss")
		b.ReportMetric(float64(w.n)/(1<<20), "MB-cart-file")
	}
}

func BenchmarkCampaignPartnerExport100kSQLite(b *testing.B) {
	benchCampaignExport(b, "sqlite://"+b.TempDir()+"/bench.db")
}

func BenchmarkCampaignPartnerExport100kPostgres(b *testing.B) {
	if os.Getenv("VITRINA_TEST_DATABASE_URL") == "" {
		b.Skip("VITRINA_TEST_DATABASE_URL not set")
	}
	benchCampaignExport(b, dbtest.PostgresURL(b))
}

func benchCampaignImport(b *testing.B, dbURL string) {
	app, token, cleanup := startCampaignSheets(b, dbURL)
	defer cleanup()
	file := campaignFile(b)
	b.Logf("file: %d rows, %.1f MB", benchCampaignPartners, float64(len(file))/(1<<20))
	h := app.Server.Handler()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		peak := peakRSS(b)
		t0 := time.Now()
		w := post(b, h, token, "/api/saveCampaignPartners/1", file)
		elapsed := time.Since(t0)
		var out struct{ Updated, Skipped int }
		if w.Code != http.StatusOK || json.Unmarshal(w.Body.Bytes(), &out) != nil {
			b.Fatalf("status %d: %.500s", w.Code, w.Body.String())
		}
		if i == 0 && out.Updated != benchCampaignPartners {
			b.Fatalf("updated %d", out.Updated)
		}
		b.ReportMetric(elapsed.Seconds(), "s/import")
		b.ReportMetric(peak(), "MB-peak-rss")
		b.Logf("answer %.200s", w.Body.String())
	}
}

func BenchmarkCampaignPartnerImport100kSQLite(b *testing.B) {
	benchCampaignImport(b, "sqlite://"+b.TempDir()+"/bench.db")
}

func BenchmarkCampaignPartnerImport100kPostgres(b *testing.B) {
	if os.Getenv("VITRINA_TEST_DATABASE_URL") == "" {
		b.Skip("VITRINA_TEST_DATABASE_URL not set")
	}
	benchCampaignImport(b, dbtest.PostgresURL(b))
}
