package persistence

import (
	"context"
	"database/sql"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/uptrace/bun"

	"vitrina/domain/partner"
)

// The partner index kept current (ADR 0035). Every write to a partner or to its categories
// leaves the partner's id in partner_changes (triggers, in the writing transaction). Before
// each answer the index reads the changes past its position and re-reads those partners, so
// a page reflects every write committed before it was asked for, whichever process made it.
//
// The position is the highest seq read and, on PostgreSQL, the transactions that were still
// open then: seqs are handed out before commit, so a transaction open at the last read can
// commit rows below that seq. Those transactions' rows are read again by their id (txid)
// until they are done. On SQLite transactions commit one at a time, in seq order.

// PartnerIndex is the partner list's rows in memory and its position in the change log.
type PartnerIndex struct {
	db      *bun.DB
	sqlite  bool
	catchMu sync.Mutex // one catch-up at a time, so states are applied in commit order
	// arrivals numbers the catch-ups asked for; covered is the number the latest one to start
	// had reached: it saw every commit before those asks, so they need no catch-up of their own.
	arrivals atomic.Int64
	covered  int64
	mu       sync.RWMutex // guards cols
	cols     *partnerColumns
	seq      int64
	open     string // PostgreSQL: the txids in progress at the last read, "1,2"
	pruning  atomic.Bool
	// loading is set while the first load runs: the lists answer from SQL meanwhile
	// (warming), so a start at a million partners serves its first pages at once.
	loading atomic.Bool
}

// whileLoading runs fn, a list's answer from SQL while the index's first load runs. On SQLite
// its reads go through a connection set up as the load's (sqliteScanConn): such an answer may
// scan the partners table, which the pool's connections would keep mapped and cached (some
// 280 MB at a million partners) beside the index being built.
func (ix *PartnerIndex) whileLoading(ctx context.Context, fn func(ctx context.Context) error) error {
	if !ix.sqlite {
		return fn(ctx)
	}
	c, done, err := sqliteScanConn(ctx, ix.db)
	if err != nil {
		return err
	}
	defer done()
	return fn(context.WithValue(ctx, connKey{}, c))
}

// warming tells whether the index's first load is running. The lists then answer from SQL,
// which is as exact as the index and current, rather than wait for the load: a request that
// finds no load running (none was started ahead of it) still loads and waits, as before.
func (ix *PartnerIndex) warming() bool { return ix.loading.Load() }

func NewPartnerIndex(db *bun.DB) *PartnerIndex {
	return &PartnerIndex{db: db, sqlite: IsSQLite(db)}
}

const (
	// changesKept is how many change-log rows stay after a prune; a process further behind
	// than that loads the partners anew.
	changesKept = 500_000
	// reloadShare: a catch-up over more partners than a quarter of the index loads it anew.
	reloadShare = 4
)

// partnerRecordColumns are the columns a partnerRecord is read from, in scan order.
func partnerRecordColumns(sqlite bool) string {
	cols := "p.id, p.name_fold, p.address_fold, p.pib_fold, p.pdv_fold, p.phone_fold, " +
		"coalesce(p.city_id, 0), coalesce(p.partner_type_id, 0), "
	for _, f := range partner.AllFigures {
		cols += "p." + figureColumn(f) + ", "
	}
	if sqlite {
		// The stored text, read by sqliteNanos: the driver's own time parsing was a quarter
		// of a million partners' load.
		return cols + "p.is_active, CAST(p.updated_at AS TEXT)"
	}
	return cols + "p.is_active, p.updated_at"
}

// recordScanner reads partner rows into one reused record.
type recordScanner struct {
	rec         partnerRecord
	texts       [partnerTexts]sql.RawBytes
	updated     time.Time
	updatedText sql.RawBytes // SQLite
	sqlite      bool
	dest        []any
}

func newRecordScanner(sqlite bool) *recordScanner {
	s := &recordScanner{sqlite: sqlite}
	s.dest = []any{&s.rec.id}
	for i := range s.texts {
		s.dest = append(s.dest, &s.texts[i])
	}
	s.dest = append(s.dest, &s.rec.city, &s.rec.ptype)
	for i := range s.rec.figures {
		s.dest = append(s.dest, &s.rec.figures[i])
	}
	if sqlite {
		s.dest = append(s.dest, &s.rec.active, &s.updatedText)
	} else {
		s.dest = append(s.dest, &s.rec.active, &s.updated)
	}
	return s
}

