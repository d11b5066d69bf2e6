package activityhttp

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"vitrina/adapters/http/kit"
	appactivity "vitrina/application/activity"
	"vitrina/domain/bulk"
	"vitrina/domain/kernel"
)

// bulkBody is a bulk action as the lists send it (issue 25): the action, ids or the list's
// filter (its query keys and values), and the action's own values.
type bulkBody struct {
	Action     string                     `json:"action"`
	IDs        []int64                    `json:"ids"`
	Filter     map[string]json.RawMessage `json:"filter"`
	CategoryID kit.OptionalID             `json:"category_id"`
	Cash       *string                    `json:"cash"`
	Percent    *string                    `json:"percent"`
}

type bulkRequest struct {
	List    string
	Scope   kernel.ID
	Request bulk.Request
	Values  url.Values
}

// paging are the list parameters a selection by filter ignores: a page does not narrow it.
var paging = map[string]bool{"page": true, "per_page": true, "sort": true, "order": true}

// decodeBulk reads a bulk action of list; scoped, the path's {id} is the record the list
// belongs to. A filter value is a string, a number or a boolean, as a query parameter.
func decodeBulk(list string, scoped bool) func(context.Context, *http.Request) (any, error) {
	return func(ctx context.Context, r *http.Request) (any, error) {
		req := bulkRequest{List: list}
		if scoped {
			id, err := kit.PathID(r, "id")
			if err != nil {
				return nil, err
			}
			req.Scope = id
		}
		raw, err := kit.DecodeJSON[bulkBody](ctx, r)
		if err != nil {
			return nil, err
		}
		body := raw.(bulkBody)
		var val kernel.Validation
		req.Request.Action = bulk.Action(body.Action)
		for _, id := range body.IDs {
			req.Request.IDs = append(req.Request.IDs, kernel.ID(id))
		}
		if body.Filter != nil {
			req.Request.Filter = map[string]string{}
			req.Values = url.Values{}
			for k, v := range body.Filter {
				var s string
				if json.Unmarshal(v, &s) != nil {
					var n json.Number
					var b bool
					switch {
					case json.Unmarshal(v, &n) == nil:
						s = n.String()
					case json.Unmarshal(v, &b) == nil:
						s = strconv.FormatBool(b)
					case string(v) == "null":
						continue
					default:
						val.Add("filter", "The filter's values must be text, numbers or yes/no.")
						continue
					}
				}
				if paging[k] || s == "" {
					continue
				}
				req.Request.Filter[k] = s
				req.Values.Set(k, s)
			}
		}
		if body.CategoryID.Invalid {
			val.Add("category_id", "The category id must be a number.")
		} else if body.CategoryID.Value != nil {
			req.Request.CategoryID = kernel.ID(*body.CategoryID.Value)
		}
		if body.Cash != nil {
			a, err := kernel.ParseAmount("cash", *body.Cash)
			if err != nil {
				val.Merge(err)
			} else {
				req.Request.Cash = &a
			}
		}
		if body.Percent != nil {
			p, err := bulk.ParsePercent(*body.Percent)
			if err != nil {
				val.Merge(err)
			} else {
				req.Request.Percent = &p
			}
		}
		return req, val.Err()
	}
}

type skipJSON struct {
	ID     int64  `json:"id"`
	Code   string `json:"code"`
	Reason string `json:"reason"`
}

// runJSON is where a bulk action or an undo stands. An action answers done and skipped; an
// undo the same counts as restored and left.
type runJSON struct {
	EventID      int64      `json:"event_id"`
	Kind         string     `json:"kind"`
	Action       string     `json:"action"`
	State        string     `json:"state"`
	Total        int        `json:"total"`
	Done         *int       `json:"done,omitempty"`
	Restored     *int       `json:"restored,omitempty"`
	Unchanged    int        `json:"unchanged"`
	SkippedCount int        `json:"skipped_count"`
	Skipped      []skipJSON `json:"skipped,omitempty"`
	Left         []skipJSON `json:"left,omitempty"`
	UndoUntil    *time.Time `json:"undo_until"`
	UndoneBy     *int64     `json:"undone_by_event"`
	UndoOf       *int64     `json:"undo_of,omitempty"`
	Failure      *string    `json:"failure"`
	Started      time.Time  `json:"started_at"`
	Finished     *time.Time `json:"finished_at"`
}

