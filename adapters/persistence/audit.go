package persistence

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"vitrina/domain/audit"
	"vitrina/domain/kernel"
	"vitrina/ports"
)

// auditEventRow is one row of audit_events (ADR 0031). Changes are JSON text; search is the
// folded text the free-text filter reads, derived from the event and not part of its hash.
type auditEventRow struct {
	bun.BaseModel `bun:"table:audit_events"`

	ID             int64     `bun:"id,pk"`
	At             time.Time `bun:"at"`
	ActorKind      string    `bun:"actor_kind"`
	ActorID        int64     `bun:"actor_id"`
	ActorName      string    `bun:"actor_name"`
	Resource       string    `bun:"resource"`
	RecordID       int64     `bun:"record_id"`
	ParentResource *string   `bun:"parent_resource"`
	ParentID       *int64    `bun:"parent_id"`
	PartnerID      *int64    `bun:"partner_id"`
	Action         string    `bun:"action"`
	Changes        string    `bun:"changes"`
	ImportID       *string   `bun:"import_id"`
	Reverts        *int64    `bun:"reverts"`
	RequestID      string    `bun:"request_id"`
	Address        string    `bun:"address"`
	Search         string    `bun:"search"`
	PrevHash       string    `bun:"prev_hash"`
	Hash           string    `bun:"hash"`
}

// changeJSON is one change as the changes column keeps it; a secret is {field, changed}.
// changesJSON writes changes as json.Marshal writes a []changeJSON of them, byte for byte
// (an append writes one per event: 100,000 for an import), without reflection.
func changesJSON(changes []audit.Change) []byte {
	size := 2
	for _, c := range changes {
		size += 40 + len(c.Field)
		if c.From != nil {
			size += len(*c.From)
		}
		if c.To != nil {
			size += len(*c.To)
		}
	}
	b := make([]byte, 0, size)
	b = append(b, '[')
	for i, c := range changes {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(append(b, `{"field":`...), c.Field)
		b = append(b, `,"from":`...)
		b = appendJSONNullable(b, c.From)
		b = append(b, `,"to":`...)
		b = appendJSONNullable(b, c.To)
		if c.Secret {
			b = append(b, `,"changed":true`...)
		}
		b = append(b, '}')
	}
	return append(b, ']')
}

func appendJSONNullable(b []byte, s *string) []byte {
	if s == nil {
		return append(b, "null"...)
	}
	return appendJSONString(b, *s)
}

// appendJSONString appends s as a JSON string as encoding/json writes it: HTML's <, > and &
// escaped, control characters as \n, \r, \t, \b, \f or \u00XX, invalid UTF-8 as U+FFFD, and the
// line and paragraph separators escaped.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(append(b, s[start:i]...), `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(append(b, s[start:i]...), '\\', 'u', '2', '0', '2', hex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	return append(append(b, s[start:]...), '"')
}

type changeJSON struct {
	Field   string  `json:"field"`
	From    *string `json:"from"`
	To      *string `json:"to"`
	Changed bool    `json:"changed,omitempty"`
}

// auditChainRow is the one row of audit_chain: the head of the chain and its anchor.
type auditChainRow struct {
	bun.BaseModel `bun:"table:audit_chain"`

	One        int    `bun:"one,pk"`
	LastID     int64  `bun:"last_id"`
	LastHash   string `bun:"last_hash"`
	AnchorID   int64  `bun:"anchor_id"`
	AnchorHash string `bun:"anchor_hash"`
}

