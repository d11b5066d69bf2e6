package persistence

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"strconv"

	"github.com/uptrace/bun"

	"vitrina/ports"
)

// The page and the stream: which query shape answers a page with its total (and its sums),
// and the whole filtered list row by row (listing.go for the whole).

// listPage reads one page into dest (a slice of row structs embedding totalRow) and
// returns the number of matching rows, in one statement either way:
//   - a "contains" filter served by a trigram index narrows the rows first; an inner query
//     without ORDER BY lets each engine start from that index and count the few matches
//     with a window, and the outer query keeps the top rows of the page;
//   - otherwise the count is a subquery with its own cheap plan (a covering index) and
//     the page reads only its rows in index order.
func listPage[T any](ctx context.Context, db bun.IDB, s listPlan, q ports.ListQuery, dest *[]T, total func(T) int) (int, error) {
	n, _, err := listPageSums(ctx, db, s, q, dest, total, nil)
	return n, err
}

// listPageSums is listPage that, when the matches are narrowed by a trigram index first,
// also adds up sumExprs (at most maxWindowSums) over them in the same pass: windowed is
// then true and the rows carry the sums (sum_0, sum_1). Otherwise the caller sums apart.
func listPageSums[T any](ctx context.Context, db bun.IDB, s listPlan, q ports.ListQuery, dest *[]T, total func(T) int, sumExprs []string) (n int, windowed bool, err error) {
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
	// byPage reads the display columns (joins, per-row aggregates) for the rows of the page
	// alone: top holds their ids and sort keys. The id is unique only within the scope (a
	// partner is in many campaigns): the page's rows are joined back within it.
	byPage := func(top *bun.SelectQuery, total string, args ...any) *bun.SelectQuery {
		return s.scoped(s.From(db).ColumnExpr(s.Columns).ColumnExpr(total, args...).
			Join("JOIN (?) AS page ON page.sort_id = "+s.IDExpr, top), q).
			OrderExpr("page.sort_key" + dir + nulls).OrderExpr("page.sort_id" + dir)
	}
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
		sel = byPage(top, "page.total_count"+pageSums)
	} else if q.Offset() > 0 {
		// Past the first page the skipped rows are found by their id and sort key alone:
		// PostgreSQL computes a row's display columns (its joins' names, its per-row
		// aggregates) before OFFSET drops it, which made page 300 of 20,000 partners
		// 430 ms. The page's rows are then read by id, as above.
		top := s.where(db, s.From(db).ColumnExpr(s.IDExpr+" AS sort_id").ColumnExpr(expr+" AS sort_key"), q).
			OrderExpr(expr + dir + nulls).OrderExpr(s.IDExpr + dir).
			Limit(int64(q.PerPage)).Offset(int64(q.Offset()))
		sel = byPage(top, "(?) AS total_count", count)
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

// streamList feeds every matching row to fn without holding the list in memory.
//
// On SQLite the query runs on a connection of its own whose sorts and temporary tables go to
// files (temp_store FILE) while it streams: with the pool's temp_store MEMORY, a sort no index
// serves would hold every matching row in memory, so an export's memory would grow with
// its rows (issue 20: 250,000 partners sorted by city peaked at 178 MB of anonymous memory,
// 121 MB with FILE). The sorter keeps up to the cache size in memory and spills the rest.
func streamList[T any](ctx context.Context, db *bun.DB, s listPlan, q ports.ListQuery, fn func(*T) error) error {
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
