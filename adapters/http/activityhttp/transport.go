// Package activityhttp is the HTTP face of the activity log (issue 21, ADR 0031): the list of
// changes, one event, a record's history and the chain check.
package activityhttp

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"vitrina/adapters/http/kit"
	appactivity "vitrina/application/activity"
	"vitrina/domain/audit"
	"vitrina/domain/kernel"
	"vitrina/ports"
)

type actorJSON struct {
	Kind string `json:"kind"`
	ID   *int64 `json:"id"`
	Name string `json:"name"`
}

type refJSON struct {
	Resource string `json:"resource"`
	ID       int64  `json:"id"`
}

// eventJSON is an event as the API answers it (issue 21); its changes are eventOut's.
type eventJSON struct {
	ID        int64     `json:"id"`
	At        time.Time `json:"at"`
	Actor     actorJSON `json:"actor"`
	Resource  string    `json:"resource"`
	RecordID  int64     `json:"record_id"`
	Parent    *refJSON  `json:"parent"`
	Action    string    `json:"action"`
	ImportID  *string   `json:"import_id"`
	Reverts   *int64    `json:"reverts"`
	RequestID string    `json:"request_id"`
	Address   string    `json:"address"`
}

// plainChange keeps from and to even when null: an ordinary change always has both.
type plainChange struct {
	Field string  `json:"field"`
	From  *string `json:"from"`
	To    *string `json:"to"`
}

type secretChange struct {
	Field   string `json:"field"`
	Changed bool   `json:"changed"`
}

// eventOut is the event with its changes: plainChange or secretChange.
type eventOut struct {
	eventJSON
	Changes []any `json:"changes"`
}

func toJSON(e audit.Event) eventOut {
	out := eventOut{eventJSON: eventJSON{ID: int64(e.ID), At: e.At.UTC(), Resource: e.Resource, RecordID: int64(e.RecordID),
		Action: string(e.Action), RequestID: e.RequestID, Address: e.Address,
		Actor: actorJSON{Kind: string(e.Actor.Kind), Name: e.Actor.Name}}, Changes: make([]any, 0, len(e.Changes))}
	if e.Actor.ID != 0 {
		id := int64(e.Actor.ID)
		out.Actor.ID = &id
	}
	if e.Parent != nil {
		out.Parent = &refJSON{Resource: e.Parent.Resource, ID: int64(e.Parent.ID)}
	}
	if e.ImportID != "" {
		out.ImportID = &e.ImportID
	}
	if e.Reverts != 0 {
		r := int64(e.Reverts)
		out.Reverts = &r
	}
	for _, c := range e.Changes {
		if c.Secret {
			out.Changes = append(out.Changes, secretChange{Field: c.Field, Changed: true})
		} else {
			out.Changes = append(out.Changes, plainChange{Field: c.Field, From: c.From, To: c.To})
		}
	}
	return out
}

// listRequest is GET /api/activity's query: the page and the filters.
type listRequest struct {
	Filter ports.AuditFilter
	Page   ports.AuditPage
}

// filterKeys are the query parameters the activity list reads; anything else is refused,
// so a misspelt filter is not silently ignored.
var filterKeys = map[string]bool{"page": true, "per_page": true, "sort": true, "user_id": true, "partner_id": true,
	"resource": true, "record_id": true, "action": true, "from": true, "to": true, "q": true}