func optString(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func optID(id kernel.ID) *int64 {
	if id == 0 {
		return nil
	}
	v := int64(id)
	return &v
}

func auditRowOf(e audit.Event) (*auditEventRow, error) {
	changes := changesJSON(e.Changes)
	row := &auditEventRow{
		ID: int64(e.ID), At: e.At, ActorKind: string(e.Actor.Kind), ActorID: int64(e.Actor.ID),
		ActorName: e.Actor.Name, Resource: e.Resource, RecordID: int64(e.RecordID),
		PartnerID: optID(e.PartnerID), Action: string(e.Action), Changes: string(changes),
		ImportID: optString(e.ImportID), Reverts: optID(e.Reverts), RequestID: e.RequestID,
		Address: e.Address, Search: auditSearchText(e), PrevHash: e.PrevHash, Hash: e.Hash,
	}
	if e.Parent != nil {
		row.ParentResource = &e.Parent.Resource
		row.ParentID = optID(e.Parent.ID)
		if row.ParentID == nil {
			zero := int64(0)
			row.ParentID = &zero
		}
	}
	return row, nil
}

// auditSearchText is what the free-text filter finds an event by: who, what and the values.
func auditSearchText(e audit.Event) string {
	parts := []string{e.Actor.Name, e.Resource, string(e.Action)}
	for _, c := range e.Changes {
		parts = append(parts, c.Field)
		if c.From != nil {
			parts = append(parts, *c.From)
		}
		if c.To != nil {
			parts = append(parts, *c.To)
		}
	}
	s := fold(strings.Join(parts, " "))
	if len(s) > 4096 { // a search aid, not the record: long rich text is cut, on a character
		s = strings.ToValidUTF8(s[:4096], "")
	}
	return s
}

func (r *auditEventRow) event() (audit.Event, error) {
	var cs []changeJSON
	if err := json.Unmarshal([]byte(r.Changes), &cs); err != nil {
		return audit.Event{}, fmt.Errorf("audit event %d: changes: %w", r.ID, err)
	}
	e := audit.Event{
		ID: kernel.ID(r.ID), At: r.At.UTC(),
		Actor:    audit.Actor{Kind: audit.ActorKind(r.ActorKind), ID: kernel.ID(r.ActorID), Name: r.ActorName},
		Resource: r.Resource, RecordID: kernel.ID(r.RecordID), Action: audit.Action(r.Action),
		RequestID: r.RequestID, Address: r.Address, PrevHash: r.PrevHash, Hash: r.Hash,
	}
	if r.ParentResource != nil {
		e.Parent = &audit.Ref{Resource: *r.ParentResource}
		if r.ParentID != nil {
			e.Parent.ID = kernel.ID(*r.ParentID)
		}
	}
	if r.PartnerID != nil {
		e.PartnerID = kernel.ID(*r.PartnerID)
	}
	if r.ImportID != nil {
		e.ImportID = *r.ImportID
	}
	if r.Reverts != nil {
		e.Reverts = kernel.ID(*r.Reverts)
	}
	if len(cs) > 0 {
		e.Changes = make([]audit.Change, len(cs))
		for i, c := range cs {
			e.Changes[i] = audit.Change{Field: c.Field, From: c.From, To: c.To, Secret: c.Changed}
		}
	}
	return e, nil
}

type pendingKey struct{}

// recordingOff switches the audit log off for the whole process. Only the benchmarks that
// measure what recording costs (bench/, issue 21's budgets) turn it off, to run the same
// work with and without events in one run; nothing else does, and no setting reaches it.
var recordingOff atomic.Bool

// SetRecording turns the audit recording on (the default) or off, for the cost benchmarks
// only: off, the store's transactions carry no event buffer, so the hook and Record write
// nothing.
func SetRecording(on bool) { recordingOff.Store(!on) }

// Recording tells whether the audit log records (SetRecording).
func Recording() bool { return !recordingOff.Load() }

// pendingEvents are the events recorded in one transaction, appended when it is about to
// commit. Each is kept packed (its changes as one string) until then: an import of 100,000
// partners holds 100,000 of them, and a slice of pointers per change would double what the
// import itself needs (ADR 0031, "Cost").
type pendingEvents struct {
	chunks [][]pendingEvent // of pendingChunk each (the first grows to it), so that growing never copies more than one chunk
	n      int
}

const pendingChunk = 1024

// pendingEvent is an event without its changes, and its changes packed (packChanges).
type pendingEvent struct {
	e       audit.Event
	changes string
}

// add keeps e for the append.
func (p *pendingEvents) add(e audit.Event) {
	packed := packChanges(e.Changes)
	e.Changes = nil
	if p.n%pendingChunk == 0 {
		// The first chunk grows as events come (an edit holds one, and a chunk of 1,024
		// events is some 300 kB to clear), the next ones are made whole.
		size := pendingChunk
		if p.n == 0 {
			size = 1
		}
		p.chunks = append(p.chunks, make([]pendingEvent, 0, size))
	}
	last := len(p.chunks) - 1
	p.chunks[last] = append(p.chunks[last], pendingEvent{e: e, changes: packed})
	p.n++
}

// at is the i-th event kept.
func (p *pendingEvents) at(i int) *pendingEvent { return &p.chunks[i/pendingChunk][i%pendingChunk] }

// packChanges writes changes as one string: per change its field, a flag (s secret, n no
// value, v a value) and value for from and to, each length-prefixed.
func packChanges(cs []audit.Change) string {
	size := 0
	for _, c := range cs {
		size += len(c.Field) + 16
		if c.From != nil {
			size += len(*c.From)
		}
		if c.To != nil {
			size += len(*c.To)
		}
	}
	var b strings.Builder
	b.Grow(size)
	put := func(s string) {
		b.WriteString(strconv.Itoa(len(s)))
		b.WriteByte(':')
		b.WriteString(s)
	}
	opt := func(v *string) {
		if v == nil {
			b.WriteByte('n')
			return
		}
		b.WriteByte('v')
		put(*v)
	}
	for _, c := range cs {
		put(c.Field)
		if c.Secret {
			b.WriteByte('s')
			continue
		}
		b.WriteByte('c')
		opt(c.From)
		opt(c.To)
	}
	return b.String()
}

// unpackChanges reads what packChanges wrote.
func unpackChanges(s string) []audit.Change {
	var out []audit.Change
	take := func() string {
		colon := strings.IndexByte(s, ':')
		n, _ := strconv.Atoi(s[:colon])
		v := s[colon+1 : colon+1+n]
		s = s[colon+1+n:]
		return v
	}
	opt := func() *string {
		flag := s[0]
		s = s[1:]
		if flag == 'n' {
			return nil
		}
		v := take()
		return &v
	}
	for s != "" {
		c := audit.Change{Field: take()}
		flag := s[0]
		s = s[1:]
		if flag == 's' {
			c.Secret = true
		} else {
			c.From = opt()
			c.To = opt()
		}
		out = append(out, c)
	}
	return out
}

// AuditLog keeps the audit events in audit_events, chained by audit_chain (ADR 0031).
type AuditLog struct {
	db    *bun.DB
	clock ports.Clock
}

var _ ports.AuditLog = (*AuditLog)(nil)

// NewAuditLog returns the audit log of db, stamping events with clock.
func NewAuditLog(db *bun.DB, clock ports.Clock) *AuditLog { return &AuditLog{db: db, clock: clock} }

// Record keeps e for the chain in the transaction of ctx; without one it runs its own.
func (l *AuditLog) Record(ctx context.Context, e audit.Event) error {
	if !Recording() {
		return nil
	}
	src := ports.AuditSourceOf(ctx)
	if e.Actor.Kind == "" {
		e.Actor = src.Actor
	}
	if e.RequestID == "" {
		e.RequestID = src.RequestID
	}
	if e.Address == "" {
		e.Address = src.Address
	}
	if e.ImportID == "" {
		e.ImportID = src.ImportID
	}
	if e.At.IsZero() {
		e.At = l.clock.Now()
	}
	if err := e.Validate(); err != nil {
		return err // a wrongly built event fails the caller's change now, not at its commit
	}
	if pending, ok := ctx.Value(pendingKey{}).(*pendingEvents); ok {
		pending.add(e)
		return nil
	}
	return NewTxManager(l.db).WithinTx(ctx, func(ctx context.Context) error {
		return l.Record(ctx, e)
	})
}

// auditWhere applies f to sel; every filter is served by one of the table's indexes.
func auditWhere(sel *bun.SelectQuery, f ports.AuditFilter) (*bun.SelectQuery, error) {
	if f.RecordID != 0 && f.Resource == "" {
		return nil, kernel.FieldError("record_id", "The record id needs a resource.")
	}
	if f.Action != "" && !f.Action.Valid() {
		return nil, kernel.FieldError("action", "The selected action is invalid.")
	}
	if len([]rune(f.Text)) > ports.MaxAuditText {
		return nil, kernel.FieldError("q", fmt.Sprintf("The filter may not be greater than %d characters.", ports.MaxAuditText))
	}
	switch {
	case f.Children && f.RecordID != 0:
		// The record's own events or its links': each side is served by its index.
		sel = sel.WhereGroup(" AND ", func(q *bun.SelectQuery) *bun.SelectQuery {
			return q.Where("ae.resource = ? AND ae.record_id = ?", f.Resource, int64(f.RecordID)).
				WhereOr("ae.parent_resource = ? AND ae.parent_id = ?", f.Resource, int64(f.RecordID))
		})
	case f.Resource != "":
		sel = sel.Where("ae.resource = ?", f.Resource)
	}
	switch {
	case f.Within == nil:
	case len(f.Within) == 0:
		sel = sel.Where("1 = 0")
	default:
		sel = sel.Where("ae.resource IN (?)", bun.List(f.Within))
	}
	if f.RecordID != 0 && !f.Children {
		sel = sel.Where("ae.record_id = ?", int64(f.RecordID))
	}
	if f.Action != "" {
		sel = sel.Where("ae.action = ?", string(f.Action))
	}
	if f.UserID != 0 {
		sel = sel.Where("ae.actor_kind = ?", string(audit.ActorUser)).Where("ae.actor_id = ?", int64(f.UserID))
	}
	if f.PartnerID != 0 {
		sel = sel.Where("ae.partner_id = ?", int64(f.PartnerID))
	}
	if !f.From.IsZero() {
		sel = sel.Where("ae.at >= ?", f.From.UTC())
	}
	if !f.To.IsZero() {
		sel = sel.Where("ae.at < ?", f.To.UTC())
	}
	if t := fold(f.Text); t != "" {
		sel = sel.Where(`ae.search LIKE ? ESCAPE '\'`, "%"+escapeLike(t)+"%")
	}
	return sel, nil
}

// List answers one page of the matching events, newest first, and their exact total.
func (l *AuditLog) List(ctx context.Context, f ports.AuditFilter, page ports.AuditPage) (ports.Page[audit.Event], error) {
	c := conn(ctx, l.db)
	sel, err := auditWhere(c.NewSelect().TableExpr("audit_events AS ae"), f)
	if err != nil {
		return ports.Page[audit.Event]{}, err
	}
	var total int
	if auditCounted(f) {
		total, err = auditCount(ctx, c, f)
	} else {
		var n int64
		n, err = sel.Count(ctx)
		total = int(n)
	}
	if err != nil {
		return ports.Page[audit.Event]{}, err
	}
	var rows []auditEventRow
	q, _ := auditWhere(c.NewSelect().Model(&rows).ModelTableExpr("audit_events AS ae").ColumnExpr("ae.*"), f)
	q = q.OrderExpr("ae.id DESC")
	if page.Page > 0 && page.PerPage > 0 {
		q = q.Limit(int64(page.PerPage)).Offset(int64(page.Page-1) * int64(page.PerPage))
	}
	if err := q.Scan(ctx); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return ports.Page[audit.Event]{}, err
	}
	out := ports.Page[audit.Event]{Items: make([]audit.Event, 0, len(rows)), Total: int(total)}
	for i := range rows {
		e, err := rows[i].event()
		if err != nil {
			return ports.Page[audit.Event]{}, err
		}
		out.Items = append(out.Items, e)
	}
	return out, nil
}

