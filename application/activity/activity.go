// Package activity is the use-case layer of the activity log (issue 21, ADR 0031): reading
// the record of changes as a role may see it, one record's history and the chain check.
package activity

import (
	"context"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"vitrina/domain/audit"
	"vitrina/domain/kernel"
	"vitrina/ports"
)

// Resource is the Casbin resource of the activity log: read opens the log (scoped to the
// resources the role may read), verify the chain check.
const Resource = "activity"

// Actions of the activity resource beyond read.
const ActionVerify = "verify"

// guards maps an audited resource (the table the store mechanism names, ADR 0031) to the
// Casbin resource whose read right shows its events: a role sees the changes of what it may
// read, and nothing of what it may not.
var guards = map[string]string{
	"users":               "users",
	"sessions":            "users",
	"countries":           "countries",
	"cities":              "cities",
	"categories":          "categories",
	"products":            "products",
	"stores":              "stores",
	"partners":            "partners",
	"contacts":            "partners",
	"support_messages":    "customerSupport",
	"sliders":             "sliders",
	"slider_partners":     "sliders",
	"campaigns":           "campaigns",
	"campaign_categories": "campaigns",
	"campaign_products":   "campaigns",
	"campaign_partners":   "campaigns",
	"cart_items":          "campaigns",
	"notifications":       "notifications",
	"deliveries":          "notifications",
	"devices":             "partners",
}

// HistoryResources are the records whose history the panel shows (each edit dialog's
// History tab): the path's resource and the audited resource are the same name.
var HistoryResources = []string{"users", "countries", "cities", "categories", "products", "stores", "partners", "contacts", "sliders", "campaigns", "notifications"}

// Records tells whether a record of an audited resource exists, so that the history of an
// unknown record is 404 rather than an empty list, and answers a record's audited fields
// now with its version, as the store mechanism writes them in its events. A link's record
// (a campaign's partner and its cash) is named with its parent (the campaign); parent is nil
// for a record of its own.
type Records interface {
	Exists(ctx context.Context, resource string, id kernel.ID) (bool, error)
	Snapshot(ctx context.Context, resource string, id kernel.ID, parent *audit.Ref) (audit.Snapshot, kernel.Version, error)
}

// Reverter sets a record of one resource back through its own context's edit (so the
// domain's rules judge the values again); the context's audit source names the event
// reverted, and the store records the revert.
type Reverter interface {
	Revert(ctx context.Context, p kernel.Principal, id kernel.ID, current audit.Snapshot, version kernel.Version, r audit.Reversal) error
}

// Reverters are the resources whose changes can be reverted, by audited resource.
type Reverters map[string]Reverter

// Service is the activity log's use cases.
type Service struct {
	log       ports.AuditLog
	authz     ports.Authorizer
	records   Records
	reverters Reverters
	tx        ports.TxManager
	sheets    ports.Spreadsheet
	zone      ports.BusinessZone
}

// NewService wires the activity use cases.
func NewService(log ports.AuditLog, authz ports.Authorizer, records Records, reverters Reverters, tx ports.TxManager,
	sheets ports.Spreadsheet, zone ports.BusinessZone) *Service {
	return &Service{log: log, authz: authz, records: records, reverters: reverters, tx: tx, sheets: sheets, zone: zone}
}

var errNotFound = kernel.NotFound("event")

// errResource is a resource filter the caller may not read or that is not audited.
var errResource = kernel.FieldError("resource", "The selected resource is invalid.")

// readable answers the audited resources p may read: nil when all of them (no narrowing).
func (s *Service) readable(p kernel.Principal) ([]string, error) {
	var out []string
	all := true
	for _, res := range slices.Sorted(maps.Keys(guards)) {
		ok, err := s.authz.Allowed(p.Roles, guards[res], "read")
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, res)
		} else {
			all = false
		}
	}
	if all {
		return nil, nil
	}
	if out == nil {
		out = []string{} // none: an empty, not a missing, narrowing
	}
	return out, nil
}

// scope narrows f to what p may read; a resource filter outside it is 422.
func (s *Service) scope(p kernel.Principal, f *ports.AuditFilter) error {
	within, err := s.readable(p)
	if err != nil {
		return err
	}
	if f.Resource != "" {
		if _, audited := guards[f.Resource]; !audited || (within != nil && !slices.Contains(within, f.Resource)) {
			return errResource
		}
		return nil
	}
	f.Within = within
	return nil
}

