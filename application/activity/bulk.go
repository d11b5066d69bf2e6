package activity

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"vitrina/domain/audit"
	"vitrina/domain/bulk"
	"vitrina/domain/kernel"
	"vitrina/ports"
)

// ActionUndo lets a role undo anyone's bulk action (the admin, through *); everyone else
// undoes only their own (ADR 0043).
const ActionUndo = "undo"

// BulkTarget is one list's bulk actions (issue 25, ADR 0043): which it offers, how its
// filter selects records, how a batch of records is changed, and, for a list whose undo must
// be fast at 100,000 records, how a batch is put back.
type BulkTarget struct {
	// Resource is the Casbin resource whose write right the actions need.
	Resource string
	// Audited is the audited resource of the records' events ("partners", "campaign_partners").
	Audited string
	// ScopeKey narrows the list to the record it belongs to ("campaign_id"); "" for a list of
	// its own.
	ScopeKey string
	// Exists answers, for a scoped list, whether its record exists (kernel.KindNotFound when
	// not): an unknown campaign is 404 before the body is read.
	Exists  func(ctx context.Context, id kernel.ID) error
	Actions []bulk.Action
	// Batch is how many records one transaction changes; 0 is bulk.Batch. A list that
	// changes a batch in a few statements takes more at once.
	Batch int
	// Check, when set, refuses a request whose own values are wrong before anything runs.
	Check func(ctx context.Context, r bulk.Request) error
	// Select calls fn with the id of each record the list query matches, as the list does.
	Select func(ctx context.Context, q ports.ListQuery, fn func(kernel.ID) error) error
	// Apply changes one batch inside the caller's transaction; the store's hooks record each
	// record's event. A row that breaks its rule is counted as skipped; an error stops the run.
	Apply func(ctx context.Context, p kernel.Principal, r bulk.Request, ids []kernel.ID, out *bulk.Outcome) error
	// Restore puts one batch of the action's record events back, only where the record still
	// holds what the event left; nil reverts each event through the resource's Reverter.
	Restore func(ctx context.Context, p kernel.Principal, events []audit.Event, out *bulk.Outcome) error
}

func (t BulkTarget) batch() int {
	if t.Batch > 0 {
		return t.Batch
	}
	return bulk.Batch
}

// BulkTargets are the lists with bulk actions, by list name (the path's resource).
type BulkTargets map[string]BulkTarget

// Runs keeps bulk actions and undos beside the log (ADR 0043).
type Runs interface {
	// Start records e, the run's own event, and keeps run, in one transaction; it answers the
	// event's id. An undo of an action already undone is bulk.ErrUndone.
	Start(ctx context.Context, run bulk.Run, e audit.Event) (kernel.ID, error)
	// Progress adds a batch's outcome to the run, in the caller's transaction.
	Progress(ctx context.Context, group string, o bulk.Outcome) error
	// Finish sets the run's end.
	Finish(ctx context.Context, group string, state bulk.State, at time.Time, failure string) error
	// Get answers the run its event names, or a kernel.KindNotFound error.
	Get(ctx context.Context, event kernel.ID) (bulk.Run, error)
	// Skips answers up to limit of the records a run left alone, in id order.
	Skips(ctx context.Context, group string, limit int) ([]bulk.Skip, error)
	// Running answers the runs not finished: live ones and those a stopped process left.
	Running(ctx context.Context) ([]bulk.Run, error)
	// Events answers up to limit events of group after the event id after, in id order.
	Events(ctx context.Context, group string, after kernel.ID, limit int) ([]audit.Event, error)
}

// BulkResult is where a run stands when the call answers: finished, or still running (its
// progress then follows on its event), with the records it left alone.
type BulkResult struct {
	Run     bulk.Run
	Skipped []bulk.Skip
	// UndoUntil is the end of the undo window; zero while running and for an undo.
	UndoUntil time.Time
}

// Bulk runs bulk actions and their undo. A run goes on in the background after the call
// that started it answers (bounded by Answer), so a long one survives its request and is
// followed on its event; the server's stop waits for it between batches (Serve).
type Bulk struct {
	act     *Service
	runs    Runs
	locks   ports.Locks
	clock   ports.Clock
	targets BulkTargets
	window  time.Duration
	// Answer is how long a call waits for its run before answering that it still runs.
	Answer time.Duration

	mu      sync.Mutex
	base    context.Context
	stop    context.CancelFunc
	running sync.WaitGroup
}