// auditCounted tells whether audit_counts answers f's total: no filter but the resource,
// the action and the role's resources.
func auditCounted(f ports.AuditFilter) bool {
	return f.RecordID == 0 && f.UserID == 0 && f.PartnerID == 0 && f.From.IsZero() && f.To.IsZero() && fold(f.Text) == ""
}

// auditCount is the exact total of f from audit_counts, the per resource and action counts
// the append adds and the delete trigger takes off: one row per pair read, however many
// events (ADR 0031).
func auditCount(ctx context.Context, c bun.IDB, f ports.AuditFilter) (int, error) {
	sel := c.NewSelect().TableExpr("audit_counts").ColumnExpr("coalesce(sum(n), 0)")
	if f.Resource != "" {
		sel = sel.Where("resource = ?", f.Resource)
	}
	switch {
	case f.Within == nil:
	case len(f.Within) == 0:
		return 0, nil
	default:
		sel = sel.Where("resource IN (?)", bun.List(f.Within))
	}
	if f.Action != "" {
		sel = sel.Where("action = ?", string(f.Action))
	}
	var n int64
	if err := sel.Scan(ctx, &n); err != nil {
		return 0, err
	}
	return int(n), nil
}

// auditBatch is how many events Stream and Verify read per query: memory stays flat and no
// statement holds a snapshot for the whole table.
const auditBatch = 1000

