package persistence

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"vitrina/domain/kernel"
	"vitrina/domain/view"
	"vitrina/ports"
	viewports "vitrina/ports/view"
)

// Saved views (ADR 0041): user preferences, kept with the version check of every record
// (versionCheck, ADR 0011) but not through the audited store mechanism: a view is no
// business record, and the change record stays the business's (the ADR says why).

type viewRow struct {
	bun.BaseModel `bun:"table:saved_views,alias:sv"`
	ID            int64     `bun:"id,pk,autoincrement"`
	OwnerID       int64     `bun:"owner_id"`
	List          string    `bun:"list"`
	Name          string    `bun:"name"`
	NameFold      string    `bun:"name_fold"`
	State         string    `bun:"state"`
	IsDefault     bool      `bun:"is_default"`
	SharedRoles   string    `bun:"shared_roles"`
	CreatedAt     time.Time `bun:"created_at"`
	UpdatedAt     time.Time `bun:"updated_at"`
	versionCol
	TotalCount int `bun:"total_count,scanonly"`
}

// stateJSON is a view's state as the state column keeps it.
type stateJSON struct {
	Filters map[string]string `json:"filters,omitempty"`
	Sort    string            `json:"sort,omitempty"`
	Order   string            `json:"order,omitempty"`
	PerPage int               `json:"per_page,omitempty"`
	Columns []string          `json:"columns,omitempty"`
}

func toViewRow(v *view.View) (*viewRow, error) {
	s := v.State()
	state, err := json.Marshal(stateJSON{Filters: s.Filters, Sort: s.Sort, Order: s.Order, PerPage: s.PerPage, Columns: s.Columns})
	if err != nil {
		return nil, err
	}
	shared := ""
	if roles := v.SharedRoles(); len(roles) > 0 {
		shared = "," + strings.Join(roles, ",") + ","
	}
	at := v.UpdatedAt().UTC()
	return &viewRow{ID: int64(v.ID()), OwnerID: int64(v.Owner()), List: v.List(), Name: v.Name(), NameFold: fold(v.Name()),
		State: string(state), IsDefault: v.IsDefault(), SharedRoles: shared, CreatedAt: at, UpdatedAt: at}, nil
}

func (r *viewRow) view() (*view.View, error) {
	var s stateJSON
	if err := json.Unmarshal([]byte(r.State), &s); err != nil {
		return nil, err
	}
	var roles []string
	if t := strings.Trim(r.SharedRoles, ","); t != "" {
		roles = strings.Split(t, ",")
	}
	return view.Rehydrate(kernel.ID(r.ID), kernel.ID(r.OwnerID), r.List, r.Name,
		view.State{Filters: s.Filters, Sort: s.Sort, Order: s.Order, PerPage: s.PerPage, Columns: s.Columns},
		r.IsDefault, roles, r.UpdatedAt), nil
}

// Views keeps the saved views.
type Views struct{ db *bun.DB }

// NewViews returns the saved views' store of db.
func NewViews(db *bun.DB) *Views { return &Views{db: db} }

var _ viewports.Repository = (*Views)(nil)

// saveErr turns a unique violation into the view's answer: its name is taken, unless the
// default index caught a concurrent default of the same list (then the other save won: stale).
func saveErr(err error) error {
	if err != nil && isUniqueViolation(err) {
		if strings.Contains(err.Error(), "saved_views_default") || strings.Contains(err.Error(), "is_default") {
			return kernel.ErrStale
		}
		return view.ErrNameTaken
	}
	return err
}

// clearDefault makes no other view of the owner's list its default: what making one the
// default means, in the same transaction.
func clearDefault(ctx context.Context, c bun.IDB, r *viewRow) error {
	if !r.IsDefault {
		return nil
	}
	_, err := c.NewUpdate().Table("saved_views").Set("is_default = ?", false).Set("version = version + 1").
		Where("owner_id = ?", r.OwnerID).Where("list = ?", r.List).Where("is_default = ?", true).Where("id <> ?", r.ID).Exec(ctx)
	return err
}

// Add stores a new view, as its owner's default of the list when it is one; an owner keeps
// at most view.MaxViewsPerList views of one list.
func (s *Views) Add(ctx context.Context, v *view.View) error {
	row, err := toViewRow(v)
	if err != nil {
		return err
	}
	return NewTxManager(s.db).WithinTx(ctx, func(ctx context.Context) error {
		c := conn(ctx, s.db)
		n, err := s.CountOwn(ctx, v.Owner(), v.List())
		if err != nil {
			return err
		}
		if n >= view.MaxViewsPerList {
			return view.ErrTooMany
		}
		if err := clearDefault(ctx, c, row); err != nil {
			return err
		}
		if _, err := c.NewInsert().Model(row).ExcludeColumn("id", "version").Returning("id").Exec(ctx, &row.ID); err != nil {
			return saveErr(err)
		}
		v.AssignID(kernel.ID(row.ID))
		return nil
	})
}

