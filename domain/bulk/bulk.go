// Package bulk is the rules of a bulk action (issue 25, ADR 0043): what a request may ask,
// how its outcome is counted, how a percentage changes an amount, and who may undo a run
// and until when. It knows no resource: each list says which actions it offers, and the
// rules of one row stay the row's own domain's.
package bulk

import (
	"errors"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"time"

	"vitrina/domain/kernel"
)

// Action is what a bulk action does to each selected record.
type Action string

const (
	Deactivate     Action = "deactivate"
	Activate       Action = "activate"
	AddCategory    Action = "add_category"
	RemoveCategory Action = "remove_category"
	Show           Action = "show"
	Hide           Action = "hide"
	Cash           Action = "cash"
	Deliver        Action = "deliver"
	Undeliver      Action = "undeliver"
)

// Limits of one bulk action (style rule 12).
const (
	// MaxRecords is the most records one action changes.
	MaxRecords = 100_000
	// Batch is how many records one transaction changes: a failure loses at most one batch's
	// work, and no transaction holds the write lock long.
	Batch = 1000
	// MaxFilterKeys is the most filter keys a selection by filter names.
	MaxFilterKeys = 32
	// MaxSkipsShown is how many skipped records an answer lists; the run keeps them all.
	MaxSkipsShown = 1000
	// MaxPercent bounds a percentage change: −100 % (nothing left) to +1000 %.
	MaxPercent = 1000
)

// ErrTooMany is a selection past MaxRecords.
var ErrTooMany = kernel.FieldError("ids", "A bulk action can change at most 100,000 records.")

// ErrUnknownCategory is a category to add (or take out) that does not exist.
var ErrUnknownCategory = kernel.FieldError("category_id", "The selected category id is invalid.")

// ErrRunning is a second action on a list while one runs there.
var ErrRunning = kernel.NewError(kernel.KindStale, "bulk-running",
	"A bulk action on this list is already running. Try again when it has finished.")

// Request is one bulk action as the caller asks it: the action, the selection (ids, or the
// list's filter resolved on the server) and the action's own values.
type Request struct {
	Action Action
	// Scope is the record the list belongs to (a campaign, for its partners and cart), or 0.
	Scope kernel.ID
	IDs   []kernel.ID
	// Filter holds the list call's query keys and values; nil selects by IDs.
	Filter     map[string]string
	CategoryID kernel.ID
	// Cash is one amount for every record; Percent a change of each record's amount in
	// thousandths of a percent (−10 % is −10000). One of the two, for the cash action.
	Cash    *kernel.Amount
	Percent *int64
}

// ByFilter tells whether the selection is the list's filter rather than ids.
func (r Request) ByFilter() bool { return r.Filter != nil }

