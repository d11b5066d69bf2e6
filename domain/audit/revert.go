package audit

import (
	"slices"
	"strconv"
	"strings"

	"vitrina/domain/kernel"
)

// Reversal is what reverting one event asks of its record: set fields back to the values
// they had before it, or, for a creation, deactivate the record (never delete it). The
// revert itself is an edit that goes through the domain's rules and records its own event
// with Reverts set.
type Reversal struct {
	Reverts    kernel.ID
	Deactivate bool
	// Values are the fields to set back and their earlier values (nil: no value).
	Values map[string]*string
}

// ActiveField is the activation flag a creation's revert clears.
const ActiveField = "is_active"

// ErrChangedSince is the kind and slug of a revert refused because a field changed again
// since the event (409); a *ChangedSinceError carries the fields and their newer values.
var ErrChangedSince = kernel.NewError(kernel.KindStale, "revert-changed-since",
	"The record was changed again since this change. Reload it to see the changes.")

// Conflict is a field a revert would overwrite: the event left it at Expected, the record
// holds Current now.
type Conflict struct {
	Field    string
	Expected *string
	Current  *string
}

// ChangedSinceError is a revert refused because fields changed again since the event.
type ChangedSinceError struct{ Conflicts []Conflict }

func (e *ChangedSinceError) Error() string {
	var b strings.Builder
	b.WriteString(ErrChangedSince.Message)
	for _, c := range e.Conflicts {
		b.WriteString(" " + c.Field + " is now " + show(c.Current) + ".")
	}
	return b.String()
}

// Unwrap makes errors.Is(err, ErrChangedSince) and kernel.KindOf (409) see it.
func (e *ChangedSinceError) Unwrap() error { return ErrChangedSince }

func show(s *string) string {
	if s == nil {
		return "empty"
	}
	return `"` + *s + `"`
}

// revertible are the actions whose field changes can be set back; the others (sign-ins,
// sends, imports as a whole, orders, links) are undone by their own use cases, if at all.
var revertible = map[Action]bool{
	ActionEdit: true, ActionActivate: true, ActionDeactivate: true, ActionCash: true,
	ActionRoleChange: true, ActionRevert: true,
}

func fieldsError(msg string) error { return kernel.FieldError("fields", msg) }

// PlanRevert decides what reverting fields of e (all of them when fields is empty) asks of
// the record whose values are current now. A creation reverts by deactivation; a revert can
// be reverted like any edit. A field changed again since e is refused with a
// *ChangedSinceError naming the newer value; a field e did not change, a secret one, or an
// action that cannot be reverted is a KindInvalid error on "fields".
func PlanRevert(e Event, fields []string, current Snapshot) (Reversal, error) {
	r := Reversal{Reverts: e.ID}
	if e.Action == ActionCreate {
		if len(fields) > 0 {
			return Reversal{}, fieldsError("A creation is reverted as a whole.")
		}
		if v, ok := current[ActiveField]; ok && v == "false" {
			f := "true"
			return Reversal{}, &ChangedSinceError{Conflicts: []Conflict{{Field: ActiveField, Expected: &f, Current: &v}}}
		}
		r.Deactivate = true
		return r, nil
	}
	if !revertible[e.Action] {
		return Reversal{}, fieldsError("This change cannot be reverted.")
	}
	byField := make(map[string]Change, len(e.Changes))
	for _, c := range e.Changes {
		byField[c.Field] = c
	}
	var chosen []Change
	if len(fields) == 0 {
		for _, c := range e.Changes {
			if !c.Secret {
				chosen = append(chosen, c)
			}
		}
	} else {
		seen := map[string]bool{}
		for _, f := range fields {
			c, ok := byField[f]
			switch {
			case !ok:
				return Reversal{}, fieldsError("The field " + f + " was not changed by this change.")
			case c.Secret:
				return Reversal{}, fieldsError("The field " + f + " is secret and cannot be reverted.")
			case seen[f]:
				continue
			}
			seen[f] = true
			chosen = append(chosen, c)
		}
	}
	if len(chosen) == 0 {
		return Reversal{}, fieldsError("This change has nothing to revert.")
	}
	var conflicts []Conflict
	r.Values = make(map[string]*string, len(chosen))
	for _, c := range chosen {
		var cur *string
		if v, ok := current[c.Field]; ok {
			cur = &v
		}
		if !sameValue(cur, c.To) {
			conflicts = append(conflicts, Conflict{Field: c.Field, Expected: c.To, Current: cur})
			continue
		}
		r.Values[c.Field] = c.From
	}
	if len(conflicts) > 0 {
		return Reversal{}, &ChangedSinceError{Conflicts: conflicts}
	}
	return r, nil
}

