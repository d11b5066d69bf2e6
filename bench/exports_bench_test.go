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
	appidentity "vitrina/application/identity"
	"vitrina/bootstrap"
)

// benchConcurrentExports is issue 20's review: 250,000 partners downloaded by 1 and by 8
// staff at once, from a freshly started server. With the default gate (VITRINA_EXPORTS=2) two
// of the eight are written and six answered 429. Half the partners' export beside the whole
// one shows that an export's memory does not grow with its rows.
func benchConcurrentExports(b *testing.B, dbURL string) {
	const n = 250_000
	app, _, cleanup := startPartners(b, dbURL)
	loadPartners(b, app.DB, n)
	cleanup()
	const all = "/api/getAddPartnerExcelDoc?sort=debt&order=desc"
	for _, c := range []struct {
		name        string
		path        string
		exports     int
		concurrent  int
		wantWritten int
	}{
		// One town's partners: every other one (125,000 rows), to compare with all of them.
		{"1-of-125000-rows", all + "&city_name=Podgorica", 2, 1, 1},
		{"1", all, 2, 1, 1},
		// Sorted by a column no index serves: the database sorts every row (temp_store FILE
		// keeps that out of memory on SQLite).
		{"1-by-city", "/api/getAddPartnerExcelDoc?sort=city_name", 2, 1, 1},
		{"8-default-gate", all, 2, 8, 2},
	} {
		b.Run(c.name, func(b *testing.B) {
			ctx := context.Background()
			app, done, err := bootstrap.InitApp(ctx, bootstrap.Config{DatabaseURL: dbURL, DataDir: b.TempDir(), TokenTTL: time.Hour,
				LogFormat: "json", LogLevel: "error", Exports: c.exports})
			if err != nil {
				b.Fatal(err)
			}
			defer done()
			login, err := app.Identity.Login(ctx, "bench-admin", "bench-pass", appidentity.Client{Address: "127.0.0.1"})
			if err != nil {
				b.Fatal(err)
			}
			h := app.Server.Handler()
			for i := 0; i < b.N; i++ {
				peak := peakRSS(b)
				anon := peakAnon()
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
						req := httptest.NewRequest("GET", c.path, nil)
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
				b.ReportMetric(anon(), "MB-peak-anon")
				b.ReportMetric(float64(bytes)/(1<<20), "MB-file")
				b.ReportMetric(float64(codes[429]), "refused-429")
			}
		})
	}
}

// peakAnon samples the process's anonymous resident memory (RssAnon: the Go heap, SQLite's
// page caches and sorters, excelize's buffers; not the pages of the database file SQLite
// maps, which the kernel may drop at will) every 10 ms, and returns a function that stops
// and gives the highest sample in MB.
func peakAnon() func() float64 {
	stop, done := make(chan struct{}), make(chan float64)
	go func() {
		highest := procStatus("RssAnon")
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-tick.C:
				highest = max(highest, procStatus("RssAnon"))
			case <-stop:
				done <- max(highest, procStatus("RssAnon"))
				return
			}
		}
	}()
	return func() float64 { close(stop); return <-done }
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
