// Package viewhttp is the HTTP face of saved views (ADR 0041): GET/POST /api/views,
// PUT/DELETE /api/views/{id}, and the catalogue of list calls a view may name, learnt from
// the route table itself.
package viewhttp

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/go-kit/kit/endpoint"

	"vitrina/adapters/http/kit"
	appview "vitrina/application/view"
	"vitrina/domain/kernel"
	"vitrina/domain/view"
	"vitrina/ports"
	viewports "vitrina/ports/view"
)

// Lists is the catalogue of the API's list calls (kit.Route.List): a view's list is one of
// them, held to what that call accepts and guarded by that call's access. The server fills
// it from its route table once every route is registered (Learn), before it serves.
type Lists struct {
	byName atomic.Pointer[map[string]viewports.List]
}

// NewLists returns an empty catalogue.
func NewLists() *Lists { return &Lists{} }

var _ viewports.Lists = (*Lists)(nil)

// Learn takes the list calls of routes.
func (l *Lists) Learn(routes []kit.Route) {
	m := map[string]viewports.List{}
	for _, r := range routes {
		if r.List == nil || r.Access.App {
			continue
		}
		m[r.List.Name] = viewports.List{Name: r.List.Name, Resource: r.Access.Resource, Action: r.Access.Action, Keys: r.List.Keys}
	}
	l.byName.Store(&m)
}

// List is the list call called name.
func (l *Lists) List(name string) (viewports.List, bool) {
	m := l.byName.Load()
	if m == nil {
		return viewports.List{}, false
	}
	v, ok := (*m)[name]
	return v, ok
}

// Names are the names of every list call, sorted.
func (l *Lists) Names() []string {
	m := l.byName.Load()
	if m == nil {
		return nil
	}
	out := make([]string, 0, len(*m))
	for k := range *m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

type stateJSON struct {
	Filters map[string]string `json:"filters"`
	Sort    string            `json:"sort"`
	Order   string            `json:"order"`
	PerPage int               `json:"per_page"`
	Columns []string          `json:"columns"`
}

func stateOf(s view.State) stateJSON {
	out := stateJSON{Filters: s.Filters, Sort: s.Sort, Order: s.Order, PerPage: s.PerPage, Columns: s.Columns}
	if out.Filters == nil {
		out.Filters = map[string]string{}
	}
	if out.Columns == nil {
		out.Columns = []string{}
	}
	return out
}

type viewJSON struct {
	ID          int64     `json:"id"`
	List        string    `json:"list"`
	Name        string    `json:"name"`
	State       stateJSON `json:"state"`
	Default     bool      `json:"default"`
	SharedRoles []string  `json:"shared_roles"`
	OwnerID     int64     `json:"owner_id"`
	Own         bool      `json:"own"`
	ReadOnly    bool      `json:"read_only"`
	Dropped     []string  `json:"dropped"`
	UpdatedAt   time.Time `json:"updated_at"`
	Version     int64     `json:"version"`
}

func toJSON(by view.Viewer) func(appview.Saved) viewJSON {
	return func(s appview.Saved) viewJSON {
		v := s.View
		out := viewJSON{ID: int64(v.ID()), List: v.List(), Name: v.Name(), State: stateOf(s.State), Default: v.IsDefault() && v.Owner() == by.UserID,
			SharedRoles: v.SharedRoles(), OwnerID: int64(v.Owner()), Own: v.Owner() == by.UserID, ReadOnly: s.ReadOnly,
			Dropped: s.Dropped, UpdatedAt: v.UpdatedAt(), Version: int64(s.Version)}
		if out.SharedRoles == nil {
			out.SharedRoles = []string{}
		}
		if out.Dropped == nil {
			out.Dropped = []string{}
		}
		return out
	}
}

// viewForm is the body of POST and PUT.
type viewForm struct {
	List        string    `json:"list"`
	Name        string    `json:"name"`
	State       stateJSON `json:"state"`
	Default     bool      `json:"default"`
	SharedRoles []string  `json:"shared_roles"`
}

func (f viewForm) input() view.Input {
	return view.Input{Name: f.Name, Default: f.Default, SharedRoles: f.SharedRoles,
		State: view.State{Filters: f.State.Filters, Sort: f.State.Sort, Order: f.State.Order, PerPage: f.State.PerPage, Columns: f.State.Columns}}
}

// query reads the state as the list call reads its parameters (kit.ListQueryOf): the same
// limits on a filter's length and text, is_active, id sets, the order and the page size.
func (f viewForm) query() (ports.ListQuery, error) {
	v := url.Values{}
	for k, value := range f.State.Filters {
		v.Set(k, value)
	}
	v.Set("page", "1")
	if f.State.PerPage != 0 {
		v.Set("per_page", strconv.Itoa(f.State.PerPage))
	}
	if f.State.Sort != "" {
		v.Set("sort", f.State.Sort)
	}
	if f.State.Order != "" {
		v.Set("order", f.State.Order)
	}
	q, err := kit.ListQueryOf(v)
	e, ok := err.(*kernel.Error)
	if err == nil || !ok || e.Kind != kernel.KindInvalid {
		return q, err
	}
	var val kernel.Validation
	for field, msgs := range e.Fields {
		key := "state.filters." + field
		switch field {
		case "per_page", "order", "sort":
			key = "state." + field
		case "filter":
			key = "state.filters"
		}
		for _, m := range msgs {
			val.Add(key, m)
		}
	}
	return q, val.Err()
}

type createRequest struct {
	Form  viewForm
	Query ports.ListQuery
}

func decodeCreate(ctx context.Context, r *http.Request) (any, error) {
	f, err := kit.DecodeJSON[viewForm](ctx, r)
	if err != nil {
		return nil, err
	}
	form := f.(viewForm)
	if strings.TrimSpace(form.List) == "" {
		return nil, kernel.FieldError("list", "The list field is required.")
	}
	q, err := form.query()
	if err != nil {
		return nil, err
	}
	return createRequest{Form: form, Query: q}, nil
}

type updateRequest struct {
	Edit  kit.Edit[viewForm]
	Query ports.ListQuery
}

func decodeUpdate(ctx context.Context, r *http.Request) (any, error) {
	e, err := kit.DecodeEdit[viewForm](ctx, r)
	if err != nil {
		return nil, err
	}
	edit := e.(kit.Edit[viewForm])
	q, err := edit.Body.query()
	if err != nil {
		return nil, err
	}
	return updateRequest{Edit: edit, Query: q}, nil
}

type listRequest struct {
	List          string
	Page, PerPage int
}

// allViews is the page size of a list of views asked for without a page: a user has at
// most view.MaxViewsPerList of its own per list, and the few shared with its roles.
const allViews = 1000

func decodeList(_ context.Context, r *http.Request) (any, error) {
	v := r.URL.Query()
	var val kernel.Validation
	req := listRequest{List: strings.TrimSpace(v.Get("list"))}
	val.Required("list", req.List)
	req.Page, req.PerPage = kit.DecodePage(v, &val)
	if err := val.Err(); err != nil {
		return nil, err
	}
	if req.Page == 0 {
		req.Page, req.PerPage = 1, allViews
	}
	return req, nil
}

func viewer(ctx context.Context) view.Viewer {
	p, _ := kit.Principal(ctx)
	return appview.ViewerOf(p)
}

func makeListEndpoint(svc *appview.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		r := req.(listRequest)
		by := viewer(ctx)
		page, err := svc.List(ctx, by, r.List, r.Page, r.PerPage)
		if err != nil {
			return nil, err
		}
		return kit.PageOf(page.Total, page.Items, toJSON(by)), nil
	}
}

