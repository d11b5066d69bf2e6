package persistence

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"vitrina/domain/audit"
	"vitrina/domain/content"
	"vitrina/domain/kernel"
	contentports "vitrina/ports/content"
)

type sliderRow struct {
	bun.BaseModel `bun:"table:sliders,alias:s"`
	ID            int64     `bun:"id,pk,autoincrement"`
	Name          string    `bun:"name"`
	NameFold      string    `bun:"name_fold"`
	Type          int       `bun:"type"`
	Image         string    `bun:"image"`
	Wysiwyg       string    `bun:"wyswygimg"`
	PageContent   string    `bun:"page_content"`
	Push          bool      `bun:"push_notification"`
	Text          string    `bun:"notification_text"`
	StartDate     *string   `bun:"start_date"`
	EndDate       *string   `bun:"end_date"`
	IsVisible     bool      `bun:"is_visible"`
	IsActive      bool      `bun:"is_active"`
	CreatedAt     time.Time `bun:"created_at"`
	UpdatedAt     time.Time `bun:"updated_at"`
	versionCol
}

type sliderCategoryRow struct {
	bun.BaseModel `bun:"table:slider_categories"`
	SliderID      int64 `bun:"slider_id,pk"`
	CategoryID    int64 `bun:"category_id,pk"`
}

type sliderDateRow struct {
	bun.BaseModel `bun:"table:slider_dates"`
	SliderID      int64  `bun:"slider_id,pk"`
	Date          string `bun:"date,pk"`
}

type sliderPartnerRow struct {
	bun.BaseModel `bun:"table:slider_partners,alias:sp"`
	SliderID      int64     `bun:"slider_id,pk"`
	PartnerID     int64     `bun:"partner_id,pk"`
	Quantity      int64     `bun:"quantity"`
	Confirmed     bool      `bun:"confirmed"`
	CreatedAt     time.Time `bun:"created_at"`
	UpdatedAt     time.Time `bun:"updated_at"`
}

type sliderPartnerDateRow struct {
	bun.BaseModel `bun:"table:slider_partner_dates"`
	SliderID      int64  `bun:"slider_id,pk"`
	PartnerID     int64  `bun:"partner_id,pk"`
	Date          string `bun:"date,pk"`
}

func optionalDate(d *content.Date) *string {
	if d == nil {
		return nil
	}
	s := d.String()
	return &s
}

func storedDate(s *string) *content.Date {
	if s == nil {
		return nil
	}
	d := content.MustDate(*s)
	return &d
}

func toSliderRow(st content.State) *sliderRow {
	at := st.UpdatedAt.UTC()
	return &sliderRow{ID: int64(st.ID), Name: st.Name, NameFold: fold(st.Name), Type: int(st.Type), Image: st.Image, Wysiwyg: st.Wysiwyg,
		PageContent: st.PageContent, Push: st.PushNotification, Text: st.NotificationText, StartDate: optionalDate(st.Start),
		EndDate: optionalDate(st.End), IsVisible: st.Visible, IsActive: st.Active, CreatedAt: at, UpdatedAt: at}
}

// SliderStore keeps the content context: sliders, their categories and days, and what
// partners hold of them. What it asks other contexts is answered in narrow_ports.go.
type SliderStore struct{ db *bun.DB }

// NewSliderStore returns the slider store of db.
func NewSliderStore(db *bun.DB) *SliderStore { return &SliderStore{db: db} }

var _ contentports.SliderRepository = (*SliderStore)(nil)

// Add inserts a slider with its categories and days.
func (s *SliderStore) Add(ctx context.Context, sl *content.Slider) error {
	return NewTxManager(s.db).WithinTx(ctx, func(ctx context.Context) error {
		c := conn(ctx, s.db)
		st := sl.State()
		row := toSliderRow(st)
		if _, err := c.NewInsert().Model(row).ExcludeColumn("id", "version").Returning("id").Exec(ctx, &row.ID); err != nil {
			return err
		}
		sl.AssignID(kernel.ID(row.ID))
		if err := insertSliderCategories(ctx, c, row.ID, st.Categories); err != nil {
			return err
		}
		if err := insertSliderDates(ctx, c, row.ID, st.Dates); err != nil {
			return err
		}
		st.ID = kernel.ID(row.ID)
		return recordRowChange(ctx, "sliders", st.ID, nil, sliderSnapshot(c, st), true)
	})
}

// sliderSnapshot is a slider's audited fields: its row's, its categories and its seminar
// days.
func sliderSnapshot(db bun.IDB, st content.State) audit.Snapshot {
	days := make([]string, len(st.Dates))
	for i, d := range st.Dates {
		days[i] = d.String()
	}
	slices.Sort(days)
	return rowSnapshot(db, toSliderRow(st)).Text("category_ids", idList(st.Categories)).Text("dates", strings.Join(days, ","))
}