// Stream feeds every matching event to fn, newest first, in batches by id.
func (l *AuditLog) Stream(ctx context.Context, f ports.AuditFilter, fn func(audit.Event) error) error {
	c := conn(ctx, l.db)
	var before int64
	for {
		var rows []auditEventRow
		q, err := auditWhere(c.NewSelect().Model(&rows).ModelTableExpr("audit_events AS ae").ColumnExpr("ae.*"), f)
		if err != nil {
			return err
		}
		if before > 0 {
			q = q.Where("ae.id < ?", before)
		}
		if err := q.OrderExpr("ae.id DESC").Limit(auditBatch).Scan(ctx); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		for i := range rows {
			e, err := rows[i].event()
			if err != nil {
				return err
			}
			if err := fn(e); err != nil {
				return err
			}
		}
		if len(rows) < auditBatch {
			return nil
		}
		before = rows[len(rows)-1].ID
	}
}

// Get answers one event.
func (l *AuditLog) Get(ctx context.Context, id kernel.ID) (audit.Event, error) {
	var row auditEventRow
	err := conn(ctx, l.db).NewSelect().Model(&row).Where("id = ?", int64(id)).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return audit.Event{}, kernel.NotFound("event")
	}
	if err != nil {
		return audit.Event{}, err
	}
	return row.event()
}

