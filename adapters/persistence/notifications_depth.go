package persistence

import (
	"context"
	"time"
)

// OutboxDepth is how many deliveries the push outbox holds in each state, and when the
// earliest pending one fell due.
type OutboxDepth struct {
	ByState map[string]int64
	// OldestDue is the next_at of the earliest pending delivery; zero when none is pending.
	OldestDue time.Time
}

// Depth counts the outbox's deliveries by state, for the metrics' scrape (ADR 0038).
func (s *NotificationStore) Depth(ctx context.Context) (OutboxDepth, error) {
	c := conn(ctx, s.db)
	var rows []struct {
		State string `bun:"state"`
		N     int64  `bun:"n"`
	}
	if err := c.NewRaw("SELECT state, count(*) AS n FROM deliveries GROUP BY state").Scan(ctx, &rows); err != nil {
		return OutboxDepth{}, err
	}
	out := OutboxDepth{ByState: make(map[string]int64, len(rows))}
	for _, r := range rows {
		out.ByState[r.State] = r.N
	}
	var due []time.Time
	if err := c.NewRaw("SELECT next_at FROM deliveries WHERE state = 'pending' ORDER BY next_at LIMIT 1").Scan(ctx, &due); err != nil {
		return OutboxDepth{}, err
	}
	if len(due) > 0 {
		out.OldestDue = due[0]
	}
	return out, nil
}
