package persistence

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"github.com/uptrace/bun"

	"vitrina/domain/content"
	"vitrina/domain/kernel"
	"vitrina/ports"
	contentports "vitrina/ports/content"
)

type sliderViewRow struct {
	ID             int64     `bun:"id"`
	Name           string    `bun:"name"`
	Type           int       `bun:"type"`
	Image          string    `bun:"image"`
	Wysiwyg        string    `bun:"wyswygimg"`
	PageContent    string    `bun:"page_content"`
	Push           bool      `bun:"push_notification"`
	Text           string    `bun:"notification_text"`
	StartDate      *string   `bun:"start_date"`
	EndDate        *string   `bun:"end_date"`
	CategoriesJSON string    `bun:"categories_json"`
	DatesJSON      string    `bun:"dates_json"`
	IsVisible      bool      `bun:"is_visible"`
	IsActive       bool      `bun:"is_active"`
	UpdatedAt      time.Time `bun:"updated_at"`
	SignUps        int       `bun:"signups_count"`
	Orders         int       `bun:"orders_count"`
	Quantity       int64     `bun:"ordered_quantity"`
	versionCol
	totalRow
}

// jsonStrings reads a JSON array of texts an aggregate wrote; never nil.
func jsonStrings(raw string) []string {
	out := []string{}
	_ = json.Unmarshal([]byte(raw), &out)
	if out == nil {
		out = []string{}
	}
	return out
}

func (r *sliderViewRow) view() contentports.SliderView {
	v := contentports.SliderView{ID: r.ID, Name: r.Name, Type: content.Type(r.Type), Image: r.Image, Wysiwyg: r.Wysiwyg,
		PageContent: r.PageContent, PushNotification: r.Push, NotificationText: r.Text, Dates: jsonStrings(r.DatesJSON),
		StartDate: r.StartDate, EndDate: r.EndDate, Categories: []contentports.Ref{}, IsVisible: r.IsVisible, IsActive: r.IsActive,
		UpdatedAt: r.UpdatedAt, Version: kernel.Version(r.Version), SignUps: r.SignUps, Orders: r.Orders, OrderedQuantity: r.Quantity}
	var cats []contentports.Ref
	if json.Unmarshal([]byte(r.CategoriesJSON), &cats) == nil {
		v.Categories = append(v.Categories, cats...)
	}
	return v
}

// linkedCategories are the per-row aggregates of a record's categories through a link table
// (link with the record's key column key, the record's id owner): its categories as a JSON
// array of {ID, Name} and their folded names joined for sorting, in each engine's own JSON
// functions; they run for the rows of a page alone.
func linkedCategories(sqlite bool, link, key, owner string) (categories, categoryNames string) {
	join := "FROM " + link + " AS lc JOIN categories AS c ON c.id = lc.category_id WHERE lc." + key + " = " + owner
	if sqlite {
		return `(SELECT coalesce(json_group_array(json_object('ID', c.id, 'Name', c.name)), '[]') FROM (SELECT c.id, c.name ` +
				join + ` ORDER BY c.name_fold, c.id) AS c)`,
			`(SELECT group_concat(name_fold, ', ') FROM (SELECT c.name_fold ` + join + ` ORDER BY c.name_fold) AS c)`
	}
	return `(SELECT coalesce(json_agg(json_build_object('ID', c.id, 'Name', c.name) ORDER BY c.name_fold, c.id), '[]')::text ` + join + `)`,
		`(SELECT string_agg(c.name_fold, ', ' ORDER BY c.name_fold) ` + join + `)`
}

// sliderAggregates are the per-row aggregates of a slider: its categories and its days.
func sliderAggregates(sqlite bool) (categories, categoryNames, dates string) {
	categories, categoryNames = linkedCategories(sqlite, "slider_categories", "slider_id", "s.id")
	if sqlite {
		return categories, categoryNames,
			`(SELECT coalesce(json_group_array(d.date), '[]') FROM (SELECT date FROM slider_dates WHERE slider_id = s.id ORDER BY date) AS d)`
	}
	return categories, categoryNames, `(SELECT coalesce(json_agg(d.date ORDER BY d.date), '[]')::text FROM slider_dates AS d WHERE d.slider_id = s.id)`
}

// sliderSpec is the sliders screen: the newest change first unless asked otherwise (the
// transport asks for updated_at descending by default), text filters on the name (trigram)
// and the categories, exact filters on the type and the visibility.
func sliderSpec(sqlite bool) ListSpec {
	categories, categoryNames, dates := sliderAggregates(sqlite)
	categoryFilter := "s.id IN (SELECT sc.slider_id FROM slider_categories AS sc WHERE sc.category_id IN (SELECT c.id FROM categories AS c WHERE %s))"
	return ListSpec{
		Fields: map[string]Field{
			"id":             number("s.id", 1),
			"name":           text("s.name_fold").trigram("name_fold"),
			"category_names": linked(categoryNames, "c.name_fold", categoryFilter).nullable(),
			"type":           number("s.type", 1),
			"is_visible":     flag("s.is_visible", "s.is_visible = TRUE"),
			"is_active":      sortOnly("s.is_active"),
			"updated_at":     sortOnly("s.updated_at"),
		},
		DefaultSort: "updated_at",
		IDExpr:      "s.id",
		ActiveExpr:  "s.is_active",
		FTSTable:    "sliders_fts",
		From:        func(db bun.IDB) *bun.SelectQuery { return db.NewSelect().TableExpr("sliders AS s") },
		Columns: "s.id, s.name, s.type, s.image, s.wyswygimg, s.page_content, s.push_notification, s.notification_text, " +
			"s.start_date, s.end_date, " + categories + " AS categories_json, " + dates + " AS dates_json, s.is_visible, s.is_active, " +
			"s.updated_at, s.version, s.signups_count, s.orders_count, s.ordered_quantity",
	}
}