func (l *AuditLog) head(ctx context.Context) (auditChainRow, error) {
	var head auditChainRow
	err := l.db.NewSelect().Model(&head).Where("one = 1").Scan(ctx)
	if err != nil {
		return head, fmt.Errorf("audit: chain head: %w", err)
	}
	return head, nil
}

// Verify walks the chain from its anchor in id order, in batches and outside any long
// transaction, then holds the result against the head: rows past the head were inserted by
// hand, a head past the rows lost its newest events. Appends that commit while it walks are
// walked too.
func (l *AuditLog) Verify(ctx context.Context) (ports.AuditVerdict, error) {
	start, err := l.head(ctx)
	if err != nil {
		return ports.AuditVerdict{}, err
	}
	chain := audit.NewChain(start.AnchorHash)
	last := start.AnchorID
	seenHead := int64(-1) // the head of the last round that found no new rows
	broken := func(id kernel.ID) (ports.AuditVerdict, error) {
		return ports.AuditVerdict{Events: chain.Events(), FirstBroken: id}, nil
	}
	for {
		var rows []auditEventRow
		if err := l.db.NewSelect().Model(&rows).Where("id > ?", last).OrderExpr("id").Limit(auditBatch).Scan(ctx); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return ports.AuditVerdict{}, err
		}
		for i := range rows {
			e, err := rows[i].event()
			if err != nil {
				return broken(kernel.ID(rows[i].ID))
			}
			if !chain.Add(e) {
				id, _ := chain.Broken()
				return broken(id)
			}
			last = rows[i].ID
		}
		if len(rows) == auditBatch {
			continue
		}
		head, err := l.head(ctx)
		if err != nil {
			return ports.AuditVerdict{}, err
		}
		switch {
		case head.LastID < last:
			return broken(kernel.ID(head.LastID + 1)) // rows no append wrote
		case head.LastID == last && head.LastHash != chain.Head():
			return broken(kernel.ID(last)) // the newest row was rewritten, hash and all
		case head.LastID == last:
			return ports.AuditVerdict{OK: true, Events: chain.Events()}, nil
		case len(rows) == 0 && head.LastID == seenHead:
			return broken(kernel.ID(last + 1)) // the head names events that are gone
		case len(rows) == 0:
			seenHead = head.LastID
		}
		// The head is ahead: appends committed meanwhile (walk them), or events are gone
		// (the next round finds no rows again under the same head).
	}
}

// AuditRecords tells whether a record of an audited resource exists (the history of an
// unknown record is 404). The resource is the record's table, named from a fixed list.
type AuditRecords struct{ db *bun.DB }

// NewAuditRecords is the record lookup of the activity log.
func NewAuditRecords(db *bun.DB) *AuditRecords { return &AuditRecords{db: db} }

