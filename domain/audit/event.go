// Package audit is the record of accountability (issue 21, ADR 0031): who changed what,
// when, from where and from which value to which, kept as a hash chain that shows any
// later edit of the record, and the rules of reverting a change.
package audit

import (
	"crypto/rand"
	"encoding/hex"
	"strconv"
	"time"
	"unicode/utf8"

	"vitrina/domain/kernel"
)

// ActorKind is who acted: a back-office user, a partner through the app, or the system (a
// background job).
type ActorKind string

const (
	ActorUser    ActorKind = "user"
	ActorPartner ActorKind = "partner"
	ActorSystem  ActorKind = "system"
)

// Actor is the one who made a change. A partner acting through a linked app account is
// the partner (ID) with the account's name; the system has no id.
type Actor struct {
	Kind ActorKind
	ID   kernel.ID
	Name string
}

// System is the actor of background jobs.
var System = Actor{Kind: ActorSystem, Name: "system"}

// Action is what was done to the record.
type Action string

const (
	ActionCreate         Action = "create"
	ActionEdit           Action = "edit"
	ActionActivate       Action = "activate"
	ActionDeactivate     Action = "deactivate"
	ActionLink           Action = "link"
	ActionUnlink         Action = "unlink"
	ActionCash           Action = "cash"
	ActionOrder          Action = "order"
	ActionWithdraw       Action = "withdraw"
	ActionDeliver        Action = "deliver"
	ActionUndeliver      Action = "undeliver"
	ActionSignUp         Action = "sign_up"
	ActionImport         Action = "import"
	ActionSend           Action = "send"
	ActionRoleChange     Action = "role_change"
	ActionPasswordChange Action = "password_change"
	ActionSignIn         Action = "sign_in"
	ActionSignInFailed   Action = "sign_in_failed"
	ActionSignOut        Action = "sign_out"
	ActionRevert         Action = "revert"
	// ActionBulk is a bulk action's own event (ADR 0043): its records' events carry its
	// group in ImportID; its undo is a revert naming it.
	ActionBulk Action = "bulk"
)

// Actions lists every action, in the order; a filter by action accepts only these.
var Actions = []Action{
	ActionCreate, ActionEdit, ActionActivate, ActionDeactivate, ActionLink, ActionUnlink,
	ActionCash, ActionOrder, ActionWithdraw, ActionDeliver, ActionUndeliver, ActionSignUp,
	ActionImport, ActionSend, ActionRoleChange, ActionPasswordChange, ActionSignIn,
	ActionSignInFailed, ActionSignOut, ActionRevert, ActionBulk,
}

// Valid tells whether a is one of Actions.
func (a Action) Valid() bool {
	for _, x := range Actions {
		if x == a {
			return true
		}
	}
	return false
}

// Ref names a record of a resource: the parent of a link (a campaign's partner).
type Ref struct {
	Resource string
	ID       kernel.ID
}

// Change is one field's change. A secret field (Secret) says only that it changed: From and
// To are always nil. A nil From is a field that had no value (a creation); a nil To one that
// lost it.
type Change struct {
	Field  string
	From   *string
	To     *string
	Secret bool
}

// Event is one recorded change. It is an immutable record rather than an entity: it is
// built once by the recorder, sealed into the chain and never changed, so its fields are
// plain (ADR 0031). Zero IDs and empty strings are "none" (the API writes them as null).
type Event struct {
	ID       kernel.ID // assigned when the event is appended to the chain
	At       time.Time // server time, UTC, microseconds (what both engines keep)
	Actor    Actor
	Resource string
	RecordID kernel.ID
	Parent   *Ref
	// PartnerID is the partner the event is by or about, for the partner's timeline: set
	// by Seal from the record, the parent or the actor when the caller did not.
	PartnerID kernel.ID
	Action    Action
	Changes   []Change
	ImportID  string    // the import the event belongs to
	Reverts   kernel.ID // the event this one reverts
	RequestID string
	Address   string
	PrevHash  string // the hash of the event before in the chain; "" for the first
	Hash      string // hex SHA-256 of the canonical encoding (see Hash)
}

// PartnersResource is the resource name of partners, whose events feed a partner's timeline.
const PartnersResource = "partners"

// Limits of an event's texts: an event is written by the code, but its values come from
// users (a name, an address) and a record must stay bounded (style rule 12).
const (
	MaxResource  = 64
	MaxField     = 64
	MaxValue     = 256 << 10 // one field's value: the longest text a record keeps (a slider's page, 200 kB) fits
	MaxName      = 255
	MaxRequestID = 128
	MaxAddress   = 64
	MaxImportID  = 64
	MaxChanges   = 500
)

// invalid is the error of an event the code built wrongly: it is never recorded.
func invalid(msg string) error {
	return kernel.NewError(kernel.KindInternal, "audit-invalid-event", msg)
}

