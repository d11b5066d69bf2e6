package persistence

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"weak"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/uptrace/bun"

	"vitrina/domain/audit"
	"vitrina/domain/kernel"
)

// The append of a transaction's events to the chain (ADR 0031, "The chain" and "What an
// append costs"). An edit appends one event, so what an append costs is mostly its
// statements: on PostgreSQL one round trip when the head is where this process last left
// it, on SQLite two prepared statements.

// chainHead is where the chain ends: the last event's id and hash.
type chainHead struct {
	id   int64
	hash string
}

// appendBatch is how many events are sealed and held unpacked at once; on PostgreSQL one
// statement inserts auditArrayBatch of them (one array per column, which PostgreSQL parses
// and plans once whatever the rows: 50,000 events in about half the time of 500-row VALUES
// statements), on SQLite one prepared statement appendBatch rows (19 variables each, well
// under its 32,766).
const (
	appendBatch      = 100
	auditArrayBatch  = 1000
	auditColumnCount = 19
)

// appender is what the appends of one database keep between transactions: the head the
// last append this process committed left, a guess that an append's own statement checks
// under the head's lock before it counts on it, and on SQLite the append's prepared
// statements.
type appender struct {
	head atomic.Pointer[chainHead]

	mu    sync.Mutex
	stmts *sqliteAppend // nil until prepared
}

// sqliteAppend are SQLite's append statements, prepared once per database (and by
// database/sql once per connection): parsing a 19-column insert, its six indexes and its
// counting trigger (since dropped) was most of what an event cost an edit.
type sqliteAppend struct {
	one, batch, move, count *sql.Stmt
}

func (s *sqliteAppend) all() []*sql.Stmt { return []*sql.Stmt{s.one, s.batch, s.move, s.count} }

var appenders sync.Map // weak.Pointer[bun.DB] → *appender

// appenderOf is db's appender; it goes, with its statements, when db does.
func appenderOf(db *bun.DB) *appender {
	key := weak.Make(db)
	if a, ok := appenders.Load(key); ok {
		return a.(*appender)
	}
	a, loaded := appenders.LoadOrStore(key, new(appender))
	if !loaded {
		runtime.AddCleanup(db, func(key weak.Pointer[bun.DB]) {
			if a, ok := appenders.LoadAndDelete(key); ok {
				a.(*appender).close()
			}
		}, key)
	}
	return a.(*appender)
}

func (a *appender) close() {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.stmts != nil {
		for _, st := range a.stmts.all() {
			_ = st.Close()
		}
		a.stmts = nil
	}
}

// committed notes the head an append left once its transaction committed.
func (a *appender) committed(h chainHead) { a.head.Store(&h) }

// sqliteStatements are the prepared statements, or nil before prepare succeeded.
func (a *appender) sqliteStatements() *sqliteAppend {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.stmts
}

// prepare prepares SQLite's append statements, outside any transaction (a statement
// prepared on the pool waits for a free connection, which a transaction holding one must
// not do). A failure leaves them unprepared: the append then runs the same statements
// unprepared.
func (a *appender) prepare(ctx context.Context, db *bun.DB) {
	if !IsSQLite(db) || a.sqliteStatements() != nil {
		return
	}
	prep := func(q string) *sql.Stmt {
		st, err := db.DB.PrepareContext(ctx, q)
		if err != nil {
			return nil
		}
		return st
	}
	s := &sqliteAppend{one: prep(sqliteInsert(1)), batch: prep(sqliteInsert(appendBatch)), move: prep(sqliteHeadMove), count: prep(sqliteCount)}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.stmts == nil && !slices.Contains(s.all(), nil) {
		a.stmts = s
		return
	}
	for _, st := range s.all() {
		if st != nil {
			_ = st.Close()
		}
	}
}

const auditEventColumns = "id, at, actor_kind, actor_id, actor_name, resource, record_id, parent_resource, parent_id, " +
	"partner_id, action, changes, import_id, reverts, request_id, address, search, prev_hash, hash"

// sqliteInsert is the insert of n rows with one variable per column.
func sqliteInsert(n int) string {
	row := "(" + strings.Repeat("?, ", auditColumnCount-1) + "?)"
	return "INSERT INTO audit_events (" + auditEventColumns + ") VALUES " + strings.Repeat(row+", ", n-1) + row
}

// sqliteHeadMove moves the head from where the append found it, or from where it guessed
// it was (then no row changes when the guess was wrong).
const sqliteHeadMove = "UPDATE audit_chain SET last_id = ?, last_hash = ? WHERE one = 1 AND last_id = ? AND last_hash = ?"

