package persistence

import (
	"context"
	"database/sql"
	"errors"

	"github.com/uptrace/bun"

	"vitrina/domain/kernel"
	"vitrina/ports"
)

// counted is a row type carrying the page's total and window sums (it embeds totalRow).
type counted interface {
	total() int
	windowSums() [maxWindowSums]int64
}

func (t totalRow) total() int { return t.TotalCount }

func (t totalRow) windowSums() [maxWindowSums]int64 { return [maxWindowSums]int64{t.Sum0, t.Sum1} }

// Lister implements ports.Lister for one resource: a ListSpec, a row type R and its view V.
type Lister[R counted, V any] struct {
	db       *bun.DB
	spec     ListSpec
	name     string // the list's name in the metrics: a fixed word, never a filter
	entity   string
	view     func(*R) V
	partners *PartnerIndex // finds the matches of the fields on a linked partner; nil: SQL does
}

// NewLister returns the list reader of a resource; name names the list in the metrics
// (vitrina_list_query_duration_seconds), entity the resource in not-found errors.
func NewLister[R counted, V any](db *bun.DB, spec ListSpec, name, entity string, view func(*R) V) *Lister[R, V] {
	return &Lister[R, V]{db: db, spec: spec, name: name, entity: entity, view: view}
}

// withPartners makes the list find the matches of its fields on a linked partner
// (Field.Partner) in ix.
func (l *Lister[R, V]) withPartners(ix *PartnerIndex) *Lister[R, V] {
	l.partners = ix
	return l
}

// plan checks q and answers its plan, the linked partners' matches found.
func (l *Lister[R, V]) plan(ctx context.Context, db bun.IDB, q ports.ListQuery) (listPlan, error) {
	if err := l.spec.check(q); err != nil {
		return listPlan{}, err
	}
	return listPlan{ListSpec: l.spec, partners: l.partners}.resolveWithin(ctx, db, q)
}

// List answers one page and the total.
func (l *Lister[R, V]) List(ctx context.Context, q ports.ListQuery) (ports.Page[V], error) {
	ctx = inList(ctx, l.name)
	db := conn(ctx, l.db)
	plan, err := l.plan(ctx, db, q)
	if err != nil {
		return ports.Page[V]{}, err
	}
	var rows []R
	total, err := listPage(ctx, db, plan, q, &rows, func(r R) int { return r.total() })
	if err != nil {
		return ports.Page[V]{}, err
	}
	page := ports.Page[V]{Items: make([]V, 0, len(rows)), Total: total}
	for i := range rows {
		page.Items = append(page.Items, l.view(&rows[i]))
	}
	return page, nil
}

// Stream feeds the whole filtered list to fn row by row.
func (l *Lister[R, V]) Stream(ctx context.Context, q ports.ListQuery, fn func(V) error) error {
	ctx = inList(ctx, l.name)
	plan, err := l.plan(ctx, conn(ctx, l.db), q)
	if err != nil {
		return err
	}
	return streamList(ctx, l.db, plan, q, func(r *R) error { return fn(l.view(r)) })
}

// Find reads one row by id.
func (l *Lister[R, V]) Find(ctx context.Context, id kernel.ID) (V, error) {
	var row R
	var zero V
	err := l.spec.From(conn(ctx, l.db)).ColumnExpr(l.spec.Columns).Where(l.spec.IDExpr+" = ?", int64(id)).Limit(1).Scan(ctx, &row)
	if errors.Is(err, sql.ErrNoRows) {
		return zero, kernel.NotFound(l.entity)
	}
	if err != nil {
		return zero, err
	}
	return l.view(&row), nil
}

// Sum adds up expr over every row q matches, whatever its page, with the same filters and
// scope as the count: a list's total of a column beside its total of rows.
func (l *Lister[R, V]) Sum(ctx context.Context, q ports.ListQuery, expr string) (int64, error) {
	sums, err := l.Sums(ctx, q, expr)
	if err != nil {
		return 0, err
	}
	return sums[0], nil
}

// Sums is Sum of several expressions in one pass over the rows q matches.
func (l *Lister[R, V]) Sums(ctx context.Context, q ports.ListQuery, exprs ...string) ([]int64, error) {
	ctx = inList(ctx, l.name)
	db := conn(ctx, l.db)
	plan, err := l.plan(ctx, db, q)
	if err != nil {
		return nil, err
	}
	return sums(ctx, db, plan, q, exprs)
}

// ListWithSums answers a page, its total and Sums of exprs over every row q matches: a
// screen's page with its column totals. What they share is read once: a linked partner's match
// (the partner index) is resolved to its ids for all three, matches a trigram index
// narrows are counted and summed in the pass that pages them, and a list narrowed by its
// ScopeTotals' scope alone reads its total and sums from that table.
func (l *Lister[R, V]) ListWithSums(ctx context.Context, q ports.ListQuery, exprs ...string) (ports.Page[V], []int64, error) {
	ctx = inList(ctx, l.name)
	db := conn(ctx, l.db)
	spec, err := l.plan(ctx, db, q)
	if err != nil {
		return ports.Page[V]{}, nil, err
	}
	var rows []R
	total, windowed, err := listPageSums(ctx, db, spec, q, &rows, func(r R) int { return r.total() }, exprs)
	if err != nil {
		return ports.Page[V]{}, nil, err
	}
	page := ports.Page[V]{Items: make([]V, 0, len(rows)), Total: total}
	for i := range rows {
		page.Items = append(page.Items, l.view(&rows[i]))
	}
	if windowed {
		carried := rows[0].windowSums()
		return page, append([]int64(nil), carried[:len(exprs)]...), nil
	}
	out, err := sums(ctx, db, spec, q, exprs)
	return page, out, err
}

// sums adds up exprs over the rows q matches, from the spec's ScopeTotals when they hold
// every one of them.
func sums(ctx context.Context, db bun.IDB, spec listPlan, q ports.ListQuery, exprs []string) ([]int64, error) {
	if err := spec.check(q); err != nil {
		return nil, err
	}
	dest := make([]any, len(exprs))
	out := make([]int64, len(exprs))
	for i := range exprs {
		dest[i] = &out[i]
	}
	if spec.scopeOnly(q) {
		columns := make([]string, 0, len(exprs))
		for _, expr := range exprs {
			if c, ok := spec.ScopeTotals.Sums[expr]; ok {
				columns = append(columns, c)
			}
		}
		if len(columns) == len(exprs) {
			return out, spec.scopeTotal(db, q, columns...).Scan(ctx, dest...)
		}
	}
	sel := spec.countFrom(db, q)
	for _, expr := range exprs {
		sel = sel.ColumnExpr("coalesce(sum(" + expr + "), 0)")
	}
	if err := spec.where(db, sel, q).Scan(ctx, dest...); err != nil {
		return nil, err
	}
	return out, nil
}

// ListKeys says what the list accepts, from its ListSpec: the one source of its filters and
// sorts for the list call and for the saved views that name it (ADR 0041).
func (l *Lister[R, V]) ListKeys() ports.ListKeys { return l.spec.listKeys() }