func makeCreateEndpoint(svc *appview.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		r := req.(createRequest)
		by := viewer(ctx)
		s, err := svc.Create(ctx, by, r.Form.List, r.Form.input(), r.Query)
		return kit.JSONOr(toJSON(by), s, err)
	}
}

func makeUpdateEndpoint(svc *appview.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		r := req.(updateRequest)
		by := viewer(ctx)
		s, err := svc.Update(ctx, by, r.Edit.ID, r.Edit.Version, r.Edit.Body.input(), r.Query)
		return kit.JSONOr(toJSON(by), s, err)
	}
}

func makeDeleteEndpoint(svc *appview.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		return nil, svc.Delete(ctx, viewer(ctx), req.(kit.IDRequest).ID)
	}
}

// Routes are the saved views' calls: any signed-in back-office account manages its own
// views (no policy line, as the own profile); each call checks read on the view's list.
func Routes(svc *appview.Service) []kit.Route {
	own := kit.Access{}
	visible := func(ctx context.Context, id kernel.ID) error { return svc.Visible(ctx, viewer(ctx), id) }
	return []kit.Route{
		{Method: "GET", Path: "/api/views", Access: own, Decode: decodeList, Encode: kit.EncodeList[viewJSON],
			Endpoint: makeListEndpoint(svc)},
		{Method: "POST", Path: "/api/views", Access: own, Decode: decodeCreate, Encode: kit.EncodeCreated,
			Endpoint: makeCreateEndpoint(svc)},
		{Method: "PUT", Path: "/api/views/{id}", Access: own, Record: visible, Decode: decodeUpdate, Encode: kit.EncodeJSON,
			Endpoint: makeUpdateEndpoint(svc)},
		{Method: "DELETE", Path: "/api/views/{id}", Access: own, Record: visible, Decode: kit.DecodeID, Encode: kit.EncodeNoContent,
			Endpoint: makeDeleteEndpoint(svc)},
	}
}
