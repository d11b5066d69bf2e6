package activity_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/uptrace/bun"
	"github.com/xuri/excelize/v2"

	"vitrina/adapters/excel"
	"vitrina/adapters/persistence"
	"vitrina/adapters/persistence/dbtest"
	"vitrina/adapters/storage"
	"vitrina/application/activity"
	"vitrina/domain/audit"
	"vitrina/domain/kernel"
	"vitrina/ports"
)

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) set(t time.Time) { c.mu.Lock(); defer c.mu.Unlock(); c.t = t }

func sp(s string) *string { return &s }

// record appends n partner edits at the clock's time, in one transaction.
func record(t *testing.T, db *bun.DB, log *persistence.AuditLog, n int) {
	t.Helper()
	err := persistence.NewTxManager(db).WithinTx(context.Background(), func(ctx context.Context) error {
		for i := range n {
			e := audit.Event{Resource: "partners", RecordID: kernel.ID(i%7 + 1), Action: audit.ActionEdit,
				Actor:   audit.Actor{Kind: audit.ActorUser, ID: 3, Name: "Ana"},
				Changes: []audit.Change{{Field: "debt", From: sp(strconv.Itoa(i)), To: sp(strconv.Itoa(i + 1))}}}
			if err := log.Record(ctx, e); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// archived reads an archive workbook back: each event's id, prev_hash and hash.
func archived(t *testing.T, path string) (ids []int64, prev, hash []string) {
	t.Helper()
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows(f.GetSheetName(0))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(rows[0], activity.ArchiveColumns) {
		t.Fatalf("%s header %v", path, rows[0])
	}
	for _, r := range rows[1:] {
		id, err := strconv.ParseInt(r[0], 10, 64)
		if err != nil {
			t.Fatalf("%s: id %q", path, r[0])
		}
		ids = append(ids, id)
		prev = append(prev, r[len(r)-2])
		hash = append(hash, r[len(r)-1])
	}
	return ids, prev, hash
}

func anchor(t *testing.T, db *bun.DB) (int64, string) {
	t.Helper()
	var id int64
	var hash string
	if err := db.NewRaw("SELECT anchor_id, anchor_hash FROM audit_chain").Scan(context.Background(), &id, &hash); err != nil {
		t.Fatal(err)
	}
	return id, hash
}

// The retention archives the events older than its period to one workbook per month, with
// their ids and hashes, deletes them (in several batches), moves the chain's anchor to the
// last archived event so the rest still verifies, keeps the newer events, and does nothing
// on a second run; a month already archived gets a second file, the first left as it was.
func TestRetentionArchivesAndKeepsTheChain(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		clk := &clock{t: time.Date(2024, 1, 10, 9, 0, 0, 0, time.UTC)}
		log := persistence.NewAuditLog(db, clk)
		record(t, db, log, 1500) // January: more than one batch of reading and of deleting
		clk.set(time.Date(2024, 2, 15, 9, 0, 0, 0, time.UTC))
		record(t, db, log, 2)
		clk.set(time.Date(2024, 3, 20, 9, 0, 0, 0, time.UTC))
		record(t, db, log, 3)

		dir := t.TempDir()
		clk.set(time.Date(2024, 3, 25, 9, 0, 0, 0, time.UTC))
		ret := activity.NewRetention(persistence.NewAuditRetention(db), persistence.NewLocks(db), storage.NewArchive(dir), excel.New(), clk, 30*24*time.Hour)
		rep, err := ret.Run(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(rep.Files, []string{"2024-01.xlsx", "2024-02.xlsx"}) || rep.Events != 1502 || rep.Busy {
			t.Fatalf("first run %+v", rep)
		}
		var all []int64
		var prevs, hashes []string
		for _, name := range rep.Files {
			ids, p, h := archived(t, filepath.Join(dir, name))
			all, prevs, hashes = append(all, ids...), append(prevs, p...), append(hashes, h...)
		}
		for i, id := range all {
			if id != int64(i+1) {
				t.Fatalf("archived ids %v…: want 1 to 1502 in order", all[:min(len(all), 5)])
			}
			if (i == 0 && prevs[i] != "") || (i > 0 && prevs[i] != hashes[i-1]) || len(hashes[i]) != 64 {
				t.Fatalf("the archive's chain breaks at %d", id)
			}
		}
		if len(all) != 1502 {
			t.Fatalf("%d events archived, want 1502", len(all))
		}
		if id, hash := anchor(t, db); id != 1502 || hash != hashes[len(hashes)-1] {
			t.Fatalf("anchor %d %s, want the last archived event", id, hash)
		}
		left, err := log.List(ctx, ports.AuditFilter{}, ports.AuditPage{})
		if err != nil {
			t.Fatal(err)
		}
		if left.Total != 3 || left.Items[2].ID != 1503 {
			t.Fatalf("kept %d events (oldest %d), want the 3 of March", left.Total, left.Items[len(left.Items)-1].ID)
		}
		if v, err := log.Verify(ctx); err != nil || !v.OK || v.Events != 3 {
			t.Fatalf("verify after archiving: %+v, %v", v, err)
		}

		rep, err = ret.Run(ctx)
		if err != nil || len(rep.Files) != 0 || rep.Events != 0 {
			t.Fatalf("second run %+v, %v", rep, err)
		}

		// March is archived too once it is old enough; a March file already there stays.
		if err := os.WriteFile(filepath.Join(dir, "2024-03.xlsx"), []byte("earlier"), 0o600); err != nil {
			t.Fatal(err)
		}
		record(t, db, log, 1) // still in March: the log never empties, the chain goes on
		clk.set(time.Date(2024, 5, 1, 0, 0, 0, 0, time.UTC))
		if rep, err = ret.Run(ctx); err != nil || !slices.Equal(rep.Files, []string{"2024-03-2.xlsx"}) || rep.Events != 4 {
			t.Fatalf("third run %+v, %v", rep, err)
		}
		if b, _ := os.ReadFile(filepath.Join(dir, "2024-03.xlsx")); string(b) != "earlier" {
			t.Fatal("an existing archive was overwritten")
		}
		if ids, _, _ := archived(t, filepath.Join(dir, "2024-03-2.xlsx")); !slices.Equal(ids, []int64{1503, 1504, 1505, 1506}) {
			t.Fatalf("March's archive %v", ids)
		}
		clk.set(time.Date(2024, 5, 2, 0, 0, 0, 0, time.UTC))
		record(t, db, log, 2)
		if v, err := log.Verify(ctx); err != nil || !v.OK || v.Events != 2 {
			t.Fatalf("verify after emptying and appending: %+v, %v", v, err)
		}
		if entries, _ := os.ReadDir(dir); len(entries) != 4 {
			t.Fatalf("archive directory %v: a temporary file left behind?", entries)
		}
	})
}

// Only one archiver runs at a time: in the process, and on PostgreSQL across processes
// (another connection holding the advisory lock).
func TestRetentionRunsOneAtATime(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		clk := &clock{t: time.Date(2024, 1, 10, 9, 0, 0, 0, time.UTC)}
		log := persistence.NewAuditLog(db, clk)
		record(t, db, log, 3)
		clk.set(time.Date(2025, 1, 10, 9, 0, 0, 0, time.UTC))
		ret := activity.NewRetention(persistence.NewAuditRetention(db), persistence.NewLocks(db), storage.NewArchive(t.TempDir()), excel.New(), clk, 30*24*time.Hour)
		ran, err := persistence.NewLocks(db).Try(ctx, activity.ArchiveLock, func(ctx context.Context) error {
			rep, err := ret.Run(ctx)
			if err != nil || !rep.Busy || rep.Events != 0 {
				return fmt.Errorf("a run while another archives: %+v, %v", rep, err)
			}
			return nil
		})
		if !ran || err != nil {
			t.Fatal(ran, err)
		}
		if !persistence.IsSQLite(db) {
			c, err := db.Conn(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			if _, err := c.ExecContext(ctx, "SELECT pg_advisory_lock(?)", persistence.LockKey(activity.ArchiveLock)); err != nil {
				t.Fatal(err)
			}
			if rep, err := ret.Run(ctx); err != nil || !rep.Busy {
				t.Fatalf("a run while another replica archives: %+v, %v", rep, err)
			}
			if _, err := c.ExecContext(ctx, "SELECT pg_advisory_unlock(?)", persistence.LockKey(activity.ArchiveLock)); err != nil {
				t.Fatal(err)
			}
		}
		if rep, err := ret.Run(ctx); err != nil || rep.Events != 3 {
			t.Fatalf("a run once free: %+v, %v", rep, err)
		}
	})
}
