package persistence

import (
	"context"
	"database/sql"
	"errors"
	"reflect"
	"strings"
	"time"
	"unicode"

	"github.com/uptrace/bun"

	"vitrina/domain/audit"
	"vitrina/domain/kernel"
	"vitrina/domain/partner"
	partnerports "vitrina/ports/partner"
)

type partnerRow struct {
	bun.BaseModel `bun:"table:partners,alias:p"`
	ID            int64  `bun:"id,pk"`
	Name          string `bun:"name"`
	NameFold      string `bun:"name_fold"`
	Address       string `bun:"address"`
	AddressFold   string `bun:"address_fold"`
	PIB           string `bun:"pib"`
	PIBFold       string `bun:"pib_fold"`
	PDV           string `bun:"pdv"`
	PDVFold       string `bun:"pdv_fold"`
	Phone         string `bun:"phone"`
	PhoneFold     string `bun:"phone_fold"`
	CityID        *int64 `bun:"city_id"`
	TypeID        *int64 `bun:"partner_type_id"`
	PasswordHash  string `bun:"password_hash"`
	figureCols
	IsActive  bool      `bun:"is_active"`
	CreatedAt time.Time `bun:"created_at"`
	UpdatedAt time.Time `bun:"updated_at"`
	versionCol
}

// figureCols are the six figures: thousandths and whether each was entered as a percentage.
// Their columns are the figures' keys in snake case (figureColumn); figureSlots finds them.
type figureCols struct {
	Bonus               int64 `bun:"bonus"`
	BonusPct            bool  `bun:"bonus_pct"`
	Debt                int64 `bun:"debt"`
	DebtPct             bool  `bun:"debt_pct"`
	Payment             int64 `bun:"payment"`
	PaymentPct          bool  `bun:"payment_pct"`
	ToolCash            int64 `bun:"tool_cash"`
	ToolCashPct         bool  `bun:"tool_cash_pct"`
	AnnualPlan          int64 `bun:"annual_plan"`
	AnnualPlanPct       bool  `bun:"annual_plan_pct"`
	MoneyCirculation    int64 `bun:"money_circulation"`
	MoneyCirculationPct bool  `bun:"money_circulation_pct"`
}