// Validate checks the request against the actions the list offers. The ids come back
// de-duplicated in their first order.
func (r *Request) Validate(offered []Action) error {
	var v kernel.Validation
	switch {
	case r.Action == "":
		v.Add("action", "The action field is required.")
	case !slices.Contains(offered, r.Action):
		v.Add("action", "The selected action is invalid.")
	}
	switch {
	case r.Filter != nil && len(r.IDs) > 0:
		v.Add("ids", "Choose records by ids or by filter, not both.")
	case r.Filter == nil && len(r.IDs) == 0:
		v.Add("ids", "Choose at least one record.")
	case len(r.IDs) > MaxRecords:
		v.Merge(ErrTooMany)
	case len(r.Filter) > MaxFilterKeys:
		v.Add("filter", "The filter has too many keys.")
	}
	seen := make(map[kernel.ID]bool, len(r.IDs))
	ids := r.IDs[:0:0]
	for _, id := range r.IDs {
		if id <= 0 {
			v.Add("ids", "The ids must be a list of ids.")
			break
		}
		if !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	r.IDs = ids
	switch r.Action {
	case AddCategory, RemoveCategory:
		if r.CategoryID <= 0 {
			v.Add("category_id", "The category id field is required.")
		}
	case Cash:
		if (r.Cash == nil) == (r.Percent == nil) {
			v.Add("cash", "Give either one amount or a percentage change.")
		}
	}
	return v.Err()
}

// ParsePercent reads a signed percentage change with up to three decimals ("-10", "12.5",
// "+5") into thousandths of a percent, between −100 % and +MaxPercent %.
func ParsePercent(s string) (int64, error) {
	bad := kernel.FieldError("percent", "The percent must be a number between -100 and 1000.")
	s = strings.TrimSpace(strings.ReplaceAll(s, ",", "."))
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(strings.TrimPrefix(s, "-"), "+")
	whole, frac, _ := strings.Cut(s, ".")
	if whole == "" || len(whole) > 4 || len(frac) > 3 || strings.Trim(whole+frac, "0123456789") != "" {
		return 0, bad
	}
	w, _ := strconv.ParseInt(whole, 10, 64)
	f, _ := strconv.ParseInt((frac + "000")[:3], 10, 64)
	p := w*1000 + f
	if neg {
		p = -p
	}
	if p < -100_000 || p > MaxPercent*1000 {
		return 0, bad
	}
	return p, nil
}

// ErrCashNegative would be an amount below zero; a percent never gives one, kept for safety.
var ErrCashNegative = kernel.FieldError("cash", "The cash may not be negative.")

// ChangeBy is amount a changed by p thousandths of a percent, rounded half away from zero to
// the thousandth, exactly (no float): 100 by +12.5 % is 112.5, 0.005 by −50 % is 0.003.
func ChangeBy(a kernel.Amount, p int64) (kernel.Amount, error) {
	// m × (100000 + p) can pass an int64 (10^13 thousandths × 1.1 × 10^6): the product in big.
	num := new(big.Int).Mul(big.NewInt(a.Thousandths()), big.NewInt(100_000+p))
	q, r := new(big.Int).QuoRem(num, big.NewInt(100_000), new(big.Int))
	if new(big.Int).Mul(r, big.NewInt(2)).Cmp(big.NewInt(100_000)) >= 0 {
		q.Add(q, big.NewInt(1))
	}
	if q.Sign() < 0 {
		return kernel.Amount{}, ErrCashNegative
	}
	if !q.IsInt64() {
		return kernel.Amount{}, kernel.ErrAmountOverflow
	}
	out, err := kernel.ParseAmount("cash", kernel.AmountOfThousandths(q.Int64()).String())
	if err != nil {
		return kernel.Amount{}, kernel.ErrAmountOverflow
	}
	return out, nil
}

// Skip is a selected record the action left alone, with why: the row's own rule's error
// (its slug as Code, its English message as Reason, which the screens translate).
type Skip struct {
	ID     kernel.ID
	Code   string
	Reason string
}

// SkipOf is the skip of id for a row rule's error.
func SkipOf(id kernel.ID, err error) Skip {
	var e *kernel.Error
	if errors.As(err, &e) {
		msg := e.Message
		if e.Kind == kernel.KindInvalid {
			for _, m := range e.Fields {
				if len(m) > 0 {
					msg = m[0]
					break
				}
			}
		}
		return Skip{ID: id, Code: e.Slug, Reason: msg}
	}
	return Skip{ID: id, Code: "error", Reason: err.Error()}
}

// Skippable tells whether a row's error skips the row (its own rule said no, or it is gone
// or changed) rather than stopping the action (anything unexpected).
func Skippable(err error) bool {
	switch kernel.KindOf(err) {
	case kernel.KindInternal, kernel.KindThrottled, kernel.KindUnauthenticated:
		return false
	}
	return true
}

// Outcome counts what a batch (or a whole run) did: records changed, records already as the
// action would leave them, and those skipped with their reason.
type Outcome struct {
	Done      int
	Unchanged int
	Skipped   []Skip
}

// Skip adds a skipped record.
func (o *Outcome) Skip(id kernel.ID, err error) { o.Skipped = append(o.Skipped, SkipOf(id, err)) }

// Count adds one record's result: changed or already so when err is nil, skipped when err is
// a row's rule (Skippable); any other err is answered, to stop the run.
func (o *Outcome) Count(id kernel.ID, changed bool, err error) error {
	switch {
	case err == nil && changed:
		o.Done++
	case err == nil:
		o.Unchanged++
	case Skippable(err):
		o.Skip(id, err)
	default:
		return err
	}
	return nil
}

// Seen is how many records the outcome accounts for.
func (o Outcome) Seen() int { return o.Done + o.Unchanged + len(o.Skipped) }

// State is where a run stands.
type State string

const (
	Running State = "running"
	Done    State = "done"
	// Failed: a batch failed for a reason no row rule explains (or the server stopped); the
	// batches before it stay done, and can be undone.
	Failed State = "failed"
)

// Kind tells a bulk action's run from the run of its undo.
type Kind string

const (
	KindAction Kind = "bulk"
	KindUndo   Kind = "undo"
)

// Run is one bulk action (or undo) as it is kept: who ran it, on which list, how far it got.
type Run struct {
	EventID   kernel.ID // the activity event that names it
	Group     string    // the id every per-record event of the run carries
	Kind      Kind
	Resource  string    // the list (the audited resource)
	Scope     kernel.ID // the record the list belongs to (a campaign's partners), or 0
	Action    Action
	ActorID   kernel.ID
	Total     int
	Done      int
	Unchanged int
	Skipped   int
	State     State
	Failure   string // why a failed run stopped
	Started   time.Time
	Finished  time.Time // zero while running
	UndoneBy  kernel.ID // the event of the undo that undid this run, or 0
	UndoOf    kernel.ID // for an undo, the action's event
}

// UndoUntil is the end of the run's undo window: the window after it finished (zero while
// it runs, and for an undo, which is not undone in turn).
func (r Run) UndoUntil(window time.Duration) time.Time {
	if r.Kind != KindAction || r.Finished.IsZero() {
		return time.Time{}
	}
	return r.Finished.Add(window)
}

// Errors of an undo.
var (
	ErrNotBulk     = kernel.FieldError("event", "This event is not a bulk action.")
	ErrUndoRunning = kernel.NewError(kernel.KindStale, "bulk-undo-running",
		"This bulk action is still running. Undo it when it has finished.")
	ErrUndone      = kernel.NewError(kernel.KindStale, "bulk-undone", "This bulk action was already undone.")
	ErrUndoExpired = kernel.NewError(kernel.KindStale, "bulk-undo-expired",
		"The undo window of this bulk action has passed.")
	ErrUndoForbidden = kernel.NewError(kernel.KindForbidden, "forbidden", "Only the user who ran this bulk action or an admin can undo it.")
)

// CanUndo tells whether user (admin or not) may undo r at now, within window of its end.
func (r Run) CanUndo(user kernel.ID, admin bool, now time.Time, window time.Duration) error {
	switch {
	case r.Kind != KindAction:
		return ErrNotBulk
	case r.ActorID != user && !admin:
		return ErrUndoForbidden
	case r.State == Running:
		return ErrUndoRunning
	case r.UndoneBy != 0:
		return ErrUndone
	case !now.Before(r.UndoUntil(window)):
		return ErrUndoExpired
	}
	return nil
}
