package persistence

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"vitrina/ports"
)

// Trigram matching: SQLite's FTS5 trigram tables for "contains" filters, and a filter on a
// linked partner matched once, in the partner index, and read by id (resolveWithin), in its
// rank when the list is sorted by the same column (listing.go for the whole).

// minTrigram is the shortest term a trigram index can look up.
const minTrigram = 3

// resolveWithin matches each "contains" filter on a linked partner (Field.WithinIndex) once,
// in the partner index, and returns the plan holding the matching ids for where to use, up
// to maxMatchIDs of them (past that the match stays in the queries). The page, its count and
// its sums then read the rows by id. On SQLite, when the list is sorted by a column of the
// partner (WithinSort), the first such filter's matches come with their rank in that order,
// for the page to sort by (rankedKey). Inside a transaction the index, which holds only what
// is committed, is not asked.
func (s listPlan) resolveWithin(ctx context.Context, db bun.IDB, q ports.ListQuery) (listPlan, error) {
	if s.partners == nil {
		return s, nil
	}
	if _, inTx := ctx.Value(txKey{}).(bun.Tx); inTx {
		return s, nil
	}
	sqlite := IsSQLite(db)
	keys := make([]string, 0, len(q.Filters))
	for k := range q.Filters {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		f, ok := s.Fields[k]
		term := fold(q.Filters[k])
		if !ok || f.WithinIndex == "" || f.WithinOn == "" || term == "" {
			continue
		}
		ids, over, err := s.partners.textMatches(ctx, f.WithinIndex, term, maxMatchIDs)
		if err != nil {
			return s, err
		}
		if over {
			continue
		}
		rankBy, rank := s.rankField(q, f)
		rank = rank && sqlite && s.rankedKey == ""
		var ranks []int
		if rank {
			sel := db.NewSelect().TableExpr(f.WithinFrom).ColumnExpr(f.WithinKey).ColumnExpr(rankBy.WithinSort).
				Where(f.WithinKey+" IN (SELECT value FROM json_each(?))", idsJSON(ids)).
				OrderExpr(rankBy.WithinSort).OrderExpr(f.WithinKey)
			if ids, ranks, err = readRanked(ctx, sel); err != nil {
				return s, err
			}
		}
		resolved := make(map[string]string, len(s.withinIDs)+1)
		for key, v := range s.withinIDs {
			resolved[key] = v
		}
		resolved[k] = idsJSON(ids)
		s.withinIDs = resolved
		if rank {
			s.rankedKey, s.rankedIDs, s.ranks = k, ids, ranks
		}
	}
	return s, nil
}

// rankField returns the field q sorts by when it is a column of the linked table of the
// filter f (WithinSort), so that f's matches can carry their order.
func (s listPlan) rankField(q ports.ListQuery, f Field) (Field, bool) {
	key := q.Sort
	if key == "" {
		key = s.DefaultSort
	}
	sf, ok := s.Fields[key]
	return sf, ok && sf.WithinSort != "" && sf.WithinFrom == f.WithinFrom && sf.WithinOn == f.WithinOn && !sf.Nullable
}

// readRanked reads the ids of sel (id, sort key; in the sort's order) and their dense rank
// in that order: rows with equal keys share a rank, so that the list's own id still breaks
// their ties as it does when sorting by the key itself.
func readRanked(ctx context.Context, sel *bun.SelectQuery) ([]int64, []int, error) {
	rows, err := sel.Rows(ctx)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	var ids []int64
	var ranks []int
	var prev any
	for rows.Next() {
		var id int64
		var key any
		if err := rows.Scan(&id, &key); err != nil {
			return nil, nil, err
		}
		rank := 0
		if len(ranks) > 0 {
			rank = ranks[len(ranks)-1]
			if !sameSortKey(prev, key) {
				rank++
			}
		}
		prev = key
		ids, ranks = append(ids, id), append(ranks, rank)
	}
	return ids, ranks, rows.Err()
}

// ranksJSON writes ids and their ranks as a JSON object (id → rank) for json_each.
func ranksJSON(ids []int64, ranks []int) string {
	b := make([]byte, 0, len(ids)*12+2)
	b = append(b, '{')
	for i, id := range ids {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(strconv.AppendInt(append(b, '"'), id, 10), '"', ':')
		b = strconv.AppendInt(b, int64(ranks[i]), 10)
	}
	return string(append(b, '}'))
}

// rankPrefix returns the first want of the ranked matches in the sort's direction (the last
// ones when descending), carried on to the end of their rank so that no match of an equal
// rank is left out.
func rankPrefix(ids []int64, ranks []int, want int, desc bool) ([]int64, []int) {
	if want >= len(ids) {
		return ids, ranks
	}
	if !desc {
		end := want
		for end < len(ids) && ranks[end] == ranks[end-1] {
			end++
		}
		return ids[:end], ranks[:end]
	}
	start := len(ids) - want
	for start > 0 && ranks[start-1] == ranks[start] {
		start--
	}
	return ids[start:], ranks[start:]
}

// sameSortKey tells whether two scanned sort keys are equal.
func sameSortKey(a, b any) bool {
	switch x := a.(type) {
	case []byte:
		y, ok := b.([]byte)
		return ok && bytes.Equal(x, y)
	case time.Time:
		y, ok := b.(time.Time)
		return ok && x.Equal(y)
	}
	return a == b
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

// splitWords returns the words of a multi-word term that a trigram phrase can match (3 or
// more letters), or nil when the term is one word or has no such word. Matching the words
// apart costs less than one long phrase (every trigram across a space has a long posting
// list); the rows are then checked for the whole term.
func splitWords(term string) []string {
	fields := strings.Fields(term)
	if len(fields) < 2 {
		return nil
	}
	var words []string
	for _, w := range fields {
		if utf8.RuneCountInString(w) >= minTrigram {
			words = append(words, w)
		}
	}
	return words
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
	on := "JOIN json_each(?) AS wr ON " + s.Fields[s.rankedKey].WithinOn + " = wr.key"
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

// idsJSON writes ids as a JSON array for json_each.
func idsJSON(ids []int64) string {
	b := make([]byte, 0, len(ids)*7+2)
	b = append(b, '[')
	for i, id := range ids {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, id, 10)
	}
	return string(append(b, ']'))
}