// figureColumn is the column of a figure: its key in snake case (toolCash → tool_cash); the
// column "<figure>_pct" tells whether it was entered as a percentage.
func figureColumn(f partner.Figure) string {
	var b strings.Builder
	for _, r := range f.Key() {
		if unicode.IsUpper(r) {
			b.WriteByte('_')
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// figureSlots are the field indexes in figureCols of each figure's amount and percent flag,
// found by column; a figure without its columns stops the program at start.
var figureSlots = func() (slots [partner.NumFigures]struct{ amount, percent int }) {
	t := reflect.TypeFor[figureCols]()
	index := map[string]int{}
	for i := range t.NumField() {
		index[t.Field(i).Tag.Get("bun")] = i
	}
	for _, f := range partner.AllFigures {
		amount, ok1 := index[figureColumn(f)]
		percent, ok2 := index[figureColumn(f)+"_pct"]
		if !ok1 || !ok2 {
			panic("persistence: no columns for the partner figure " + f.Key())
		}
		slots[f].amount, slots[f].percent = amount, percent
	}
	return slots
}()

func (f *figureCols) set(figs partner.Figures) {
	v := reflect.ValueOf(f).Elem()
	for _, fig := range partner.AllFigures {
		v.Field(figureSlots[fig].amount).SetInt(figs[fig].Amount.Thousandths())
		v.Field(figureSlots[fig].percent).SetBool(figs[fig].Percent)
	}
}

func (f *figureCols) figures() partner.Figures {
	var out partner.Figures
	v := reflect.ValueOf(f).Elem()
	for _, fig := range partner.AllFigures {
		out[fig] = kernel.Figure{Amount: kernel.AmountOfThousandths(v.Field(figureSlots[fig].amount).Int()),
			Percent: v.Field(figureSlots[fig].percent).Bool()}
	}
	return out
}

// texts are the figures as views show them, keyed by the figures' keys.
func (f *figureCols) texts() map[string]string {
	out := make(map[string]string, partner.NumFigures)
	for fig, v := range f.figures() {
		out[partner.Figure(fig).Key()] = v.String()
	}
	return out
}

func optionalID(id kernel.ID) *int64 {
	if id <= 0 {
		return nil
	}
	v := int64(id)
	return &v
}

func toPartnerRow(s partner.State) *partnerRow {
	r := &partnerRow{ID: int64(s.ID), Name: s.Name, NameFold: fold(s.Name), Address: s.Address, AddressFold: fold(s.Address),
		PIB: s.PIB, PIBFold: fold(s.PIB), PDV: s.PDV, PDVFold: fold(s.PDV), Phone: s.Phone, PhoneFold: fold(s.Phone),
		CityID: optionalID(s.CityID), TypeID: optionalID(s.TypeID), PasswordHash: s.PasswordHash,
		IsActive: s.Active, CreatedAt: s.UpdatedAt, UpdatedAt: s.UpdatedAt}
	r.figureCols.set(s.Figures)
	return r
}

func (r *partnerRow) state(categories []kernel.ID) partner.State {
	s := partner.State{ID: kernel.ID(r.ID), Name: r.Name, Address: r.Address, PIB: r.PIB, PDV: r.PDV, Phone: r.Phone,
		Figures: r.figureCols.figures(), PasswordHash: r.PasswordHash, Categories: categories, Active: r.IsActive, UpdatedAt: r.UpdatedAt}
	if r.CityID != nil {
		s.CityID = kernel.ID(*r.CityID)
	}
	if r.TypeID != nil {
		s.TypeID = kernel.ID(*r.TypeID)
	}
	return s
}

type partnerCategoryRow struct {
	bun.BaseModel `bun:"table:partner_categories"`
	PartnerID     int64 `bun:"partner_id,pk"`
	CategoryID    int64 `bun:"category_id,pk"`
}

type contactRow struct {
	bun.BaseModel `bun:"table:contacts,alias:ct"`
	ID            int64     `bun:"id,pk,autoincrement"`
	PartnerID     int64     `bun:"partner_id"`
	TypeID        int64     `bun:"contact_type_id"`
	Contact       string    `bun:"contact"`
	IsActive      bool      `bun:"is_active"`
	CreatedAt     time.Time `bun:"created_at"`
	UpdatedAt     time.Time `bun:"updated_at"`
	versionCol
}

type supportMessageRow struct {
	bun.BaseModel `bun:"table:support_messages,alias:sm"`
	ID            int64     `bun:"id,pk,autoincrement"`
	TypeID        int64     `bun:"type_id"`
	PartnerID     int64     `bun:"partner_id"`
	Content       string    `bun:"content"`
	ContentFold   string    `bun:"content_fold"`
	IsActive      bool      `bun:"is_active"`
	CreatedAt     time.Time `bun:"created_at"`
	UpdatedAt     time.Time `bun:"updated_at"`
}

// PartnerStore keeps the partner context: partners, contacts, support messages and the
// partner and contact types. What other contexts ask about partners, and what the partner
// context asks the catalog, is answered by the small adapters of narrow_ports.go.
type PartnerStore struct{ db *bun.DB }

// NewPartnerStore returns the partner store of db.
func NewPartnerStore(db *bun.DB) *PartnerStore { return &PartnerStore{db: db} }

var (
	_ partnerports.PartnerRepository = (*PartnerStore)(nil)
	_ partnerports.Types             = (*PartnerStore)(nil)
)

// Add inserts a partner with its hand-entered id and its categories.
func (s *PartnerStore) Add(ctx context.Context, p *partner.Partner) error {
	return NewTxManager(s.db).WithinTx(ctx, func(ctx context.Context) error {
		c := conn(ctx, s.db)
		st := p.State()
		_, err := c.NewInsert().Model(toPartnerRow(st)).ExcludeColumn("version").Exec(ctx)
		if isUniqueViolation(err) {
			return partner.ErrIDTaken
		}
		if err != nil {
			return err
		}
		if err := insertCategories(ctx, c, map[int64][]kernel.ID{int64(st.ID): st.Categories}); err != nil {
			return err
		}
		return recordRowChange(ctx, audit.PartnersResource, st.ID, nil, partnerSnapshot(c, toPartnerRow(st), st.Categories), true)
	})
}

// partnerSnapshot is a partner's audited fields: its row's, figures with their percent
// flags, and its categories as one sorted list of ids.
func partnerSnapshot(db bun.IDB, row *partnerRow, categories []kernel.ID) audit.Snapshot {
	return rowSnapshot(db, row).Text("category_ids", idList(categories))
}

// Update loads a partner, lets fn change it and saves it with its categories, checking the
// version as the shared update does.
func (s *PartnerStore) Update(ctx context.Context, id kernel.ID, expected kernel.Version, fn func(*partner.Partner) error) (*partner.Partner, error) {
	var out *partner.Partner
	err := NewTxManager(s.db).WithinTx(ctx, func(ctx context.Context) error {
		c := conn(ctx, s.db)
		row := new(partnerRow)
		if err := c.NewSelect().Model(row).Where("p.id = ?", int64(id)).Scan(ctx); errors.Is(err, sql.ErrNoRows) {
			return kernel.NotFound("partner")
		} else if err != nil {
			return err
		}
		check := versionCheck{expected}
		if err := check.loaded(row); err != nil {
			return err
		}
		var cats []kernel.ID
		if err := c.NewSelect().Model((*partnerCategoryRow)(nil)).Column("category_id").
			Where("partner_id = ?", int64(id)).OrderExpr("category_id").Scan(ctx, &cats); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		before := partnerSnapshot(c, row, cats)
		p := partner.Rehydrate(row.state(cats))
		if err := fn(p); err != nil {
			return err
		}
		st := p.State()
		saved := toPartnerRow(st)
		if err := check.save(ctx, c.NewUpdate().Model(saved).WherePK().ExcludeColumn("id", "created_at")); err != nil {
			return err
		}
		if _, err := c.NewDelete().Model((*partnerCategoryRow)(nil)).Where("partner_id = ?", int64(id)).Exec(ctx); err != nil {
			return err
		}
		out = p
		if err := insertCategories(ctx, c, map[int64][]kernel.ID{int64(id): st.Categories}); err != nil {
			return err
		}
		return recordRowChange(ctx, audit.PartnersResource, id, before, partnerSnapshot(c, saved, st.Categories), false)
	})
	return out, err
}

// batchRows keeps each multi-row statement well under both engines' bound-variable limits.
const batchRows = 1000

func insertCategories(ctx context.Context, c bun.IDB, links map[int64][]kernel.ID) error {
	rows := make([]partnerCategoryRow, 0, len(links)*2)
	for pid, cats := range links {
		for _, cat := range cats {
			rows = append(rows, partnerCategoryRow{PartnerID: pid, CategoryID: int64(cat)})
		}
	}
	for start := 0; start < len(rows); start += batchRows * 4 {
		end := min(start+batchRows*4, len(rows))
		batch := rows[start:end]
		if _, err := c.NewInsert().Model(&batch).Exec(ctx); err != nil {
			return err
		}
	}
	return nil
}

// ExistingIDs tells which of ids are partners already.
func (s *PartnerStore) ExistingIDs(ctx context.Context, ids []kernel.ID) (map[kernel.ID]bool, error) {
	out := make(map[kernel.ID]bool, len(ids))
	for start := 0; start < len(ids); start += batchRows * 4 {
		end := min(start+batchRows*4, len(ids))
		batch := make([]int64, 0, end-start)
		for _, id := range ids[start:end] {
			batch = append(batch, int64(id))
		}
		var found []int64
		if err := conn(ctx, s.db).NewSelect().TableExpr("partners").Column("id").Where("id IN (?)", bun.List(batch)).
			Scan(ctx, &found); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return nil, err
		}
		for _, id := range found {
			out[kernel.ID(id)] = true
		}
	}
	return out, nil
}

// fingerprintColumns are the columns an import row sets: all Fingerprints reads.
var fingerprintColumns = func() []string {
	cols := []string{"id", "name", "address", "pib", "pdv", "phone", "city_id", "partner_type_id"}
	for _, f := range partner.AllFigures {
		cols = append(cols, figureColumn(f), figureColumn(f)+"_pct")
	}
	return cols
}()

// Fingerprints reads the partners among ids with their categories, a batch at a time, and
// answers the digest of what an import row sets of each.
func (s *PartnerStore) Fingerprints(ctx context.Context, ids []kernel.ID) (map[kernel.ID]uint64, error) {
	out := make(map[kernel.ID]uint64, len(ids))
	c := conn(ctx, s.db)
	for start := 0; start < len(ids); start += batchRows * 4 {
		end := min(start+batchRows*4, len(ids))
		batch := make([]int64, 0, end-start)
		for _, id := range ids[start:end] {
			batch = append(batch, int64(id))
		}
		var rows []partnerRow
		if err := c.NewSelect().Model(&rows).Column(fingerprintColumns...).Where("p.id IN (?)", bun.List(batch)).
			Scan(ctx); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return nil, err
		}
		if len(rows) == 0 {
			continue
		}
		var links []partnerCategoryRow
		if err := c.NewSelect().Model(&links).Where("partner_id IN (?)", bun.List(batch)).Scan(ctx); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return nil, err
		}
		cats := make(map[int64][]kernel.ID, len(rows))
		for _, l := range links {
			cats[l.PartnerID] = append(cats[l.PartnerID], kernel.ID(l.CategoryID))
		}
		for i := range rows {
			out[kernel.ID(rows[i].ID)] = rows[i].state(cats[rows[i].ID]).Fingerprint()
		}
	}
	return out, nil
}

