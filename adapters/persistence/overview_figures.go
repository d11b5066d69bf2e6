package persistence

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"slices"
	"time"

	"github.com/uptrace/bun"

	"vitrina/domain/kernel"
	"vitrina/domain/partner"
	"vitrina/ports"
	partnerports "vitrina/ports/partner"
)

// The home page's partner figures (issue 25, ADR 0042): the partners whose debt rose past a
// threshold since a date, from the kept debt changes (partner_debt_changes), and the open
// support messages by type.

// OverviewFigures reads the partner context's home page figures and keeps their setting.
type OverviewFigures struct{ db *bun.DB }

// NewOverviewFigures returns the partner figures of db.
func NewOverviewFigures(db *bun.DB) *OverviewFigures { return &OverviewFigures{db: db} }

var _ partnerports.OverviewFigures = (*OverviewFigures)(nil)

// DebtRise is the page of the partners whose debt rose by more than threshold since since:
// one pass over the changes since the date (partner_debt_changes_at holds every column read),
// keeping per partner the debt its first change started from (then) and the debt its last
// change left (now, its debt today: every change is kept); the domain's exact rule decides.
// It costs the changes since the date, not the partners.
func (s *OverviewFigures) DebtRise(ctx context.Context, since time.Time, threshold partner.DebtRiseThreshold, page, perPage int) (ports.Page[partnerports.DebtRiseView], error) {
	db := conn(ctx, s.db)
	type span struct {
		firstID, lastID int64
		then, now       kernel.Figure
	}
	spans := map[int64]*span{}
	rows, err := db.QueryContext(ctx, "SELECT partner_id, id, from_debt, from_pct, to_debt, to_pct FROM partner_debt_changes WHERE at >= ?", since.UTC())
	if err != nil {
		return ports.Page[partnerports.DebtRiseView]{}, err
	}
	defer rows.Close()
	for rows.Next() {
		var partnerID, id, from, to int64
		var fromPct, toPct bool
		if err := rows.Scan(&partnerID, &id, &from, &fromPct, &to, &toPct); err != nil {
			return ports.Page[partnerports.DebtRiseView]{}, err
		}
		sp := spans[partnerID]
		if sp == nil {
			sp = &span{firstID: id + 1, lastID: id - 1}
			spans[partnerID] = sp
		}
		if id < sp.firstID {
			sp.firstID, sp.then = id, kernel.Figure{Amount: kernel.AmountOfThousandths(from), Percent: fromPct}
		}
		if id > sp.lastID {
			sp.lastID, sp.now = id, kernel.Figure{Amount: kernel.AmountOfThousandths(to), Percent: toPct}
		}
	}
	if err := rows.Err(); err != nil {
		return ports.Page[partnerports.DebtRiseView]{}, err
	}
	type risen struct {
		id   int64
		rise partner.DebtRise
	}
	risers := make([]risen, 0, len(spans)/4)
	for id, sp := range spans {
		if rise, ok := partner.NewDebtRise(sp.then, sp.now); ok && rise.Exceeds(threshold) {
			risers = append(risers, risen{id: id, rise: rise})
		}
	}
	slices.SortFunc(risers, func(a, b risen) int {
		if c := b.rise.CompareRise(a.rise); c != 0 {
			return c
		}
		return cmpInt64(a.id, b.id)
	})
	out := ports.Page[partnerports.DebtRiseView]{Total: len(risers), Items: []partnerports.DebtRiseView{}}
	from := (max(page, 1) - 1) * perPage
	if from >= len(risers) || perPage <= 0 {
		return out, nil
	}
	shown := risers[from:min(from+perPage, len(risers))]
	ids := make([]int64, len(shown))
	for i, r := range shown {
		ids[i] = r.id
	}
	var names []struct {
		ID   int64  `bun:"id"`
		Name string `bun:"name"`
	}
	if err := db.NewSelect().Table("partners").Column("id", "name").Where("id IN (?)", bun.List(ids)).Scan(ctx, &names); err != nil {
		return out, err
	}
	name := make(map[int64]string, len(names))
	for _, n := range names {
		name[n.ID] = n.Name
	}
	for _, r := range shown {
		v := partnerports.DebtRiseView{ID: r.id, Name: name[r.id], Then: r.rise.Then(), Now: r.rise.Now()}
		if pct, ok := r.rise.Percent(); ok {
			v.Percent = &pct
		}
		out.Items = append(out.Items, v)
	}
	return out, nil
}