// decodeList reads the activity list's query in the business's zone: a date (2026-11-26)
// is that whole day there, a time is RFC 3339.
func decodeList(zone ports.BusinessZone) func(context.Context, *http.Request) (any, error) {
	return func(_ context.Context, r *http.Request) (any, error) {
		v := r.URL.Query()
		var val kernel.Validation
		var req listRequest
		for k := range v {
			if !filterKeys[k] {
				val.Add(k, "The filter is not known.")
			}
		}
		page, perPage := kit.DecodePage(v, &val)
		req.Page = ports.AuditPage{Page: page, PerPage: perPage}
		switch v.Get("sort") {
		case "", "-at", "-id": // newest first, the one order the log is read in
		default:
			val.Add("sort", "The sort field is invalid.")
		}
		req.Filter.UserID = idParam(&val, v, "user_id")
		req.Filter.PartnerID = idParam(&val, v, "partner_id")
		req.Filter.RecordID = idParam(&val, v, "record_id")
		req.Filter.Resource = v.Get("resource")
		if len(req.Filter.Resource) > audit.MaxResource {
			val.Add("resource", "The selected resource is invalid.")
		}
		if s := v.Get("action"); s != "" {
			if !audit.Action(s).Valid() {
				val.Add("action", "The selected action is invalid.")
			}
			req.Filter.Action = audit.Action(s)
		}
		req.Filter.From = timeParam(&val, v, "from", zone, false)
		req.Filter.To = timeParam(&val, v, "to", zone, true)
		if !req.Filter.From.IsZero() && !req.Filter.To.IsZero() && !req.Filter.From.Before(req.Filter.To) {
			val.Add("to", "The to must be a date after from.")
		}
		q := v.Get("q")
		switch {
		case !utf8.ValidString(q) || strings.ContainsRune(q, 0):
			val.Add("q", "The filter contains characters that are not allowed.")
		case utf8.RuneCountInString(q) > ports.MaxAuditText:
			val.Add("q", "The filter may not be greater than 200 characters.")
		}
		req.Filter.Text = strings.TrimSpace(q)
		if req.Filter.RecordID != 0 && req.Filter.Resource == "" {
			val.Add("record_id", "The record id needs a resource.")
		}
		return req, val.Err()
	}
}