// SaveRows upserts the import's rows in batches: a new id is inserted active and without an
// app password; a known one gets the row's fields and keeps its password and active flag.
// Each partner it creates records a `create`, each it changes an edit of the fields the file
// changed (importRecorder), under the import id of the context's AuditSource.
func (s *PartnerStore) SaveRows(ctx context.Context, rows []partner.Row) error {
	c := conn(ctx, s.db)
	set := []string{"name", "name_fold", "address", "address_fold", "pib", "pib_fold", "pdv", "pdv_fold", "phone", "phone_fold",
		"city_id", "partner_type_id", "updated_at"}
	for _, f := range partner.AllFigures {
		set = append(set, figureColumn(f), figureColumn(f)+"_pct")
	}
	rec := newImportRecorder(ctx)
	w := newImportWriter(c, set)
	defer w.close()
	for start := 0; start < len(rows); start += batchRows {
		end := min(start+batchRows, len(rows))
		batch := make([]partnerRow, 0, end-start)
		ids := make([]int64, 0, end-start)
		links := make(map[int64][]kernel.ID, end-start)
		for _, r := range rows[start:end] {
			st := r.State()
			st.Active = true
			batch = append(batch, *toPartnerRow(st))
			ids = append(ids, int64(st.ID))
			links[int64(st.ID)] = st.Categories
		}
		if err := s.saveBatch(ctx, c, w, rec, batch, ids, links); err != nil {
			return errors.Join(err, rec.wait())
		}
	}
	return rec.wait()
}