// sqliteCount adds an append's events of one resource and action to audit_counts (the
// activity log's totals), once per pair and batch rather than by a trigger per event.
const sqliteCount = "INSERT INTO audit_counts (resource, action, n) VALUES (?, ?, ?) " +
	"ON CONFLICT (resource, action) DO UPDATE SET n = n + excluded.n"

// sqliteTime is a time as bun writes it on SQLite, so that the column compares alike
// whoever wrote it.
func sqliteTime(t time.Time) string { return t.UTC().Format("2006-01-02 15:04:05.999999-07:00") }

// appendEvents appends events to the chain in tx and answers the head it left (ok false when
// there was nothing to append). With one batch or less and a guessed head (the head this
// process's last append left), one statement on PostgreSQL moves the head from the guess
// and inserts the events only if it did (SQLite: the head's move, then the insert); a wrong
// guess changes nothing and the append runs as without one: it locks and reads the head
// (PostgreSQL: SELECT … FOR UPDATE, held to the commit, serialises appends; SQLite: the
// transaction already holds the one write lock), seals each event after the one before and
// inserts them a batch at a time, letting each go once inserted, the last batch in one
// statement with the head's move on PostgreSQL. Either way the head's row is locked only
// here, at the end of the transaction.
//
// On PostgreSQL an append of more events than one statement takes (an import's, a prune's, a
// fan-out's outcomes) goes by COPY through raw, the transaction's connection (nil: none), a
// batch at a time, and the head's move and the counts in one statement after.
func appendEvents(ctx context.Context, db *bun.DB, tx bun.Tx, raw *sql.Conn, events *pendingEvents) (chainHead, bool, error) {
	if events.n == 0 {
		return chainHead{}, false, nil
	}
	a := appenderOf(db)
	pg := !IsSQLite(tx)
	batch := appendBatch
	if pg {
		batch = auditArrayBatch
	}
	var copied map[actionKey]int64 // by COPY: the events of each resource and action
	if pg && raw != nil && events.n > batch {
		copied = map[actionKey]int64{}
	}
	if guess := a.head.Load(); guess != nil && events.n <= batch {
		rows, head, err := sealEvents(events, 0, events.n, *guess, false)
		if err != nil {
			return chainHead{}, false, err
		}
		moved, err := appendAtGuess(ctx, a, tx, rows, *guess, head)
		if err != nil {
			return chainHead{}, false, fmt.Errorf("audit: append: %w", err)
		}
		if moved {
			return head, true, nil
		}
	}
	var found chainHead
	q := "SELECT last_id, last_hash FROM audit_chain WHERE one = 1"
	if pg {
		q += " FOR UPDATE"
	}
	if err := tx.Tx.QueryRowContext(ctx, q).Scan(&found.id, &found.hash); err != nil {
		return chainHead{}, false, fmt.Errorf("audit: chain head: %w", err)
	}
	// Each batch is sealed while the one before is inserted (the next batch needs only the
	// last hash of the one before): a prune's 50,000 events cost the database's inserts
	// and little more.
	seal := func(start int, after chainHead) <-chan sealedBatch {
		out := make(chan sealedBatch, 1)
		go func() {
			rows, next, err := sealEvents(events, start, min(start+batch, events.n), after, true)
			out <- sealedBatch{rows, next, err}
		}()
		return out
	}
	cur := <-seal(0, found)
	for start := 0; ; {
		if cur.err != nil {
			return chainHead{}, false, cur.err
		}
		end := start + len(cur.rows)
		var following <-chan sealedBatch
		if end < events.n {
			following = seal(end, cur.head)
		}
		var err error
		switch {
		case copied != nil:
			err = pgCopy(ctx, raw, cur.rows, copied)
			if err == nil && end == events.n {
				err = pgCountAndMove(ctx, tx, copied, found, cur.head)
			}
		case pg && end == events.n:
			err = pgInsertAndMove(ctx, tx, cur.rows, found, cur.head)
		default:
			err = insertAuditRows(ctx, a, tx, cur.rows)
		}
		if err != nil {
			if following != nil {
				<-following
			}
			return chainHead{}, false, fmt.Errorf("audit: append: %w", err)
		}
		if following == nil {
			break
		}
		start, cur = end, <-following
	}
	head := cur.head
	if !pg {
		if err := sqliteMove(ctx, a, tx, found, head); err != nil {
			return chainHead{}, false, err
		}
	}
	return head, true, nil
}

