package persistence

import (
	"fmt"
	"strings"

	"github.com/uptrace/bun"

	"vitrina/domain/kernel"
	"vitrina/ports"
)

// The shared list mechanism (ADR 0002), in files by concern: this one is the configuration
// (Field, ListSpec), a query's plan over it (listPlan: the configuration and what was found
// before the page) and what a query must be checked against (its filters and sort);
// listing_filter.go turns a query into its WHERE clause, listing_count.go its exact total,
// listing_trigram.go SQLite's trigram matching and the linked partners' matches resolved
// once, listing_page.go the page and the stream.

// Field is one column of a list resource as the list API names it.
type Field struct {
	Sort     string // SQL expression to order by; "" = not sortable
	Fold     string // folded column for case-insensitive "contains" filters; "" = not filterable
	FTS      string // column of the resource's SQLite FTS5 trigram table that indexes Fold
	Nullable bool   // sort NULLs last on both engines
	Joined   bool   // the column comes from a joined table (the count then needs the join)
	// Within, when set, is a predicate with one %s that the "contains" condition on Fold
	// fills: a filter on rows of a linked table, e.g. a partner's categories.
	Within string
	// WithinIndex, with Within, names the partner index's text column ("name", "phone";
	// ADR 0035) that holds Fold of the linked partner, WithinKey the partner's id in Within's
	// query ("pn.id"), WithinFrom its table there ("partners AS pn") and WithinOn the list's
	// column holding it ("cp.partner_id"): the matching partners are found in memory, once,
	// and the list reads its rows by their ids (resolveWithin). Past maxMatchIDs matches, or
	// inside a transaction, Within's query matches the term in SQL.
	WithinIndex string
	WithinKey   string
	WithinFrom  string
	WithinOn    string
	// WithinSort, with WithinFrom, is the NOT NULL column of the linked table that Sort reads
	// through WithinOn ("pn.name_fold" for "p.name_fold"): on SQLite a list sorted by this
	// field and filtered on the same linked table then reads the matches' order with their
	// ids, and its page sorts by their rank instead of reading the linked row per list row.
	WithinSort string
	// Number, when set, makes the filter numeric on this integer column instead of
	// "contains": an exact value, a comparison or a range (see parseNumberFilter).
	Number string
	Scale  int64 // the column's units per 1 of the typed number: 1000 for thousandths
	// Flag, when set, makes the filter a yes/no one on this condition: "1" (or "true")
	// keeps the rows it holds for, "0" (or "false") the others. A plain condition, so an
	// index on its column serves it (a partner's order: "sp.quantity > 0").
	Flag string
}

// The usual fields, named: a new filterable column is one of these (or, for a filter on a
// linked table, a Field spelled out with Within).

// sortOnly is a column the list sorts by and does not filter on.
func sortOnly(expr string) Field { return Field{Sort: expr} }

// text is a folded text column, sorted by and filtered with "contains".
func text(folded string) Field { return Field{Sort: folded, Fold: folded} }

// number is an integer column, sorted by and filtered by a value, a comparison or a range,
// scale of its units per 1 typed (1000 for thousandths, 1 for counts and ids).
func number(column string, scale int64) Field {
	return Field{Sort: column, Number: column, Scale: scale}
}

// flag is a column sorted by and filtered yes/no on cond.
func flag(sortExpr, cond string) Field { return Field{Sort: sortExpr, Flag: cond} }

// trigram is f with the column of the resource's SQLite FTS5 trigram table that indexes it.
func (f Field) trigram(ftsColumn string) Field { f.FTS = ftsColumn; return f }

// joined is f read from a joined table.
func (f Field) joined() Field { f.Joined = true; return f }

// nullable is f sorting its NULLs last.
func (f Field) nullable() Field { f.Nullable = true; return f }

// ListSpec configures the shared list mechanism for one resource. Every list screen is
// this configuration plus a row type; nothing of the request reaches SQL but bound values
// and whitelisted expressions.
type ListSpec struct {
	Fields      map[string]Field
	DefaultSort string
	IDExpr      string // e.g. "u.id"; also the tie-break of every sort
	ActiveExpr  string // e.g. "u.is_active"; "" when the rows have no such flag
	FTSTable    string // SQLite FTS5 trigram table whose rowid is IDExpr
	// From starts a query on the resource's table and joins.
	From func(db bun.IDB) *bun.SelectQuery
	// CountFrom, when set, is From without the joins that only add display columns; the
	// total uses it unless a filter is on a joined column.
	CountFrom func(db bun.IDB) *bun.SelectQuery
	// Columns is the select list of the row type.
	Columns string
	// CountTable, when set, names the table's row in row_counts: an unfiltered total is
	// read there instead of counted (kept exact by triggers; ADR 0002).
	CountTable string
	// Scopes whitelists the scopes of ports.ListQuery: each key names an integer column
	// that the scope's id must equal, e.g. "partner_id": "ct.partner_id". The column must
	// be one CountFrom reads, since a scope does not make the count take the joins.
	Scopes map[string]string
	// ScopeTotals, when set, names a table kept by triggers that holds the list's row count
	// and sums per id of one scope: a list narrowed by that scope alone reads its total and
	// those sums there instead of adding up every row (a campaign's 100,000 partners).
	ScopeTotals *ScopeTotals

	// IDSets whitelists the id-set filters of ports.ListQuery (`category_ids=1,2,3`): each
	// name maps to a predicate whose one (?) the set's ids fill, keeping the rows linked to any
	// of them, e.g. "p.id IN (SELECT pc.partner_id FROM partner_categories AS pc WHERE
	// pc.category_id IN (?))". Like a scope, it reads only columns CountFrom has.
	IDSets map[string]string
}