// load reads a slider with its categories and days; with lock (PostgreSQL) it holds the
// slider's row until the transaction ends, so an edit and a sign-up of one slider take
// turns. SQLite needs no lock: its writers take turns anyway (IMMEDIATE transactions).
func (s *SliderStore) load(ctx context.Context, c bun.IDB, id kernel.ID, lock bool) (*content.Slider, *sliderRow, error) {
	row := new(sliderRow)
	q := c.NewSelect().Model(row).Where("s.id = ?", int64(id))
	if lock && !IsSQLite(s.db) {
		q = q.For("UPDATE")
	}
	if err := q.Scan(ctx); errors.Is(err, sql.ErrNoRows) {
		return nil, nil, kernel.NotFound("slider")
	} else if err != nil {
		return nil, nil, err
	}
	var cats []int64
	if err := c.NewSelect().Model((*sliderCategoryRow)(nil)).Column("category_id").Where("slider_id = ?", row.ID).
		OrderExpr("category_id").Scan(ctx, &cats); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, nil, err
	}
	days, err := sliderDates(ctx, c, row.ID)
	if err != nil {
		return nil, nil, err
	}
	st := content.State{ID: kernel.ID(row.ID), Name: row.Name, Type: content.Type(row.Type), Image: row.Image, Wysiwyg: row.Wysiwyg,
		PageContent: row.PageContent, PushNotification: row.Push, NotificationText: row.Text, Start: storedDate(row.StartDate),
		End: storedDate(row.EndDate), Visible: row.IsVisible, Active: row.IsActive, UpdatedAt: row.UpdatedAt, Dates: days}
	for _, c := range cats {
		st.Categories = append(st.Categories, kernel.ID(c))
	}
	return content.Rehydrate(st), row, nil
}

func sliderDates(ctx context.Context, c bun.IDB, id int64) ([]content.Date, error) {
	var texts []string
	if err := c.NewSelect().Model((*sliderDateRow)(nil)).Column("date").Where("slider_id = ?", id).OrderExpr("date").
		Scan(ctx, &texts); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	out := make([]content.Date, 0, len(texts))
	for _, t := range texts {
		out = append(out, content.MustDate(t))
	}
	return out, nil
}

// usage is what partners hold of a slider: how many take part, and the days signed up for
// (each of the slider's days looked up in the sign-ups' index, at most content.MaxDates).
func usage(ctx context.Context, c bun.IDB, id int64) (content.Usage, error) {
	var u content.Usage
	if err := c.NewSelect().TableExpr("sliders").ColumnExpr("signups_count + orders_count").Where("id = ?", id).Scan(ctx, &u.Partners); err != nil {
		return u, err
	}
	var texts []string
	if err := c.NewSelect().TableExpr("slider_dates AS d").Column("d.date").Where("d.slider_id = ?", id).
		Where("EXISTS (SELECT 1 FROM slider_partner_dates AS pd WHERE pd.slider_id = d.slider_id AND pd.date = d.date)").
		OrderExpr("d.date").Scan(ctx, &texts); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return u, err
	}
	for _, t := range texts {
		u.SignedUpDates = append(u.SignedUpDates, content.MustDate(t))
	}
	return u, nil
}

// Update loads the slider under its lock with what partners hold of it, lets fn change it
// and saves it: the row at the next version, the categories when they changed, and the days
// that went or came (a day signed up for cannot go: the domain refuses, the key backs it).
func (s *SliderStore) Update(ctx context.Context, id kernel.ID, expected kernel.Version, fn func(*content.Slider, content.Usage) error) (*content.Slider, error) {
	var out *content.Slider
	err := NewTxManager(s.db).WithinTx(ctx, func(ctx context.Context) error {
		c := conn(ctx, s.db)
		sl, row, err := s.load(ctx, c, id, true)
		if err != nil {
			return err
		}
		check := versionCheck{expected}
		if err := check.loaded(row); err != nil {
			return err
		}
		u, err := usage(ctx, c, row.ID)
		if err != nil {
			return err
		}
		before := sl.State()
		if err := fn(sl, u); err != nil {
			return err
		}
		after := sl.State()
		if err := check.save(ctx, c.NewUpdate().Model(toSliderRow(after)).WherePK().ExcludeColumn("id", "created_at")); err != nil {
			return err
		}
		if !sameIDs(before.Categories, after.Categories) {
			if _, err := c.NewDelete().Model((*sliderCategoryRow)(nil)).Where("slider_id = ?", row.ID).Exec(ctx); err != nil {
				return err
			}
			if err := insertSliderCategories(ctx, c, row.ID, after.Categories); err != nil {
				return err
			}
		}
		var gone []string
		for _, d := range before.Dates {
			if !slices.Contains(after.Dates, d) {
				gone = append(gone, d.String())
			}
		}
		if len(gone) > 0 {
			if _, err := c.NewDelete().Model((*sliderDateRow)(nil)).Where("slider_id = ?", row.ID).Where("date IN (?)", bun.List(gone)).Exec(ctx); err != nil {
				return err
			}
		}
		var came []content.Date
		for _, d := range after.Dates {
			if !slices.Contains(before.Dates, d) {
				came = append(came, d)
			}
		}
		out = sl
		if err := insertSliderDates(ctx, c, row.ID, came); err != nil {
			return err
		}
		return recordRowChange(ctx, "sliders", id, sliderSnapshot(c, before), sliderSnapshot(c, after), false)
	})
	return out, err
}