// OpenSupportByType counts each type's open (active) support messages.
func (s *OverviewFigures) OpenSupportByType(ctx context.Context) ([]partnerports.SupportTypeView, error) {
	var rows []struct {
		ID   int64  `bun:"id"`
		Name string `bun:"name"`
		Open int    `bun:"open"`
	}
	err := conn(ctx, s.db).NewRaw("SELECT t.id, t.name, (SELECT count(*) FROM support_messages AS sm"+
		" WHERE sm.type_id = t.id AND sm.is_active) AS open FROM support_message_types AS t ORDER BY t.name_fold, t.id").Scan(ctx, &rows)
	out := make([]partnerports.SupportTypeView, 0, len(rows))
	for _, r := range rows {
		out = append(out, partnerports.SupportTypeView{ID: r.ID, Name: r.Name, Open: r.Open})
	}
	return out, err
}

// overviewSetting is the settings row of the home page's figures.
const overviewSetting = "overview"

type overviewValue struct {
	DebtRiseThreshold string `json:"debt_rise_threshold"`
}

// DebtRiseThreshold is the stored threshold and its version; none stored is the default at
// version 1.
func (s *OverviewFigures) DebtRiseThreshold(ctx context.Context) (partner.DebtRiseThreshold, kernel.Version, error) {
	var row settingRow
	err := conn(ctx, s.db).NewSelect().Model(&row).Where("st.name = ?", overviewSetting).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return partner.DefaultDebtRiseThreshold, 1, nil
	}
	if err != nil {
		return partner.DebtRiseThreshold{}, 0, err
	}
	var v overviewValue
	if err := json.Unmarshal([]byte(row.Value), &v); err != nil {
		return partner.DebtRiseThreshold{}, 0, err
	}
	t, err := partner.ParseDebtRiseThreshold(v.DebtRiseThreshold)
	return t, kernel.Version(row.Version), err
}

// SetDebtRiseThreshold stores t over the version the user loaded (kernel.ErrStale when it
// moved), in one statement as the two-factor policy is, and answers the threshold it
// replaced. Nothing caches it, so every replica reads the new one at once.
func (s *OverviewFigures) SetDebtRiseThreshold(ctx context.Context, t partner.DebtRiseThreshold, expected kernel.Version, now time.Time) (partner.DebtRiseThreshold, kernel.Version, error) {
	was, version, err := s.DebtRiseThreshold(ctx)
	if err != nil {
		return was, 0, err
	}
	if version != expected {
		return was, 0, kernel.ErrStale
	}
	b, err := json.Marshal(overviewValue{DebtRiseThreshold: t.String()})
	if err != nil {
		return was, 0, err
	}
	db := conn(ctx, s.db)
	var res sql.Result
	if expected == 1 { // the first version may still be no row
		res, err = db.NewInsert().Model(&settingRow{Name: overviewSetting, Value: string(b), Version: 2, UpdatedAt: now.UTC()}).
			On("CONFLICT (name) DO UPDATE").Set("value = EXCLUDED.value").Set("version = EXCLUDED.version").
			Set("updated_at = EXCLUDED.updated_at").Where("st.version = 1").Exec(ctx)
	} else {
		res, err = db.NewUpdate().Model((*settingRow)(nil)).Set("value = ?", string(b)).Set("version = version + 1").
			Set("updated_at = ?", now.UTC()).Where("name = ?", overviewSetting).Where("version = ?", int64(expected)).Exec(ctx)
	}
	if err != nil {
		return was, 0, err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		if err == nil {
			err = kernel.ErrStale
		}
		return was, 0, err
	}
	return was, expected + 1, nil
}
