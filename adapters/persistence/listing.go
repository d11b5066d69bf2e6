package persistence

import (
	"bytes"
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"vitrina/domain/kernel"
	"vitrina/ports"
)

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
	// WithinFTS, with Within, names the SQLite FTS5 trigram table and column ("table.column")
	// that index Fold in the linked table, and WithinKey that table's id in Within's query
	// ("pn.id"): on SQLite a term of three characters or more then fills Within with a
	// trigram phrase instead of reading every linked row (a campaign's partners by name).
	WithinFTS string
	WithinKey string
	// WithinFrom, with Within, is the linked table of Within's query ("partners AS pn") and
	// WithinOn the list's column holding its id ("cp.partner_id"): a term of three
	// characters or more is then matched there first, once, through its trigram index, and
	// the list reads its rows by the ids found (resolveWithin).
	WithinFrom string
	WithinOn   string
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

	// withinIDs holds, per filter key, the ids a trigram match on a linked table resolved to
	// (a JSON array), so that the page, its count and its sums match the phrase once.
	withinIDs map[string]string
	// rankedKey names the filter of withinIDs whose matches also came in the list's sort:
	// rankedIDs in that order and their dense ranks (rankedPage); joinedWithin, set on the
	// queries that join those ranks, leaves that filter out of the WHERE clause.
	rankedKey    string
	rankedIDs    []int64
	ranks        []int
	joinedWithin string
	// trigrams keeps the trigram counts that pick how a linked table's filter is matched
	// (resolveWithin); NewLister gives each list its own.
	trigrams *trigramCounts
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

