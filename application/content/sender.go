package content

import (
	"context"
	"maps"
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
	// SendBatch is how many deliveries one round claims.
	SendBatch = 512
	// idlePoll bounds the sleep between claims when nothing wakes the sender: a restart's
	// leftovers and retries come due without a nudge.
	idlePoll = time.Second
	// recordGroup and recordEvery bound how many outcomes wait to be saved, and how long.
	recordGroup = 256
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

// Run sends until ctx ends. Without a provider it claims nothing. It keeps up to SendBatch
// deliveries claimed, SendParallel of them on their way at once, and claims more as they
// finish, so one message that hangs holds up one slot, not the queue. A recorder saves the
// outcomes as they come, in groups, so figures follow within a fraction of a second. When ctx
// ends the sends in flight give their deliveries back, the recorder saves every outcome, and
// Run returns.
func (s *Sender) Run(ctx context.Context) error {
	if !s.push.Configured() {
		<-ctx.Done()
		return nil
	}
	// The sender is a job: what it records (each delivery's outcome, a dead token's device)
	// is the system's, whatever context started it (ADR 0031).
	ctx = ports.WithAuditSource(ctx, ports.AuditSource{Actor: audit.System})
	results := make(chan contentports.Recorded, SendBatch)
	recorded := make(chan struct{})
	go func() { defer close(recorded); s.record(ctx, results) }()
	defer func() { close(results); <-recorded }()

	slots := make(chan struct{}, SendParallel)
	var wg sync.WaitGroup
	defer wg.Wait()
	var mu sync.Mutex
	outstanding := 0
	finished := make(chan struct{}, 1)
	messages := map[kernel.ID]contentports.Message{}
	for {
		mu.Lock()
		room := SendBatch - outstanding
		mu.Unlock()
		claimed := 0
		if room >= SendBatch/2 {
			batch, err := s.claim(ctx, room, messages)
			if ctx.Err() != nil {
				return nil
			}
			if err != nil && s.OnError != nil {
				s.OnError(err)
			}
			claimed = len(batch)
			mu.Lock()
			outstanding += claimed
			mu.Unlock()
			for _, c := range batch {
				m := messages[c.NotificationID]
				wg.Add(1)
				go func() {
					defer wg.Done()
					select {
					case slots <- struct{}{}:
						results <- s.send(ctx, c, m)
						<-slots
					case <-ctx.Done():
						results <- contentports.Recorded{Claimed: c, Released: true}
					}
					mu.Lock()
					outstanding--
					mu.Unlock()
					select {
					case finished <- struct{}{}:
					default:
					}
				}()
			}
			if claimed == room {
				continue
			}
		}
		wait := idlePoll
		if claimed == 0 && room == SendBatch {
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
		case <-finished:
		case <-t.C:
		}
		t.Stop()
	}
}

// claim leases up to n due deliveries and makes sure their notifications' messages are known.
func (s *Sender) claim(ctx context.Context, n int, messages map[kernel.ID]contentports.Message) ([]contentports.Claimed, error) {
	claimed, err := s.outbox.Claim(ctx, s.clock.Now(), s.Lease, n)
	if err != nil || len(claimed) == 0 {
		return nil, err
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
		if len(messages) > 10_000 { // notifications come and go; their texts need not stay
			clear(messages)
		}
		maps.Copy(messages, found)
	}
	return claimed, nil
}

// record saves the outcomes as they come: a group when it reaches recordGroup or has waited
// recordEvery, the rest when results closes. The outcomes are facts: they are saved even when
// ctx has ended, so nothing sent is sent again.
func (s *Sender) record(ctx context.Context, results <-chan contentports.Recorded) {
	var group []contentports.Recorded
	tick := time.NewTicker(recordEvery)
	defer tick.Stop()
	flush := func() {
		if len(group) == 0 {
			return
		}
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
		err := s.outbox.Record(rctx, group, s.clock.Now())
		cancel()
		if err != nil && s.OnError != nil {
			s.OnError(err)
		}
		group = group[:0]
		s.signal()
	}
	for {
		select {
		case r, ok := <-results:
			if !ok {
				flush()
				return
			}
			group = append(group, r)
			if len(group) >= recordGroup {
				flush()
			}
		case <-tick.C:
			flush()
		}
	}
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
	// Only a dead token drops the device (ADR 0021: a permanent "HTTP 403" is the account's).
	next.DropToken = next.DropToken && res.DeadToken
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
