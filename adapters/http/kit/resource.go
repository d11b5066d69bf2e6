package kit

import (
	"context"
	"net/http"
	"strings"

	"vitrina/domain/kernel"
	"vitrina/ports"
)

// IDRequest is a request naming one record by its {id} path value.
type IDRequest struct{ ID kernel.ID }

// DecodeID reads the {id} path value.
func DecodeID(_ context.Context, r *http.Request) (any, error) {
	id, err := PathID(r, "id")
	return IDRequest{ID: id}, err
}

// DecodeList reads a list request.
func DecodeList(_ context.Context, r *http.Request) (any, error) { return DecodeListQuery(r) }

// ListRoutes are a resource's list calls: GET path (one page with X-Total-Count, or the
// whole list streamed) and GET path/{id} (a list of one, as the spec answers). Pickers
// that show only active rows pass fixed to force the flag.
func ListRoutes[V, J any](path string, access Access, lister ports.Lister[V], toJSON func(V) J) []Route {
	return []Route{
		ListRoute(path, access, lister, toJSON, nil),
		{Method: "GET", Path: path + "/{id}", Access: access, Decode: DecodeID, Encode: EncodeJSON, Record: Found(lister),
			Endpoint: func(ctx context.Context, req any) (any, error) {
				v, err := lister.Find(ctx, req.(IDRequest).ID)
				if err != nil {
					return nil, err
				}
				return []J{toJSON(v)}, nil
			}},
	}
}

// ListRoute is GET path over lister; fixed, when set, adjusts every query (pickers).
func ListRoute[V, J any](path string, access Access, lister ports.Lister[V], toJSON func(V) J, fixed func(*ports.ListQuery)) Route {
	return Route{Method: "GET", Path: path, Access: access, Decode: DecodeList, Encode: EncodeList[J],
		List: ListOf(strings.TrimPrefix(path, "/api/"), lister),
		Endpoint: func(ctx context.Context, req any) (any, error) {
			q := req.(ports.ListQuery)
			if fixed != nil {
				fixed(&q)
			}
			if !q.Paged() {
				return Stream(func(ctx context.Context, emit func(any) error) error {
					return lister.Stream(ctx, q, func(v V) error { return emit(toJSON(v)) })
				}), nil
			}
			page, err := lister.List(ctx, q)
			if err != nil {
				return nil, err
			}
			return PageOf(page.Total, page.Items, toJSON), nil
		}}
}

// ActiveOnly is the fixed adjustment of pickers that list active rows only.
func ActiveOnly(q *ports.ListQuery) {
	t := true
	q.Active = &t
}

// ToggleRoute is DELETE path/{id} on the record record finds: it flips is_active and answers
// {"is_active": bool}.
func ToggleRoute(path string, access Access, record Exists, toggle func(ctx context.Context, id kernel.ID) (bool, error)) Route {
	return Route{Method: "DELETE", Path: path + "/{id}", Access: access, Decode: DecodeID, Encode: EncodeJSON, Record: record,
		Endpoint: func(ctx context.Context, req any) (any, error) {
			active, err := toggle(ctx, req.(IDRequest).ID)
			if err != nil {
				return nil, err
			}
			return map[string]bool{"is_active": active}, nil
		}}
}
