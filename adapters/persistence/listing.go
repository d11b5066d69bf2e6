package persistence

import (
	"fmt"
	"strings"

	"github.com/uptrace/bun"

	"vitrina/domain/kernel"
	"vitrina/ports"
)

// The shared list mechanism (ADR 0002), in files by concern: this one is the configuration
// (Field and its constructors, ListSpec) and what a query must be checked against (its
// filters and sort). listing_plan.go is a query's plan over it (listPlan: the configuration
// and what was found before the page: the linked partners' matches and their ranks);
// listing_filter.go turns a query into its WHERE clause, with listing_sqlite.go (FTS5
// trigram phrases, and the page they narrow) and listing_postgres.go (pg_trgm's LIKE) for
// what differs by engine; listing_count.go its exact total; listing_page.go the page and the
// stream; lister.go the Lister that a resource's list is.

// Field is one column of a list resource as the list API names it; make one with the named
// constructors below (text, number, flag, sortOnly, linked, linkedPartner) and the
// modifiers (trigram, joined, nullable). An id-set filter is ListSpec.IDSets.
type Field struct {
	Sort     string // SQL expression to order by; "" = not sortable
	Fold     string // folded column for case-insensitive "contains" filters; "" = not filterable
	FTS      string // column of the resource's SQLite FTS5 trigram table that indexes Fold
	Nullable bool   // sort NULLs last on both engines
	Joined   bool   // the column comes from a joined table (the count then needs the join)
	// Within, when set, is a predicate with one %s that the "contains" condition on Fold
	// fills: a filter on rows of a linked table, e.g. a partner's categories.
	Within string
	// Partner, with Within, names the partner index's text column ("name", "phone"; ADR
	// 0035) holding the linked partner's Fold, and PartnerOn the list's column holding that
	// partner's id ("cp.partner_id"): the matching partners are found in memory, once, and
	// the list reads its rows by their ids (listing_plan.go). Past maxMatchIDs matches, or inside a
	// transaction, Within's query matches the term in SQL. On SQLite a list sorted by such a
	// field and filtered on the same partner reads the matches' order with their ids, and its
	// page sorts by their rank instead of reading the partner row per list row.
	Partner   string
	PartnerOn string
	// Number, when set, makes the filter numeric on this integer column instead of
	// "contains": an exact value, a comparison or a range (see parseNumberFilter).
	Number string
	Scale  int64 // the column's units per 1 of the typed number: 1000 for thousandths
	// Flag, when set, makes the filter a yes/no one on this condition: "1" (or "true")
	// keeps the rows it holds for, "0" (or "false") the others. A plain condition, so an
	// index on its column serves it (a partner's order: "sp.quantity > 0").
	Flag string
}

// The fields, named: a new filterable column is one of these.

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

// linked is a "contains" filter on folded, a column of rows linked to the list's (a
// partner's categories): within is a predicate on the list's rows with one %s, which the
// condition on folded fills; sortExpr ("" for none) sorts by it.
func linked(sortExpr, folded, within string) Field {
	return Field{Sort: sortExpr, Fold: folded, Within: within}
}

// linkedPartner is a "contains" filter on a text column of the partner (joined as p) of the
// list's rows, whose partner id is partnerOn ("cp.partner_id"); column is one the partner
// index holds ("name", "phone"). The matching partners are found first, in the index, and
// the rows are then read by partner id: a campaign holds a partner once, so a name filter
// costs its matches, not the campaign's 100,000 rows.
func linkedPartner(partnerOn, column string) Field {
	return Field{Sort: "p." + column + "_fold", Fold: "pn." + column + "_fold", Partner: column, PartnerOn: partnerOn,
		Within: partnerOn + " IN (SELECT pn.id FROM partners AS pn WHERE %s)"}
}

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

// msgNoFilter is a filter a strict query names that the list does not have.
const msgNoFilter = "This list has no such filter."

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
		if f, ok := s.Fields[k]; q.Strict && (!ok || f.Fold == "" && f.Number == "" && f.Flag == "") {
			v.Add(k, msgNoFilter)
		}
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