// NewBulk wires the bulk actions; window is how long a finished action can be undone.
func NewBulk(act *Service, runs Runs, locks ports.Locks, clock ports.Clock, targets BulkTargets, window time.Duration) *Bulk {
	base, stop := context.WithCancel(context.Background())
	return &Bulk{act: act, runs: runs, locks: locks, clock: clock, targets: targets, window: window,
		Answer: 2 * time.Second, base: base, stop: stop}
}

// Serve holds the runs' lifetime: when ctx ends (the server stops) the runs stop at their
// next batch, record how far they got, and Serve returns once they have.
func (b *Bulk) Serve(ctx context.Context) error {
	b.sweep(ctx)
	<-ctx.Done()
	b.mu.Lock()
	b.stop()
	b.mu.Unlock()
	b.running.Wait()
	return nil
}

// sweep ends the runs a stopped process left running: a run whose list's lock is free has
// no process working on it (a live run holds its lock), so it failed where it stopped.
func (b *Bulk) sweep(ctx context.Context) {
	runs, err := b.runs.Running(ctx)
	if err != nil {
		return // the next start sweeps again
	}
	for _, r := range runs {
		list, _, _ := b.targetOf(r.Resource)
		_, _ = b.locks.Try(ctx, lockName(list, r.Scope), func(ctx context.Context) error {
			return b.runs.Finish(ctx, r.Group, bulk.Failed, b.clock.Now(), errStopped.Message)
		})
	}
}

var errStopped = kernel.NewError(kernel.KindInternal, "bulk-stopped", "The server stopped during this bulk action.")

// Window is how long a finished action can be undone.
func (b *Bulk) Window() time.Duration { return b.window }

// targetOf is the list whose records are of the audited resource, with its bulk actions.
func (b *Bulk) targetOf(audited string) (string, BulkTarget, bool) {
	for name, t := range b.targets {
		if t.Audited == audited {
			return name, t, true
		}
	}
	return "", BulkTarget{}, false
}

// Target answers a list's bulk actions, or false when it has none.
func (b *Bulk) Target(list string) (BulkTarget, bool) { t, ok := b.targets[list]; return t, ok }

var errStopping = kernel.NewError(kernel.KindThrottled, "stopping", "The server is stopping. Try again in a moment.")

// started is what a run's goroutine tells the call once it knows: the run, or why it did not
// start.
type started struct {
	run bulk.Run
	err error
}

// Run starts the bulk action r on list (the records of scope, for a list that belongs to a
// record) by p, and answers when it finishes or after Answer, whichever is first. q is the
// list query r's filter reads as (the list call's own decoding); it is unused for ids.
func (b *Bulk) Run(ctx context.Context, p kernel.Principal, list string, scope kernel.ID, r bulk.Request, q ports.ListQuery) (BulkResult, error) {
	t, ok := b.targets[list]
	if !ok {
		return BulkResult{}, kernel.NotFound("list")
	}
	if err := r.Validate(t.Actions); err != nil {
		return BulkResult{}, err
	}
	q.Page, q.PerPage, q.Strict = 0, 0, true
	r.Scope = scope
	if t.Check != nil {
		if err := t.Check(ctx, r); err != nil {
			return BulkResult{}, err
		}
	}
	if t.ScopeKey != "" {
		q = q.Within(t.ScopeKey, scope)
	}
	values := map[string]string{}
	switch r.Action {
	case bulk.AddCategory, bulk.RemoveCategory:
		values["category_id"] = strconv.FormatInt(int64(r.CategoryID), 10)
	case bulk.Cash:
		if r.Cash != nil {
			values["cash"] = r.Cash.String()
		} else {
			values["percent"] = percentText(*r.Percent)
		}
	}
	selection := "ids"
	if r.ByFilter() {
		selection = "filter " + filterText(r.Filter)
	}
	resolve := func(ctx context.Context) ([]kernel.ID, error) {
		if !r.ByFilter() {
			return r.IDs, nil
		}
		ids := make([]kernel.ID, 0, 1024)
		err := t.Select(ctx, q, func(id kernel.ID) error {
			if len(ids) == bulk.MaxRecords {
				return bulk.ErrTooMany
			}
			ids = append(ids, id)
			return nil
		})
		return ids, err
	}
	run := bulk.Run{Kind: bulk.KindAction, Resource: t.Audited, Scope: scope, Action: r.Action, ActorID: p.UserID}
	return b.start(ctx, lockName(list, scope), t.batch(), run, func(ctx context.Context, ids []kernel.ID) audit.Event {
		return audit.BulkSummary(t.Audited, scope, string(r.Action), len(ids), selection, values)
	}, resolve, func(ctx context.Context, ids []kernel.ID, out *bulk.Outcome) error {
		return t.Apply(ctx, p, r, ids, out)
	})
}