// sameIDs tells whether a and b hold the same ids, whatever their order.
func sameIDs(a, b []kernel.ID) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

func insertSliderCategories(ctx context.Context, c bun.IDB, id int64, cats []kernel.ID) error {
	if len(cats) == 0 {
		return nil
	}
	rows := make([]sliderCategoryRow, 0, len(cats))
	for _, cat := range cats {
		rows = append(rows, sliderCategoryRow{SliderID: id, CategoryID: int64(cat)})
	}
	_, err := c.NewInsert().Model(&rows).Exec(ctx)
	return err
}

func insertSliderDates(ctx context.Context, c bun.IDB, id int64, days []content.Date) error {
	if len(days) == 0 {
		return nil
	}
	rows := make([]sliderDateRow, 0, len(days))
	for _, d := range days {
		rows = append(rows, sliderDateRow{SliderID: id, Date: d.String()})
	}
	_, err := c.NewInsert().Model(&rows).Exec(ctx)
	return err
}

// Participate saves one partner's sign-up or order under the slider's lock: none deletes the
// partner's row (its days go with it), otherwise the row is inserted or updated and the
// days replaced; a sign-up keeps its confirmation only while its days stay the same.
func (s *SliderStore) Participate(ctx context.Context, sliderID, partnerID kernel.ID, now time.Time, fn func(*content.Slider) (content.Participation, error)) error {
	return NewTxManager(s.db).WithinTx(ctx, func(ctx context.Context) error {
		c := conn(ctx, s.db)
		sl, _, err := s.load(ctx, c, sliderID, true)
		if err != nil {
			return err
		}
		p, err := fn(sl)
		if err != nil {
			return err
		}
		sid, pid := int64(sliderID), int64(partnerID)
		key := func(q bun.QueryBuilder) bun.QueryBuilder {
			return q.Where("slider_id = ?", sid).Where("partner_id = ?", pid)
		}
		cur := new(sliderPartnerRow)
		err = c.NewSelect().Model(cur).Where("sp.slider_id = ?", sid).Where("sp.partner_id = ?", pid).Scan(ctx)
		found := err == nil
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		var had []string
		if found {
			if err := c.NewSelect().Model((*sliderPartnerDateRow)(nil)).Column("date").ApplyQueryBuilder(key).OrderExpr("date").
				Scan(ctx, &had); err != nil && !errors.Is(err, sql.ErrNoRows) {
				return err
			}
		}
		days := make([]string, 0, len(p.Dates))
		for _, d := range p.Dates {
			days = append(days, d.String())
		}
		same := slices.Equal(had, days)
		recordParticipation(ctx, sliderID, partnerID, found, cur, had, p, days, same)
		if p.None() {
			if found {
				_, err = c.NewDelete().Model((*sliderPartnerRow)(nil)).ApplyQueryBuilder(key).Exec(ctx)
			}
			return err
		}
		at := now.UTC()
		if !found {
			row := &sliderPartnerRow{SliderID: sid, PartnerID: pid, Quantity: p.Quantity, CreatedAt: at, UpdatedAt: at}
			if _, err := c.NewInsert().Model(row).Exec(ctx); err != nil {
				return err
			}
			return insertPartnerDates(ctx, c, sid, pid, days)
		}
		if _, err := c.NewUpdate().Model((*sliderPartnerRow)(nil)).Set("quantity = ?", p.Quantity).Set("confirmed = ?", cur.Confirmed && same).
			Set("updated_at = ?", at).ApplyQueryBuilder(key).Exec(ctx); err != nil {
			return err
		}
		if same {
			return nil
		}
		if _, err := c.NewDelete().Model((*sliderPartnerDateRow)(nil)).ApplyQueryBuilder(key).Exec(ctx); err != nil {
			return err
		}
		return insertPartnerDates(ctx, c, sid, pid, days)
	})
}

// sliderPartnersResource is the audited resource of a partner's sign-up or order of a slider
// (ADR 0031): the record is the partner, the parent the slider.
const sliderPartnersResource = "slider_partners"

