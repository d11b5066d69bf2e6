package persistence

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/uptrace/bun"

	appactivity "vitrina/application/activity"
	"vitrina/domain/audit"
	"vitrina/domain/bulk"
	"vitrina/domain/kernel"
	"vitrina/ports"
)

// bulkRunRow is one bulk action or undo (ADR 0043).
type bulkRunRow struct {
	bun.BaseModel `bun:"table:bulk_runs"`

	Group      string     `bun:"grp,pk"`
	EventID    *int64     `bun:"event_id"`
	Kind       string     `bun:"kind"`
	Resource   string     `bun:"resource"`
	ScopeID    int64      `bun:"scope_id"`
	Action     string     `bun:"action"`
	ActorID    int64      `bun:"actor_id"`
	Total      int        `bun:"total"`
	Done       int        `bun:"done"`
	Unchanged  int        `bun:"unchanged"`
	Skipped    int        `bun:"skipped"`
	State      string     `bun:"state"`
	Failure    string     `bun:"failure"`
	StartedAt  time.Time  `bun:"started_at"`
	FinishedAt *time.Time `bun:"finished_at"`
	UndoOf     *int64     `bun:"undo_of"`
	UndoneBy   *int64     `bun:"undone_by,scanonly"`
}

type bulkSkipRow struct {
	bun.BaseModel `bun:"table:bulk_skips"`

	Group    string `bun:"grp,pk"`
	RecordID int64  `bun:"record_id,pk"`
	Code     string `bun:"code"`
	Reason   string `bun:"reason"`
}

func (r *bulkRunRow) run() bulk.Run {
	out := bulk.Run{Group: r.Group, Kind: bulk.Kind(r.Kind), Resource: r.Resource, Scope: kernel.ID(r.ScopeID),
		Action: bulk.Action(r.Action), ActorID: kernel.ID(r.ActorID), Total: r.Total, Done: r.Done,
		Unchanged: r.Unchanged, Skipped: r.Skipped, State: bulk.State(r.State), Failure: r.Failure, Started: r.StartedAt.UTC()}
	if r.EventID != nil {
		out.EventID = kernel.ID(*r.EventID)
	}
	if r.FinishedAt != nil {
		out.Finished = r.FinishedAt.UTC()
	}
	if r.UndoOf != nil {
		out.UndoOf = kernel.ID(*r.UndoOf)
	}
	if r.UndoneBy != nil {
		out.UndoneBy = kernel.ID(*r.UndoneBy)
	}
	return out
}

// BulkRuns keeps bulk actions and their undos beside the log.
type BulkRuns struct {
	db  *bun.DB
	log ports.AuditLog
}

var _ appactivity.Runs = (*BulkRuns)(nil)

// NewBulkRuns returns the runs of db, recording their events in log.
func NewBulkRuns(db *bun.DB, log ports.AuditLog) *BulkRuns { return &BulkRuns{db: db, log: log} }

// Start records e and keeps run in one transaction, then names the run by its event: the
// first of its group, which the chain numbers at the commit.
func (s *BulkRuns) Start(ctx context.Context, run bulk.Run, e audit.Event) (kernel.ID, error) {
	row := &bulkRunRow{Group: run.Group, Kind: string(run.Kind), Resource: run.Resource, ScopeID: int64(run.Scope),
		Action: string(run.Action), ActorID: int64(run.ActorID), Total: run.Total, State: string(run.State),
		StartedAt: run.Started.UTC()}
	if run.UndoOf != 0 {
		u := int64(run.UndoOf)
		row.UndoOf = &u
	}
	err := NewTxManager(s.db).WithinTx(ctx, func(ctx context.Context) error {
		if _, err := conn(ctx, s.db).NewInsert().Model(row).Exec(ctx); err != nil {
			if isUniqueViolation(err) {
				return bulk.ErrUndone
			}
			return err
		}
		return s.log.Record(ctx, e)
	})
	if err != nil {
		return 0, err
	}
	var id int64
	if err := s.db.NewSelect().Table("audit_events").ColumnExpr("min(id)").Where("import_id = ?", run.Group).Scan(ctx, &id); err != nil {
		return 0, err
	}
	if _, err := s.db.NewUpdate().Model((*bulkRunRow)(nil)).Set("event_id = ?", id).Where("grp = ?", run.Group).Exec(ctx); err != nil {
		return 0, err
	}
	return kernel.ID(id), nil
}

