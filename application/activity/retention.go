package activity

import (
	"context"
	"errors"
	"fmt"
	"time"

	"vitrina/domain/audit"
	"vitrina/domain/kernel"
	"vitrina/ports"
)

// ArchiveColumns are the archive workbook's columns: the download's, then each event's
// prev_hash and hash, so that the archive's own chain can be checked and its last hash is
// the anchor the log verifies from.
var ArchiveColumns = append(append([]string(nil), ExportColumns...), "prev_hash", "hash")

// ArchiveTimeLayout is how the archive writes an event's time: UTC to the microsecond the
// database keeps, so the archive holds the exact instant.
const ArchiveTimeLayout = "2006-01-02T15:04:05.000000Z07:00"

// Retention archives the events older than the retention period to monthly workbooks and
// deletes them from the log (issue 21, ADR 0031).
type Retention struct {
	log    ports.AuditRetention
	locks  ports.Locks // "audit archive": one archiver at a time across replicas (ADR 0040)
	files  ports.ArchiveFiles
	sheets ports.Spreadsheet
	clock  ports.Clock
	keep   time.Duration
}

// NewRetention is the retention job: events older than keep go to the archive.
func NewRetention(log ports.AuditRetention, locks ports.Locks, files ports.ArchiveFiles, sheets ports.Spreadsheet, clock ports.Clock, keep time.Duration) *Retention {
	return &Retention{log: log, locks: locks, files: files, sheets: sheets, clock: clock, keep: keep}
}

// ArchiveLock is the name of the lock one archiver holds while it runs.
const ArchiveLock = "audit archive"

// RetentionReport is what one run did.
type RetentionReport struct {
	Files  []string // the workbooks written, in order
	Events int      // the events archived and deleted
	Busy   bool     // another archiver held the lock; nothing was done
}

var errFirstOnly, errFileFull = errors.New("first only"), errors.New("file full")

// archiveMaxRows is how many events one workbook holds, under Excel's 1,048,576 rows: a
// busier month continues in YYYY-MM-2.xlsx.
var archiveMaxRows = 1_000_000

// Run archives every event older than the retention, oldest first, one workbook per
// month (UTC) of its first event: a workbook holds the events in id order from that one to
// the first at or after the month's end (or the retention's cut), so an event committed
// late with a time in the month before goes with its neighbours. Only when a workbook is
// kept are its events deleted, which moves the chain's anchor to its last event. A crash
// between the two leaves the events in the log, and the next run writes them again to
// YYYY-MM-2.xlsx: an event can be in two files, never in none.
func (r *Retention) Run(ctx context.Context) (RetentionReport, error) {
	var rep RetentionReport
	ran, err := r.locks.Try(ctx, ArchiveLock, func(ctx context.Context) error {
		cut := r.clock.Now().Add(-r.keep)
		for ctx.Err() == nil {
			var first *audit.Event
			if err := r.log.Oldest(ctx, cut, func(e audit.Event) error { first = &e; return errFirstOnly }); err != nil && !errors.Is(err, errFirstOnly) {
				return err
			}
			if first == nil {
				return nil
			}
			month := time.Date(first.At.Year(), first.At.Month(), 1, 0, 0, 0, 0, time.UTC)
			end := month.AddDate(0, 1, 0)
			if cut.Before(end) {
				end = cut
			}
			name, last, n, err := r.archive(ctx, month.Format("2006-01"), end)
			if err != nil {
				return err
			}
			rep.Files = append(rep.Files, name)
			deleted, err := r.log.Prune(ctx, last)
			rep.Events += deleted
			if err != nil {
				return err
			}
			if deleted != n {
				return fmt.Errorf("audit retention: %s holds %d events but %d were deleted", name, n, deleted)
			}
		}
		return ctx.Err()
	})
	rep.Busy = !ran
	return rep, err
}

// archive writes the oldest events before end to a new workbook and keeps it; it answers
// the file's name, the last event's id and how many it holds.
func (r *Retention) archive(ctx context.Context, name string, end time.Time) (string, kernel.ID, int, error) {
	f, err := r.files.Create(ctx, name)
	if err != nil {
		return "", 0, 0, err
	}
	var last kernel.ID
	n := 0
	err = r.sheets.Write(ctx, f, "Activity", ArchiveColumns, func(emit func([]ports.SheetCell) error) error {
		err := r.log.Oldest(ctx, end, func(e audit.Event) error {
			if n == archiveMaxRows {
				return errFileFull
			}
			last, n = e.ID, n+1
			return emit(append(eventCells(e, e.At.UTC().Format(ArchiveTimeLayout)), ports.SheetCell{Value: e.PrevHash}, ports.SheetCell{Value: e.Hash}))
		})
		if errors.Is(err, errFileFull) {
			return nil // the rest of the month goes to the next file
		}
		return err
	})
	if err != nil {
		_ = f.Discard()
		return "", 0, 0, err
	}
	kept, err := f.Keep()
	if err != nil {
		return "", 0, 0, err
	}
	return kept, last, n, nil
}