type sliderPartnerViewRow struct {
	ID            int64   `bun:"id"`
	Name          string  `bun:"name"`
	CategoryNames *string `bun:"category_names"`
	DatesJSON     string  `bun:"dates_json"`
	Quantity      int64   `bun:"quantity"`
	Confirmed     bool    `bun:"confirmed"`
	totalRow
}

func (r *sliderPartnerViewRow) view() contentports.SliderPartnerView {
	v := contentports.SliderPartnerView{PartnerID: r.ID, Name: r.Name, Dates: jsonStrings(r.DatesJSON), Quantity: r.Quantity, Confirmed: r.Confirmed}
	if r.CategoryNames != nil {
		v.CategoryNames = *r.CategoryNames
	}
	return v
}

// sliderPartnerSpec is the partners of a slider (scope "slider_id"): its key (slider, partner)
// pages by partner id and counts a seminar's 50,000 sign-ups from the index alone; the
// partner's name, categories and days are read for the page's rows. The name filter looks
// the partners up through their own trigram index.
func sliderPartnerSpec(sqlite bool) ListSpec {
	categoryNames := `(SELECT string_agg(c.name, ', ' ORDER BY c.name_fold) FROM partner_categories AS pc
		JOIN categories AS c ON c.id = pc.category_id WHERE pc.partner_id = sp.partner_id)`
	categorySort := `(SELECT string_agg(c.name_fold, ', ' ORDER BY c.name_fold) FROM partner_categories AS pc
		JOIN categories AS c ON c.id = pc.category_id WHERE pc.partner_id = sp.partner_id)`
	dates := `(SELECT coalesce(json_agg(d.date ORDER BY d.date), '[]')::text FROM slider_partner_dates AS d
		WHERE d.slider_id = sp.slider_id AND d.partner_id = sp.partner_id)`
	if sqlite {
		categoryNames = `(SELECT group_concat(name, ', ') FROM (SELECT c.name FROM partner_categories AS pc
			JOIN categories AS c ON c.id = pc.category_id WHERE pc.partner_id = sp.partner_id ORDER BY c.name_fold) AS c)`
		categorySort = `(SELECT group_concat(name_fold, ', ') FROM (SELECT c.name_fold FROM partner_categories AS pc
			JOIN categories AS c ON c.id = pc.category_id WHERE pc.partner_id = sp.partner_id ORDER BY c.name_fold) AS c)`
		dates = `(SELECT coalesce(json_group_array(d.date), '[]') FROM (SELECT date FROM slider_partner_dates
			WHERE slider_id = sp.slider_id AND partner_id = sp.partner_id ORDER BY date) AS d)`
	}
	return ListSpec{
		Fields: map[string]Field{
			"id":   number("sp.partner_id", 1),
			"name": linkedPartner("sp.partner_id", "name"),
			"category_names": linked(categorySort, "c.name_fold",
				"sp.partner_id IN (SELECT pc.partner_id FROM partner_categories AS pc WHERE pc.category_id IN (SELECT c.id FROM categories AS c WHERE %s))").nullable(),
			"quantity":  number("sp.quantity", 1),
			"ordered":   {Flag: "sp.quantity > 0"},
			"confirmed": flag("sp.confirmed", "sp.confirmed = TRUE"),
		},
		DefaultSort: "id",
		IDExpr:      "sp.partner_id",
		ActiveExpr:  "(SELECT pa.is_active FROM partners AS pa WHERE pa.id = sp.partner_id)",
		From: func(db bun.IDB) *bun.SelectQuery {
			return db.NewSelect().TableExpr("slider_partners AS sp").Join("JOIN partners AS p ON p.id = sp.partner_id")
		},
		CountFrom: func(db bun.IDB) *bun.SelectQuery { return db.NewSelect().TableExpr("slider_partners AS sp") },
		Columns: "sp.partner_id AS id, p.name, " + categoryNames + " AS category_names, " + dates + " AS dates_json, " +
			"sp.quantity, sp.confirmed",
		Scopes: map[string]string{"slider_id": "sp.slider_id"},
	}
}

// sliderPartners is the partners list with its total quantity.
type sliderPartners struct {
	*Lister[sliderPartnerViewRow, contentports.SliderPartnerView]
}