// sealedBatch is a batch sealed ahead of its insert.
type sealedBatch struct {
	rows []*auditEventRow
	head chainHead
	err  error
}

var errHeadMoved = errors.New("audit: the chain head moved during an append")

// sealEvents seals the kept events [start, end) after head, with the ids that follow it;
// release lets each kept event go once sealed.
func sealEvents(events *pendingEvents, start, end int, head chainHead, release bool) ([]*auditEventRow, chainHead, error) {
	rows := make([]*auditEventRow, 0, end-start)
	for i := start; i < end; i++ {
		pe := events.at(i)
		e := pe.e
		e.Changes = unpackChanges(pe.changes)
		if release {
			*pe = pendingEvent{}
		}
		head.id++
		e.ID = kernel.ID(head.id)
		if e.At.IsZero() {
			e.At = time.Now().UTC()
		}
		sealed, err := audit.Seal(e, head.hash)
		if err != nil {
			return nil, head, err
		}
		row, err := auditRowOf(sealed)
		if err != nil {
			return nil, head, err
		}
		rows = append(rows, row)
		head.hash = sealed.Hash
	}
	return rows, head, nil
}

// appendAtGuess moves the head from guess to head and inserts rows, only if the head was at
// guess; it tells whether it was.
func appendAtGuess(ctx context.Context, a *appender, tx bun.Tx, rows []*auditEventRow, guess, head chainHead) (bool, error) {
	if IsSQLite(tx) {
		res, err := sqliteExec(ctx, tx, stmtOf(a, func(s *sqliteAppend) *sql.Stmt { return s.move }), sqliteHeadMove,
			head.id, head.hash, guess.id, guess.hash)
		if err != nil {
			return false, err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return false, err
		}
		return true, insertAuditRows(ctx, a, tx, rows)
	}
	// An edit's one event is inserted from one value per column, which PostgreSQL runs
	// cheaper than unnesting twenty one-element arrays; more come as arrays.
	insert, args := pgInsert, pgArrays(rows)
	if len(rows) == 1 {
		insert, args = pgInsertOne, rows[0].values(make([]any, 0, auditColumnCount+4), rows[0].At)
	}
	h := len(args)
	args = append(args, head.id, head.hash, guess.id, guess.hash)
	var n int64
	err := tx.Tx.QueryRowContext(ctx, fmt.Sprintf("WITH head AS (UPDATE audit_chain SET last_id = $%d, last_hash = $%d "+
		"WHERE one = 1 AND last_id = $%d AND last_hash = $%d RETURNING 1), ", h+1, h+2, h+3, h+4)+
		"ins AS ("+insert+" WHERE EXISTS (SELECT 1 FROM head) RETURNING resource, action), "+
		"cnt AS ("+pgCount+") SELECT count(*) FROM ins", args...).Scan(&n)
	if err != nil {
		return false, err
	}
	switch n {
	case int64(len(rows)):
		return true, nil
	case 0:
		return false, nil
	default:
		return false, fmt.Errorf("audit: %d of %d events appended", n, len(rows))
	}
}

// pgInsertAndMove inserts the last rows of an append and moves the head from found to head,
// in one statement.
func pgInsertAndMove(ctx context.Context, tx bun.Tx, rows []*auditEventRow, found, head chainHead) error {
	args := append(pgArrays(rows), head.id, head.hash, found.id)
	res, err := tx.Tx.ExecContext(ctx, "WITH ins AS ("+pgInsert+" RETURNING resource, action), cnt AS ("+pgCount+") "+
		"UPDATE audit_chain SET last_id = $21, last_hash = $22 WHERE one = 1 AND last_id = $23", args...)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err == nil && n != 1 {
		return errHeadMoved
	}
	return nil
}

// actionKey is a resource and an action, the key of audit_counts.
type actionKey struct{ resource, action string }

// auditColumnNames are auditEventColumns one by one, for COPY.
var auditColumnNames = strings.Split(auditEventColumns, ", ")

// pgCopy copies rows into audit_events through the driver of raw, the transaction's own
// connection, and adds them to counts.
func pgCopy(ctx context.Context, raw *sql.Conn, rows []*auditEventRow, counts map[actionKey]int64) error {
	err := raw.Raw(func(driverConn any) error {
		c, ok := driverConn.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("audit: COPY needs pgx, not %T", driverConn)
		}
		n, err := c.Conn().CopyFrom(ctx, pgx.Identifier{"audit_events"}, auditColumnNames,
			pgx.CopyFromSlice(len(rows), func(i int) ([]any, error) {
				return rows[i].values(make([]any, 0, auditColumnCount), rows[i].At), nil
			}))
		if err == nil && n != int64(len(rows)) {
			err = fmt.Errorf("audit: COPY wrote %d of %d events", n, len(rows))
		}
		return err
	})
	if err != nil {
		return err
	}
	for _, r := range rows {
		counts[actionKey{r.Resource, r.Action}]++
	}
	return nil
}

