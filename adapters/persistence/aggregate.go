package persistence

import (
	"context"
	"database/sql"
	"errors"
	"reflect"

	"github.com/uptrace/bun"

	"vitrina/domain/kernel"
)

// mapping says how an aggregate D is kept in a row R.
type mapping[R any, D any] struct {
	table  string // set for row types that do not name their table (namedRow)
	entity string // for not-found errors
	load   func(*R) D
	save   func(D) *R
	id     func(*R) *int64
	assign func(D, kernel.ID)
	taken  error // what a unique violation means for this aggregate
}

func (m mapping[R, D]) tableExpr() string { return m.table + " AS named_row" } // namedRow's alias

// resource is the audited resource of the aggregate: its table (ADR 0031).
func (m mapping[R, D]) resource(db bun.IDB) string {
	if m.table != "" {
		return m.table
	}
	return resourceOf(db, reflect.TypeFor[R]())
}

// add inserts a new aggregate, assigns it the generated id and records its creation, in one
// transaction.
func add[R, D any](ctx context.Context, db *bun.DB, m mapping[R, D], d D) error {
	return NewTxManager(db).WithinTx(ctx, func(ctx context.Context) error {
		c := conn(ctx, db)
		row := m.save(d)
		q := c.NewInsert().Model(row).ExcludeColumn("id").Returning("id")
		if _, ok := any(row).(versioned); ok {
			q = q.ExcludeColumn("version") // the database starts it at 1
		}
		if m.table != "" {
			q = q.ModelTableExpr(m.table)
		}
		_, err := q.Exec(ctx, m.id(row))
		if isUniqueViolation(err) {
			return m.taken
		}
		if err != nil {
			return err
		}
		m.assign(d, kernel.ID(*m.id(row)))
		return recordRowChange(ctx, m.resource(c), kernel.ID(*m.id(row)), nil, rowSnapshot(c, row), true)
	})
}

// versionCol is the optimistic-concurrency counter of an editable row (ADR 0011): the
// database starts it at 1 and every save adds one.
type versionCol struct {
	Version int64 `bun:"version"`
}

func (v *versionCol) rowVersion() int64 { return v.Version }

type versioned interface{ rowVersion() int64 }

// versionCheck is the one optimistic-concurrency check (ADR 0011) every store's update runs,
// whatever its aggregate: the version the client loaded (kernel.AnyVersion: none) checked
// when the row is loaded, before the change is applied, and again by the UPDATE itself, so
// that a concurrent save in between is caught on any engine.
type versionCheck struct{ expected kernel.Version }

// loaded is kernel.ErrStale when the row was loaded at another version than expected.
func (v versionCheck) loaded(row versioned) error {
	if v.expected != kernel.AnyVersion && kernel.Version(row.rowVersion()) != v.expected {
		return kernel.ErrStale
	}
	return nil
}

// save runs u, the UPDATE of one row by its key, at the row's next version; with a version
// expected, only at that version: a row no longer there is kernel.ErrStale. Other errors of
// the statement are answered as they are.
func (v versionCheck) save(ctx context.Context, u *bun.UpdateQuery) error {
	u = u.Value("version", "version + 1")
	if v.expected != kernel.AnyVersion {
		u = u.Where("version = ?", int64(v.expected))
	}
	res, err := u.Exec(ctx)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		return kernel.ErrStale
	}
	return nil
}

// update loads an aggregate, lets fn change it and saves it, in one transaction; a row with
// a version goes through versionCheck, and what the save changed is recorded in the audit
// log in the same transaction (ADR 0031).
func update[R, D any](ctx context.Context, db *bun.DB, m mapping[R, D], id kernel.ID, expected kernel.Version, fn func(D) error) (D, error) {
	var out D
	err := NewTxManager(db).WithinTx(ctx, func(ctx context.Context) error {
		c := conn(ctx, db)
		row := new(R)
		q := c.NewSelect().Model(row).Where("id = ?", int64(id))
		if m.table != "" {
			q = q.ModelTableExpr(m.tableExpr())
		}
		if err := q.Scan(ctx); errors.Is(err, sql.ErrNoRows) {
			return kernel.NotFound(m.entity)
		} else if err != nil {
			return err
		}
		check := versionCheck{expected}
		v, hasVersion := any(row).(versioned)
		if hasVersion {
			if err := check.loaded(v); err != nil {
				return err
			}
		}
		before := rowSnapshot(c, row)
		d := m.load(row)
		if err := fn(d); err != nil {
			return err
		}
		saved := m.save(d)
		u := c.NewUpdate().Model(saved).WherePK().ExcludeColumn("id", "created_at")
		if m.table != "" {
			u = u.ModelTableExpr(m.tableExpr())
		}
		var err error
		if hasVersion {
			err = check.save(ctx, u)
		} else {
			_, err = u.Exec(ctx)
		}
		if isUniqueViolation(err) {
			return m.taken
		}
		if err != nil {
			return err
		}
		out = d
		return recordRowChange(ctx, m.resource(c), id, before, rowSnapshot(c, saved), false)
	})
	return out, err
}