// TotalQuantity sums the quantity over the rows q matches.
func (l sliderPartners) TotalQuantity(ctx context.Context, q ports.ListQuery) (int64, error) {
	return l.Sum(ctx, q, "sp.quantity")
}

// NewContentLists returns the content context's list screens; partners, the process's
// partner index, finds the partners a slider's name filter matches.
func NewContentLists(db *bun.DB, partners *PartnerIndex) contentports.ContentLists {
	sqlite := IsSQLite(db)
	return contentports.ContentLists{
		Sliders:        NewLister(db, sliderSpec(sqlite), "sliders", "slider", (*sliderViewRow).view),
		SliderPartners: sliderPartners{NewLister(db, sliderPartnerSpec(sqlite), "slider_partners", "partner", (*sliderPartnerViewRow).view).withPartners(partners)},
	}
}

// PartnerSliders reads sliders as a partner's app shows them.
type PartnerSliders struct{ db *bun.DB }

// NewPartnerSliders returns the app's read of sliders over db.
func NewPartnerSliders(db *bun.DB) *PartnerSliders { return &PartnerSliders{db: db} }

var _ contentports.PartnerSliders = (*PartnerSliders)(nil)

type partnerSliderRow struct {
	ID          int64     `bun:"id"`
	Name        string    `bun:"name"`
	Type        int       `bun:"type"`
	Image       string    `bun:"image"`
	Wysiwyg     string    `bun:"wyswygimg"`
	PageContent string    `bun:"page_content"`
	StartDate   *string   `bun:"start_date"`
	EndDate     *string   `bun:"end_date"`
	DatesJSON   string    `bun:"dates_json"`
	UpdatedAt   time.Time `bun:"updated_at"`
	MyDatesJSON string    `bun:"my_dates_json"`
	MyConfirmed bool      `bun:"my_confirmed"`
	MyQuantity  int64     `bun:"my_quantity"`
}

// Shown starts from the partner's categories (their index gives the sliders in them), keeps
// the sliders shown on the day and joins the partner's own row of each by its key.
func (p *PartnerSliders) Shown(ctx context.Context, q contentports.ShownQuery) ([]contentports.PartnerSliderView, error) {
	out := []contentports.PartnerSliderView{}
	if len(q.Categories) == 0 {
		return out, nil
	}
	today := q.Today.String()
	dates := `(SELECT coalesce(json_agg(d.date ORDER BY d.date), '[]')::text FROM slider_dates AS d WHERE d.slider_id = s.id AND d.date >= ?)`
	mine := `(SELECT coalesce(json_agg(d.date ORDER BY d.date), '[]')::text FROM slider_partner_dates AS d
		WHERE d.slider_id = s.id AND d.partner_id = ?)`
	if IsSQLite(p.db) {
		dates = `(SELECT coalesce(json_group_array(d.date), '[]') FROM (SELECT date FROM slider_dates WHERE slider_id = s.id AND date >= ? ORDER BY date) AS d)`
		mine = `(SELECT coalesce(json_group_array(d.date), '[]') FROM (SELECT date FROM slider_partner_dates
			WHERE slider_id = s.id AND partner_id = ? ORDER BY date) AS d)`
	}
	sel := conn(ctx, p.db).NewSelect().TableExpr("sliders AS s").
		Join("LEFT JOIN slider_partners AS sp ON sp.slider_id = s.id AND sp.partner_id = ?", int64(q.PartnerID)).
		ColumnExpr("s.id, s.name, s.type, s.image, s.wyswygimg, s.page_content, s.start_date, s.end_date, s.updated_at").
		ColumnExpr(dates+" AS dates_json", today).
		ColumnExpr(mine+" AS my_dates_json", int64(q.PartnerID)).
		ColumnExpr("coalesce(sp.confirmed, ?) AS my_confirmed, coalesce(sp.quantity, 0) AS my_quantity", false).
		Where("s.id IN (SELECT sc.slider_id FROM slider_categories AS sc WHERE sc.category_id IN (?))", bun.List(rawIDs(q.Categories))).
		Where("s.is_active = ?", true).Where("s.is_visible = ?", true).
		Where("(s.start_date IS NULL OR s.start_date <= ?)", today).Where("(s.end_date IS NULL OR s.end_date >= ?)", today).
		OrderExpr("s.id DESC")
	if q.SliderID != 0 {
		sel = sel.Where("s.id = ?", int64(q.SliderID))
	}
	var rows []partnerSliderRow
	if err := sel.Scan(ctx, &rows); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	for _, r := range rows {
		out = append(out, contentports.PartnerSliderView{ID: r.ID, Name: r.Name, Type: content.Type(r.Type), Image: r.Image,
			Wysiwyg: r.Wysiwyg, PageContent: r.PageContent, StartDate: r.StartDate, EndDate: r.EndDate, Dates: jsonStrings(r.DatesJSON),
			UpdatedAt: r.UpdatedAt, MyDates: jsonStrings(r.MyDatesJSON), MyConfirmed: r.MyConfirmed, MyQuantity: r.MyQuantity})
	}
	return out, nil
}