// saveBatch upserts one batch of SaveRows and replaces its partners' categories, handing
// rec what each partner was before (the stored row, read before the upsert; the categories,
// as the delete returns them).
func (s *PartnerStore) saveBatch(ctx context.Context, c bun.IDB, w *importWriter, rec *importRecorder, batch []partnerRow, ids []int64,
	links map[int64][]kernel.ID) error {
	var stored []partnerRow
	if rec != nil {
		if err := c.NewSelect().Model(&stored).Column(fingerprintColumns...).Where(idsIn(c, "p.id", ids)).
			Scan(ctx); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
	}
	if err := w.partners(ctx, batch); err != nil {
		return err
	}
	del := c.NewDelete().Model((*partnerCategoryRow)(nil)).Where(idsIn(c, "partner_id", ids))
	if rec == nil {
		if _, err := del.Exec(ctx); err != nil {
			return err
		}
	} else {
		var storedLinks []partnerCategoryRow
		if err := del.Returning("partner_id, category_id").Scan(ctx, &storedLinks); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if err := rec.record(ctx, c, batch, links, stored, storedLinks); err != nil {
			return err
		}
	}
	return w.categories(ctx, links)
}

// importedFields are the audited fields an import row sets (fingerprintColumns as the
// snapshot names them, and the categories): an existing partner's diff is taken over these
// only, since the upsert leaves the others as they are.
var importedFields = func() map[string]bool {
	m := map[string]bool{"category_ids": true}
	for _, col := range fingerprintColumns {
		if col != "id" && !strings.HasSuffix(col, "_pct") {
			m[col] = true
		}
	}
	return m
}()

// importSnapshot is the part of a partner's snapshot an import sets.
func importSnapshot(c bun.IDB, row *partnerRow, categories []kernel.ID) audit.Snapshot {
	s := partnerSnapshot(c, row, categories)
	for field := range s {
		if !importedFields[field] {
			delete(s, field)
		}
	}
	return s
}

// importRecorder records what an import's batches do to each partner: a creation with every
// field, or an edit of the fields the row changes against the stored partner read in the
// import's transaction (a partner whose row changes nothing records nothing). A batch's
// events are worked out (snapshots and diffs) in a goroutine while the database writes the
// batch's categories and the next batch; the next batch waits for them before it records,
// and the import for the last before its transaction ends (wait).
type importRecorder struct {
	done chan error // the batch being recorded, or nil
}