// pgCountAndMove adds counts to audit_counts and moves the head from found to head, in one
// statement: the end of an append by COPY.
func pgCountAndMove(ctx context.Context, tx bun.Tx, counts map[actionKey]int64, found, head chainHead) error {
	var resources, actions []string
	var ns []int64
	for k, n := range counts {
		resources, actions, ns = append(resources, k.resource), append(actions, k.action), append(ns, n)
	}
	res, err := tx.Tx.ExecContext(ctx, "WITH cnt AS (INSERT INTO audit_counts AS ac (resource, action, n) "+
		"SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[]) ON CONFLICT (resource, action) DO UPDATE SET n = ac.n + excluded.n) "+
		"UPDATE audit_chain SET last_id = $4, last_hash = $5 WHERE one = 1 AND last_id = $6",
		resources, actions, ns, head.id, head.hash, found.id)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err == nil && n != 1 {
		return errHeadMoved
	}
	return nil
}

// sqliteMove moves the head from found to head.
func sqliteMove(ctx context.Context, a *appender, tx bun.Tx, found, head chainHead) error {
	res, err := sqliteExec(ctx, tx, stmtOf(a, func(s *sqliteAppend) *sql.Stmt { return s.move }), sqliteHeadMove,
		head.id, head.hash, found.id, found.hash)
	if err != nil {
		return fmt.Errorf("audit: chain head: %w", err)
	}
	if n, err := res.RowsAffected(); err == nil && n != 1 {
		return errHeadMoved
	}
	return nil
}

// stmtOf is one of a's prepared statements, or nil.
func stmtOf(a *appender, pick func(*sqliteAppend) *sql.Stmt) *sql.Stmt {
	if s := a.sqliteStatements(); s != nil {
		return pick(s)
	}
	return nil
}

// sqliteExec runs the prepared st in tx, or q unprepared when st is nil.
func sqliteExec(ctx context.Context, tx bun.Tx, st *sql.Stmt, q string, args ...any) (sql.Result, error) {
	if st == nil {
		return tx.Tx.ExecContext(ctx, q, args...)
	}
	return tx.Tx.StmtContext(ctx, st).ExecContext(ctx, args...)
}

// pgInsert inserts the rows of one array per column ($1 … $20, pgArrays).
const pgInsert = "INSERT INTO audit_events (" + auditEventColumns + ") " +
	"SELECT id, at, actor_kind, actor_id, actor_name, resource, record_id, CASE WHEN has_parent THEN parent_resource END, " +
	"CASE WHEN has_parent THEN parent_id END, NULLIF(partner_id, 0), action, changes, NULLIF(import_id, ''), NULLIF(reverts, 0), " +
	"request_id, address, search, prev_hash, hash FROM unnest($1::bigint[], $2::timestamptz[], $3::text[], $4::bigint[], $5::text[], " +
	"$6::text[], $7::bigint[], $8::boolean[], $9::text[], $10::bigint[], $11::bigint[], $12::text[], $13::text[], $14::text[], " +
	"$15::bigint[], $16::text[], $17::text[], $18::text[], $19::text[], $20::text[]) AS u(id, at, actor_kind, actor_id, actor_name, " +
	"resource, record_id, has_parent, parent_resource, parent_id, partner_id, action, changes, import_id, reverts, request_id, " +
	"address, search, prev_hash, hash)"

// pgInsertOne inserts one row from one value per column ($1 … $19, auditEventRow.values).
const pgInsertOne = "INSERT INTO audit_events (" + auditEventColumns + ") " +
	"SELECT $1::bigint, $2::timestamptz, $3::text, $4::bigint, $5::text, $6::text, $7::bigint, $8::text, $9::bigint, $10::bigint, " +
	"$11::text, $12::text, $13::text, $14::bigint, $15::text, $16::text, $17::text, $18::text, $19::text"

