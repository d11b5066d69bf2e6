package persistence

import (
	"sort"
	"strings"

	"github.com/uptrace/bun"

	"vitrina/ports"
)

// The list's exact total: kept totals (row_counts, a scope's ScopeTotals) where they hold,
// otherwise a count over the rows the filters keep (ADR 0002; listing.go for the whole).

// scopeOnly tells whether q narrows the rows by nothing but the scope the ScopeTotals serve.
func (s listPlan) scopeOnly(q ports.ListQuery) bool {
	if s.ScopeTotals == nil || q.Active != nil || len(q.Scope) != 1 || len(q.IDSets) > 0 {
		return false
	}
	if _, ok := q.Scope[s.ScopeTotals.Scope]; !ok {
		return false
	}
	for k, v := range q.Filters {
		if _, ok := s.Fields[k]; ok && strings.TrimSpace(v) != "" {
			return false
		}
	}
	return true
}

// scopeTotal reads columns of the scope's totals: the sum of its rows (one row, or on
// PostgreSQL a few rows of differences; 0 when it has none).
func (s listPlan) scopeTotal(db bun.IDB, q ports.ListQuery, columns ...string) *bun.SelectQuery {
	t := s.ScopeTotals
	sel := db.NewSelect().TableExpr(t.Table)
	for _, c := range columns {
		sel = sel.ColumnExpr("coalesce(sum(" + c + "), 0)")
	}
	return sel.Where(t.Key+" = ?", int64(q.Scope[t.Scope]))
}

// unfiltered tells whether q narrows the rows by nothing but the active flag.
func (s listPlan) unfiltered(q ports.ListQuery) bool {
	if len(q.Scope) > 0 || len(q.IDSets) > 0 {
		return false
	}
	for k, v := range q.Filters {
		if _, ok := s.Fields[k]; ok && strings.TrimSpace(v) != "" {
			return false
		}
	}
	return true
}

// countQuery counts the rows q matches: from row_counts when it can, else over the rows.
func (s listPlan) countQuery(db bun.IDB, q ports.ListQuery) *bun.SelectQuery {
	if s.scopeOnly(q) {
		return s.scopeTotal(db, q, s.ScopeTotals.Count)
	}
	if s.CountTable != "" && s.unfiltered(q) {
		sel := db.NewSelect().TableExpr("row_counts").ColumnExpr("coalesce(sum(n), 0)").Where("table_name = ?", s.CountTable)
		if q.Active != nil {
			sel = sel.Where("is_active = ?", *q.Active)
		}
		return sel
	}
	return s.where(db, s.countFrom(db, q).ColumnExpr("count(*)"), q)
}

// scoped adds the scope of q as equalities on whitelisted columns, and its id sets as their
// whitelisted predicates (check refused the others).
func (s listPlan) scoped(sel *bun.SelectQuery, q ports.ListQuery) *bun.SelectQuery {
	keys := make([]string, 0, len(q.Scope))
	for k := range q.Scope {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if col, ok := s.Scopes[k]; ok {
			sel = sel.Where(col+" = ?", int64(q.Scope[k]))
		}
	}
	keys = keys[:0]
	for k := range q.IDSets {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if pred, ok := s.IDSets[k]; ok {
			ids := make([]int64, len(q.IDSets[k]))
			for i, id := range q.IDSets[k] {
				ids[i] = int64(id)
			}
			sel = sel.Where(pred, bun.List(ids))
		}
	}
	return sel
}

// countFrom is the cheapest FROM that counts the rows q matches.
func (s listPlan) countFrom(db bun.IDB, q ports.ListQuery) *bun.SelectQuery {
	if s.CountFrom == nil {
		return s.From(db)
	}
	for k, v := range q.Filters {
		if f, ok := s.Fields[k]; ok && f.Joined && fold(v) != "" {
			return s.From(db)
		}
	}
	return s.CountFrom(db)
}
