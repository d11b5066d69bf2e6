package persistence

import (
	"cmp"
	"context"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"vitrina/domain/kernel"
	contentports "vitrina/ports/content"
)

// The outbox's claims (ADR 0022, "Claims by range"). A notification's first attempts are
// handed out from its cursor (delivery_cursors), a range at a time, each range under one
// lease row (delivery_leases): a claim writes one row per range rather than a lease into each
// delivery, and reads the deliveries through the (notification, state, id) index from where
// the cursor stands, where no claim or outcome has left anything behind. A delivery pending
// and never attempted is a lease's: its holder's until the lease ends, then anyone's (the
// next claim takes ended leases first). A retry (pending after an attempt) is leased in its
// own row through next_at, as every delivery was before.

// claimedDelivery is a first attempt a claim read.
type claimedDelivery struct {
	ID    int64  `bun:"id"`
	Token string `bun:"token"`
}

// leaseRow is a lease a claim took over.
type leaseRow struct {
	ID             int64     `bun:"id"`
	NotificationID int64     `bun:"notification_id"`
	FirstID        int64     `bun:"first_id"`
	LastID         int64     `bun:"last_id"`
	Until          time.Time `bun:"until"`
}

// cursorRow is where a notification's cursor stands.
type cursorRow struct {
	NotificationID int64 `bun:"notification_id"`
	AfterID        int64 `bun:"after_id"`
	LastID         int64 `bun:"last_id"`
}

// grant is a lease a claim took, with the deliveries it handed out under it.
type grant struct {
	id, holder int64
	until      time.Time
	deliveries []kernel.ID
}

