package persistence

import (
	"bytes"
	"context"
	"sort"
	"strconv"
	"time"

	"github.com/uptrace/bun"

	"vitrina/ports"
)

// A query's plan (listing.go for the whole): the list's configuration and what was found
// before its page was asked for — each "contains" filter on a linked partner matched once,
// in the partner index, and, on SQLite, those matches' rank in the list's sort.

// listPlan is one query's plan over a list's configuration: the spec, and what was found
// before the page was asked for (Lister.plan). A plan of nothing found reads every filter
// in its own SQL; resolveWithin fills in a linked partner's matches. Every method that builds
// SQL from a query is the plan's, so no query is built without what was found.
type listPlan struct {
	ListSpec
	// partners, when set, is the partner index that finds the matches of the fields on a
	// linked partner (Field.Partner).
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

// resolveWithin matches each "contains" filter on a linked partner (Field.Partner) once,
// in the partner index, and returns the plan holding the matching ids for where to use, up
// to maxMatchIDs of them (past that the match stays in the queries). The page, its count and
// its sums then read the rows by id. On SQLite, when the list is sorted by a column of the
// partner (sorted by a linkedPartner field on the same column), the first such filter's matches come with their rank in that order,
// for the page to sort by (rankedKey). Inside a transaction the index, which holds only what
// is committed, is not asked.
func (s listPlan) resolveWithin(ctx context.Context, db bun.IDB, q ports.ListQuery) (listPlan, error) {
	if s.partners == nil || s.partners.warming() {
		return s, nil // no index, or not loaded yet: the match stays in the queries
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
		if !ok || f.Partner == "" || term == "" {
			continue
		}
		ids, over, err := s.partners.textMatches(ctx, f.Partner, term, maxMatchIDs)
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
			by := "pn." + rankBy.Partner + "_fold"
			sel := db.NewSelect().TableExpr("partners AS pn").ColumnExpr("pn.id").ColumnExpr(by).
				Where("pn.id IN (SELECT value FROM json_each(?))", idsJSON(ids)).OrderExpr(by).OrderExpr("pn.id")
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
// filter f, so that f's matches can carry their order.
func (s listPlan) rankField(q ports.ListQuery, f Field) (Field, bool) {
	key := q.Sort
	if key == "" {
		key = s.DefaultSort
	}
	sf, ok := s.Fields[key]
	return sf, ok && sf.Partner != "" && sf.PartnerOn == f.PartnerOn && !sf.Nullable
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