func toRunJSON(res appactivity.BulkResult) runJSON {
	r := res.Run
	skips := make([]skipJSON, len(res.Skipped))
	for i, k := range res.Skipped {
		skips[i] = skipJSON{ID: int64(k.ID), Code: k.Code, Reason: k.Reason}
	}
	out := runJSON{EventID: int64(r.EventID), Kind: string(r.Kind), Action: string(r.Action), State: string(r.State),
		Total: r.Total, Unchanged: r.Unchanged, SkippedCount: r.Skipped, Started: r.Started}
	done := r.Done
	if r.Kind == bulk.KindUndo {
		out.Restored, out.Left = &done, skips
		u := int64(r.UndoOf)
		out.UndoOf = &u
	} else {
		out.Done, out.Skipped = &done, skips
	}
	if !res.UndoUntil.IsZero() {
		out.UndoUntil = &res.UndoUntil
	}
	if r.UndoneBy != 0 {
		u := int64(r.UndoneBy)
		out.UndoneBy = &u
	}
	if r.Failure != "" {
		out.Failure = &r.Failure
	}
	if !r.Finished.IsZero() {
		out.Finished = &r.Finished
	}
	return out
}

// runAnswer answers 202 while the run goes on, with its progress in X-Progress; 200 once it
// has ended.
type runAnswer struct{ runJSON }

func (a runAnswer) Status() int {
	if a.State == string(bulk.Running) {
		return http.StatusAccepted
	}
	return http.StatusOK
}

func (a runAnswer) Header() http.Header { return progressHeader(a.runJSON) }

func progressHeader(r runJSON) http.Header {
	done := r.Unchanged + r.SkippedCount
	if r.Done != nil {
		done += *r.Done
	}
	if r.Restored != nil {
		done += *r.Restored
	}
	return http.Header{"X-Progress": {strconv.Itoa(done) + "/" + strconv.Itoa(r.Total)}}
}

func makeBulkEndpoint(b *appactivity.Bulk) func(context.Context, any) (any, error) {
	return func(ctx context.Context, req any) (any, error) {
		r := req.(bulkRequest)
		p, _ := kit.Principal(ctx)
		q, err := kit.DecodeListValues(r.Values)
		if err != nil {
			return nil, err
		}
		res, err := b.Run(ctx, p, r.List, r.Scope, r.Request, q)
		if err != nil {
			return nil, err
		}
		return runAnswer{toRunJSON(res)}, nil
	}
}

func makeUndoEndpoint(b *appactivity.Bulk) func(context.Context, any) (any, error) {
	return func(ctx context.Context, req any) (any, error) {
		p, _ := kit.Principal(ctx)
		res, err := b.Undo(ctx, p, req.(kit.IDRequest).ID)
		if err != nil {
			return nil, err
		}
		return runAnswer{toRunJSON(res)}, nil
	}
}

// BulkRoutes are the bulk actions of each list with them (POST /api/<list>/bulk, or under
// the record a list belongs to: /api/campaigns/{id}/partners/bulk) and their undo. The write
// right of the list's resource is the route's rule; the undo's, which names an event, is
// checked by the use case.
func BulkRoutes(svc *appactivity.Service, b *appactivity.Bulk, paths map[string]string) []kit.Route {
	read := kit.Access{Resource: appactivity.Resource, Action: "read"}
	event := func(ctx context.Context, id kernel.ID) error {
		p, _ := kit.Principal(ctx)
		return svc.Found(ctx, p, id)
	}
	routes := []kit.Route{{Method: "POST", Path: "/api/activity/{id}/undo", Access: read, Record: event, Decode: kit.DecodeID,
		Encode: kit.EncodeStatused, Endpoint: makeUndoEndpoint(b)}}
	for list, path := range paths {
		t, ok := b.Target(list)
		if !ok {
			panic("activityhttp: no bulk target " + list)
		}
		route := kit.Route{Method: "POST", Path: path, Access: kit.Access{Resource: t.Resource, Action: "write"},
			Decode: decodeBulk(list, t.ScopeKey != ""), Encode: kit.EncodeStatused, Endpoint: makeBulkEndpoint(b)}
		if t.ScopeKey != "" {
			route.Record = t.Exists
		}
		routes = append(routes, route)
	}
	return routes
}
