package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"vitrina/adapters/persistence/dbtest"
	"vitrina/adapters/push/fakefcm"
	"vitrina/bootstrap"
)

// fanOutDevices is the issue's fan-out: one notification to 100,000 devices.
const fanOutDevices = 100_000

// BenchmarkPushFanOutSQLite and …Postgres send one notification to 100,000 devices (90,000
// active partners in every category, 10,000 of them with a second device) through the whole
// mechanism: POST /api/notifications writes the outbox, the serving process's sender sends it
// to the fake FCM on loopback and records every outcome. They report the time until the last
// delivery is recorded, the peak memory of the process, and then the time a bare Go loop
// takes to post the same 100,000 requests (the tokens read back from the outbox, 64 at a
// time, one access token, the same connection pool), and the ratio of the two. Every device
// must have received the message exactly once, and each delivery's outcome must be in the
// audit log (one event per device, ADR 0031). Run with -benchtime 1x.
func BenchmarkPushFanOutSQLite(b *testing.B) { benchPushFanOut(b, dbtest.SQLiteURL(b)) }

func BenchmarkPushFanOutPostgres(b *testing.B) { benchPushFanOut(b, dbtest.PostgresURL(b)) }

func benchPushFanOut(b *testing.B, dbURL string) {
	fake := fakefcm.Start(b)
	fake.KeepMessages(false)
	app, token, cleanup := startPartnersWith(b, dbURL, func(c *bootstrap.Config) {
		c.FCMCredentials, c.FCMEndpoint = fake.WriteCredentials(b), fake.URL
		c.PushWait, c.PushTimeout = 0, 10*time.Second
	})
	defer cleanup()
	loadPartners(b, app.DB, 100_000)
	now := time.Now().UTC()
	// Active partners are those with j%10 != 0 (loadPartners); ids are j+1.
	var active []int
	for j := range 100_000 {
		if j%10 != 0 {
			active = append(active, j+1)
		}
	}
	insertRows(b, app.DB, len(active), "INSERT INTO devices (token, partner_id, platform, registered_at)", "(?, ?, ?, ?)", func(k int) []any {
		return []any{deviceToken(active[k], 0), active[k], "android", now}
	})
	insertRows(b, app.DB, fanOutDevices-len(active), "INSERT INTO devices (token, partner_id, platform, registered_at)", "(?, ?, ?, ?)", func(k int) []any {
		return []any{deviceToken(active[k], 1), active[k], "ios", now}
	})
	categories := make([]int, len(benchCategories))
	for i := range categories {
		categories[i] = i + 1
	}
	handler := app.Server.Handler()
	// The partner list's index loaded before the workers start: its load is the serving
	// process's start, not the fan-out's (the worker would run it during the timed send).
	req := httptest.NewRequest("GET", "/api/partners?page=1&per_page=20&name=a", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	listed := httptest.NewRecorder()
	if handler.ServeHTTP(listed, req); listed.Code != http.StatusOK {
		b.Fatalf("partners: %d %s", listed.Code, listed.Body)
	}
	workers := bootstrap.StartWorkers(app.Log, app.Workers)
	defer func() { _ = workers.Stop(30 * time.Second) }()

	var outboxTime, bareTime time.Duration
	var peak, anon float64
	for i := 0; b.Loop(); i++ {
		sentBefore := fake.Sent()
		readPeak := peakRSS(b)
		readAnon := sampleMax("RssAnon")
		start := time.Now()
		body, _ := json.Marshal(map[string]any{"subject": fmt.Sprintf("Obavještenje %d", i), "notification_text": "Nova akcija u aplikaciji",
			"categories": categories})
		req := httptest.NewRequest("POST", "/api/notifications", bytes.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		handler.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatalf("POST: %d %s", rec.Code, rec.Body)
		}
		var n struct {
			ID      int64 `json:"id"`
			Devices int64 `json:"devices"`
		}
		_ = json.Unmarshal(rec.Body.Bytes(), &n)
		if n.Devices != fanOutDevices {
			b.Fatalf("targeted %d devices, want %d", n.Devices, fanOutDevices)
		}
		for {
			var f struct {
				Delivered int64 `bun:"delivered"`
				Failed    int64 `bun:"failed"`
			}
			if err := app.DB.NewRaw("SELECT delivered, failed FROM notifications WHERE id = ?", n.ID).Scan(context.Background(), &f); err != nil {
				b.Fatal(err)
			}
			if f.Failed > 0 {
				b.Fatalf("%d deliveries failed", f.Failed)
			}
			if f.Delivered == fanOutDevices {
				break
			}
			if time.Since(start) > 10*time.Minute {
				b.Fatalf("delivered %d after 10 minutes", f.Delivered)
			}
			time.Sleep(20 * time.Millisecond)
		}
		outboxTime += time.Since(start)
		peak = max(peak, readPeak())
		anon = max(anon, readAnon())
		if sent := fake.Sent() - sentBefore; sent != fanOutDevices {
			b.Fatalf("the fake took %d messages, want %d (none lost, none twice)", sent, fanOutDevices)
		}
		// Each delivery's outcome is on record (ADR 0031), written with its state.
		var recorded int64
		if err := app.DB.NewRaw("SELECT count(*) FROM audit_events WHERE parent_resource = 'notifications' AND parent_id = ? AND resource = 'deliveries'",
			n.ID).Scan(context.Background(), &recorded); err != nil || recorded != fanOutDevices {
			b.Fatalf("%d delivery events, want %d (%v)", recorded, fanOutDevices, err)
		}
		for _, id := range active[:10] {
			if got := fake.Received(deviceToken(id, 0)); got != i+1 {
				b.Fatalf("device of partner %d received %d messages after %d notifications", id, got, i+1)
			}
		}

		// The bare loop: the same requests straight from the outbox's tokens.
		var tokens []string
		if err := app.DB.NewRaw("SELECT token FROM deliveries WHERE notification_id = ? ORDER BY id", n.ID).Scan(context.Background(), &tokens); err != nil {
			b.Fatal(err)
		}
		start = time.Now()
		bareFanOut(b, fake, tokens)
		bareTime += time.Since(start)
	}
	b.ReportMetric(outboxTime.Seconds()/float64(b.N), "s-outbox")
	b.ReportMetric(bareTime.Seconds()/float64(b.N), "s-bare")
	b.ReportMetric(outboxTime.Seconds()/bareTime.Seconds(), "outbox/bare")
	b.ReportMetric(peak, "MB-peak-rss")
	b.ReportMetric(anon, "MB-peak-anon")
}

// sampleMax reads a memory line of /proc/self/status every 5 ms until the returned function
// is called, which answers the largest value seen, in MB. RssAnon is the process's own
// memory; VmHWM also counts the pages of the SQLite file it maps (mmap_size), which are the
// kernel's file cache rather than memory the fan-out takes.
func sampleMax(key string) func() float64 {
	stop := make(chan struct{})
	done := make(chan float64)
	go func() {
		top := procStatus(key)
		t := time.NewTicker(5 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-stop:
				done <- max(top, procStatus(key))
				return
			case <-t.C:
				top = max(top, procStatus(key))
			}
		}
	}()
	return func() float64 { close(stop); return <-done }
}

