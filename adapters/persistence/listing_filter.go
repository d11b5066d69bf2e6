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
		switch {
		case f.Within != "" && s.withinIDs[k] != "":
			// The linked partners are found: the list's rows are read by their ids directly.
			if sqlite {
				sel = sel.Where(f.PartnerOn+" IN (SELECT value FROM json_each(?))", s.withinIDs[k])
			} else {
				sel = sel.Where(f.PartnerOn+" = ANY (ARRAY(SELECT json_array_elements_text(?::json)::bigint))", s.withinIDs[k])
			}
		case f.Within != "" && sqlite:
			sel = sel.Where(fmt.Sprintf(f.Within, "instr("+f.Fold+", ?) > 0"), term)
		case f.Within != "":
			sel = sel.Where(fmt.Sprintf(f.Within, f.Fold+" LIKE ?"), "%"+escapeLike(term)+"%")
		case sqlite:
			sel = s.sqliteContains(sel, f, term, skipFTS)
		default:
			sel = pgContains(sel, f, term)
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
