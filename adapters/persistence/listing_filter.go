package persistence

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"vitrina/ports"
)

// The list's WHERE clause: the active flag, the scope, numbers, flags and "contains" on
// folded text, each engine's way (listing.go for the whole).

// where adds the active flag and the "contains" filters of q.
func (s listPlan) where(db bun.IDB, sel *bun.SelectQuery, q ports.ListQuery) *bun.SelectQuery {
	return s.whereExcept(db, sel, q, false)
}

// whereExcept is where; with skipFTS the filters a trigram phrase serves are left out,
// because the caller matches them once in a CTE.
func (s listPlan) whereExcept(db bun.IDB, sel *bun.SelectQuery, q ports.ListQuery, skipFTS bool) *bun.SelectQuery {
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

// indexedFilter tells whether a "contains" filter goes through a trigram index
// (FTS5 on SQLite, pg_trgm on PostgreSQL), which narrows the rows before anything else;
// so does a match on a linked table already resolved to its ids.
func (s listPlan) indexedFilter(q ports.ListQuery) bool {
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

func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}