func (s *Views) load(ctx context.Context, c bun.IDB, id kernel.ID) (*viewRow, error) {
	row := new(viewRow)
	err := c.NewSelect().Model(row).Where("sv.id = ?", int64(id)).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, kernel.NotFound("view")
	}
	return row, err
}

// Update loads a view, lets fn change it and saves it at the next version, in one
// transaction; expected is the version the client loaded.
func (s *Views) Update(ctx context.Context, id kernel.ID, expected kernel.Version, fn func(*view.View) error) (*view.View, kernel.Version, error) {
	var out *view.View
	var version kernel.Version
	err := NewTxManager(s.db).WithinTx(ctx, func(ctx context.Context) error {
		c := conn(ctx, s.db)
		row, err := s.load(ctx, c, id)
		if err != nil {
			return err
		}
		// The domain decides first who may change it: a read-only view is 403 whatever version.
		v, err := row.view()
		if err != nil {
			return err
		}
		if err := fn(v); err != nil {
			return err
		}
		check := versionCheck{expected}
		if err := check.loaded(row); err != nil {
			return err
		}
		saved, err := toViewRow(v)
		if err != nil {
			return err
		}
		if err := clearDefault(ctx, c, saved); err != nil {
			return err
		}
		u := c.NewUpdate().Model(saved).WherePK().ExcludeColumn("id", "created_at")
		if err := saveErr(check.save(ctx, u)); err != nil {
			return err
		}
		out, version = v, kernel.Version(row.Version+1)
		return nil
	})
	return out, version, err
}

// Delete removes a view fn allows to be removed.
func (s *Views) Delete(ctx context.Context, id kernel.ID, fn func(*view.View) error) error {
	return NewTxManager(s.db).WithinTx(ctx, func(ctx context.Context) error {
		c := conn(ctx, s.db)
		row, err := s.load(ctx, c, id)
		if err != nil {
			return err
		}
		v, err := row.view()
		if err != nil {
			return err
		}
		if err := fn(v); err != nil {
			return err
		}
		_, err = c.NewDelete().Table("saved_views").Where("id = ?", row.ID).Exec(ctx)
		return err
	})
}

// Find reads one view and its version.
func (s *Views) Find(ctx context.Context, id kernel.ID) (*view.View, kernel.Version, error) {
	row, err := s.load(ctx, conn(ctx, s.db), id)
	if err != nil {
		return nil, 0, err
	}
	v, err := row.view()
	return v, kernel.Version(row.Version), err
}

// Visible is one page of the views of list the viewer owns or that are shared with a role it
// holds: its default first, then its own, then the shared ones, each by name; the total
// comes in the same statement.
func (s *Views) Visible(ctx context.Context, by view.Viewer, list string, page, perPage int) (ports.Page[viewports.Stored], error) {
	c := conn(ctx, s.db)
	visible := func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.Where("sv.list = ?", list).WhereGroup(" AND ", func(q *bun.SelectQuery) *bun.SelectQuery {
			q = q.Where("sv.owner_id = ?", int64(by.UserID))
			for _, r := range by.Roles { // the principal's roles: known names, never typed
				q = q.WhereOr("sv.shared_roles LIKE ?", "%,"+r+",%")
			}
			return q
		})
	}
	q := visible(c.NewSelect().Model((*viewRow)(nil)).ColumnExpr("sv.*").ColumnExpr("count(*) OVER () AS total_count")).
		OrderExpr("CASE WHEN sv.owner_id = ? AND sv.is_default THEN 0 WHEN sv.owner_id = ? THEN 1 ELSE 2 END", int64(by.UserID), int64(by.UserID)).
		OrderExpr("sv.name_fold ASC").OrderExpr("sv.id ASC").
		Limit(int64(perPage)).Offset(int64((page - 1) * perPage))
	var rows []viewRow
	if err := q.Scan(ctx, &rows); err != nil {
		return ports.Page[viewports.Stored]{}, err
	}
	out := ports.Page[viewports.Stored]{Items: make([]viewports.Stored, 0, len(rows))}
	for i := range rows {
		v, err := rows[i].view()
		if err != nil {
			return ports.Page[viewports.Stored]{}, err
		}
		out.Items = append(out.Items, viewports.Stored{View: v, Version: kernel.Version(rows[i].Version)})
		out.Total = rows[i].TotalCount
	}
	if len(rows) == 0 && page > 1 { // past the end: the window had no row to carry the total
		n, err := visible(c.NewSelect().Model((*viewRow)(nil))).Count(ctx)
		out.Total = int(n)
		return out, err
	}
	return out, nil
}

// CountOwn counts the owner's views of list.
func (s *Views) CountOwn(ctx context.Context, owner kernel.ID, list string) (int, error) {
	n, err := conn(ctx, s.db).NewSelect().Table("saved_views").Where("owner_id = ?", int64(owner)).Where("list = ?", list).Count(ctx)
	return int(n), err
}