// listPlan is one query's plan over a list's configuration: the spec, and what was found
// before the page was asked for (Lister.plan). A plan of nothing found reads every filter
// in its own SQL; resolveWithin fills in a linked partner's matches. Every method that builds
// SQL from a query is the plan's, so no query is built without what was found.
type listPlan struct {
	ListSpec
	// partners, when set, is the partner index that finds the matches of the fields on a
	// linked partner (Field.WithinIndex).
	partners *PartnerIndex
	// withinIDs holds, per filter key, the ids a match on a linked partner resolved to (a
	// JSON array), so that the page, its count and its sums match the term once.
	withinIDs map[string]string
	// rankedKey names the filter of withinIDs whose matches also came in the list's sort:
	// rankedIDs in that order and their dense ranks (rankedPage); joinedWithin, set on the
	// queries that join those ranks, leaves that filter out of the WHERE clause.
	rankedKey    string
	rankedIDs    []int64
	ranks        []int
	joinedWithin string
}

// ScopeTotals is a table of per-scope totals of a list, kept exact by triggers (ADR 0019);
// a scope's totals are the sum of its rows there.
type ScopeTotals struct {
	Scope string            // the scope key it serves, e.g. "campaign_id"
	Table string            // e.g. "campaign_totals"
	Key   string            // the table's column holding the scope's id
	Count string            // the column holding the row count
	Sums  map[string]string // each sum expression Lister.Sums is asked for → its column
}

// msgIDSet answers an id-set filter the resource does not whitelist: the request asked for it
// (422), and the list is not read without it.
const msgIDSet = "The filter is not supported."

// errScope answers a scope the resource does not whitelist: the code asked for it, so it is
// a fault of ours (500), and the list is not read unscoped.
func errScope(key string) error { return fmt.Errorf("list: scope %q is not whitelisted", key) }

// ErrBadSort is the answer to a sort key the resource does not list.
var ErrBadSort = kernel.FieldError("sort", "The sort field is invalid.")

// badNumberFilter answers a numeric filter that is neither a number, a comparison nor a range.
const badNumberFilter = "The filter must be a number or a range."

// badFlagFilter answers a yes/no filter that is neither 1 nor 0.
const badFlagFilter = "The filter must be 1 or 0."

// flagValue reads a yes/no filter: set tells whether one was given, ok whether it is valid.
func flagValue(text string) (on, set, ok bool) {
	switch strings.ToLower(strings.TrimSpace(text)) {
	case "":
		return false, false, true
	case "1", "true":
		return true, true, true
	case "0", "false":
		return false, true, true
	}
	return false, true, false
}

// check refuses filters the resource cannot apply: a numeric filter that does not parse,
// and a scope or an id set it does not whitelist.
func (s ListSpec) check(q ports.ListQuery) error {
	for k := range q.Scope {
		if _, ok := s.Scopes[k]; !ok {
			return errScope(k)
		}
	}
	var v kernel.Validation
	for k := range q.IDSets {
		if _, ok := s.IDSets[k]; !ok {
			v.Add(k, msgIDSet)
		}
	}
	for k, text := range q.Filters {
		if f, ok := s.Fields[k]; ok && f.Number != "" && strings.TrimSpace(text) != "" {
			if _, ok := parseNumberFilter(text, f.Scale); !ok {
				v.Add(k, badNumberFilter)
			}
		}
		if f, ok := s.Fields[k]; ok && f.Flag != "" {
			if _, _, ok := flagValue(text); !ok {
				v.Add(k, badFlagFilter)
			}
		}
	}
	return v.Err()
}

// sortKey resolves the whitelisted sort of q: its SQL expression and the direction suffix.
func (s ListSpec) sortKey(q ports.ListQuery) (expr, dir, nulls string, err error) {
	key := q.Sort
	if key == "" {
		key = s.DefaultSort
	}
	f, ok := s.Fields[key]
	if !ok || f.Sort == "" {
		return "", "", "", ErrBadSort
	}
	dir = " ASC"
	if q.Desc {
		dir = " DESC"
	}
	if f.Nullable {
		nulls = " NULLS LAST"
	}
	return f.Sort, dir, nulls, nil
}

// order adds the whitelisted sort with the id as tie-break so pages never overlap.
func (s listPlan) order(sel *bun.SelectQuery, q ports.ListQuery) (*bun.SelectQuery, error) {
	expr, dir, nulls, err := s.sortKey(q)
	if err != nil {
		return nil, err
	}
	return sel.OrderExpr(expr + dir + nulls).OrderExpr(s.IDExpr + dir), nil
}

// totalRow carries the count that the page query computes in the same statement, and
// the sort columns of the narrowed form of that query.
type totalRow struct {
	TotalCount int   `bun:"total_count,scanonly"`
	SortKey    any   `bun:"sort_key,scanonly"`
	SortID     int64 `bun:"sort_id,scanonly"`
	// Sum0 and Sum1 carry sums over every match beside the count (ListWithSums).
	Sum0 int64 `bun:"sum_0,scanonly"`
	Sum1 int64 `bun:"sum_1,scanonly"`
}

// maxWindowSums is how many sums a page's rows can carry beside its total.
const maxWindowSums = 2