// scopeOnly tells whether q narrows the rows by nothing but the scope the ScopeTotals serve.
func (s ListSpec) scopeOnly(q ports.ListQuery) bool {
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
func (s ListSpec) scopeTotal(db bun.IDB, q ports.ListQuery, columns ...string) *bun.SelectQuery {
	t := s.ScopeTotals
	sel := db.NewSelect().TableExpr(t.Table)
	for _, c := range columns {
		sel = sel.ColumnExpr("coalesce(sum(" + c + "), 0)")
	}
	return sel.Where(t.Key+" = ?", int64(q.Scope[t.Scope]))
}

// msgIDSet answers an id-set filter the resource does not whitelist: the request asked for it
// (422), and the list is not read without it.
const msgIDSet = "The filter is not supported."

// errScope answers a scope the resource does not whitelist: the code asked for it, so it is
// a fault of ours (500), and the list is not read unscoped.
func errScope(key string) error { return fmt.Errorf("list: scope %q is not whitelisted", key) }

// unfiltered tells whether q narrows the rows by nothing but the active flag.
func (s ListSpec) unfiltered(q ports.ListQuery) bool {
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
func (s ListSpec) countQuery(db bun.IDB, q ports.ListQuery) *bun.SelectQuery {
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

// ErrBadSort is the answer to a sort key the resource does not list.
var ErrBadSort = kernel.FieldError("sort", "The sort field is invalid.")

// minTrigram is the shortest term a trigram index can look up.
const minTrigram = 3

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

// where adds the active flag and the "contains" filters of q.
func (s ListSpec) where(db bun.IDB, sel *bun.SelectQuery, q ports.ListQuery) *bun.SelectQuery {
	return s.whereExcept(db, sel, q, false)
}

// whereExcept is where; with skipFTS the filters a trigram phrase serves are left out,
// because the caller matches them once in a CTE.
func (s ListSpec) whereExcept(db bun.IDB, sel *bun.SelectQuery, q ports.ListQuery, skipFTS bool) *bun.SelectQuery {
	if q.Active != nil && s.ActiveExpr != "" { // a list without the flag has no inactive rows
		sel = sel.Where(s.ActiveExpr+" = ?", *q.Active)
	}
	sel = s.scoped(sel, q)
	keys := make([]string, 0, len(q.Filters))
	for k := range q.Filters {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	sqlite := IsSQLite(db)
	for _, k := range keys {
		f, ok := s.Fields[k]
		if ok && f.Number != "" {
			if r, ok := parseNumberFilter(q.Filters[k], f.Scale); ok {
				sel = r.apply(sel, f.Number)
			}
			continue
		}
		if ok && f.Flag != "" {
			if on, set, valid := flagValue(q.Filters[k]); set && valid && on {
				sel = sel.Where(f.Flag)
			} else if set && valid {
				sel = sel.Where("NOT (" + f.Flag + ")")
			}
			continue
		}
		term := fold(q.Filters[k])
		if !ok || f.Fold == "" || term == "" {
			continue
		}
		if f.Within != "" && k == s.joinedWithin {
			continue
		}
		if f.Within != "" {
			cond, arg := f.Fold+" LIKE ?", any("%"+escapeLike(term)+"%")
			if sqlite {
				cond, arg = "instr("+f.Fold+", ?) > 0", term
			}
			if ids, ok := s.withinIDs[k]; ok {
				// The linked rows are found: the list's rows are read by their ids directly.
				if sqlite {
					sel = sel.Where(f.WithinOn+" IN (SELECT value FROM json_each(?))", ids)
				} else {
					sel = sel.Where(f.WithinOn+" = ANY (ARRAY(SELECT json_array_elements_text(?::json)::bigint))", ids)
				}
				continue
			}
			if table, column, ok := strings.Cut(f.WithinFTS, "."); ok && sqlite && utf8.RuneCountInString(term) >= minTrigram {
				cond = f.WithinKey + " IN (SELECT rowid FROM " + table + " WHERE " + table + " MATCH ?)"
				arg = column + `:"` + strings.ReplaceAll(term, `"`, `""`) + `"`
			}
			sel = sel.Where(fmt.Sprintf(f.Within, cond), arg)
			continue
		}
		if skipFTS && s.ftsServes(f, term) {
			if splitWords(term) != nil {
				// The phrase matched the words apart; keep the rows holding the whole term.
				sel = sel.Where("instr("+f.Fold+", ?) > 0", term)
			}
			continue
		}
		switch {
		case sqlite && s.ftsServes(f, term):
			// A trigram phrase is an exact substring match and, unlike LIKE on the FTS
			// table, needs no recheck against the content rows.
			phrase := f.FTS + `:"` + strings.ReplaceAll(term, `"`, `""`) + `"`
			sel = sel.Where(s.IDExpr+" IN (SELECT rowid FROM "+s.FTSTable+" WHERE "+s.FTSTable+" MATCH ?)", phrase)
		case sqlite:
			sel = sel.Where("instr("+f.Fold+", ?) > 0", term)
		case f.FTS != "" && splitWords(term) != nil:
			// As on SQLite, the words go to the trigram index apart (a phrase's trigrams
			// across spaces and its common ones cost the most), and strpos, which no index
			// serves, keeps the rows holding the whole term.
			for _, w := range splitWords(term) {
				sel = sel.Where(f.Fold+" LIKE ?", "%"+escapeLike(w)+"%")
			}
			sel = sel.Where("strpos("+f.Fold+", ?) > 0", term)
		default:
			sel = sel.Where(f.Fold+" LIKE ?", "%"+escapeLike(term)+"%")
		}
	}
	return sel
}

// resolveWithin matches each "contains" filter on a linked table that a trigram index
// serves (WithinFrom; on SQLite WithinFTS) once, and returns the spec holding the matching
// ids for where to use, up to maxMatchIDs of them (past that the match stays in the
// queries). The page, its count and its sums then read the rows by id. On SQLite, when the
// list is sorted by a column of the same linked table (WithinSort), the first such filter's
// matches come with their rank in that order, for the page to sort by (rankedKey).
func (s ListSpec) resolveWithin(ctx context.Context, db bun.IDB, q ports.ListQuery) (ListSpec, error) {
	sqlite := IsSQLite(db)
	keys := make([]string, 0, len(q.Filters))
	for k := range q.Filters {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		f, ok := s.Fields[k]
		term := fold(q.Filters[k])
		if !ok || f.Within == "" || f.WithinFrom == "" || f.WithinOn == "" || utf8.RuneCountInString(term) < minTrigram {
			continue
		}
		table, column, hasFTS := strings.Cut(f.WithinFTS, ".")
		if sqlite && !hasFTS {
			continue
		}
		var sel *bun.SelectQuery
		rankBy, rank := s.rankField(q, f)
		rank = rank && sqlite && s.rankedKey == ""
		if sqlite {
			rare, err := s.trigrams.rarest(ctx, db, table, column, term)
			if err != nil {
				return s, err
			}
			// The linked rows are joined to the trigram table's matches (no list of ids to build).
			matched := db.NewSelect().TableExpr(table).Join("JOIN " + f.WithinFrom + " ON " + f.WithinKey + " = " + table + ".rowid").ColumnExpr(f.WithinKey)
			switch {
			case rare != "":
				// One rare trigram finds few candidates; each is checked for the whole term.
				sel = matched.Where(table+" MATCH ?", ftsTerm(column, rare)).Where("instr("+f.Fold+", ?) > 0", term)
			case rank:
				sel = matched.Where(table+" MATCH ?", ftsTerm(column, term))
			default:
				sel = db.NewSelect().TableExpr(table).ColumnExpr("rowid").Where(table+" MATCH ?", ftsTerm(column, term))
			}
		} else {
			sel = db.NewSelect().TableExpr(f.WithinFrom).ColumnExpr(f.WithinKey).Where(f.Fold+" LIKE ?", "%"+escapeLike(term)+"%")
		}
		sel = sel.Limit(maxMatchIDs + 1)
		var ids []int64
		var ranks []int
		if rank {
			var err error
			if ids, ranks, err = readRanked(ctx, sel.ColumnExpr(rankBy.WithinSort).OrderExpr(rankBy.WithinSort).OrderExpr(f.WithinKey)); err != nil {
				return s, err
			}
		} else if err := sel.Scan(ctx, &ids); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return s, err
		}
		if len(ids) > maxMatchIDs {
			continue
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
func (s ListSpec) rankField(q ports.ListQuery, f Field) (Field, bool) {
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

// ftsTerm is an FTS5 query of the exact text term in column: a trigram phrase.
func ftsTerm(column, term string) string {
	return column + `:"` + strings.ReplaceAll(term, `"`, `""`) + `"`
}

// rareTrigram bounds the rows a trigram of a term may match for the term to be looked up by
// that trigram and checked row by row rather than matched as a phrase, whose cost is that of
// its most common trigrams ("vic" of "...ović"); maxTrigramProbes bounds the trigrams counted.
const (
	rareTrigram      = 1024
	maxTrigramProbes = 8
)

// trigramCounts keeps, for a while, how many rows (up to rareTrigram) hold each trigram
// counted, as a planner keeps statistics: a term's rarest trigram is then chosen without
// counting again. A stale count can only pick the slower plan, never other rows.
type trigramCounts struct {
	rare   int64 // the count a rare trigram stays under: rareTrigram
	mu     sync.Mutex
	counts map[string]trigramCount
}

type trigramCount struct {
	n  int64
	at time.Time
}

// trigramCountTTL is how long a count is trusted; maxTrigramCounts bounds the counts kept.
const (
	trigramCountTTL  = 5 * time.Minute
	maxTrigramCounts = 4096
)

func newTrigramCounts() *trigramCounts {
	return &trigramCounts{rare: rareTrigram, counts: make(map[string]trigramCount)}
}

// rarest returns the trigram of term (up to maxTrigramProbes of them, spread over it) that
// the fewest rows of the FTS5 table's column hold, if fewer than c.rare; else "". Each
// count stops there, so a common trigram costs no more than a rare one; counts are kept in c.
func (c *trigramCounts) rarest(ctx context.Context, db bun.IDB, table, column, term string) (string, error) {
	runes := []rune(term)
	seen := make(map[string]bool)
	var trigrams []string
	for i := 0; i+minTrigram <= len(runes); i++ {
		if t := string(runes[i : i+minTrigram]); !seen[t] {
			seen[t] = true
			trigrams = append(trigrams, t)
		}
	}
	if len(trigrams) < 2 {
		return "", nil
	}
	if len(trigrams) > maxTrigramProbes {
		spread := make([]string, maxTrigramProbes)
		for i := range spread {
			spread[i] = trigrams[i*len(trigrams)/maxTrigramProbes]
		}
		trigrams = spread
	}
	if c == nil {
		c = newTrigramCounts() // a spec outside a Lister keeps its counts for this call only
	}
	counts := make([]int64, len(trigrams))
	var missing []int
	now := time.Now()
	c.mu.Lock()
	for i, t := range trigrams {
		if kept, ok := c.counts[table+"."+column+"\x00"+t]; ok && now.Sub(kept.at) < trigramCountTTL {
			counts[i] = kept.n
		} else {
			missing = append(missing, i)
		}
	}
	c.mu.Unlock()
	if len(missing) > 0 {
		var query strings.Builder
		args := make([]any, 0, 2*len(missing))
		dest := make([]any, len(missing))
		query.WriteString("SELECT ")
		for j, i := range missing {
			if j > 0 {
				query.WriteString(", ")
			}
			query.WriteString("(SELECT count(*) FROM (SELECT 1 FROM " + table + " WHERE " + table + " MATCH ? LIMIT ?))")
			args = append(args, ftsTerm(column, trigrams[i]), c.rare)
			dest[j] = &counts[i]
		}
		if err := db.NewRaw(query.String(), args...).Scan(ctx, dest...); err != nil {
			return "", err
		}
		c.mu.Lock()
		if len(c.counts)+len(missing) > maxTrigramCounts {
			c.counts = make(map[string]trigramCount)
		}
		for _, i := range missing {
			c.counts[table+"."+column+"\x00"+trigrams[i]] = trigramCount{n: counts[i], at: now}
		}
		c.mu.Unlock()
	}
	best := -1
	for i, n := range counts {
		if n < c.rare && (best < 0 || n < counts[best]) {
			best = i
		}
	}
	if best < 0 {
		return "", nil
	}
	return trigrams[best], nil
}

// scoped adds the scope of q as equalities on whitelisted columns, and its id sets as their
// whitelisted predicates (check refused the others).
func (s ListSpec) scoped(sel *bun.SelectQuery, q ports.ListQuery) *bun.SelectQuery {
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
func (s ListSpec) countFrom(db bun.IDB, q ports.ListQuery) *bun.SelectQuery {
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

// ftsServes tells whether SQLite's trigram table answers the filter term on f.
func (s ListSpec) ftsServes(f Field, term string) bool {
	return f.FTS != "" && s.FTSTable != "" && utf8.RuneCountInString(term) >= minTrigram
}

// ftsPhrase combines every filter the trigram table serves into one MATCH expression.
func (s ListSpec) ftsPhrase(q ports.ListQuery) string {
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
func (s ListSpec) filtersBeyondFTS(q ports.ListQuery) bool {
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

// indexedFilter tells whether a "contains" filter goes through a trigram index
// (FTS5 on SQLite, pg_trgm on PostgreSQL), which narrows the rows before anything else;
// so does a match on a linked table already resolved to its ids.
func (s ListSpec) indexedFilter(q ports.ListQuery) bool {
	if len(s.withinIDs) > 0 {
		return true
	}
	for k, v := range q.Filters {
		if f, ok := s.Fields[k]; ok && f.FTS != "" && utf8.RuneCountInString(fold(v)) >= minTrigram {
			return true
		}
	}
	return false
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
func (s ListSpec) order(sel *bun.SelectQuery, q ports.ListQuery) (*bun.SelectQuery, error) {
	expr, dir, nulls, err := s.sortKey(q)
	if err != nil {
		return nil, err
	}
	return sel.OrderExpr(expr + dir + nulls).OrderExpr(s.IDExpr + dir), nil
}

func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
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

// listPage reads one page into dest (a slice of row structs embedding totalRow) and
// returns the number of matching rows, in one statement either way:
//   - a "contains" filter served by a trigram index narrows the rows first; an inner query
//     without ORDER BY lets each engine start from that index and count the few matches
//     with a window, and the outer query keeps the top rows of the page;
//   - otherwise the count is a subquery with its own cheap plan (a covering index) and
//     the page reads only its rows in index order.
func listPage[T any](ctx context.Context, db bun.IDB, s ListSpec, q ports.ListQuery, dest *[]T, total func(T) int) (int, error) {
	n, _, err := listPageSums(ctx, db, s, q, dest, total, nil)
	return n, err
}

// listPageSums is listPage that, when the matches are narrowed by a trigram index first,
// also adds up sumExprs (at most maxWindowSums) over them in the same pass: windowed is
// then true and the rows carry the sums (sum_0, sum_1). Otherwise the caller sums apart.
func listPageSums[T any](ctx context.Context, db bun.IDB, s ListSpec, q ports.ListQuery, dest *[]T, total func(T) int, sumExprs []string) (n int, windowed bool, err error) {
	if err := s.check(q); err != nil {
		return 0, false, err
	}
	expr, dir, nulls, err := s.sortKey(q)
	if err != nil {
		return 0, false, err
	}
	if phrase := s.ftsPhrase(q); phrase != "" && IsSQLite(db) {
		n, err := ftsPage(ctx, db, s, q, phrase, expr, dir, nulls, dest)
		return n, false, err
	}
	if s.rankedKey != "" {
		return rankedPage(ctx, db, s, q, dir, dest, sumExprs)
	}
	count := s.countQuery(db, q)
	var sel *bun.SelectQuery
	if s.indexedFilter(q) {
		// The matches carry only their id and sort key; the display columns (joins,
		// per-row aggregates) are read for the rows of the page alone.
		inner := s.where(db, s.From(db).ColumnExpr(s.IDExpr+" AS sort_id").ColumnExpr(expr+" AS sort_key").
			ColumnExpr("count(*) OVER () AS total_count"), q)
		windowed = len(sumExprs) > 0 && len(sumExprs) <= maxWindowSums
		pageSums := ""
		for i, e := range sumExprs {
			if windowed {
				inner = inner.ColumnExpr("coalesce(sum(" + e + ") OVER (), 0) AS sum_" + strconv.Itoa(i))
				pageSums += ", page.sum_" + strconv.Itoa(i)
			}
		}
		top := db.NewSelect().TableExpr("(?) AS m", inner).ColumnExpr("m.*").
			OrderExpr("m.sort_key" + dir + nulls).OrderExpr("m.sort_id" + dir).
			Limit(int64(q.PerPage)).Offset(int64(q.Offset()))
		// The id is unique only within the scope (a partner is in many campaigns): the
		// page's rows are joined back within it.
		sel = s.scoped(s.From(db).ColumnExpr(s.Columns).ColumnExpr("page.total_count"+pageSums).
			Join("JOIN (?) AS page ON page.sort_id = "+s.IDExpr, top), q).
			OrderExpr("page.sort_key" + dir + nulls).OrderExpr("page.sort_id" + dir)
	} else {
		sel = s.where(db, s.From(db).ColumnExpr(s.Columns), q).ColumnExpr("(?) AS total_count", count).
			OrderExpr(expr + dir + nulls).OrderExpr(s.IDExpr + dir).
			Limit(int64(q.PerPage)).Offset(int64(q.Offset()))
	}
	if err := sel.Scan(ctx, dest); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return 0, false, err
	}
	if len(*dest) > 0 {
		return total((*dest)[0]), windowed, nil
	}
	// Past the last page there is no row to carry the count.
	if err := count.Scan(ctx, &n); err != nil {
		return 0, false, err
	}
	return n, false, nil
}

// rankedPage is listPageSums when a filter's matches came ranked in the list's sort (on
// SQLite; resolveWithin): one pass over the rows of every match counts them and adds up
// sumExprs, and the page reads only the rows of the first matches in the sort's order, as
// many as it takes to fill it (doubling), instead of sorting the rows of all of them. The
// rows carry the count and the sums as the windowed page's do. json_each's key is text;
// compared with the integer column it takes the column's affinity, so the index on that
// column serves the join.
func rankedPage[T any](ctx context.Context, db bun.IDB, s ListSpec, q ports.ListQuery, dir string, dest *[]T, sumExprs []string) (n int, windowed bool, err error) {
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
func ftsPage[T any](ctx context.Context, db bun.IDB, s ListSpec, q ports.ListQuery, phrase, sortExpr, dir, nulls string, dest *[]T) (int, error) {
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

// streamList feeds every matching row to fn without holding the list in memory.
//
// On SQLite the query runs on a connection of its own whose sorts and temporary tables go to
// files (temp_store FILE) while it streams: with the pool's temp_store MEMORY, a sort no index
// serves would hold every matching row in memory, so an export's memory would grow with
// its rows (issue 20: 250,000 partners sorted by city peaked at 178 MB of anonymous memory,
// 121 MB with FILE). The sorter keeps up to the cache size in memory and spills the rest.
func streamList[T any](ctx context.Context, db *bun.DB, s ListSpec, q ports.ListQuery, fn func(*T) error) error {
	if err := s.check(q); err != nil {
		return err
	}
	var idb bun.IDB = db
	if IsSQLite(db) {
		c, err := db.Conn(ctx)
		if err != nil {
			return err
		}
		defer c.Close()
		if _, err := c.ExecContext(ctx, "PRAGMA temp_store = FILE"); err != nil {
			return err
		}
		defer func() {
			// Back to the pool's setting; a connection that cannot be set back is not reused.
			if _, err := c.ExecContext(context.Background(), "PRAGMA temp_store = MEMORY"); err != nil {
				_ = c.Raw(func(any) error { return driver.ErrBadConn })
			}
		}()
		idb = c
	}
	sel, err := s.order(s.where(idb, s.From(idb).ColumnExpr(s.Columns), q), q)
	if err != nil {
		return err
	}
	rows, err := sel.Rows(ctx)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var row T
		if err := db.ScanRow(ctx, rows, &row); err != nil {
			return err
		}
		if err := fn(&row); err != nil {
			return err
		}
	}
	return rows.Err()
}
