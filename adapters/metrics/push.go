package metrics

import (
	"context"
	"time"

	"vitrina/ports"
)

// Push is a push sender whose every attempt is counted by outcome and timed.
type Push struct {
	next ports.PushSender
	m    *Metrics
}

var _ ports.PushSender = Push{}

// MeterPush wraps next.
func (m *Metrics) MeterPush(next ports.PushSender) Push { return Push{next: next, m: m} }

// Configured is next's.
func (p Push) Configured() bool { return p.next.Configured() }

// Send sends through next, timing the provider's answer and counting its outcome; an error
// (not the message's: the context ended) counts as "error".
func (p Push) Send(ctx context.Context, msg ports.PushMessage) (ports.PushResult, error) {
	start := time.Now()
	res, err := p.next.Send(ctx, msg)
	p.m.pushDuration.Observe(time.Since(start).Seconds())
	outcome := "error"
	switch {
	case err != nil:
	case res.Outcome == ports.PushSent:
		outcome = "sent"
	case res.Outcome == ports.PushTransient:
		outcome = "transient"
	case res.Outcome == ports.PushPermanent:
		outcome = "permanent"
	}
	p.m.pushSends.WithLabelValues(outcome).Inc()
	return res, err
}