// Progress adds a batch's counts and its skipped records, in the caller's transaction.
func (s *BulkRuns) Progress(ctx context.Context, group string, o bulk.Outcome) error {
	c := conn(ctx, s.db)
	if _, err := c.NewUpdate().Model((*bulkRunRow)(nil)).
		Set("done = done + ?", o.Done).Set("unchanged = unchanged + ?", o.Unchanged).Set("skipped = skipped + ?", len(o.Skipped)).
		Where("grp = ?", group).Exec(ctx); err != nil {
		return err
	}
	for i := 0; i < len(o.Skipped); i += 500 {
		chunk := o.Skipped[i:min(i+500, len(o.Skipped))]
		rows := make([]bulkSkipRow, len(chunk))
		for j, k := range chunk {
			rows[j] = bulkSkipRow{Group: group, RecordID: int64(k.ID), Code: k.Code, Reason: k.Reason}
		}
		if _, err := c.NewInsert().Model(&rows).On("CONFLICT DO NOTHING").Exec(ctx); err != nil {
			return err
		}
	}
	return nil
}

// Finish sets the end of a run still running (a run ends once).
func (s *BulkRuns) Finish(ctx context.Context, group string, state bulk.State, at time.Time, failure string) error {
	_, err := s.db.NewUpdate().Model((*bulkRunRow)(nil)).Set("state = ?", string(state)).Set("finished_at = ?", at.UTC()).
		Set("failure = ?", failure).Where("grp = ?", group).Where("state = ?", string(bulk.Running)).Exec(ctx)
	return err
}

func (s *BulkRuns) selectRuns(c bun.IDB, rows any) *bun.SelectQuery {
	return c.NewSelect().Model(rows).ColumnExpr("r.*").
		ColumnExpr("(SELECT u.event_id FROM bulk_runs AS u WHERE u.undo_of = r.event_id) AS undone_by")
}

// Get answers the run event names.
func (s *BulkRuns) Get(ctx context.Context, event kernel.ID) (bulk.Run, error) {
	var row bulkRunRow
	err := s.selectRuns(conn(ctx, s.db), &row).ModelTableExpr("bulk_runs AS r").Where("r.event_id = ?", int64(event)).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return bulk.Run{}, kernel.NotFound("bulk action")
	}
	if err != nil {
		return bulk.Run{}, err
	}
	return row.run(), nil
}

// Running answers the runs not finished, oldest first: the live ones and those a stopped
// process left.
func (s *BulkRuns) Running(ctx context.Context) ([]bulk.Run, error) {
	var rows []bulkRunRow
	if err := s.selectRuns(s.db, &rows).ModelTableExpr("bulk_runs AS r").Where("r.state = ?", string(bulk.Running)).
		OrderExpr("r.started_at").Scan(ctx); err != nil {
		return nil, err
	}
	out := make([]bulk.Run, len(rows))
	for i := range rows {
		out[i] = rows[i].run()
	}
	return out, nil
}

// Skips answers up to limit skipped records of a run, in id order.
func (s *BulkRuns) Skips(ctx context.Context, group string, limit int) ([]bulk.Skip, error) {
	var rows []bulkSkipRow
	if err := conn(ctx, s.db).NewSelect().Model(&rows).Where("grp = ?", group).OrderExpr("record_id").Limit(int64(limit)).Scan(ctx); err != nil {
		return nil, err
	}
	out := make([]bulk.Skip, len(rows))
	for i, r := range rows {
		out[i] = bulk.Skip{ID: kernel.ID(r.RecordID), Code: r.Code, Reason: r.Reason}
	}
	return out, nil
}

// Events answers up to limit events of group after the event id after, in id order, through
// the (import_id, id) index.
func (s *BulkRuns) Events(ctx context.Context, group string, after kernel.ID, limit int) ([]audit.Event, error) {
	var rows []auditEventRow
	if err := conn(ctx, s.db).NewSelect().Model(&rows).Where("import_id = ?", group).Where("id > ?", int64(after)).
		OrderExpr("id").Limit(int64(limit)).Scan(ctx); err != nil {
		return nil, err
	}
	out := make([]audit.Event, 0, len(rows))
	for i := range rows {
		e, err := rows[i].event()
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, nil
}