// values appends r's columns in auditEventColumns' order to args, a missing one as NULL and
// the time as at (each engine writes it its own way): the arguments of one row's insert.
func (r *auditEventRow) values(args []any, at any) []any {
	return append(args, r.ID, at, r.ActorKind, r.ActorID, r.ActorName, r.Resource, r.RecordID, nullable(r.ParentResource),
		nullable(r.ParentID), nullable(r.PartnerID), r.Action, r.Changes, nullable(r.ImportID), nullable(r.Reverts),
		r.RequestID, r.Address, r.Search, r.PrevHash, r.Hash)
}

// pgCount adds the events ins returned (their resource and action) to audit_counts, the
// activity log's totals, in the statement that inserts them (no trigger per statement).
const pgCount = "INSERT INTO audit_counts AS ac (resource, action, n) SELECT resource, action, count(*) FROM ins " +
	"GROUP BY resource, action ON CONFLICT (resource, action) DO UPDATE SET n = ac.n + excluded.n"

// pgArrays are pgInsert's arguments: the rows' columns, none written as pgInsert reads it
// (optID and optString's none as 0 and "", a parent's presence apart since its id may be 0).
func pgArrays(rows []*auditEventRow) []any {
	n := len(rows)
	ids, actorIDs, recordIDs, parentIDs, partnerIDs, reverts := make([]int64, n), make([]int64, n), make([]int64, n), make([]int64, n), make([]int64, n), make([]int64, n)
	ats := make([]time.Time, n)
	kinds, names, resources, parents, actions, changes, imports, requests, addrs, search := make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	prevs, hashes := make([]string, n), make([]string, n)
	hasParent := make([]bool, n)
	for i, r := range rows {
		ids[i], ats[i], kinds[i], actorIDs[i], names[i] = r.ID, r.At, r.ActorKind, r.ActorID, r.ActorName
		resources[i], recordIDs[i], actions[i], changes[i] = r.Resource, r.RecordID, r.Action, r.Changes
		requests[i], addrs[i], search[i], prevs[i], hashes[i] = r.RequestID, r.Address, r.Search, r.PrevHash, r.Hash
		if r.ParentResource != nil {
			hasParent[i], parents[i] = true, *r.ParentResource
			if r.ParentID != nil {
				parentIDs[i] = *r.ParentID
			}
		}
		if r.PartnerID != nil {
			partnerIDs[i] = *r.PartnerID
		}
		if r.ImportID != nil {
			imports[i] = *r.ImportID
		}
		if r.Reverts != nil {
			reverts[i] = *r.Reverts
		}
	}
	return []any{ids, ats, kinds, actorIDs, names, resources, recordIDs, hasParent, parents, parentIDs, partnerIDs, actions,
		changes, imports, reverts, requests, addrs, search, prevs, hashes}
}

// insertAuditRows inserts sealed rows in tx: on PostgreSQL auditArrayBatch a statement, on
// SQLite appendBatch a prepared statement (a shorter tail row by row, prepared too).
func insertAuditRows(ctx context.Context, a *appender, tx bun.Tx, rows []*auditEventRow) error {
	if !IsSQLite(tx) {
		for start := 0; start < len(rows); start += auditArrayBatch {
			if _, err := tx.Tx.ExecContext(ctx, "WITH ins AS ("+pgInsert+" RETURNING resource, action) "+pgCount,
				pgArrays(rows[start:min(start+auditArrayBatch, len(rows))])...); err != nil {
				return err
			}
		}
		return nil
	}
	args := make([]any, 0, auditColumnCount*min(len(rows), appendBatch))
	for start := 0; start < len(rows); {
		n := 1
		st := stmtOf(a, func(s *sqliteAppend) *sql.Stmt { return s.one })
		if len(rows)-start >= appendBatch {
			n, st = appendBatch, stmtOf(a, func(s *sqliteAppend) *sql.Stmt { return s.batch })
		}
		args = args[:0]
		for _, r := range rows[start : start+n] {
			args = r.values(args, sqliteTime(r.At))
		}
		if _, err := sqliteExec(ctx, tx, st, sqliteInsert(n), args...); err != nil {
			return err
		}
		start += n
	}
	type pair struct{ resource, action string }
	counts := map[pair]int64{}
	for _, r := range rows {
		counts[pair{r.Resource, r.Action}]++
	}
	count := stmtOf(a, func(s *sqliteAppend) *sql.Stmt { return s.count })
	for p, n := range counts {
		if _, err := sqliteExec(ctx, tx, count, sqliteCount, p.resource, p.action, n); err != nil {
			return err
		}
	}
	return nil
}

// nullable is *v, or NULL for nil.
func nullable[T any](v *T) any {
	if v == nil {
		return nil
	}
	return *v
}