func sameValue(a, b *string) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return *a == *b
}

// Applied is a reversal put over a record's current fields: the fields the record's edit
// should save (the current ones with the reverted values over them), whether any field but
// the activation flag goes back, and the activation the record should end with, if the
// reversal names it.
type Applied struct {
	Values  Snapshot
	Fields  bool
	Active  *bool
	Touched map[string]bool
}

// Apply puts r's values over current for a record's edit to save.
func (r Reversal) Apply(current Snapshot) Applied {
	out := Applied{Values: Snapshot{}, Touched: map[string]bool{}}
	for k, v := range current {
		out.Values[k] = v
	}
	for field, value := range r.Values {
		if field == ActiveField {
			if value != nil {
				active := *value == "true"
				out.Active = &active
			}
			continue
		}
		out.Fields = true
		out.Touched[field] = true
		if value == nil {
			delete(out.Values, field)
		} else {
			out.Values[field] = *value
		}
	}
	return out
}

// Carry out r on a record whose fields are current, through the record's own edit and
// toggle: a creation's revert deactivates it (nothing when it already is inactive), other
// fields go back through edit (the current fields with the old values over them), and an
// activation the reversal names through toggle when the record is not so already. toggle
// answers the state it left; a toggle that did not reach the state wanted found the flag
// changed by another save since current was read (a toggle has no version to check), and
// Carry refuses with a *ChangedSinceError so the caller's transaction rolls the flip back.
// The caller runs it in one transaction.
func (r Reversal) Carry(current Snapshot, edit func(values Snapshot) error, toggle func() (bool, error)) error {
	active := current[ActiveField] == "true"
	if r.Deactivate {
		if !active {
			return nil
		}
		return toggleTo(false, toggle)
	}
	a := r.Apply(current)
	if a.Fields {
		if err := edit(a.Values); err != nil {
			return err
		}
	}
	if a.Active != nil && *a.Active != active {
		return toggleTo(*a.Active, toggle)
	}
	return nil
}

// toggleTo flips the activation flag through toggle and refuses (409) when the flip did not
// land on want: another save had already set the flag to want.
func toggleTo(want bool, toggle func() (bool, error)) error {
	got, err := toggle()
	if err != nil {
		return err
	}
	if got != want {
		was, now := strconv.FormatBool(!want), strconv.FormatBool(want)
		return &ChangedSinceError{Conflicts: []Conflict{{Field: ActiveField, Expected: &was, Current: &now}}}
	}
	return nil
}

// VisibleField is the shown-or-hidden flag of sliders and campaigns, which their visibility
// toggle sets rather than their edit.
const VisibleField = "is_visible"

// ErrFileNotRevertible is a revert naming a field that holds a stored file (an image): the
// replaced file is deleted when it is replaced, so it cannot come back; the other fields of
// the change can (422).
var ErrFileNotRevertible = kernel.FieldError("fields", "The image cannot be reverted; revert the other fields.")

// GuardFiles refuses (ErrFileNotRevertible) a reversal that sets back any of the fields
// that name stored files.
func (r Reversal) GuardFiles(files ...string) error {
	for _, f := range files {
		if _, ok := r.Values[f]; ok {
			return ErrFileNotRevertible
		}
	}
	return nil
}

// Flag is the value r sets the boolean field back to; nil when it does not set it.
func (r Reversal) Flag(field string) *bool {
	v := r.Values[field]
	if v == nil {
		return nil
	}
	b := *v == "true"
	return &b
}

// FieldsBesides tells whether a sets back a field other than the flags named, so that the
// record's edit has to run.
func (a Applied) FieldsBesides(flags ...string) bool {
	for f := range a.Touched {
		if !slices.Contains(flags, f) {
			return true
		}
	}
	return false
}

// IDOf reads an id a snapshot holds; none (or not a number) is 0.
func IDOf(s string) kernel.ID {
	n, _ := strconv.ParseInt(s, 10, 64)
	return kernel.ID(n)
}
