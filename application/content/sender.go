package content

import (
	"context"
	"strconv"
	"sync"
	"time"

	"vitrina/domain/content"
	"vitrina/domain/kernel"
	"vitrina/ports"
	contentports "vitrina/ports/content"
)

// Sender defaults (ADR 0022).
const (
	// SendParallel is how many messages are on their way to the provider at once.
	SendParallel = 64
	// SendBatch is how many deliveries one round claims.
	SendBatch = 512
	// idlePoll bounds the sleep between rounds when nothing wakes the sender: a restart's
	// leftovers and retries come due without a nudge.
	idlePoll = time.Second
)

// Reasons a provider gives that mean the device token is dead: only these drop the device
// (ADR 0021; a permanent "HTTP 403" is the account's fault, not the device's).
var deadTokenReasons = map[string]bool{"UNREGISTERED": true, "INVALID_ARGUMENT": true, "SENDER_ID_MISMATCH": true}

// Sender works through the outbox: it claims due deliveries, sends them SendParallel at a
// time and records every outcome, so that a delivered message is never sent again and a
// claimed one that was not recorded comes due again when its lease ends.
type Sender struct {
	outbox contentports.Outbox
	push   ports.PushSender
	clock  ports.Clock
	// Lease is how long a claim holds a delivery: longer than a send can take.
	Lease time.Duration
	// OnError hears the failures of a round (the round is tried again later).
	OnError func(error)

	wake    chan struct{}
	mu      sync.Mutex
	changed chan struct{}
	jitter  func() float64
}

// NewSender returns the outbox's sender; sendTimeout bounds one message (the provider's
// timeout) and sets the lease.
func NewSender(outbox contentports.Outbox, push ports.PushSender, clock ports.Clock, sendTimeout time.Duration) *Sender {
	if sendTimeout <= 0 {
		sendTimeout = 10 * time.Second
	}
	return &Sender{outbox: outbox, push: push, clock: clock, Lease: 3*sendTimeout + 2*time.Second,
		wake: make(chan struct{}, 1), changed: make(chan struct{}), jitter: content.Jitter}
}

// Wake makes the sender look for due deliveries now.
func (s *Sender) Wake() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// Changed is closed when the next round records its outcomes.
func (s *Sender) Changed() <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.changed
}

func (s *Sender) signal() {
	s.mu.Lock()
	close(s.changed)
	s.changed = make(chan struct{})
	s.mu.Unlock()
}

// Run sends until ctx ends. Without a provider it claims nothing.
func (s *Sender) Run(ctx context.Context) error {
	if !s.push.Configured() {
		<-ctx.Done()
		return nil
	}
	for {
		n, err := s.Round(ctx)
		if ctx.Err() != nil {
			return nil
		}
		if err != nil && s.OnError != nil {
			s.OnError(err)
		}
		if err == nil && n == SendBatch {
			continue
		}
		wait := idlePoll
		if err == nil {
			if at, ok, err := s.outbox.NextDue(ctx); err == nil && ok {
				wait = min(max(at.Sub(s.clock.Now()), 5*time.Millisecond), idlePoll)
			}
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil
		case <-s.wake:
		case <-t.C:
		}
		t.Stop()
	}
}

// Round claims one batch of due deliveries, sends it and records the outcomes; it answers
// how many it claimed. A send cut short by ctx gives its delivery back untried. The outcomes
// are recorded even when ctx has ended, so nothing sent is sent again.
func (s *Sender) Round(ctx context.Context) (int, error) {
	claimed, err := s.outbox.Claim(ctx, s.clock.Now(), s.Lease, SendBatch)
	if err != nil || len(claimed) == 0 {
		return 0, err
	}
	ids := make([]kernel.ID, 0, 4)
	seen := map[kernel.ID]bool{}
	for _, c := range claimed {
		if !seen[c.NotificationID] {
			seen[c.NotificationID] = true
			ids = append(ids, c.NotificationID)
		}
	}
	messages, err := s.outbox.Messages(ctx, ids)
	if err != nil {
		s.release(ctx, claimed)
		return len(claimed), err
	}
	outcomes := make([]contentports.Recorded, len(claimed))
	sem := make(chan struct{}, SendParallel)
	var wg sync.WaitGroup
	for i, c := range claimed {
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() { <-sem; wg.Done() }()
			outcomes[i] = s.send(ctx, c, messages[c.NotificationID])
		}()
	}
	wg.Wait()
	// The outcomes are facts now: record them whatever happens to ctx meanwhile.
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer cancel()
	if err := s.outbox.Record(rctx, outcomes, s.clock.Now()); err != nil {
		return len(claimed), err
	}
	s.signal()
	return len(claimed), nil
}

// send makes one attempt at a claimed delivery and decides its next state.
func (s *Sender) send(ctx context.Context, c contentports.Claimed, m contentports.Message) contentports.Recorded {
	msg := ports.PushMessage{Token: c.Token, Title: m.Subject, Body: m.Text}
	if m.SliderID != 0 {
		msg.Data = map[string]string{"slider_id": strconv.FormatInt(int64(m.SliderID), 10)}
	}
	res, err := s.push.Send(ctx, msg)
	if err != nil && ctx.Err() != nil {
		return contentports.Recorded{Claimed: c, Released: true}
	}
	outcome := content.Sent
	switch {
	case err != nil || res.Outcome == ports.PushTransient:
		outcome = content.Transient
	case res.Outcome == ports.PushPermanent:
		outcome = content.Permanent
	}
	reason := res.Reason
	if err != nil && reason == "" {
		reason = "send failed"
	}
	next, _ := content.NextState(content.Pending, c.Attempts, outcome, res.RetryAfter, s.jitter(), s.clock.Now())
	next.DropToken = next.DropToken && deadTokenReasons[reason]
	return contentports.Recorded{Claimed: c, Attempt: next, Reason: reason}
}

// release gives claimed deliveries back untried.
func (s *Sender) release(ctx context.Context, claimed []contentports.Claimed) {
	out := make([]contentports.Recorded, len(claimed))
	for i, c := range claimed {
		out[i] = contentports.Recorded{Claimed: c, Released: true}
	}
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	if err := s.outbox.Record(rctx, out, s.clock.Now()); err != nil && s.OnError != nil {
		s.OnError(err)
	}
}