// participationSnapshot is what a sign-up or an order holds: its days (sorted, comma-separated)
// or its quantity, and whether it is confirmed; none for no participation.
func participationSnapshot(quantity int64, days []string, confirmed bool) audit.Snapshot {
	if quantity == 0 && len(days) == 0 {
		return nil
	}
	s := audit.Snapshot{}
	if quantity > 0 {
		s.Int("quantity", quantity)
	} else {
		s.Text("dates", strings.Join(slices.Sorted(slices.Values(days)), ",")).Bool("confirmed", confirmed)
	}
	return s
}

// recordParticipation records a partner's sign-up to a seminar (sign_up), its order of a
// promotion (order) or its withdrawal of either (withdraw), from what it held to what it
// holds; one that changes nothing records nothing.
func recordParticipation(ctx context.Context, sliderID, partnerID kernel.ID, found bool, cur *sliderPartnerRow, had []string,
	p content.Participation, days []string, same bool) {
	var before audit.Snapshot
	if found {
		before = participationSnapshot(cur.Quantity, had, cur.Confirmed)
	}
	after := participationSnapshot(p.Quantity, days, found && cur.Confirmed && same)
	action := audit.ActionOrder
	switch {
	case after == nil:
		action = audit.ActionWithdraw
	case p.Quantity == 0:
		action = audit.ActionSignUp
	}
	e := linkEvent(sliderPartnersResource, partnerID, audit.Ref{Resource: "sliders", ID: sliderID}, partnerID, action, before, after)
	if len(e.Changes) > 0 {
		recordEvent(ctx, e)
	}
}

func insertPartnerDates(ctx context.Context, c bun.IDB, sliderID, partnerID int64, days []string) error {
	if len(days) == 0 {
		return nil
	}
	rows := make([]sliderPartnerDateRow, 0, len(days))
	for _, d := range days {
		rows = append(rows, sliderPartnerDateRow{SliderID: sliderID, PartnerID: partnerID, Date: d})
	}
	_, err := c.NewInsert().Model(&rows).Exec(ctx)
	return err
}

// SignedUp tells which of partners have signed up to the slider (a row without a quantity).
func (s *SliderStore) SignedUp(ctx context.Context, sliderID kernel.ID, partners []kernel.ID) (map[kernel.ID]bool, error) {
	out := map[kernel.ID]bool{}
	if len(partners) == 0 {
		return out, nil
	}
	var found []int64
	if err := conn(ctx, s.db).NewSelect().Model((*sliderPartnerRow)(nil)).Column("partner_id").Where("slider_id = ?", int64(sliderID)).
		Where("quantity = 0").Where("partner_id IN (?)", bun.List(rawIDs(partners))).Scan(ctx, &found); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	for _, id := range found {
		out[kernel.ID(id)] = true
	}
	return out, nil
}

// Confirm marks the sign-ups of partners confirmed, recording each that was not yet (an
// edit of the sign-up, confirmed false → true, on the partner's timeline).
func (s *SliderStore) Confirm(ctx context.Context, sliderID kernel.ID, partners []kernel.ID, now time.Time) (int, error) {
	if len(partners) == 0 {
		return 0, nil
	}
	var n int
	err := NewTxManager(s.db).WithinTx(ctx, func(ctx context.Context) error {
		c := conn(ctx, s.db)
		var fresh []int64
		if err := c.NewSelect().Model((*sliderPartnerRow)(nil)).Column("partner_id").Where("slider_id = ?", int64(sliderID)).
			Where("quantity = 0").Where("confirmed = ?", false).Where("partner_id IN (?)", bun.List(rawIDs(partners))).
			OrderExpr("partner_id").Scan(ctx, &fresh); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		res, err := c.NewUpdate().Model((*sliderPartnerRow)(nil)).Set("confirmed = ?", true).Set("updated_at = ?", now.UTC()).
			Where("slider_id = ?", int64(sliderID)).Where("quantity = 0").Where("partner_id IN (?)", bun.List(rawIDs(partners))).Exec(ctx)
		if err != nil {
			return err
		}
		affected, err := res.RowsAffected()
		n = int(affected)
		for _, p := range fresh {
			recordEvent(ctx, linkEvent(sliderPartnersResource, kernel.ID(p), audit.Ref{Resource: "sliders", ID: sliderID}, kernel.ID(p),
				audit.ActionEdit, audit.Snapshot{}.Bool("confirmed", false), audit.Snapshot{}.Bool("confirmed", true)))
		}
		return err
	})
	return n, err
}

func rawIDs(ids []kernel.ID) []int64 {
	out := make([]int64, len(ids))
	for i, id := range ids {
		out[i] = int64(id)
	}
	return out
}
