package persistence

import (
	"context"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/uptrace/bun"

	"vitrina/domain/audit"
	"vitrina/domain/kernel"
	"vitrina/ports"
)

// auditColumn is how one column of a row goes into its audit snapshot.
type auditColumn struct {
	field   string // the name in the snapshot
	index   []int  // the struct field
	kind    columnKind
	percent []int // a figure's percent flag (kind figure)
}

type columnKind int

const (
	columnPlain  columnKind = iota
	columnAmount            // thousandths, `<field>_milli`
	columnFigure            // thousandths with a `<field>_pct` flag beside it
)

// notAudited are the columns a snapshot leaves out: the key, the version counter and the
// row's own timestamps change with every save and say nothing about what was changed.
var notAudited = map[string]bool{"id": true, "version": true, "created_at": true, "updated_at": true}

var auditColumns sync.Map // reflect.Type → []auditColumn

// auditColumnsOf derives a row type's snapshot from its bun columns, once per type (ADR
// 0031): every column but notAudited and the folded search forms (`_fold`); money in
// thousandths written as the kernel's Amount writes itself, under the name without
// `_milli`; a figure (a whole-number column X with a boolean X_pct) as the kernel's Figure
// writes itself, percent sign kept.
func auditColumnsOf(db bun.IDB, typ reflect.Type) []auditColumn {
	if cols, ok := auditColumns.Load(typ); ok {
		return cols.([]auditColumn)
	}
	table := db.Dialect().Tables().Get(typ)
	byName := map[string][]int{}
	for _, f := range table.Fields {
		byName[f.Name] = f.Index
	}
	var cols []auditColumn
	for _, f := range table.Fields {
		name := f.Name
		if notAudited[name] || strings.HasSuffix(name, "_fold") {
			continue
		}
		if base, ok := strings.CutSuffix(name, "_pct"); ok && f.IndirectType.Kind() == reflect.Bool {
			if _, isFigure := byName[base]; isFigure {
				continue // written with its figure
			}
		}
		c := auditColumn{field: name, index: f.Index}
		switch {
		case f.IndirectType.Kind() == reflect.Int64 && strings.HasSuffix(name, "_milli"):
			c.field, c.kind = strings.TrimSuffix(name, "_milli"), columnAmount
		case f.IndirectType.Kind() == reflect.Int64 && byName[name+"_pct"] != nil:
			c.kind, c.percent = columnFigure, byName[name+"_pct"]
		}
		cols = append(cols, c)
	}
	auditColumns.Store(typ, cols)
	return cols
}

// rowSnapshot is the audited fields of row (a pointer to a row struct) as exact text.
func rowSnapshot(db bun.IDB, row any) audit.Snapshot {
	v := reflect.ValueOf(row).Elem()
	s := audit.Snapshot{}
	for _, c := range auditColumnsOf(db, v.Type()) {
		f := v.FieldByIndex(c.index)
		switch c.kind {
		case columnAmount:
			s.Amount(c.field, kernel.AmountOfThousandths(f.Int()))
			continue
		case columnFigure:
			s.Figure(c.field, kernel.Figure{Amount: kernel.AmountOfThousandths(f.Int()), Percent: v.FieldByIndex(c.percent).Bool()})
			continue
		}
		if f.Kind() == reflect.Pointer {
			if f.IsNil() {
				continue
			}
			f = f.Elem()
		}
		switch x := f.Interface().(type) {
		case time.Time:
			s.Time(c.field, x)
		case string:
			s.Text(c.field, x)
		case bool:
			s.Bool(c.field, x)
		case float64:
			s.Text(c.field, strconv.FormatFloat(x, 'f', -1, 64))
		default:
			switch f.Kind() {
			case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
				s.Int(c.field, f.Int())
			default:
				s.Text(c.field, "")
			}
		}
	}
	return s
}

// idList is a set of linked ids as one audited value (audit.IDList).
func idList(ids []kernel.ID) string { return audit.IDList(ids) }

// resourceOf is the audited resource of a row type: its table.
func resourceOf(db bun.IDB, typ reflect.Type) string { return db.Dialect().Tables().Get(typ).Name }

// recordRowChange records, in the transaction of ctx, what one save of the store mechanism
// changed: a creation with every field, or an edit with the fields that differ, named by
// audit.EditAction (an activation, a role or a password change). A save that changed nothing
// records nothing. The actor, request id and address come from the context's AuditSource; a
// record tied to a partner (a contact, a support message, a linked user) joins that
// partner's timeline.
func recordRowChange(ctx context.Context, resource string, id kernel.ID, before, after audit.Snapshot, created bool) error {
	pending, ok := ctx.Value(pendingKey{}).(*pendingEvents)
	if !ok {
		return nil // outside the store's transactions nothing is written either
	}
	var changes []audit.Change
	action := audit.ActionEdit
	if created {
		changes, action = audit.Diff(nil, after), audit.ActionCreate
	} else {
		changes = audit.Diff(before, after)
		if len(changes) == 0 {
			return nil
		}
		action = audit.EditAction(changes)
	}
	src := ports.AuditSourceOf(ctx)
	if src.Reverts != 0 && !created {
		action = audit.ActionRevert
	}
	e := audit.Event{Actor: src.Actor, Resource: resource, RecordID: id, Action: action, Changes: changes,
		ImportID: src.ImportID, Reverts: src.Reverts, RequestID: src.RequestID, Address: src.Address}
	if p, ok := after["partner_id"]; ok && resource != audit.PartnersResource {
		if n, err := strconv.ParseInt(p, 10, 64); err == nil {
			e.PartnerID = kernel.ID(n)
		}
	}
	pending.add(e)
	return nil
}

// recordEvent buffers e, with the actor, request id, address and import id of the
// context's AuditSource, in the transaction of ctx; outside the store's transactions it
// writes nothing. A cash change made by a revert (a campaign partner's cash set back from
// the log) is recorded as that revert, pointing at the event it reverts.
func recordEvent(ctx context.Context, e audit.Event) {
	pending, ok := ctx.Value(pendingKey{}).(*pendingEvents)
	if !ok {
		return
	}
	src := ports.AuditSourceOf(ctx)
	e.Actor, e.ImportID, e.RequestID, e.Address = src.Actor, src.ImportID, src.RequestID, src.Address
	if src.Reverts != 0 && e.Action == audit.ActionCash {
		e.Action, e.Reverts = audit.ActionRevert, src.Reverts
	}
	pending.add(e)
}

// linkEvent is the event of a link's change: record is the linked record (a campaign's
// category, product or partner; a cart item; a slider's partner), parent the record that
// holds it, partner the partner whose timeline it joins (0 for none). The changes are what
// the link held before and after (nil for none).
func linkEvent(resource string, record kernel.ID, parent audit.Ref, partner kernel.ID, action audit.Action, before, after audit.Snapshot) audit.Event {
	return audit.Event{Resource: resource, RecordID: record, Parent: &parent, PartnerID: partner, Action: action,
		Changes: audit.Diff(before, after)}
}

// unchanged is a field an event shows for context with the same value on both sides (what
// a delivered cart item was).
func unchanged(field, v string) audit.Change { return audit.Change{Field: field, From: &v, To: &v} }