// auditedTables are the tables whose records have a history; nothing else is looked up.
var auditedTables = map[string]bool{"users": true, "countries": true, "cities": true, "categories": true, "products": true,
	"stores": true, "partners": true, "contacts": true, "sliders": true, "campaigns": true, "notifications": true}

// Exists tells whether resource holds a row with id; an unknown resource holds none.
func (r *AuditRecords) Exists(ctx context.Context, resource string, id kernel.ID) (bool, error) {
	if !auditedTables[resource] {
		return false, nil
	}
	return conn(ctx, r.db).NewSelect().TableExpr(resource).Where("id = ?", int64(id)).Exists(ctx)
}

// snapshotRows are the row types of the resources a revert reads whole (the partners, with
// their categories, are read apart); a named table (countries, categories) has no row type
// of its own.
var snapshotRows = map[string]func() any{
	"countries":  func() any { return new(namedRow) },
	"categories": func() any { return new(namedRow) },
	"cities":     func() any { return new(cityRow) },
	"products":   func() any { return new(productRow) },
	"stores":     func() any { return new(storeRow) },
	"users":      func() any { return new(userRow) },
	"campaigns":  func() any { return new(campaignRow) },
	"contacts":   func() any { return new(contactRow) },
}

// Snapshot answers a record's audited fields now, as the store mechanism writes them in its
// events (the same names and exact texts), and the record's version: what a revert compares
// the event with and saves against. Only the resources that can be reverted are read. A
// slider is read with its categories and days; a campaign's partner (a link: id is the
// partner, parent the campaign) is its cash and spent with no version, none but the ids when
// the partner is no longer linked (a cash revert is then 409).
func (r *AuditRecords) Snapshot(ctx context.Context, resource string, id kernel.ID, parent *audit.Ref) (audit.Snapshot, kernel.Version, error) {
	c := conn(ctx, r.db)
	switch resource {
	case "sliders":
		sl, row, err := (&SliderStore{db: r.db}).load(ctx, c, id, false)
		if err != nil {
			return nil, 0, err
		}
		return sliderSnapshot(c, sl.State()), kernel.Version(row.Version), nil
	case campaignPartnersResource:
		if parent == nil || parent.Resource != campaignsResource {
			return nil, 0, kernel.NotFound(resource)
		}
		if _, err := (&CampaignStore{db: r.db}).load(ctx, c, parent.ID, false); err != nil {
			return nil, 0, err
		}
		s := audit.Snapshot{}.ID("campaign_id", parent.ID).ID("partner_id", id)
		row := new(campaignPartnerRow)
		err := c.NewSelect().Model(row).Where("campaign_id = ?", int64(parent.ID)).Where("partner_id = ?", int64(id)).Scan(ctx)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return s, kernel.AnyVersion, nil
		case err != nil:
			return nil, 0, err
		}
		return s.Amount("cash", kernel.AmountOfThousandths(row.CashMilli)).Amount("spent", kernel.AmountOfThousandths(row.SpentMilli)),
			kernel.AnyVersion, nil
	}
	if resource == audit.PartnersResource {
		row := new(partnerRow)
		if err := c.NewSelect().Model(row).Where("p.id = ?", int64(id)).Scan(ctx); errors.Is(err, sql.ErrNoRows) {
			return nil, 0, kernel.NotFound("partner")
		} else if err != nil {
			return nil, 0, err
		}
		var cats []kernel.ID
		if err := c.NewSelect().Model((*partnerCategoryRow)(nil)).Column("category_id").
			Where("partner_id = ?", int64(id)).OrderExpr("category_id").Scan(ctx, &cats); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return nil, 0, err
		}
		return partnerSnapshot(c, row, cats), kernel.Version(row.Version), nil
	}
	newRow, ok := snapshotRows[resource]
	if !ok {
		return nil, 0, kernel.NotFound(resource)
	}
	row := newRow()
	q := c.NewSelect().Model(row).Where("id = ?", int64(id))
	if _, named := row.(*namedRow); named {
		q = q.ModelTableExpr(resource + " AS named_row")
	}
	if err := q.Scan(ctx); errors.Is(err, sql.ErrNoRows) {
		return nil, 0, kernel.NotFound(resource)
	} else if err != nil {
		return nil, 0, err
	}
	return rowSnapshot(c, row), kernel.Version(row.(versioned).rowVersion()), nil
}
