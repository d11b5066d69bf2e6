package persistence

import (
	"context"
	"database/sql"
	"errors"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"vitrina/ports"
)

// SQLite's search (listing.go for the whole): a resource's FTS5 trigram table answers its
// "contains" filters of three characters or more as phrases (ftsPage narrows the page to
// their matches), and a linked partner's matches that came ranked page by their rank
// (rankedPage).

// minTrigram is the shortest term a trigram index can look up.
const minTrigram = 3

// sqliteContains keeps the rows of sel whose f holds term: through the resource's trigram
// table when it serves the term (with skipFTS, the caller matched the phrase already), else
// by instr over every row.
func (s listPlan) sqliteContains(sel *bun.SelectQuery, f Field, term string, skipFTS bool) *bun.SelectQuery {
	switch {
	case !s.ftsServes(f, term):
		return sel.Where("instr("+f.Fold+", ?) > 0", term)
	case skipFTS && splitWords(term) != nil:
		// The phrase matched the words apart; keep the rows holding the whole term.
		return sel.Where("instr("+f.Fold+", ?) > 0", term)
	case skipFTS:
		return sel
	}
	// A trigram phrase is an exact substring match and, unlike LIKE on the FTS table, needs
	// no recheck against the content rows.
	phrase := f.FTS + `:"` + strings.ReplaceAll(term, `"`, `""`) + `"`
	return sel.Where(s.IDExpr+" IN (SELECT rowid FROM "+s.FTSTable+" WHERE "+s.FTSTable+" MATCH ?)", phrase)
}

// ftsServes tells whether SQLite's trigram table answers the filter term on f.
func (s listPlan) ftsServes(f Field, term string) bool {
	return f.FTS != "" && s.FTSTable != "" && utf8.RuneCountInString(term) >= minTrigram
}

// ftsPhrase combines every filter the trigram table serves into one MATCH expression.
func (s listPlan) ftsPhrase(q ports.ListQuery) string {
	keys := make([]string, 0, len(q.Filters))
	for k := range q.Filters {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		f, ok := s.Fields[k]
		term := fold(q.Filters[k])
		if !ok || !s.ftsServes(f, term) {
			continue
		}
		words := splitWords(term)
		if words == nil {
			words = []string{term}
		}
		for _, w := range words {
			parts = append(parts, f.FTS+`:"`+strings.ReplaceAll(w, `"`, `""`)+`"`)
		}
	}
	return strings.Join(parts, " AND ")
}

// filtersBeyondFTS tells whether q filters on anything the trigram phrase does not cover
// exactly: other columns (numbers and flags too), the active flag, a scope, or a multi-word
// term matched word by word.
func (s listPlan) filtersBeyondFTS(q ports.ListQuery) bool {
	if q.Active != nil || len(q.Scope) > 0 || len(q.IDSets) > 0 {
		return true
	}
	for k, v := range q.Filters {
		f, ok := s.Fields[k]
		if !ok || strings.TrimSpace(v) == "" {
			continue
		}
		if f.Number != "" || f.Flag != "" {
			return true
		}
		if term := fold(v); f.Fold != "" && term != "" && (!s.ftsServes(f, term) || splitWords(term) != nil) {
			return true
		}
	}
	return false
}

// narrowLimit is the number of matches up to which looking the matches up and sorting them
// beats walking the sort index; maxMatchIDs bounds the ids a page carries from the trigram
// table (ADR 0002).
const (
	narrowLimit = 1000
	maxMatchIDs = 50000
)