// List answers one page of the events p may read that match f, newest first, with the
// exact total.
func (s *Service) List(ctx context.Context, p kernel.Principal, f ports.AuditFilter, page ports.AuditPage) (ports.Page[audit.Event], error) {
	if err := s.scope(p, &f); err != nil {
		return ports.Page[audit.Event]{}, err
	}
	return s.log.List(ctx, f, page)
}

// Stream calls fn with every event p may read that matches f, newest first.
func (s *Service) Stream(ctx context.Context, p kernel.Principal, f ports.AuditFilter, fn func(audit.Event) error) error {
	if err := s.scope(p, &f); err != nil {
		return err
	}
	return s.log.Stream(ctx, f, fn)
}

// Get answers one event; one of a resource p may not read is as unknown as a missing one.
func (s *Service) Get(ctx context.Context, p kernel.Principal, id kernel.ID) (audit.Event, error) {
	e, err := s.log.Get(ctx, id)
	if err != nil {
		return audit.Event{}, err
	}
	within, err := s.readable(p)
	if err != nil {
		return audit.Event{}, err
	}
	if within != nil && !slices.Contains(within, e.Resource) {
		return audit.Event{}, errNotFound
	}
	return e, nil
}

// Found is the lookup of an event by id for the routes that name one.
func (s *Service) Found(ctx context.Context, p kernel.Principal, id kernel.ID) error {
	_, err := s.Get(ctx, p, id)
	return err
}

// RecordFound answers not found for a record of resource that does not exist.
func (s *Service) RecordFound(ctx context.Context, resource string, id kernel.ID) error {
	ok, err := s.records.Exists(ctx, resource, id)
	if err != nil {
		return err
	}
	if !ok {
		return kernel.NotFound(resource)
	}
	return nil
}

// parents are the resources whose records hold links recorded under them (ADR 0031): their
// history includes the links' events, which their read right covers (guards).
var parents = map[string]bool{"campaigns": true, "sliders": true}

// History answers one page of a record's events, newest first, with, for a campaign or a
// slider, those of its links (its partners' cash, its cart, its sign-ups). The route's access
// rule is the read right of the record's resource.
func (s *Service) History(ctx context.Context, resource string, id kernel.ID, page ports.AuditPage) (ports.Page[audit.Event], error) {
	return s.log.List(ctx, ports.AuditFilter{Resource: resource, RecordID: id, Children: parents[resource]}, page)
}

// Verify checks the whole chain.
func (s *Service) Verify(ctx context.Context) (ports.AuditVerdict, error) {
	return s.log.Verify(ctx)
}

// errForbidden is a revert by a role that may not write the record's resource.
var errForbidden = kernel.NewError(kernel.KindForbidden, "forbidden", "You are not allowed to do this.")

// errNotRevertible is an event of a resource whose changes cannot be set back from the log.
var errNotRevertible = kernel.FieldError("fields", "This change cannot be reverted.")

// Revertible tells whether the changes of resource can be reverted from the log.
func (s *Service) Revertible(resource string) bool { _, ok := s.reverters[resource]; return ok }

// Revert sets back fields of event id (all of them when none are named) as a new edit of
// its record by p, who must be allowed to write the record's resource (403 otherwise). A
// field changed again since is 409 naming the newer value; a value the domain no longer
// accepts is 422; a creation reverts by deactivation. It answers the record's fields after
// the revert and the revert's own event.
func (s *Service) Revert(ctx context.Context, p kernel.Principal, id kernel.ID, fields []string) (audit.Snapshot, audit.Event, error) {
	e, err := s.Get(ctx, p, id)
	if err != nil {
		return nil, audit.Event{}, err
	}
	if ok, err := s.authz.Allowed(p.Roles, guards[e.Resource], "write"); err != nil {
		return nil, audit.Event{}, err
	} else if !ok {
		return nil, audit.Event{}, errForbidden
	}
	rv, ok := s.reverters[e.Resource]
	if !ok {
		return nil, audit.Event{}, errNotRevertible
	}
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		current, version, err := s.records.Snapshot(ctx, e.Resource, e.RecordID, e.Parent)
		if err != nil {
			return err
		}
		plan, err := audit.PlanRevert(e, fields, current)
		if err != nil {
			return err
		}
		src := ports.AuditSourceOf(ctx)
		src.Reverts = e.ID
		return rv.Revert(ports.WithAuditSource(ctx, src), p, e.RecordID, current, version, plan)
	})
	if err != nil {
		return nil, audit.Event{}, err
	}
	after, _, err := s.records.Snapshot(ctx, e.Resource, e.RecordID, e.Parent)
	if err != nil {
		return nil, audit.Event{}, err
	}
	for field := range after {
		if audit.IsSecret(field) {
			delete(after, field) // never answered, like never recorded
		}
	}
	last, err := s.log.List(ctx, ports.AuditFilter{Resource: e.Resource, RecordID: e.RecordID}, ports.AuditPage{Page: 1, PerPage: 1})
	if err != nil || len(last.Items) == 0 || last.Items[0].Reverts != e.ID {
		return after, audit.Event{}, err // nothing was left to change: no event
	}
	return after, last.Items[0], nil
}