// Undo puts back what the bulk action of event id changed, by p (the user who ran it, or
// one who may undo any), within the window after it finished: each record that still holds
// what the action left; the others are left and listed. The undo is a run of its own.
func (b *Bulk) Undo(ctx context.Context, p kernel.Principal, id kernel.ID) (BulkResult, error) {
	e, err := b.act.Get(ctx, p, id)
	if err != nil {
		return BulkResult{}, err
	}
	if e.Action != audit.ActionBulk {
		return BulkResult{}, bulk.ErrNotBulk
	}
	action, err := b.runs.Get(ctx, id)
	if err != nil {
		return BulkResult{}, err
	}
	list, t, ok := b.targetOf(action.Resource)
	if !ok {
		return BulkResult{}, bulk.ErrNotBulk
	}
	if ok, err := b.act.authz.Allowed(p.Roles, t.Resource, "write"); err != nil {
		return BulkResult{}, err
	} else if !ok {
		return BulkResult{}, errForbidden
	}
	any, err := b.act.authz.Allowed(p.Roles, Resource, ActionUndo)
	if err != nil {
		return BulkResult{}, err
	}
	if err := action.CanUndo(p.UserID, any, b.clock.Now(), b.window); err != nil {
		return BulkResult{}, err
	}
	run := bulk.Run{Kind: bulk.KindUndo, Resource: action.Resource, Scope: action.Scope, Action: action.Action,
		ActorID: p.UserID, UndoOf: action.EventID}
	resolve := func(context.Context) ([]kernel.ID, error) { return make([]kernel.ID, action.Done), nil }
	after := action.EventID
	return b.start(ctx, lockName(list, action.Scope), t.batch(), run, func(context.Context, []kernel.ID) audit.Event {
		return audit.UndoSummary(action.Resource, action.Scope, action.EventID, action.Done)
	}, resolve, func(ctx context.Context, ids []kernel.ID, out *bulk.Outcome) error {
		events, err := b.runs.Events(ctx, action.Group, after, len(ids))
		if err != nil || len(events) == 0 {
			return err
		}
		after = events[len(events)-1].ID
		if t.Restore != nil {
			return t.Restore(ctx, p, events, out)
		}
		for _, e := range events {
			if err := out.Count(e.RecordID, true, b.revertOne(ctx, p, e)); err != nil {
				return err
			}
		}
		return nil
	})
}

// revertOne sets back every field of one record's event through its resource's Reverter,
// inside the batch's transaction, as a revert of that event.
func (b *Bulk) revertOne(ctx context.Context, p kernel.Principal, e audit.Event) error {
	rv, ok := b.act.reverters[e.Resource]
	if !ok {
		return errNotRevertible
	}
	current, version, err := b.act.records.Snapshot(ctx, e.Resource, e.RecordID, e.Parent)
	if err != nil {
		return err
	}
	plan, err := audit.PlanRevert(e, nil, current)
	if err != nil {
		return err
	}
	src := ports.AuditSourceOf(ctx)
	src.Reverts = e.ID
	return rv.Revert(ports.WithAuditSource(ctx, src), p, e.RecordID, current, version, plan)
}

// start runs a bulk action or an undo under the list's lock, in the background: it resolves
// the records, records the run's event, changes them a batch per transaction and records
// its end. The call waits until the run has started (or could not), then until it ends or
// Answer passes.
func (b *Bulk) start(ctx context.Context, lock string, size int, run bulk.Run, summary func(context.Context, []kernel.ID) audit.Event,
	resolve func(context.Context) ([]kernel.ID, error), batch func(context.Context, []kernel.ID, *bulk.Outcome) error) (BulkResult, error) {
	b.mu.Lock()
	base := b.base
	if base.Err() != nil {
		b.mu.Unlock()
		return BulkResult{}, errStopping
	}
	b.running.Add(1)
	b.mu.Unlock()

	src := ports.AuditSourceOf(ctx)
	src.ImportID = audit.NewImportID()
	src.Reverts = 0
	run.Group = src.ImportID
	rctx := ports.WithAuditSource(base, src)
	begun := make(chan started, 2) // a start, then perhaps a late error: never blocks
	finished := make(chan BulkResult, 1)
	go func() {
		defer b.running.Done()
		var res BulkResult
		ran, err := b.locks.Try(rctx, lock, func(ctx context.Context) error {
			var err error
			res, err = b.execute(ctx, size, run, summary, resolve, batch, begun)
			return err
		})
		if err == nil && !ran {
			err = bulk.ErrRunning
		}
		if err != nil {
			begun <- started{err: err} // the run never started: the call answers the error
			return
		}
		finished <- res // once the list's lock is free: the answer's reader may act on the list at once
	}()
	var s started
	select {
	case s = <-begun:
	case <-ctx.Done():
		return BulkResult{}, ctx.Err()
	}
	if s.err != nil {
		return BulkResult{}, s.err
	}
	wait := time.NewTimer(b.Answer)
	defer wait.Stop()
	select {
	case res := <-finished:
		return res, nil
	case <-wait.C:
	case <-ctx.Done():
	}
	return BulkResult{Run: s.run}, nil
}

