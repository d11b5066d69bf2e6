package content

import (
	"context"
	"slices"
	"strconv"
	"sync"
	"time"

	"vitrina/domain/audit"
	"vitrina/domain/content"
	"vitrina/domain/kernel"
	"vitrina/ports"
	contentports "vitrina/ports/content"
)

// Sender defaults (ADR 0022).
const (
	// SendParallel is how many messages are on their way to the provider at once.
	SendParallel = 64
	// SendBatch is how many deliveries the sender keeps claimed and not yet sent; it claims
	// again when half of them have come back from the workers.
	SendBatch = 2048
	// idlePoll bounds the sleep between claims when nothing wakes the sender: a restart's
	// leftovers and retries come due without a nudge.
	idlePoll = time.Second
	// recordGroup and recordEvery bound how many outcomes wait to be saved, and how long.
	// A transaction's statements and commit cost about as much for 1,000 outcomes as for
	// 250 (a 100,000-device fan-out: 100 of them rather than 400), and PostgreSQL appends
	// up to 1,000 audit events in one statement.
	recordGroup = 1000
	recordEvery = 50 * time.Millisecond
)

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

// Run sends until ctx ends. Without a provider it claims nothing. SendParallel workers send
// what this goroutine claims, up to SendBatch deliveries ahead of them, and this goroutine
// claims more as they come back and records their outcomes in groups: one message that
// hangs holds up one worker, not the queue, and the claims and the recordings take turns
// rather than wait for each other's locks (SQLite has one writer). When ctx ends the sends
// in flight and those not begun give their deliveries back, every outcome is recorded, and
// Run returns.
func (s *Sender) Run(ctx context.Context) error {
	if !s.push.Configured() {
		<-ctx.Done()
		return nil
	}
	// The sender is a job: what it records (each delivery's outcome, a dead token's device)
	// is the system's, whatever context started it (ADR 0031).
	ctx = ports.WithAuditSource(ctx, ports.AuditSource{Actor: audit.System})
	// Both hold at most SendBatch: no more are claimed and not yet sent.
	work := make(chan sendJob, SendBatch)
	results := make(chan contentports.Recorded, SendBatch)
	var workers sync.WaitGroup
	for range SendParallel {
		workers.Go(func() {
			for j := range work {
				if ctx.Err() != nil {
					results <- contentports.Recorded{Claimed: j.claimed, Released: true}
					continue
				}
				results <- s.send(ctx, j.claimed, j.message)
			}
		})
	}
	defer workers.Wait()
	defer close(work)

	messages := map[kernel.ID]ports.PushMessage{} // each notification's message, without a token
	unsent := 0                                   // claimed and not yet back from a worker
	var group []contentports.Recorded
	var since time.Time // when the group's first outcome came
	take := func(r contentports.Recorded) {
		if len(group) == 0 {
			since = time.Now()
		}
		group = append(group, r)
		unsent--
	}
	flush := func() {
		if len(group) > 0 {
			s.record(ctx, group)
			group = group[:0]
		}
	}
	idle := false // the last claim found less than it asked for
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	for {
		if ctx.Err() != nil {
			// Every claimed delivery comes back, sent or given back, and is recorded.
			for unsent > 0 {
				take(<-results)
			}
			flush()
			return nil
		}
	drain:
		for {
			select {
			case r := <-results:
				take(r)
			default:
				break drain
			}
		}
		// The workers are kept fed first: a claim is quick, a recording is not.
		if room := SendBatch - unsent; room >= SendBatch/2 && !idle {
			batch, err := s.claim(ctx, room, messages)
			if err != nil && ctx.Err() == nil && s.OnError != nil {
				s.OnError(err)
			}
			unsent += len(batch)
			for _, c := range batch {
				work <- sendJob{claimed: c, message: messages[c.NotificationID]}
			}
			idle = len(batch) < room
		}
		// What has come back is recorded in groups, or when it has waited long enough.
		for len(group) >= recordGroup {
			rest := slices.Clone(group[recordGroup:])
			group = group[:recordGroup]
			flush()
			group = append(group, rest...)
		}
		if len(group) > 0 && time.Since(since) >= recordEvery {
			flush()
		}
		if len(results) > 0 || (!idle && SendBatch-unsent >= SendBatch/2) {
			continue
		}
		// Wait for an outcome, the group's time, a nudge or the next due delivery.
		wait := idlePoll
		switch {
		case len(group) > 0:
			wait = recordEvery - time.Since(since)
		case unsent == 0 && idle:
			if at, ok, err := s.outbox.NextDue(ctx); err == nil && ok {
				wait = min(max(at.Sub(s.clock.Now()), 5*time.Millisecond), idlePoll)
			}
		}
		timer.Reset(max(wait, 0))
		select {
		case <-ctx.Done():
		case r := <-results:
			take(r)
		case <-s.wake:
			idle = false
		case <-timer.C:
			idle = false
		}
		timer.Stop()
	}
}

// sendJob is a claimed delivery on its way to a worker, with its notification's message.
type sendJob struct {
	claimed contentports.Claimed
	message ports.PushMessage
}

// claim leases up to n due deliveries and makes sure their notifications' messages are known.
func (s *Sender) claim(ctx context.Context, n int, messages map[kernel.ID]ports.PushMessage) ([]contentports.Claimed, error) {
	claimed, err := s.outbox.Claim(ctx, s.clock.Now(), s.Lease, n)
	if err != nil || len(claimed) == 0 {
		return nil, err
	}
	if len(messages) > 10_000 { // notifications come and go; their texts need not stay
		clear(messages)
	}
	var missing []kernel.ID
	for _, c := range claimed {
		if _, ok := messages[c.NotificationID]; !ok && !slices.Contains(missing, c.NotificationID) {
			missing = append(missing, c.NotificationID)
		}
	}
	if len(missing) > 0 {
		found, err := s.outbox.Messages(ctx, missing)
		if err != nil {
			s.release(ctx, claimed)
			return nil, err
		}
		for id, m := range found {
			messages[id] = pushMessage(m)
		}
	}
	return claimed, nil
}

// record saves a group of outcomes and signals the change. The outcomes are facts: they are
// saved even when ctx has ended, so nothing sent is sent again.
func (s *Sender) record(ctx context.Context, group []contentports.Recorded) {
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	err := s.outbox.Record(rctx, group, s.clock.Now())
	cancel()
	if err != nil && s.OnError != nil {
		s.OnError(err)
	}
	s.signal()
}

// send makes one attempt at a claimed delivery and decides its next state.
func (s *Sender) send(ctx context.Context, c contentports.Claimed, msg ports.PushMessage) contentports.Recorded {
	msg.Token = c.Token
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
	// Only a dead token drops the device (ADR 0021: a permanent "HTTP 403" is the account's).
	next.DropToken = next.DropToken && res.DeadToken
	return contentports.Recorded{Claimed: c, Attempt: next, Reason: reason}
}

// pushMessage is what every delivery of a notification carries; its data is shared by
// them, read only.
func pushMessage(m contentports.Message) ports.PushMessage {
	msg := ports.PushMessage{Title: m.Subject, Body: m.Text}
	if m.SliderID != 0 {
		msg.Data = map[string]string{"slider_id": strconv.FormatInt(int64(m.SliderID), 10)}
	}
	return msg
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