// TimelineKind names what a partner's timeline item is about, from the event's resource.
// A sign-in, failed sign-in or sign-out is the account's, though an app sign-in's record is
// the partner.
func TimelineKind(e audit.Event) string {
	switch e.Action {
	case audit.ActionSignIn, audit.ActionSignInFailed, audit.ActionSignOut:
		return "account"
	}
	switch e.Resource {
	case audit.PartnersResource:
		return "partner"
	case "contacts":
		return "contact"
	case "support_messages":
		return "support"
	case "campaign_partners", "campaigns":
		return "campaign_cash"
	case "cart_items":
		return "order"
	case "slider_partners", "slider_partner_dates", "sliders":
		return "slider"
	case "deliveries", "notifications":
		return "push"
	case "devices":
		return "device"
	case "sessions", "users":
		return "account"
	}
	return e.Resource
}

// Timeline answers one page of everything by or about partner id, newest first: its own
// changes and those of the records tied to it (contacts, support messages, linked accounts,
// and whatever else records the partner). The route's access rule is partners' read right.
func (s *Service) Timeline(ctx context.Context, id kernel.ID, page ports.AuditPage) (ports.Page[audit.Event], error) {
	return s.log.List(ctx, ports.AuditFilter{PartnerID: id}, page)
}

// Check answers whether p may ask for the events f names (a resource it may not read is
// 422), before a download's first byte goes out.
func (s *Service) Check(p kernel.Principal, f ports.AuditFilter) error { return s.scope(p, &f) }

// ExportColumns are the activity download's columns.
var ExportColumns = []string{"id", "at", "actor_kind", "actor", "resource", "record_id", "parent", "action", "changes", "import_id", "reverts", "request_id", "address"}

// ExportTimeLayout is how the download writes an event's time, in the business's zone.
const ExportTimeLayout = "2006-01-02 15:04:05"

// Export writes every event p may read that matches f as a spreadsheet, newest first,
// streamed from the database to w (no row cap; memory flat in the rows). Each change is
// "field: from → to", a secret one "field: changed".
func (s *Service) Export(ctx context.Context, p kernel.Principal, f ports.AuditFilter, w io.Writer) error {
	if err := s.scope(p, &f); err != nil {
		return err
	}
	return s.sheets.Write(ctx, w, "Activity", ExportColumns, func(emit func([]ports.SheetCell) error) error {
		return s.log.Stream(ctx, f, func(e audit.Event) error {
			return emit(eventCells(e, s.zone.Local(e.At).Format(ExportTimeLayout)))
		})
	})
}

// eventCells is an event as the download's columns, its time written as at.
func eventCells(e audit.Event, at string) []ports.SheetCell {
	id := func(n kernel.ID) ports.SheetCell {
		if n == 0 {
			return ports.SheetCell{}
		}
		return ports.SheetCell{Value: strconv.FormatInt(int64(n), 10), Number: true}
	}
	parent := ""
	if e.Parent != nil {
		parent = e.Parent.Resource + " " + strconv.FormatInt(int64(e.Parent.ID), 10)
	}
	return []ports.SheetCell{id(e.ID), {Value: at}, {Value: string(e.Actor.Kind)},
		{Value: e.Actor.Name}, {Value: e.Resource}, id(e.RecordID), {Value: parent}, {Value: string(e.Action)},
		{Value: changesText(e.Changes)}, {Value: e.ImportID}, id(e.Reverts), {Value: e.RequestID}, {Value: e.Address}}
}

// changesText is an event's changes as one cell.
func changesText(changes []audit.Change) string {
	var b strings.Builder
	for i, c := range changes {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(c.Field + ": ")
		if c.Secret {
			b.WriteString("changed")
			continue
		}
		b.WriteString(valueText(c.From) + " → " + valueText(c.To))
	}
	return b.String()
}

func valueText(v *string) string {
	if v == nil {
		return "—"
	}
	return *v
}
