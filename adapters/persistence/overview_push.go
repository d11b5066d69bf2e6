package persistence

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"vitrina/ports"
	contentports "vitrina/ports/content"
)

// The home page's push figures (issue 25, ADR 0042): the notifications of the last seven
// days, their kept figures (ADR 0022) added up, and their failed deliveries counted by
// reason (the deliveries_failed_reason index alone).

// PushFigures reads the push figures of the home page.
type PushFigures struct {
	db    *bun.DB
	zone  ports.BusinessZone
	clock ports.Clock
}

// NewPushFigures returns the push figures of db; the week is the business's (zone) last
// seven calendar days by the clock.
func NewPushFigures(db *bun.DB, zone ports.BusinessZone, clock ports.Clock) *PushFigures {
	return &PushFigures{db: db, zone: zone, clock: clock}
}

var _ contentports.PushFigures = (*PushFigures)(nil)

// weekStart is the start of the sixth day before today, in the business's zone.
func weekStart(zone ports.BusinessZone, now time.Time) time.Time {
	local := zone.Local(now)
	y, m, d := local.Date()
	return time.Date(y, m, d-6, 0, 0, 0, 0, local.Location())
}

// Week is the last seven days' notifications: those from the first one created since the
// week began (ids follow creation, so the notifications list filtered by id >= FirstID holds
// exactly these), with their figures and failing reasons.
func (s *PushFigures) Week(ctx context.Context) (contentports.PushWeek, error) {
	db := conn(ctx, s.db)
	week := contentports.PushWeek{Since: weekStart(s.zone, s.clock.Now())}
	var first struct {
		ID *int64 `bun:"id"`
	}
	if err := db.NewRaw("SELECT min(id) AS id FROM notifications WHERE created_at >= ?", week.Since.UTC()).Scan(ctx, &first); err != nil {
		return week, err
	}
	if first.ID == nil {
		week.Reasons = []contentports.FailureReason{}
		return week, nil
	}
	week.FirstID = *first.ID
	var sums struct {
		Notifications int   `bun:"notifications"`
		Devices       int64 `bun:"devices"`
		Delivered     int64 `bun:"delivered"`
		Failed        int64 `bun:"failed"`
		NotConfigured int64 `bun:"not_configured"`
	}
	if err := db.NewRaw("SELECT count(*) AS notifications, CAST(coalesce(sum(devices), 0) AS BIGINT) AS devices,"+
		" CAST(coalesce(sum(delivered), 0) AS BIGINT) AS delivered, CAST(coalesce(sum(failed), 0) AS BIGINT) AS failed,"+
		" CAST(coalesce(sum(not_configured), 0) AS BIGINT) AS not_configured FROM notifications WHERE id >= ?", week.FirstID).Scan(ctx, &sums); err != nil {
		return week, err
	}
	week.Notifications, week.Devices, week.Delivered, week.Failed, week.NotConfigured =
		sums.Notifications, sums.Devices, sums.Delivered, sums.Failed, sums.NotConfigured
	week.Pending = sums.Devices - sums.Delivered - sums.Failed - sums.NotConfigured
	var reasons []struct {
		Reason string `bun:"reason"`
		Count  int    `bun:"n"`
	}
	if err := db.NewRaw("SELECT reason, count(*) AS n FROM deliveries WHERE state = 'failed' AND notification_id >= ?"+
		" GROUP BY reason ORDER BY n DESC, reason", week.FirstID).Scan(ctx, &reasons); err != nil {
		return week, err
	}
	week.Reasons = make([]contentports.FailureReason, 0, len(reasons))
	for _, r := range reasons {
		week.Reasons = append(week.Reasons, contentports.FailureReason{Reason: r.Reason, Count: r.Count})
	}
	return week, nil
}
