package ports

import (
	"context"

	"vitrina/domain/kernel"
)

// ListQuery is one request of a list screen: a page, a whitelisted sort, per-column
// "contains" filters, the active flag and a scope. Page 0 asks for the whole list.
type ListQuery struct {
	Page    int
	PerPage int
	Sort    string
	Desc    bool
	Filters map[string]string
	Active  *bool
	// Scope narrows the list to the rows that belong to other records, by key and id: a
	// partner's contacts ("partner_id"), a campaign's products ("campaign_id"). The code
	// sets it, never the request; a key the resource does not whitelist is an error, so a
	// scope is never silently dropped.
	Scope map[string]kernel.ID
	// IDSets are the request's id-set filters, `category_ids=1,2,3`: the rows linked to any
	// of the ids, by the filter's name. A resource answers only the names it whitelists; any
	// other is refused (422), so a set is never silently dropped.
	IDSets map[string][]kernel.ID
	// Strict refuses (422) a filter the list does not have rather than ignoring it, as a
	// bulk action's selection must (ADR 0043): a misspelt key would select every row.
	Strict bool
}

// Within returns q narrowed to the rows of the record id by the scope key; q is unchanged.
func (q ListQuery) Within(key string, id kernel.ID) ListQuery {
	scope := make(map[string]kernel.ID, len(q.Scope)+1)
	for k, v := range q.Scope {
		scope[k] = v
	}
	scope[key] = id
	q.Scope = scope
	return q
}

// Paged tells whether the query asks for one page rather than the whole list.
func (q ListQuery) Paged() bool { return q.Page > 0 }

// Offset is the number of rows before the page.
func (q ListQuery) Offset() int {
	if q.Page < 1 {
		return 0
	}
	return (q.Page - 1) * q.PerPage
}

// Page is one page of a list and the total number of rows matching its filters.
type Page[T any] struct {
	Items []T
	Total int
}

// Lister reads one list screen's rows: a page with its total, the whole filtered list row
// by row, and one row by id (kernel.KindNotFound when there is none).
type Lister[V any] interface {
	List(ctx context.Context, q ListQuery) (Page[V], error)
	Stream(ctx context.Context, q ListQuery, fn func(V) error) error
	Find(ctx context.Context, id kernel.ID) (V, error)
}
