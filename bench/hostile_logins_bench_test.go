package bench

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"vitrina/bootstrap"
)

// BenchmarkHostileLogins sends 100 sign-ins at once to a real server and reports the peak
// resident memory and how they were answered. Each argon2id check holds 19 MiB; the hash
// gate lets one per core run, so the peak stays flat and the excess waits, then gets 429.
// Each comes from its own address (a trusted proxy's X-Forwarded-For): from one address
// the sign-in throttle counts attempts before their check (ADR 0025) and would refuse all
// but 5 before they reach the gate.
func BenchmarkHostileLogins(b *testing.B) {
	const concurrent = 100
	ctx := context.Background()
	app, cleanup, err := bootstrap.InitApp(ctx, bootstrap.Config{DatabaseURL: "sqlite://" + b.TempDir() + "/bench.db",
		DataDir: b.TempDir(), TokenTTL: time.Hour, LogFormat: "json", LogLevel: "error", TrustProxy: true,
		AdminUsername: "bench-admin", AdminPassword: "bench-pass"})
	if err != nil {
		b.Fatal(err)
	}
	defer cleanup()
	if err := bootstrap.Prepare(ctx, app); err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(app.Server.Handler())
	defer srv.Close()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: concurrent, MaxConnsPerHost: concurrent}}
	b.Logf("GOMAXPROCS %d", runtime.GOMAXPROCS(0))

	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		peak := peakRSS(b)
		var (
			mu     sync.Mutex
			counts = map[int]int{}
			wg     sync.WaitGroup
			start  = make(chan struct{})
		)
		t0 := time.Now()
		for j := 0; j < concurrent; j++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				// The right password: each request runs a full check, the most a sign-in costs.
				req, _ := http.NewRequest("POST", srv.URL+"/api/login", strings.NewReader(`{"username":"bench-admin","password":"bench-pass"}`))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("X-Forwarded-For", fmt.Sprintf("10.9.%d.%d", j/250, j%250+1))
				res, err := client.Do(req)
				status := 0
				if err == nil {
					status = res.StatusCode
					_ = res.Body.Close()
				}
				mu.Lock()
				counts[status]++
				mu.Unlock()
			}()
		}
		close(start)
		wg.Wait()
		elapsed := time.Since(t0)
		b.ReportMetric(peak(), "MB-peak-rss")
		b.ReportMetric(elapsed.Seconds(), "s/100-logins")
		b.ReportMetric(float64(counts[http.StatusOK]), "ok")
		b.ReportMetric(float64(counts[http.StatusTooManyRequests]), "busy-429")
		b.Logf("100 concurrent logins: %s in %s", fmt.Sprint(counts), elapsed.Round(time.Millisecond))
		if counts[http.StatusOK]+counts[http.StatusTooManyRequests] != concurrent {
			b.Fatalf("unexpected answers %v", counts)
		}
	}
}