// ftsPage is listPage on SQLite when the trigram table serves a filter. The phrase is matched
// once, and the matching ids come back to the caller: their number is the total unless other
// filters apply. Up to narrowLimit matches the page looks them up and sorts them; past it the
// page walks the sort index and tests each row against the ids (the unary + keeps SQLite from
// choosing the lookups), which finds a page long before thousands of rows are sorted. Past
// maxMatchIDs the ids stay in the database and the phrase is matched again for the page.
func ftsPage[T any](ctx context.Context, db bun.IDB, s listPlan, q ports.ListQuery, phrase, sortExpr, dir, nulls string, dest *[]T) (int, error) {
	var ids []int64
	if err := db.NewSelect().TableExpr(s.FTSTable).ColumnExpr("rowid").Where(s.FTSTable+" MATCH ?", phrase).
		Limit(maxMatchIDs+1).Scan(ctx, &ids); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return 0, err
	}
	inMatches, arg := s.IDExpr+" IN (SELECT value FROM json_each(?))", any(idsJSON(ids))
	n := len(ids)
	if n > maxMatchIDs {
		inMatches, arg = s.IDExpr+" IN (SELECT rowid FROM "+s.FTSTable+" WHERE "+s.FTSTable+" MATCH ?)", phrase
		if err := db.NewSelect().TableExpr(s.FTSTable).ColumnExpr("count(*)").Where(s.FTSTable+" MATCH ?", phrase).Scan(ctx, &n); err != nil {
			return 0, err
		}
	}
	if s.filtersBeyondFTS(q) && n > 0 {
		count := s.whereExcept(db, s.countFrom(db, q).ColumnExpr("count(*)").Where(inMatches, arg), q, true)
		if err := count.Scan(ctx, &n); err != nil {
			return 0, err
		}
	}
	if n == 0 || q.Offset() >= n {
		return n, nil
	}
	var sel *bun.SelectQuery
	if n > narrowLimit {
		sel = s.whereExcept(db, s.From(db).ColumnExpr(s.Columns), q, true).Where("+"+inMatches, arg).
			OrderExpr(sortExpr + dir + nulls).OrderExpr(s.IDExpr + dir)
	} else {
		// Without ORDER BY inside, the rows come from the matches; the outer query sorts them.
		inner := s.whereExcept(db, s.From(db).ColumnExpr(s.Columns).ColumnExpr(sortExpr+" AS sort_key").
			ColumnExpr(s.IDExpr+" AS sort_id"), q, true).Where(inMatches, arg)
		sel = db.NewSelect().TableExpr("(?) AS page", inner).ColumnExpr("page.*").
			OrderExpr("sort_key" + dir + nulls).OrderExpr("sort_id" + dir)
	}
	if err := sel.Limit(int64(q.PerPage)).Offset(int64(q.Offset())).Scan(ctx, dest); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return 0, err
	}
	return n, nil
}

// rankedPage is listPageSums when a filter's matches came ranked in the list's sort (on
// SQLite; resolveWithin): one pass over the rows of every match counts them and adds up
// sumExprs, and the page reads only the rows of the first matches in the sort's order, as
// many as it takes to fill it (doubling), instead of sorting the rows of all of them. The
// rows carry the count and the sums as the windowed page's do. json_each's key is text;
// compared with the integer column it takes the column's affinity, so the index on that
// column serves the join.
func rankedPage[T any](ctx context.Context, db bun.IDB, s listPlan, q ports.ListQuery, dir string, dest *[]T, sumExprs []string) (n int, windowed bool, err error) {
	joined := s
	joined.joinedWithin = s.rankedKey
	on := "JOIN json_each(?) AS wr ON " + s.Fields[s.rankedKey].PartnerOn + " = wr.key"
	windowed = len(sumExprs) > 0 && len(sumExprs) <= maxWindowSums
	var sums [maxWindowSums]int64
	totals := joined.where(db, s.countFrom(db, q).Join(on, ranksJSON(s.rankedIDs, s.ranks)).ColumnExpr("count(*)"), q)
	into := []any{&n}
	for i, e := range sumExprs {
		if windowed {
			totals = totals.ColumnExpr("coalesce(sum(" + e + "), 0)")
			into = append(into, &sums[i])
		}
	}
	if err := totals.Scan(ctx, into...); err != nil {
		return 0, false, err
	}
	if n == 0 || q.Offset() >= n {
		return n, false, nil
	}
	rows := min(q.PerPage, n-q.Offset())
	for want := q.Offset() + q.PerPage; ; want *= 2 {
		ids, ranks := rankPrefix(s.rankedIDs, s.ranks, want, q.Desc)
		top := joined.where(db, s.countFrom(db, q).Join(on, ranksJSON(ids, ranks)).
			ColumnExpr(s.IDExpr+" AS sort_id").ColumnExpr("wr.value AS sort_key"), q).
			OrderExpr("sort_key" + dir).OrderExpr("sort_id" + dir).Limit(int64(q.PerPage)).Offset(int64(q.Offset()))
		sel := s.From(db).ColumnExpr(s.Columns).ColumnExpr("? AS total_count", n)
		for i := range sumExprs {
			if windowed {
				sel = sel.ColumnExpr("? AS sum_"+strconv.Itoa(i), sums[i])
			}
		}
		// The id is unique only within the scope: the page's rows are joined back within it.
		sel = s.scoped(sel.Join("JOIN (?) AS page ON page.sort_id = "+s.IDExpr, top), q).
			OrderExpr("page.sort_key" + dir).OrderExpr("page.sort_id" + dir)
		*dest = (*dest)[:0]
		if err := sel.Scan(ctx, dest); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return 0, false, err
		}
		// Rows of later matches sort after every row of these: a page they fill is exact.
		if len(*dest) >= rows || len(ids) == len(s.rankedIDs) {
			return n, windowed && len(*dest) > 0, nil
		}
	}
}