// Claim hands out up to limit due deliveries, in one transaction: first those of leases that
// ended (a sender that died or stopped), then the next ones of the notifications' cursors,
// oldest notification first, then the retries due, leased one by one. On PostgreSQL a lease
// or a retry another claimer holds is skipped, and a cursor is taken in turns.
func (s *NotificationStore) Claim(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]contentports.Claimed, error) {
	now = now.UTC()
	until := now.Add(lease)
	var out []contentports.Claimed
	var grants []grant
	err := NewTxManager(s.db).WithinTx(ctx, func(ctx context.Context) error {
		out, grants = out[:0], grants[:0]
		c := conn(ctx, s.db)
		pg := !IsSQLite(s.db)
		hand := func(notification int64, rows []claimedDelivery, id, holder int64) {
			g := grant{id: id, holder: holder, until: until, deliveries: make([]kernel.ID, len(rows))}
			for i, r := range rows {
				g.deliveries[i] = kernel.ID(r.ID)
				out = append(out, contentports.Claimed{ID: kernel.ID(r.ID), NotificationID: kernel.ID(notification), Token: r.Token})
			}
			grants = append(grants, g)
		}
		firstAttempts := "SELECT id, token FROM deliveries WHERE notification_id = ? AND state = 'pending' AND attempts = 0 " +
			"AND id BETWEEN ? AND ? ORDER BY id LIMIT ?"

		// Ended leases: their deliveries still owed a first attempt, the lease taken over
		// (cut to what this claim takes, the rest left ended for the next).
		skip := ""
		if pg {
			skip = " FOR UPDATE SKIP LOCKED"
		}
		for len(out) < limit {
			var ended []leaseRow
			if err := c.NewRaw("SELECT id, notification_id, first_id, last_id, until FROM delivery_leases WHERE until <= ? "+
				"ORDER BY until, id LIMIT 1"+skip, now).Scan(ctx, &ended); err != nil {
				return err
			}
			if len(ended) == 0 {
				break
			}
			l := ended[0]
			var rows []claimedDelivery
			if err := c.NewRaw(firstAttempts, l.NotificationID, l.FirstID, l.LastID, limit-len(out)).Scan(ctx, &rows); err != nil {
				return err
			}
			if len(rows) == 0 {
				if _, err := c.NewRaw("DELETE FROM delivery_leases WHERE id = ?", l.ID).Exec(ctx); err != nil {
					return err
				}
				continue
			}
			last := rows[len(rows)-1].ID
			if last < l.LastID {
				if _, err := c.NewRaw("INSERT INTO delivery_leases (notification_id, first_id, last_id, holder, until) VALUES (?, ?, ?, 0, ?)",
					l.NotificationID, last+1, l.LastID, l.Until.UTC()).Exec(ctx); err != nil {
					return err
				}
			}
			holder := rand.Int64()
			if _, err := c.NewRaw("UPDATE delivery_leases SET first_id = ?, last_id = ?, holder = ?, until = ? WHERE id = ?",
				rows[0].ID, last, holder, until, l.ID).Exec(ctx); err != nil {
				return err
			}
			hand(l.NotificationID, rows, l.ID, holder)
		}

		// The cursors: the next deliveries of the oldest notification not yet handed out,
		// under a new lease.
		lock := ""
		if pg {
			lock = " FOR UPDATE"
		}
		for len(out) < limit {
			var cursors []cursorRow
			if err := c.NewRaw("SELECT notification_id, after_id, last_id FROM delivery_cursors ORDER BY notification_id LIMIT 1"+lock).
				Scan(ctx, &cursors); err != nil {
				return err
			}
			if len(cursors) == 0 {
				break
			}
			cur := cursors[0]
			var rows []claimedDelivery
			want := limit - len(out)
			if err := c.NewRaw(firstAttempts, cur.NotificationID, cur.AfterID+1, cur.LastID, want).Scan(ctx, &rows); err != nil {
				return err
			}
			if len(rows) < want || rows[len(rows)-1].ID >= cur.LastID {
				if _, err := c.NewRaw("DELETE FROM delivery_cursors WHERE notification_id = ?", cur.NotificationID).Exec(ctx); err != nil {
					return err
				}
			} else if _, err := c.NewRaw("UPDATE delivery_cursors SET after_id = ? WHERE notification_id = ?",
				rows[len(rows)-1].ID, cur.NotificationID).Exec(ctx); err != nil {
				return err
			}
			if len(rows) == 0 {
				continue
			}
			holder := rand.Int64()
			var id int64
			if err := c.NewRaw("INSERT INTO delivery_leases (notification_id, first_id, last_id, holder, until) VALUES (?, ?, ?, ?, ?) RETURNING id",
				cur.NotificationID, rows[0].ID, rows[len(rows)-1].ID, holder, until).Scan(ctx, &id); err != nil {
				return err
			}
			hand(cur.NotificationID, rows, id, holder)
		}

		// The retries due, each leased in its row.
		if len(out) < limit {
			var rows []claimedRow
			if err := c.NewRaw("UPDATE deliveries SET next_at = ? WHERE id IN (SELECT id FROM deliveries "+
				"WHERE state = 'pending' AND attempts > 0 AND next_at <= ? ORDER BY next_at, id LIMIT ?"+skip+") "+
				"RETURNING id, notification_id, token, attempts", until, now, limit-len(out)).Scan(ctx, &rows); err != nil {
				return err
			}
			slices.SortFunc(rows, func(a, b claimedRow) int { return cmp.Compare(a.ID, b.ID) })
			for _, r := range rows {
				out = append(out, contentports.Claimed{ID: kernel.ID(r.ID), NotificationID: kernel.ID(r.NotificationID), Token: r.Token, Attempts: r.Attempts})
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.held.took(grants, now)
	return out, nil
}

// NextDue is when the next claim would find something: now while a cursor has deliveries
// to hand out, else the earliest end of a lease or due retry.
func (s *NotificationStore) NextDue(ctx context.Context) (time.Time, bool, error) {
	c := conn(ctx, s.db)
	var cursors []int64
	if err := c.NewRaw("SELECT notification_id FROM delivery_cursors LIMIT 1").Scan(ctx, &cursors); err != nil {
		return time.Time{}, false, err
	}
	if len(cursors) > 0 {
		return time.Now().UTC(), true, nil
	}
	var at, retry []time.Time
	if err := c.NewRaw("SELECT until FROM delivery_leases ORDER BY until LIMIT 1").Scan(ctx, &at); err != nil {
		return time.Time{}, false, err
	}
	if err := c.NewRaw("SELECT next_at FROM deliveries WHERE state = 'pending' AND attempts > 0 ORDER BY next_at LIMIT 1").Scan(ctx, &retry); err != nil {
		return time.Time{}, false, err
	}
	at = append(at, retry...)
	if len(at) == 0 {
		return time.Time{}, false, nil
	}
	first := at[0]
	for _, t := range at[1:] {
		if t.Before(first) {
			first = t
		}
	}
	return first, true, nil
}

// heldLeases are the leases this store's claims took and how many of their deliveries have
// no recorded outcome yet. The outcome of the last one ends the lease in its recording's
// transaction: the lease row goes, or, when one of its deliveries was given back untried
// (the sender stopping), it ends now so that the next claim takes what was given back.
// A lease whose recording failed is forgotten once it has run out: it is anyone's then.
type heldLeases struct {
	mu       sync.Mutex
	leases   map[int64]*heldLease
	delivery map[kernel.ID]int64 // a delivery handed out → its lease
}

type heldLease struct {
	holder   int64
	until    time.Time
	open     int
	released bool
}

// leaseEnd is a lease whose last delivery an outcome accounts for.
type leaseEnd struct {
	id, holder int64
	released   bool
}

func newHeldLeases() *heldLeases {
	return &heldLeases{leases: map[int64]*heldLease{}, delivery: map[kernel.ID]int64{}}
}

// took notes the leases a claim committed, and forgets those that ran out.
func (h *heldLeases) took(grants []grant, now time.Time) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for id, l := range h.leases {
		if !l.until.After(now) {
			delete(h.leases, id)
		}
	}
	for d, id := range h.delivery {
		if _, ok := h.leases[id]; !ok {
			delete(h.delivery, d)
		}
	}
	for _, g := range grants {
		h.leases[g.id] = &heldLease{holder: g.holder, until: g.until, open: len(g.deliveries)}
		for _, d := range g.deliveries {
			h.delivery[d] = g.id
		}
	}
}

// ending answers the leases the outcomes finish (none of their deliveries left without
// one), without changing anything: the recording applies them once committed.
func (h *heldLeases) ending(outcomes []contentports.Recorded) []leaseEnd {
	h.mu.Lock()
	defer h.mu.Unlock()
	var seen map[int64]int
	for _, o := range outcomes {
		id, ok := h.delivery[o.ID]
		if !ok {
			continue
		}
		if seen == nil {
			seen = map[int64]int{}
		}
		seen[id]++
	}
	var out []leaseEnd
	for id, n := range seen {
		l := h.leases[id]
		if l == nil || n < l.open {
			continue
		}
		released := l.released
		for _, o := range outcomes {
			if o.Released && h.delivery[o.ID] == id {
				released = true
				break
			}
		}
		out = append(out, leaseEnd{id: id, holder: l.holder, released: released})
	}
	return out
}

// recorded applies committed outcomes: their deliveries are no longer open, and finished
// leases are forgotten.
func (h *heldLeases) recorded(outcomes []contentports.Recorded) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, o := range outcomes {
		id, ok := h.delivery[o.ID]
		if !ok {
			continue
		}
		delete(h.delivery, o.ID)
		l := h.leases[id]
		if l == nil {
			continue
		}
		l.open--
		l.released = l.released || o.Released
		if l.open <= 0 {
			delete(h.leases, id)
		}
	}
}