// Validate checks what every event must have; it is the recorder's guard, not a user's.
func (e Event) Validate() error {
	switch e.Actor.Kind {
	case ActorUser, ActorPartner:
		if e.Actor.ID <= 0 {
			return invalid("audit: a user or partner actor needs an id")
		}
	case ActorSystem:
	default:
		return invalid("audit: unknown actor kind " + string(e.Actor.Kind))
	}
	if !e.Action.Valid() {
		return invalid("audit: unknown action " + string(e.Action))
	}
	if e.Resource == "" || len(e.Resource) > MaxResource {
		return invalid("audit: the resource is required and at most 64 bytes")
	}
	if e.Parent != nil && (e.Parent.Resource == "" || len(e.Parent.Resource) > MaxResource) {
		return invalid("audit: a parent needs its resource")
	}
	if e.At.IsZero() {
		return invalid("audit: the time is required")
	}
	if len(e.Actor.Name) > MaxName || len(e.RequestID) > MaxRequestID || len(e.Address) > MaxAddress || len(e.ImportID) > MaxImportID {
		return invalid("audit: a name, request id, address or import id is too long")
	}
	if e.Action == ActionRevert && e.Reverts <= 0 {
		return invalid("audit: a revert names the event it reverts")
	}
	if len(e.Changes) > MaxChanges {
		return invalid("audit: too many changes in one event")
	}
	seen := make(map[string]bool, len(e.Changes))
	for _, c := range e.Changes {
		if c.Field == "" || len(c.Field) > MaxField || seen[c.Field] {
			return invalid("audit: a change needs a field of its own: " + c.Field)
		}
		seen[c.Field] = true
		if c.Secret && (c.From != nil || c.To != nil) {
			return invalid("audit: a secret change carries no values: " + c.Field)
		}
		if (c.From != nil && len(*c.From) > MaxValue) || (c.To != nil && len(*c.To) > MaxValue) {
			return invalid("audit: a value is too long: " + c.Field)
		}
	}
	return nil
}

// normalized is e as it is kept: time in UTC to the microsecond, secret fields without
// values, changes in field order and the partner filled in.
func (e Event) normalized() Event {
	e.At = e.At.UTC().Truncate(time.Microsecond)
	if len(e.Changes) > 0 {
		cs := make([]Change, len(e.Changes))
		copy(cs, e.Changes)
		for i := range cs {
			if cs[i].Secret || IsSecret(cs[i].Field) {
				cs[i] = Change{Field: cs[i].Field, Secret: true}
			}
		}
		sortChanges(cs)
		e.Changes = cs
	}
	if e.Parent != nil {
		p := *e.Parent
		e.Parent = &p
	}
	if e.PartnerID == 0 {
		switch {
		case e.Resource == PartnersResource:
			e.PartnerID = e.RecordID
		case e.Parent != nil && e.Parent.Resource == PartnersResource:
			e.PartnerID = e.Parent.ID
		case e.Actor.Kind == ActorPartner:
			e.PartnerID = e.Actor.ID
		}
	}
	return e
}

// MaxFileName is how much of an uploaded file's name an import's event keeps.
const MaxFileName = 255

// ImportSummary is an import's own event (ADR 0031): on the resource it imports into, or on
// the record it imports into (a campaign's partner file), with the file's name (cut at
// MaxFileName bytes, on a character) and the counts of what it added, updated and left
// unchanged, each as a change with only a new value: `file`, `added`, `updated`,
// `unchanged`. The records it created or changed carry the same import id in their own
// events; the caller sets the actor, time and import id (the recorder fills them from the
// context).
func ImportSummary(resource string, record kernel.ID, file string, added, updated, unchanged int) Event {
	if len(file) > MaxFileName {
		cut := MaxFileName
		for cut > 0 && !utf8.RuneStart(file[cut]) {
			cut--
		}
		file = file[:cut]
	}
	val := func(v string) *string { return &v }
	return Event{Resource: resource, RecordID: record, Action: ActionImport, Changes: []Change{
		{Field: "file", To: val(file)},
		{Field: "added", To: val(strconv.Itoa(added))},
		{Field: "updated", To: val(strconv.Itoa(updated))},
		{Field: "unchanged", To: val(strconv.Itoa(unchanged))},
	}}
}

// BulkSummary is a bulk action's own event, recorded when it starts: on the list's resource
// (record 0, or the record the list belongs to: a campaign's partners are the campaign's),
// the action and how many records were selected, and how (`ids`, or `filter` with the list's
// query as text), then the action's own values. Its records' events carry the same group
// (ImportID); what it did is the run's (kept beside the log), since an event never changes.
func BulkSummary(resource string, record kernel.ID, action string, selected int, selection string, values map[string]string) Event {
	val := func(v string) *string { return &v }
	changes := []Change{
		{Field: "action", To: val(action)},
		{Field: "selected", To: val(strconv.Itoa(selected))},
		{Field: "selection", To: val(selection)},
	}
	for k, v := range values {
		changes = append(changes, Change{Field: k, To: val(v)})
	}
	return Event{Resource: resource, RecordID: record, Action: ActionBulk, Changes: changes}
}

// UndoSummary is the event of a bulk action's undo: a revert of the action's event, with
// how many records it restored and left.
func UndoSummary(resource string, record kernel.ID, bulk kernel.ID, selected int) Event {
	val := func(v string) *string { return &v }
	return Event{Resource: resource, RecordID: record, Action: ActionRevert, Reverts: bulk, Changes: []Change{
		{Field: "action", To: val("undo")},
		{Field: "selected", To: val(strconv.Itoa(selected))},
	}}
}

// NewImportID is a fresh random id for one import: every event of that import carries it.
func NewImportID() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
