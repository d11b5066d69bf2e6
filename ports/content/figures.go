package contentports

import (
	"context"
	"time"
)

// The home page's push figures (issue 25, ADR 0042).

// FailureReason is a reason deliveries failed and how many did.
type FailureReason struct {
	Reason string
	Count  int
}

// PushWeek is the push notifications of the last seven calendar days (today included, in
// the business's zone): the notifications from FirstID on, and their kept figures added up.
type PushWeek struct {
	Since         time.Time
	FirstID       int64 // the first notification of the week; 0 when there is none
	Notifications int
	Devices       int64 // deliveries written (one per device reached)
	Delivered     int64
	Failed        int64
	Pending       int64
	NotConfigured int64
	Reasons       []FailureReason // most frequent first
}

// PushFigures reads the push figures.
type PushFigures interface {
	Week(ctx context.Context) (PushWeek, error)
}