func idParam(val *kernel.Validation, v map[string][]string, key string) kernel.ID {
	s := first(v, key)
	if s == "" {
		return 0
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 1 || n > 9007199254740991 {
		val.Add(key, "The "+strings.ReplaceAll(key, "_", " ")+" must be a positive integer.")
		return 0
	}
	return kernel.ID(n)
}

func first(v map[string][]string, key string) string {
	if len(v[key]) == 0 {
		return ""
	}
	return v[key][0]
}

// timeParam reads an RFC 3339 time or a day; a day given as the end of a range ("to")
// includes that whole day.
func timeParam(val *kernel.Validation, v map[string][]string, key string, zone ports.BusinessZone, end bool) time.Time {
	s := first(v, key)
	if s == "" {
		return time.Time{}
	}
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil && len(s) <= 40 {
		return t.UTC()
	}
	loc := zone.Location
	if loc == nil {
		loc = time.UTC
	}
	day, err := time.ParseInLocation(time.DateOnly, s, loc)
	if err != nil || len(s) != len(time.DateOnly) {
		val.Add(key, "The "+key+" must be a date (2026-11-26) or a time (RFC 3339).")
		return time.Time{}
	}
	if end {
		day = day.AddDate(0, 0, 1)
	}
	return day.UTC()
}

type historyRequest struct {
	ID   kernel.ID
	Page ports.AuditPage
}

// decodeHistory reads a record's history request: the record and the page.
func decodeHistory(_ context.Context, r *http.Request) (any, error) {
	id, err := kit.PathID(r, "id")
	if err != nil {
		return nil, err
	}
	v := r.URL.Query()
	var val kernel.Validation
	// A history is always paged: the first page of DefaultPerPage when none is asked for.
	page := ports.AuditPage{Page: 1, PerPage: kit.DefaultPerPage}
	if n, per := kit.DecodePage(v, &val); n > 0 {
		page = ports.AuditPage{Page: n, PerPage: per}
	} else if per > 0 {
		page.PerPage = per
	}
	return historyRequest{ID: id, Page: page}, val.Err()
}

// revertBody names the fields to set back; none (or no body) reverts all of them.
type revertBody struct {
	Fields []string `json:"fields"`
}

type revertRequest struct {
	ID     kernel.ID
	Fields []string
}

// maxRevertFields bounds the fields a revert names (an event holds at most audit.MaxChanges).
const maxRevertFields = audit.MaxChanges

func decodeRevert(ctx context.Context, r *http.Request) (any, error) {
	id, err := kit.PathID(r, "id")
	if err != nil {
		return nil, err
	}
	body, err := kit.DecodeJSON[revertBody](ctx, r)
	if err != nil {
		return nil, err
	}
	fields := body.(revertBody).Fields
	if len(fields) > maxRevertFields {
		return nil, kernel.FieldError("fields", "The fields may not have more than 500 items.")
	}
	for _, f := range fields {
		if f == "" || len(f) > audit.MaxField {
			return nil, kernel.FieldError("fields", "The selected fields is invalid.")
		}
	}
	return revertRequest{ID: id, Fields: fields}, nil
}

// revertJSON is a revert's answer: the record's fields after it, and the revert's own event
// (null when nothing was left to change).
type revertJSON struct {
	Record map[string]string `json:"record"`
	Event  *eventOut         `json:"event"`
}

type conflictJSON struct {
	Field    string  `json:"field"`
	Expected *string `json:"expected"`
	Current  *string `json:"current"`
}

func makeRevertEndpoint(svc *appactivity.Service) func(context.Context, any) (any, error) {
	return func(ctx context.Context, req any) (any, error) {
		r := req.(revertRequest)
		p, _ := kit.Principal(ctx)
		after, e, err := svc.Revert(ctx, p, r.ID, r.Fields)
		var changed *audit.ChangedSinceError
		if errors.As(err, &changed) {
			conflicts := make([]conflictJSON, 0, len(changed.Conflicts))
			for _, c := range changed.Conflicts {
				conflicts = append(conflicts, conflictJSON(c))
			}
			return nil, kit.WithDetail(err, map[string]any{"conflicts": conflicts})
		}
		if err != nil {
			return nil, err
		}
		out := revertJSON{Record: after}
		if e.ID != 0 {
			ev := toJSON(e)
			out.Event = &ev
		}
		return out, nil
	}
}

type verdictJSON struct {
	OK          bool   `json:"ok"`
	Events      int    `json:"events"`
	FirstBroken *int64 `json:"first_broken"`
}

func makeListEndpoint(svc *appactivity.Service) func(context.Context, any) (any, error) {
	return func(ctx context.Context, req any) (any, error) {
		r := req.(listRequest)
		p, _ := kit.Principal(ctx)
		if r.Page.Page == 0 {
			return kit.Stream(func(ctx context.Context, emit func(any) error) error {
				return svc.Stream(ctx, p, r.Filter, func(e audit.Event) error { return emit(toJSON(e)) })
			}), nil
		}
		page, err := svc.List(ctx, p, r.Filter, r.Page)
		if err != nil {
			return nil, err
		}
		return kit.PageOf(page.Total, page.Items, toJSON), nil
	}
}

// eventWithRun is one event; a bulk action's or its undo's carries where its run stands
// (ADR 0043), and X-Progress while it runs.
type eventWithRun struct {
	eventOut
	Bulk *runJSON `json:"bulk,omitempty"`
}

func (e eventWithRun) Status() int { return http.StatusOK }

func (e eventWithRun) Header() http.Header {
	if e.Bulk == nil {
		return nil
	}
	return progressHeader(*e.Bulk)
}

func makeGetEndpoint(svc *appactivity.Service, b *appactivity.Bulk) func(context.Context, any) (any, error) {
	return func(ctx context.Context, req any) (any, error) {
		p, _ := kit.Principal(ctx)
		e, err := svc.Get(ctx, p, req.(kit.IDRequest).ID)
		if err != nil {
			return nil, err
		}
		out := eventWithRun{eventOut: toJSON(e)}
		if b != nil && e.ImportID != "" && (e.Action == audit.ActionBulk || e.Action == audit.ActionRevert) {
			res, err := b.Result(ctx, e.ID)
			if err == nil {
				run := toRunJSON(res)
				out.Bulk = &run
			} else if kernel.KindOf(err) != kernel.KindNotFound {
				return nil, err
			}
		}
		return out, nil
	}
}

func makeHistoryEndpoint(svc *appactivity.Service, resource string) func(context.Context, any) (any, error) {
	return func(ctx context.Context, req any) (any, error) {
		r := req.(historyRequest)
		page, err := svc.History(ctx, resource, r.ID, r.Page)
		if err != nil {
			return nil, err
		}
		return kit.PageOf(page.Total, page.Items, toJSON), nil
	}
}

// timelineItem is an event of a partner's timeline with the kind of thing it is about.
type timelineItem struct {
	Kind string `json:"kind"`
	eventOut
}

func makeTimelineEndpoint(svc *appactivity.Service) func(context.Context, any) (any, error) {
	return func(ctx context.Context, req any) (any, error) {
		r := req.(historyRequest)
		page, err := svc.Timeline(ctx, r.ID, r.Page)
		if err != nil {
			return nil, err
		}
		return kit.PageOf(page.Total, page.Items, func(e audit.Event) timelineItem {
			return timelineItem{Kind: appactivity.TimelineKind(e), eventOut: toJSON(e)}
		}), nil
	}
}

func makeExportEndpoint(svc *appactivity.Service) func(context.Context, any) (any, error) {
	return func(ctx context.Context, req any) (any, error) {
		r := req.(listRequest)
		p, _ := kit.Principal(ctx)
		if err := svc.Check(p, r.Filter); err != nil {
			return nil, err
		}
		return kit.Download{Name: "Activity.xlsx", Write: func(ctx context.Context, w io.Writer) error {
			return svc.Export(ctx, p, r.Filter, w)
		}}, nil
	}
}

func makeVerifyEndpoint(svc *appactivity.Service) func(context.Context, any) (any, error) {
	return func(ctx context.Context, _ any) (any, error) {
		v, err := svc.Verify(ctx)
		if err != nil {
			return nil, err
		}
		out := verdictJSON{OK: v.OK, Events: v.Events}
		if v.FirstBroken != 0 {
			id := int64(v.FirstBroken)
			out.FirstBroken = &id
		}
		return out, nil
	}
}

// historyAccess is the read right of a record's resource, whose path names it; contacts
// belong to partners.
func historyAccess(resource string) kit.Access {
	guard := resource
	switch resource {
	case "contacts":
		guard = "partners"
	}
	return kit.Access{Resource: guard, Action: "read"}
}

// Routes are the activity log's calls.
func Routes(svc *appactivity.Service, b *appactivity.Bulk, zone ports.BusinessZone) []kit.Route {
	read := kit.Access{Resource: appactivity.Resource, Action: "read"}
	verify := kit.Access{Resource: appactivity.Resource, Action: appactivity.ActionVerify}
	event := func(ctx context.Context, id kernel.ID) error {
		p, _ := kit.Principal(ctx)
		return svc.Found(ctx, p, id)
	}
	routes := []kit.Route{
		{Method: "GET", Path: "/api/activity", Access: read, Decode: decodeList(zone), Encode: kit.EncodeList[eventOut],
			Endpoint: makeListEndpoint(svc)},
		{Method: "POST", Path: "/api/activity/export", Access: read, Decode: decodeList(zone), Encode: kit.EncodeDownload,
			Endpoint: makeExportEndpoint(svc)},
		{Method: "GET", Path: "/api/activity/verify", Access: verify, Decode: kit.NoRequest, Encode: kit.EncodeJSON,
			Endpoint: makeVerifyEndpoint(svc)},
		{Method: "GET", Path: "/api/activity/{id}", Access: read, Record: event, Decode: kit.DecodeID, Encode: kit.EncodeStatused,
			Endpoint: makeGetEndpoint(svc, b)},
		// A revert is an edit of the event's record: the write right on its resource is
		// checked by the use case, which knows the record.
		{Method: "POST", Path: "/api/activity/{id}/revert", Access: read, Record: event, Decode: decodeRevert, Encode: kit.EncodeJSON,
			Endpoint: makeRevertEndpoint(svc)},
	}
	for _, res := range appactivity.HistoryResources {
		resource := res
		routes = append(routes, kit.Route{Method: "GET", Path: "/api/" + resource + "/{id}/history", Access: historyAccess(resource),
			Record: func(ctx context.Context, id kernel.ID) error { return svc.RecordFound(ctx, resource, id) },
			Decode: decodeHistory, Encode: kit.EncodeList[eventOut], Endpoint: makeHistoryEndpoint(svc, resource)})
	}
	routes = append(routes, kit.Route{Method: "GET", Path: "/api/partners/{id}/timeline", Access: historyAccess(audit.PartnersResource),
		Record: func(ctx context.Context, id kernel.ID) error { return svc.RecordFound(ctx, audit.PartnersResource, id) },
		Decode: decodeHistory, Encode: kit.EncodeList[timelineItem], Endpoint: makeTimelineEndpoint(svc)})
	return routes
}