func (s *recordScanner) scan(rows *sql.Rows) error {
	if err := rows.Scan(s.dest...); err != nil {
		return err
	}
	for i := range s.texts {
		s.rec.texts[i] = s.texts[i]
	}
	if s.sqlite {
		s.rec.updated = sqliteNanos(s.updatedText)
	} else {
		s.rec.updated = s.updated.UnixNano()
	}
	s.rec.cats = s.rec.cats[:0]
	return nil
}

// read answers the columns under the read lock, current as of the call.
func (ix *PartnerIndex) read(ctx context.Context, fn func(*partnerColumns)) error {
	if err := ix.catchUp(ctx); err != nil {
		return err
	}
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	fn(ix.cols)
	return nil
}

// catchUp brings the index to every write committed before it was called: it loads the
// partners the first time, and re-reads those the change log names after.
func (ix *PartnerIndex) catchUp(ctx context.Context) error {
	asked := ix.arrivals.Add(1)
	ix.catchMu.Lock()
	defer ix.catchMu.Unlock()
	if ix.cols != nil && ix.covered >= asked {
		return nil // a catch-up begun after this ask has read every commit before it
	}
	covers := ix.arrivals.Load()
	if ix.cols == nil {
		ix.loading.Store(true)
		err := ix.load(ctx)
		ix.loading.Store(false)
		if err != nil {
			return err
		}
		ix.covered = covers
		return nil
	}
	ids, seq, open, lost, err := ix.changes(ctx)
	if err != nil {
		return err
	}
	if lost || len(ids) > ix.cols.slots()/reloadShare+1000 {
		if err := ix.load(ctx); err != nil {
			return err
		}
		ix.covered = covers
		return nil
	}
	if len(ids) > 0 {
		recs, err := ix.records(ctx, ids)
		if err != nil {
			return err
		}
		ix.mu.Lock()
		for _, id := range ids {
			if r, ok := recs[id]; ok {
				ix.cols.put(r)
			} else {
				ix.cols.remove(id)
			}
		}
		if old := ix.cols; old.worn() {
			ix.cols = old.rebuilt()
			old.free()
		}
		ix.mu.Unlock()
	}
	ix.seq, ix.open = seq, open
	ix.covered = covers
	return nil
}

// changes reads the partner ids written since the position, the new position, and whether
// rows past the old one were pruned before they were read (lost).
func (ix *PartnerIndex) changes(ctx context.Context) (ids []int64, seq int64, open string, lost bool, err error) {
	var rows *sql.Rows
	if ix.sqlite {
		rows, err = ix.db.QueryContext(ctx, `SELECT seq, partner_id, '' FROM partner_changes WHERE seq > ?
			UNION ALL SELECT coalesce(min(seq), 0), -1, '' FROM partner_changes`, ix.seq)
	} else {
		// One statement, one snapshot: the rows it sees and the transactions it does not.
		// Each condition is its own branch, so each reads its own index (with OR the
		// planner reads the whole log).
		rows, err = ix.db.QueryContext(ctx, `SELECT seq, partner_id, '' FROM partner_changes WHERE seq > ?
			UNION ALL SELECT seq, partner_id, '' FROM partner_changes WHERE txid = ANY (string_to_array(?, ',')::xid8[])
			UNION ALL SELECT coalesce(min(seq), 0), -1,
			  coalesce((SELECT string_agg(x::text, ',') FROM pg_snapshot_xip(pg_current_snapshot()) AS x), '')
			FROM partner_changes`, ix.seq, ix.open)
	}
	if err != nil {
		return nil, 0, "", false, err
	}
	defer rows.Close()
	seq = ix.seq
	seen := map[int64]bool{}
	var low int64
	for rows.Next() {
		var s, id int64
		var xip string
		if err := rows.Scan(&s, &id, &xip); err != nil {
			return nil, 0, "", false, err
		}
		if id < 0 {
			low, open = s, xip
			continue
		}
		seq = max(seq, s)
		if !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, 0, "", false, err
	}
	lost = low > ix.seq+1 && len(ids) > 0
	if seq-low > 2*changesKept {
		ix.prune(seq - changesKept)
	}
	return ids, seq, open, lost, nil
}