// execute is one run from its selection to its end; it tells begun once the run exists.
// An error before that is answered to the caller (a bad filter, too many records, an undo
// already done); after it, a failed batch ends the run as failed, keeping the batches done.
func (b *Bulk) execute(ctx context.Context, size int, run bulk.Run, summary func(context.Context, []kernel.ID) audit.Event,
	resolve func(context.Context) ([]kernel.ID, error), batch func(context.Context, []kernel.ID, *bulk.Outcome) error, begun chan<- started) (BulkResult, error) {
	ids, err := resolve(ctx)
	if err != nil {
		return BulkResult{}, err
	}
	run.Total, run.State, run.Started = len(ids), bulk.Running, b.clock.Now()
	if run.EventID, err = b.runs.Start(ctx, run, summary(ctx, ids)); err != nil {
		return BulkResult{}, err
	}
	begun <- started{run: run}

	state, failure := bulk.Done, ""
	for i := 0; i < len(ids); i += size {
		if ctx.Err() != nil {
			state, failure = bulk.Failed, errStopped.Message
			break
		}
		chunk := ids[i:min(i+size, len(ids))]
		err := b.act.tx.WithinTx(ctx, func(ctx context.Context) error {
			var out bulk.Outcome
			if err := batch(ctx, chunk, &out); err != nil {
				return err
			}
			return b.runs.Progress(ctx, run.Group, out)
		})
		if err != nil {
			state, failure = bulk.Failed, failureText(err)
			if ctx.Err() != nil {
				failure = errStopped.Message
			}
			break
		}
	}
	// The end is recorded even when the server is stopping.
	end, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	if err := b.runs.Finish(end, run.Group, state, b.clock.Now(), failure); err != nil {
		return BulkResult{}, nil //nolint:nilerr // the run is over; its state reads as running until a restart's sweep
	}
	return b.Result(end, run.EventID)
}

// failureText is what a failed run shows: a domain error's message, else a general one (the
// detail is the server's log's).
func failureText(err error) string {
	var e *kernel.Error
	if errors.As(err, &e) {
		return e.Message
	}
	return "The bulk action stopped on an unexpected error."
}

// Result answers where the run its event names stands, with the first skipped records.
func (b *Bulk) Result(ctx context.Context, event kernel.ID) (BulkResult, error) {
	run, err := b.runs.Get(ctx, event)
	if err != nil {
		return BulkResult{}, err
	}
	skips, err := b.runs.Skips(ctx, run.Group, bulk.MaxSkipsShown)
	if err != nil {
		return BulkResult{}, err
	}
	return BulkResult{Run: run, Skipped: skips, UndoUntil: run.UndoUntil(b.window)}, nil
}

// lockName is the lock of one list's bulk actions: one at a time per list (and per record
// for a list that belongs to one), across replicas.
func lockName(list string, scope kernel.ID) string {
	if scope != 0 {
		return "bulk " + list + " " + strconv.FormatInt(int64(scope), 10)
	}
	return "bulk " + list
}

// filterText is a selection's filter as the event keeps it: key=value pairs in key order.
func filterText(f map[string]string) string {
	keys := make([]string, 0, len(f))
	for k := range f {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var sb strings.Builder
	for i, k := range keys {
		if i > 0 {
			sb.WriteByte('&')
		}
		sb.WriteString(k + "=" + f[k])
	}
	return sb.String()
}

// percentText writes thousandths of a percent as a signed decimal: -10, 12.5.
func percentText(p int64) string {
	sign := ""
	if p < 0 {
		sign, p = "-", -p
	}
	return sign + kernel.AmountOfThousandths(p).String()
}