// newImportRecorder is the recorder of an import in ctx, or nil without an audit buffer in
// the context (outside the store's transactions, or the audit switched off for a
// benchmark): then the import reads nothing for the log.
func newImportRecorder(ctx context.Context) *importRecorder {
	if _, ok := ctx.Value(pendingKey{}).(*pendingEvents); !ok {
		return nil
	}
	return new(importRecorder)
}

// record starts recording a batch once the one before is recorded.
func (r *importRecorder) record(ctx context.Context, c bun.IDB, batch []partnerRow, links map[int64][]kernel.ID,
	stored []partnerRow, storedLinks []partnerCategoryRow) error {
	if err := r.wait(); err != nil {
		return err
	}
	r.done = make(chan error, 1)
	go func() { r.done <- recordImportBatch(ctx, c, batch, links, stored, storedLinks) }()
	return nil
}

// wait waits for the batch being recorded and answers its error.
func (r *importRecorder) wait() error {
	if r == nil || r.done == nil {
		return nil
	}
	err := <-r.done
	r.done = nil
	return err
}

// recordImportBatch buffers the events of an import's batch against the stored partners
// and their category links.
func recordImportBatch(ctx context.Context, c bun.IDB, batch []partnerRow, links map[int64][]kernel.ID,
	stored []partnerRow, storedLinks []partnerCategoryRow) error {
	cats := make(map[int64][]kernel.ID, len(stored))
	for _, l := range storedLinks {
		cats[l.PartnerID] = append(cats[l.PartnerID], kernel.ID(l.CategoryID))
	}
	before := make(map[int64]audit.Snapshot, len(stored))
	for i := range stored {
		before[stored[i].ID] = importSnapshot(c, &stored[i], cats[stored[i].ID])
	}
	for i := range batch {
		row := &batch[i]
		var err error
		if old, ok := before[row.ID]; ok {
			err = recordRowChange(ctx, audit.PartnersResource, kernel.ID(row.ID), old, importSnapshot(c, row, links[row.ID]), false)
		} else {
			err = recordRowChange(ctx, audit.PartnersResource, kernel.ID(row.ID), nil, partnerSnapshot(c, row, links[row.ID]), true)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

var contacts = mapping[contactRow, *partner.Contact]{
	entity: "contact",
	load: func(r *contactRow) *partner.Contact {
		return partner.RehydrateContact(kernel.ID(r.ID), kernel.ID(r.PartnerID), kernel.ID(r.TypeID), r.Contact, r.IsActive, r.UpdatedAt)
	},
	save: func(c *partner.Contact) *contactRow {
		return &contactRow{ID: int64(c.ID()), PartnerID: int64(c.PartnerID()), TypeID: int64(c.TypeID()), Contact: c.Text(),
			IsActive: c.IsActive(), CreatedAt: c.UpdatedAt(), UpdatedAt: c.UpdatedAt()}
	},
	id:     func(r *contactRow) *int64 { return &r.ID },
	assign: func(c *partner.Contact, id kernel.ID) { c.SetID(id) },
}

var supportMessages = mapping[supportMessageRow, *partner.SupportMessage]{
	entity: "support message",
	load: func(r *supportMessageRow) *partner.SupportMessage {
		return partner.RehydrateSupportMessage(kernel.ID(r.ID), kernel.ID(r.TypeID), kernel.ID(r.PartnerID), r.Content, r.IsActive, r.CreatedAt, r.UpdatedAt)
	},
	save: func(m *partner.SupportMessage) *supportMessageRow {
		return &supportMessageRow{ID: int64(m.ID()), TypeID: int64(m.TypeID()), PartnerID: int64(m.PartnerID()), Content: m.Content(),
			ContentFold: fold(m.Content()), IsActive: m.IsActive(), CreatedAt: m.CreatedAt(), UpdatedAt: m.UpdatedAt()}
	},
	id:     func(r *supportMessageRow) *int64 { return &r.ID },
	assign: func(m *partner.SupportMessage, id kernel.ID) { m.SetID(id) },
}

func (s *PartnerStore) AddContact(ctx context.Context, c *partner.Contact) error {
	return add(ctx, s.db, contacts, c)
}

func (s *PartnerStore) UpdateContact(ctx context.Context, id kernel.ID, expected kernel.Version, fn func(*partner.Contact) error) (*partner.Contact, error) {
	return update(ctx, s.db, contacts, id, expected, fn)
}

func (s *PartnerStore) AddSupportMessage(ctx context.Context, m *partner.SupportMessage) error {
	return add(ctx, s.db, supportMessages, m)
}

func (s *PartnerStore) UpdateSupportMessage(ctx context.Context, id kernel.ID, fn func(*partner.SupportMessage) error) (*partner.SupportMessage, error) {
	return update(ctx, s.db, supportMessages, id, kernel.AnyVersion, fn)
}

// Unseen lists the active messages above the user's mark, newest first.
func (s *PartnerStore) Unseen(ctx context.Context, userID kernel.ID) ([]partnerports.EvidentionView, error) {
	var rows []struct {
		ID          int64     `bun:"id"`
		TypeName    string    `bun:"type_name"`
		PartnerName string    `bun:"partner_name"`
		CreatedAt   time.Time `bun:"created_at"`
	}
	err := conn(ctx, s.db).NewSelect().TableExpr("support_messages AS sm").
		Join("JOIN support_message_types AS t ON t.id = sm.type_id").Join("JOIN partners AS p ON p.id = sm.partner_id").
		ColumnExpr("sm.id, t.name AS type_name, p.name AS partner_name, sm.created_at").
		Where("sm.is_active = ?", true).
		Where("sm.id > coalesce((SELECT last_seen_id FROM support_seen WHERE user_id = ?), 0)", int64(userID)).
		OrderExpr("sm.id DESC").Scan(ctx, &rows)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	out := make([]partnerports.EvidentionView, 0, len(rows))
	for _, r := range rows {
		out = append(out, partnerports.EvidentionView{ID: r.ID, TypeName: r.TypeName, PartnerName: r.PartnerName, CreatedAt: r.CreatedAt})
	}
	return out, nil
}

// MarkSeen moves the user's mark to the newest message there is. (SQLite needs the WHERE
// to tell the upsert's ON CONFLICT from a join's ON.)
func (s *PartnerStore) MarkSeen(ctx context.Context, userID kernel.ID) error {
	_, err := conn(ctx, s.db).NewRaw(`INSERT INTO support_seen (user_id, last_seen_id)
		SELECT ?, coalesce(max(id), 0) FROM support_messages WHERE true
		ON CONFLICT (user_id) DO UPDATE SET last_seen_id = EXCLUDED.last_seen_id`, int64(userID)).Exec(ctx)
	return err
}

func (s *PartnerStore) PartnerTypeExists(ctx context.Context, id kernel.ID) (bool, error) {
	return rowExists(ctx, s.db, "partner_types", id)
}

func (s *PartnerStore) ContactTypeExists(ctx context.Context, id kernel.ID) (bool, error) {
	return rowExists(ctx, s.db, "contact_types", id)
}

// SupportTypeExists tells whether a customer-support message type has the id.
func (s *PartnerStore) SupportTypeExists(ctx context.Context, id kernel.ID) (bool, error) {
	return rowExists(ctx, s.db, "support_message_types", id)
}

func (s *PartnerStore) PartnerTypesByName(ctx context.Context) (map[string]kernel.ID, error) {
	return idsByName(ctx, s.db, "partner_types")
}

func (s *PartnerStore) types(ctx context.Context, table, icon string, activeOnly bool) ([]partnerports.TypeView, error) {
	var rows []struct {
		ID       int64  `bun:"id"`
		Name     string `bun:"name"`
		Icon     string `bun:"icon"`
		IsActive bool   `bun:"is_active"`
	}
	q := conn(ctx, s.db).NewSelect().TableExpr(table).ColumnExpr("id, name, " + icon + " AS icon, is_active").OrderExpr("id")
	if activeOnly {
		q = q.Where("is_active = ?", true)
	}
	if err := q.Scan(ctx, &rows); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	out := make([]partnerports.TypeView, 0, len(rows))
	for _, r := range rows {
		out = append(out, partnerports.TypeView{ID: r.ID, Name: r.Name, Icon: r.Icon, IsActive: r.IsActive})
	}
	return out, nil
}

func (s *PartnerStore) PartnerTypes(ctx context.Context) ([]partnerports.TypeView, error) {
	return s.types(ctx, "partner_types", "''", false)
}

func (s *PartnerStore) ContactTypes(ctx context.Context, activeOnly bool) ([]partnerports.TypeView, error) {
	return s.types(ctx, "contact_types", "icon", activeOnly)
}