func deviceToken(partner, n int) string {
	return fmt.Sprintf("fGx1kR9yQd2:APA91b-%07d-%d-k3vZ0aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTU", partner, n)
}

// bareFanOut posts one FCM message per token, 64 at a time, with one access token.
func bareFanOut(b *testing.B, fake *fakefcm.Server, tokens []string) {
	transport := http.DefaultTransport.(*http.Transport).Clone()
	transport.MaxIdleConnsPerHost = 128
	client := &http.Client{Transport: transport}
	access := fake.IssueAccessToken()
	url := fake.URL + "/v1/projects/" + fakefcm.ProjectID + "/messages:send"
	var next atomic.Int64
	var failed atomic.Int64
	var wg sync.WaitGroup
	for range 64 {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= len(tokens) {
					return
				}
				body, _ := json.Marshal(map[string]any{"message": map[string]any{"token": tokens[i],
					"notification": map[string]string{"title": "Obavještenje", "body": "Nova akcija u aplikaciji"}}})
				req, _ := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
				req.Header.Set("Authorization", "Bearer "+access)
				req.Header.Set("Content-Type", "application/json")
				res, err := client.Do(req)
				if err != nil {
					failed.Add(1)
					continue
				}
				_, _ = io.Copy(io.Discard, res.Body)
				_ = res.Body.Close()
				if res.StatusCode != http.StatusOK {
					failed.Add(1)
				}
			}
		})
	}
	wg.Wait()
	if failed.Load() > 0 {
		b.Fatalf("the bare loop failed %d requests", failed.Load())
	}
}
