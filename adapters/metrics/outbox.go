package metrics

import (
	"context"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// OutboxReading is the push outbox's depth at one moment: deliveries by state, and when the
// earliest pending one fell due (zero when none is pending).
type OutboxReading struct {
	ByState   map[string]int64
	OldestDue time.Time
}

// OutboxStates are the states a delivery can be in; each is answered, at zero when empty.
var OutboxStates = []string{"pending", "delivered", "failed", "not_configured"}

// The outbox's read at scrape time: bounded, and kept a while so that scrapes, however
// frequent or many at once, read the database at most once per OutboxCacheFor.
const (
	OutboxReadTimeout = 2 * time.Second
	OutboxCacheFor    = 10 * time.Second
)

// outboxCollector answers the outbox's depth, read at most once per OutboxCacheFor.
type outboxCollector struct {
	read func(ctx context.Context) (OutboxReading, error)
	now  func() time.Time

	mu     sync.Mutex // held while reading: a scrape meanwhile waits for that read
	last   OutboxReading
	readAt time.Time
	ok     bool

	depth, oldest *prometheus.Desc
}

// WatchOutbox adds the push outbox's depth, read by read at scrape time:
// vitrina_push_outbox_deliveries{state} and vitrina_push_outbox_oldest_due_seconds.
func (m *Metrics) WatchOutbox(read func(ctx context.Context) (OutboxReading, error)) {
	m.registry.MustRegister(newOutboxCollector(read, time.Now))
}

func newOutboxCollector(read func(ctx context.Context) (OutboxReading, error), now func() time.Time) *outboxCollector {
	return &outboxCollector{read: read, now: now,
		depth: prometheus.NewDesc("vitrina_push_outbox_deliveries",
			"Push deliveries in the outbox by state (read at most every 10 s).", []string{"state"}, nil),
		oldest: prometheus.NewDesc("vitrina_push_outbox_oldest_due_seconds",
			"How long the earliest pending push delivery has been due; 0 when none is.", nil, nil),
	}
}

func (c *outboxCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- c.depth
	ch <- c.oldest
}

// Collect answers the cached reading, read again when older than OutboxCacheFor. A read
// that fails answers the last good reading, or nothing before the first.
func (c *outboxCollector) Collect(ch chan<- prometheus.Metric) {
	c.mu.Lock()
	now := c.now()
	if !c.ok || now.Sub(c.readAt) >= OutboxCacheFor {
		ctx, cancel := context.WithTimeout(context.Background(), OutboxReadTimeout)
		r, err := c.read(ctx)
		cancel()
		if err == nil {
			c.last, c.ok = r, true
		}
		// A failure waits its turn too: a database in trouble is not asked at every scrape.
		c.readAt = now
	}
	r, ok := c.last, c.ok
	c.mu.Unlock()
	if !ok {
		return
	}
	for _, state := range OutboxStates {
		ch <- prometheus.MustNewConstMetric(c.depth, prometheus.GaugeValue, float64(r.ByState[state]), state)
	}
	age := 0.0
	if !r.OldestDue.IsZero() && now.After(r.OldestDue) {
		age = now.Sub(r.OldestDue).Seconds()
	}
	ch <- prometheus.MustNewConstMetric(c.oldest, prometheus.GaugeValue, age)
}