// prune deletes the change-log rows below seq, in the background, one prune at a time.
func (ix *PartnerIndex) prune(below int64) {
	if !ix.pruning.CompareAndSwap(false, true) {
		return
	}
	go func() {
		defer ix.pruning.Store(false)
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		// In chunks, each a short write: a million rows in one statement would hold
		// SQLite's write lock, or a PostgreSQL core, for seconds.
		for {
			res, err := ix.db.ExecContext(ctx, `DELETE FROM partner_changes WHERE seq IN
				(SELECT seq FROM partner_changes WHERE seq < ? ORDER BY seq LIMIT 5000)`, below)
			if err != nil {
				return
			}
			if n, err := res.RowsAffected(); err != nil || n == 0 {
				return
			}
		}
	}()
}

// position is where the change log ends now: its highest seq and the open transactions.
func (ix *PartnerIndex) position(ctx context.Context) (seq int64, open string, err error) {
	q := "SELECT coalesce(max(seq), 0), '' FROM partner_changes"
	if !ix.sqlite {
		q = `SELECT coalesce(max(seq), 0), coalesce((SELECT string_agg(x::text, ',')
			FROM pg_snapshot_xip(pg_current_snapshot()) AS x), '') FROM partner_changes`
	}
	err = ix.db.QueryRowContext(ctx, q).Scan(&seq, &open)
	return seq, open, err
}

