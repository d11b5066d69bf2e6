package bench

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"vitrina/adapters/persistence/dbtest"
	"vitrina/bootstrap"
)

// benchConcurrentExports is issue 20's review: 250,000 partners downloaded by 1 and by 8
// staff at once, from a freshly started server. With the default gate (VITRINA_EXPORTS=2) two
// of the eight are written and six answered 429.
func benchConcurrentExports(b *testing.B, dbURL string) {
	const n = 250_000
	app, _, cleanup := startPartners(b, dbURL)
	loadPartners(b, app.DB, n)
	cleanup()
	for _, c := range []struct {
		name        string
		exports     int
		concurrent  int
		wantWritten int
	}{
		{"1", 2, 1, 1},
		{"8-default-gate", 2, 8, 2},
	} {
		b.Run(c.name, func(b *testing.B) {
			ctx := context.Background()
			app, done, err := bootstrap.InitApp(ctx, bootstrap.Config{DatabaseURL: dbURL, DataDir: b.TempDir(), TokenTTL: time.Hour,
				LogFormat: "json", LogLevel: "error", Exports: c.exports})
			if err != nil {
				b.Fatal(err)
			}
			defer done()
			login, err := app.Identity.Login(ctx, "bench-admin", "bench-pass", "127.0.0.1")
			if err != nil {
				b.Fatal(err)
			}
			h := app.Server.Handler()
			for i := 0; i < b.N; i++ {
				peak := peakRSS(b)
				t0 := time.Now()
				var wg sync.WaitGroup
				var mu sync.Mutex
				codes := map[int]int{}
				var bytes int64
				start := make(chan struct{})
				for k := 0; k < c.concurrent; k++ {
					wg.Add(1)
					go func() {
						defer wg.Done()
						req := httptest.NewRequest("GET", "/api/getAddPartnerExcelDoc?sort=debt&order=desc", nil)
						req.Header.Set("Authorization", "Bearer "+login.Token)
						w := &countingWriter{header: http.Header{}}
						<-start
						h.ServeHTTP(w, req)
						mu.Lock()
						defer mu.Unlock()
						codes[w.code]++
						if w.code == 200 {
							if !strings.Contains(w.header.Get("Content-Disposition"), "Partners.xlsx") {
								b.Errorf("headers %v", w.header)
							}
							bytes = w.n
						}
					}()
				}
				close(start)
				wg.Wait()
				if codes[200] != c.wantWritten || codes[200]+codes[429] != c.concurrent {
					b.Fatalf("answers %v, want %d × 200 and the rest 429", codes, c.wantWritten)
				}
				b.ReportMetric(time.Since(t0).Seconds(), "s/round")
				b.ReportMetric(peak(), "MB-peak-rss")
				b.ReportMetric(float64(bytes)/(1<<20), "MB-file")
				b.ReportMetric(float64(codes[429]), "refused-429")
			}
		})
	}
}

func BenchmarkPartnerExportConcurrent250kSQLite(b *testing.B) {
	benchConcurrentExports(b, "sqlite://"+b.TempDir()+"/bench.db")
}

func BenchmarkPartnerExportConcurrent250kPostgres(b *testing.B) {
	if os.Getenv("VITRINA_TEST_DATABASE_URL") == "" {
		b.Skip("VITRINA_TEST_DATABASE_URL not set")
	}
	benchConcurrentExports(b, dbtest.PostgresURL(b))
}
