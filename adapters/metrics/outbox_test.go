package metrics

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
)

// The outbox's depth is read at most once per OutboxCacheFor however many scrapes come, at
// once or in a row; a failed read answers the last good reading and is not retried before the
// window ends either.
func TestOutboxDepthIsReadOncePerWindow(t *testing.T) {
	var mu sync.Mutex
	reads := 0
	var fail bool
	pending := int64(3)
	start := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	now := start
	read := func(context.Context) (OutboxReading, error) {
		mu.Lock()
		defer mu.Unlock()
		reads++
		if fail {
			return OutboxReading{}, errors.New("database unreachable")
		}
		return OutboxReading{ByState: map[string]int64{"pending": pending, "delivered": 10}, OldestDue: start.Add(-90 * time.Second)}, nil
	}
	c := newOutboxCollector(read, func() time.Time { mu.Lock(); defer mu.Unlock(); return now })
	reg := prometheus.NewRegistry()
	reg.MustRegister(c)
	scrape := func() map[string]float64 {
		t.Helper()
		families, err := reg.Gather()
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]float64{}
		for _, f := range families {
			for _, m := range f.GetMetric() {
				key := f.GetName()
				for _, l := range m.GetLabel() {
					key += "/" + l.GetValue()
				}
				out[key] = m.GetGauge().GetValue()
			}
		}
		return out
	}
	var wg sync.WaitGroup
	for range 20 {
		wg.Go(func() { scrape() })
	}
	wg.Wait()
	got := scrape()
	if reads != 1 {
		t.Fatalf("21 scrapes in one window read the outbox %d times", reads)
	}
	if got["vitrina_push_outbox_deliveries/pending"] != 3 || got["vitrina_push_outbox_deliveries/delivered"] != 10 ||
		got["vitrina_push_outbox_deliveries/failed"] != 0 || got["vitrina_push_outbox_oldest_due_seconds"] != 90 {
		t.Fatalf("reading %v", got)
	}

	mu.Lock()
	now, pending, fail = start.Add(OutboxCacheFor), 5, true
	mu.Unlock()
	if got = scrape(); reads != 2 || got["vitrina_push_outbox_deliveries/pending"] != 3 {
		t.Fatalf("a failed read: %d reads, pending %v; want the last good reading", reads, got["vitrina_push_outbox_deliveries/pending"])
	}
	scrape()
	if reads != 2 {
		t.Fatal("a failed read is retried within its window")
	}
	mu.Lock()
	now, fail = start.Add(2*OutboxCacheFor), false
	mu.Unlock()
	if got = scrape(); reads != 3 || got["vitrina_push_outbox_deliveries/pending"] != 5 {
		t.Fatalf("next window: %d reads, pending %v", reads, got["vitrina_push_outbox_deliveries/pending"])
	}
	if n := testutil.CollectAndCount(c); n != len(OutboxStates)+1 {
		t.Fatalf("%d series, want one per state and the oldest due", n)
	}
}

// Before any good reading there is nothing to answer, and the scrape goes on without it.
func TestOutboxDepthAnswersNothingBeforeAGoodRead(t *testing.T) {
	c := newOutboxCollector(func(context.Context) (OutboxReading, error) { return OutboxReading{}, errors.New("down") }, time.Now)
	if n := testutil.CollectAndCount(c); n != 0 {
		t.Fatalf("%d series from a failed first read", n)
	}
}