// load reads every partner into new columns; the position is taken first, so a write
// committed meanwhile is read again at the next catch-up.
func (ix *PartnerIndex) load(ctx context.Context) error {
	seq, open, err := ix.position(ctx)
	if err != nil {
		return err
	}
	var db bun.IConn = ix.db
	if ix.sqlite {
		// Read through a small page cache, not the memory map: a scan of every partner
		// would leave the whole table mapped in the process (mmap_size, 256 MiB), or a full
		// page cache, beside the index made from it.
		c, done, err := sqliteScanConn(ctx, ix.db)
		if err != nil {
			return err
		}
		defer done()
		db = c
	}
	// The columns sized once, so that a million partners' are not copied as they grow: the
	// rows counted and their texts' bytes guessed from the first thousand, with room to
	// spare, which costs nothing until written (the mappings are reserved, not touched).
	length := "octet_length(%s)"
	if ix.sqlite {
		length = "length(CAST(%s AS BLOB))"
	}
	sample := "SELECT count(*)"
	for _, f := range partnerTextFields {
		sample += ", coalesce(sum(" + strings.Replace(length, "%s", f+"_fold", 1) + "), 0)"
	}
	var n, sampled int
	var textBytes [partnerTexts]int
	dest := []any{&sampled}
	for i := range textBytes {
		dest = append(dest, &textBytes[i])
	}
	if err := db.QueryRowContext(ctx, "SELECT count(*) FROM partners").Scan(&n); err != nil {
		return err
	}
	if err := db.QueryRowContext(ctx, sample+" FROM (SELECT * FROM partners LIMIT 1000) AS p").Scan(dest...); err != nil {
		return err
	}
	n += n/64 + 16 // room for the rows written while loading
	for i := range textBytes {
		textBytes[i] = (textBytes[i]/max(1, sampled)+1)*n*2 + 1024
	}
	cols := newPartnerColumns(n, textBytes)
	kept := false
	defer func() {
		if !kept {
			cols.free() // a load that failed leaves nothing mapped
		}
	}()
	rows, err := db.QueryContext(ctx, "SELECT "+partnerRecordColumns(ix.sqlite)+" FROM partners AS p ORDER BY p.id")
	if err != nil {
		return err
	}
	sc := newRecordScanner(ix.sqlite)
	for rows.Next() {
		if err := sc.scan(rows); err != nil {
			rows.Close()
			return err
		}
		cols.push(&sc.rec)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	links, err := db.QueryContext(ctx, "SELECT partner_id, category_id FROM partner_categories ORDER BY partner_id, category_id")
	if err != nil {
		return err
	}
	defer links.Close()
	var scanErr error
	cols.withLinks(func() (int64, int32, bool) {
		if scanErr != nil || !links.Next() {
			return 0, 0, false
		}
		var pid, cid int64
		scanErr = links.Scan(&pid, &cid)
		return pid, int32(cid), scanErr == nil
	})
	if scanErr != nil {
		return scanErr
	}
	if err := links.Err(); err != nil {
		return err
	}
	ix.mu.Lock()
	if ix.cols != nil {
		ix.cols.free()
	}
	ix.cols = cols
	ix.mu.Unlock()
	kept = true
	ix.seq, ix.open = seq, open
	return nil
}

// records reads the partners ids names as they are now; an id missing was deleted.
func (ix *PartnerIndex) records(ctx context.Context, ids []int64) (map[int64]*partnerRecord, error) {
	out := make(map[int64]*partnerRecord, len(ids))
	const chunk = 5000
	for from := 0; from < len(ids); from += chunk {
		part := ids[from:min(len(ids), from+chunk)]
		rows, err := ix.db.QueryContext(ctx, "SELECT "+partnerRecordColumns(ix.sqlite)+" FROM partners AS p WHERE p.id IN (?)", bun.List(part))
		if err != nil {
			return nil, err
		}
		sc := newRecordScanner(ix.sqlite)
		for rows.Next() {
			if err := sc.scan(rows); err != nil {
				rows.Close()
				return nil, err
			}
			r := sc.rec
			for i := range r.texts {
				r.texts[i] = []byte(string(r.texts[i]))
			}
			r.cats = nil
			out[r.id] = &r
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
		links, err := ix.db.QueryContext(ctx, "SELECT partner_id, category_id FROM partner_categories WHERE partner_id IN (?) ORDER BY partner_id, category_id", bun.List(part))
		if err != nil {
			return nil, err
		}
		for links.Next() {
			var pid, cid int64
			if err := links.Scan(&pid, &cid); err != nil {
				links.Close()
				return nil, err
			}
			if r, ok := out[pid]; ok {
				r.cats = append(r.cats, int32(cid))
			}
		}
		links.Close()
		if err := links.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// sqliteNanos reads a time as SQLite holds it ("2006-01-02 15:04:05.999999999-07:00", the
// driver's format) in nanoseconds since 1970; another form goes through time.Parse.
func sqliteNanos(b []byte) int64 {
	digits := func(from, to int) (int, bool) {
		n := 0
		for _, c := range b[from:to] {
			if c < '0' || c > '9' {
				return 0, false
			}
			n = n*10 + int(c-'0')
		}
		return n, true
	}
	if len(b) >= 19 && b[4] == '-' && b[7] == '-' && b[10] == ' ' && b[13] == ':' && b[16] == ':' {
		y, ok1 := digits(0, 4)
		mo, ok2 := digits(5, 7)
		d, ok3 := digits(8, 10)
		h, ok4 := digits(11, 13)
		mi, ok5 := digits(14, 16)
		sec, ok6 := digits(17, 19)
		i, nanos := 19, 0
		if i < len(b) && b[i] == '.' {
			scale := 100_000_000
			for i++; i < len(b) && b[i] >= '0' && b[i] <= '9'; i++ {
				nanos += int(b[i]-'0') * scale
				scale /= 10
			}
		}
		offset, ok7 := 0, true
		switch {
		case i == len(b), i+1 == len(b) && b[i] == 'Z':
		case i+6 == len(b) && (b[i] == '+' || b[i] == '-') && b[i+3] == ':':
			oh, ok8 := digits(i+1, i+3)
			om, ok9 := digits(i+4, i+6)
			offset, ok7 = (oh*60+om)*60, ok8 && ok9
			if b[i] == '-' {
				offset = -offset
			}
		default:
			ok7 = false
		}
		if ok1 && ok2 && ok3 && ok4 && ok5 && ok6 && ok7 {
			return time.Date(y, time.Month(mo), d, h, mi, sec, nanos, time.UTC).UnixNano() - int64(offset)*int64(time.Second)
		}
	}
	for _, layout := range []string{"2006-01-02 15:04:05.999999999-07:00", time.RFC3339Nano, "2006-01-02 15:04:05.999999999"} {
		if t, err := time.Parse(layout, string(b)); err == nil {
			return t.UnixNano()
		}
	}
	return 0
}
