package persistence_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"vitrina/adapters/persistence"
	"vitrina/adapters/persistence/dbtest"
	"vitrina/domain/audit"
	"vitrina/domain/kernel"
	"vitrina/ports"
)

// fixedClock answers a time the test moves.
type fixedClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fixedClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fixedClock) set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = t
}

func sp(s string) *string { return &s }

var ana = audit.Actor{Kind: audit.ActorUser, ID: 3, Name: "Ana Marković"}

func debtEdit(record kernel.ID, from, to string) audit.Event {
	return audit.Event{Resource: "partners", RecordID: record, Action: audit.ActionEdit, Actor: ana,
		Changes: []audit.Change{{Field: "debt", From: sp(from), To: sp(to)}}}
}

func verdict(t *testing.T, log *persistence.AuditLog) ports.AuditVerdict {
	t.Helper()
	v, err := log.Verify(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// An event is kept exactly as recorded: the source from the context, the time in UTC to
// the microsecond, secrets without values, parent, partner, import and revert.
func TestAuditRecordRoundTrip(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		clock := &fixedClock{t: time.Date(2026, 11, 24, 10, 30, 0, 123456789, time.FixedZone("CET", 3600))}
		log := persistence.NewAuditLog(db, clock)
		ctx := ports.WithAuditSource(context.Background(), ports.AuditSource{Actor: ana, RequestID: "req-1", Address: "10.0.0.7"})
		e := audit.Event{Resource: "campaign_partners", RecordID: 9, Parent: &audit.Ref{Resource: "campaigns", ID: 4},
			PartnerID: 5, Action: audit.ActionCash, ImportID: "imp-1",
			Changes: []audit.Change{
				{Field: "cash", From: sp("12000"), To: sp("120000.5")},
				{Field: "note", From: nil, To: sp("")},
				{Field: "password", From: sp("hunter2"), To: sp("hunter3")},
			}}
		if err := log.Record(ctx, e); err != nil {
			t.Fatal(err)
		}
		got, err := log.Get(context.Background(), 1)
		if err != nil {
			t.Fatal(err)
		}
		if got.Actor != ana || got.RequestID != "req-1" || got.Address != "10.0.0.7" || got.ImportID != "imp-1" || got.PartnerID != 5 {
			t.Fatalf("event %+v", got)
		}
		if !got.At.Equal(time.Date(2026, 11, 24, 9, 30, 0, 123456000, time.UTC)) || got.At.Location() != time.UTC {
			t.Fatalf("at %v", got.At)
		}
		if got.Parent == nil || *got.Parent != (audit.Ref{Resource: "campaigns", ID: 4}) {
			t.Fatalf("parent %+v", got.Parent)
		}
		if len(got.Changes) != 3 || *got.Changes[0].To != "120000.5" || got.Changes[1].From != nil || *got.Changes[1].To != "" {
			t.Fatalf("changes %+v", got.Changes)
		}
		if p := got.Changes[2]; p.Field != "password" || !p.Secret || p.From != nil || p.To != nil {
			t.Fatalf("secret %+v", p)
		}
		var raw string
		if err := db.NewRaw("SELECT changes FROM audit_events WHERE id = 1").Scan(context.Background(), &raw); err != nil {
			t.Fatal(err)
		}
		if want := "hunter"; contains(raw, want) {
			t.Fatalf("a secret reached the table: %s", raw)
		}
		if got.Hash != got.ComputeHash() || got.PrevHash != "" {
			t.Fatal("stored event does not hash to its hash")
		}
		// A revert names its event; the system acts where no source is set.
		rev := debtEdit(5, "120000", "12000")
		rev.Action, rev.Reverts, rev.Actor = audit.ActionRevert, 1, audit.Actor{}
		if err := log.Record(context.Background(), rev); err != nil {
			t.Fatal(err)
		}
		got, _ = log.Get(context.Background(), 2)
		if got.Reverts != 1 || got.Actor.Kind != audit.ActorSystem || got.PrevHash == "" {
			t.Fatalf("revert %+v", got)
		}
		if _, err := log.Get(context.Background(), 3); kernel.KindOf(err) != kernel.KindNotFound {
			t.Fatalf("missing event: %v", err)
		}
		// A wrongly built event fails the caller at once.
		if err := log.Record(ctx, audit.Event{Resource: "partners", Action: "delete"}); err == nil {
			t.Fatal("invalid event recorded")
		}
		if v := verdict(t, log); !v.OK || v.Events != 2 {
			t.Fatalf("verdict %+v", v)
		}
	})
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

// An event recorded in a transaction that rolls back leaves nothing, not even a gap in the
// ids; events of a committed transaction appear together.
func TestAuditRollbackLeavesNothing(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		log := persistence.NewAuditLog(db, &fixedClock{t: time.Now()})
		tx := persistence.NewTxManager(db)
		boom := errors.New("boom")
		err := tx.WithinTx(ctx, func(ctx context.Context) error {
			if err := log.Record(ctx, debtEdit(1, "1", "2")); err != nil {
				return err
			}
			// A nested transaction is the caller's one.
			if err := tx.WithinTx(ctx, func(ctx context.Context) error { return log.Record(ctx, debtEdit(1, "2", "3")) }); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatal(err)
		}
		page, err := log.List(ctx, ports.AuditFilter{}, ports.AuditPage{Page: 1, PerPage: 10})
		if err != nil || page.Total != 0 || len(page.Items) != 0 {
			t.Fatalf("after rollback: %+v %v", page, err)
		}
		err = tx.WithinTx(ctx, func(ctx context.Context) error {
			if err := log.Record(ctx, debtEdit(1, "1", "2")); err != nil {
				return err
			}
			return log.Record(ctx, debtEdit(2, "1", "2"))
		})
		if err != nil {
			t.Fatal(err)
		}
		page, _ = log.List(ctx, ports.AuditFilter{}, ports.AuditPage{Page: 1, PerPage: 10})
		if page.Total != 2 || page.Items[0].ID != 2 || page.Items[1].ID != 1 {
			t.Fatalf("after commit: %+v", page)
		}
		if v := verdict(t, log); !v.OK || v.Events != 2 {
			t.Fatalf("verdict %+v", v)
		}
	})
}

// Writers in parallel transactions append one valid chain with consecutive ids: appends are
// serialised by the chain head.
func TestAuditConcurrentWritersKeepTheChain(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		log := persistence.NewAuditLog(db, &fixedClock{t: time.Now()})
		tx := persistence.NewTxManager(db)
		const writers, each = 6, 8
		var wg sync.WaitGroup
		errs := make(chan error, writers*each)
		for w := 0; w < writers; w++ {
			wg.Add(1)
			go func(w int) {
				defer wg.Done()
				for i := 0; i < each; i++ {
					errs <- tx.WithinTx(ctx, func(ctx context.Context) error {
						if err := log.Record(ctx, debtEdit(kernel.ID(w+1), fmt.Sprint(i), fmt.Sprint(i+1))); err != nil {
							return err
						}
						time.Sleep(time.Millisecond) // another writer's append may start meanwhile
						return log.Record(ctx, debtEdit(kernel.ID(w+1), fmt.Sprint(i+1), fmt.Sprint(i+2)))
					})
				}
			}(w)
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		v := verdict(t, log)
		if !v.OK || v.Events != writers*each*2 {
			t.Fatalf("verdict %+v", v)
		}
		var maxID, n int64
		if err := db.NewRaw("SELECT MAX(id), COUNT(*) FROM audit_events").Scan(ctx, &maxID, &n); err != nil {
			t.Fatal(err)
		}
		if maxID != n || n != writers*each*2 {
			t.Fatalf("ids up to %d for %d events", maxID, n)
		}
	})
}

// An append starts from the head its process last left, checked under the head's lock: when
// another process (here a second handle on the same database, which keeps its own) appended
// meanwhile, the append finds the head instead, and the chain, its consecutive ids and the
// counts hold. Large appends (several inserts, on SQLite a tail row by row, on PostgreSQL
// COPY and the counts and the head in one statement after) too: checked it fails when COPY
// leaves a row out or the counts are off by one.
func TestAuditAppendAfterAnotherProcess(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		other := bun.NewDB(db.DB, db.Dialect())
		mine, theirs := persistence.NewAuditLog(db, &fixedClock{t: time.Now()}), persistence.NewAuditLog(other, &fixedClock{t: time.Now()})
		record := func(log *persistence.AuditLog, on *bun.DB, n int) {
			t.Helper()
			err := persistence.NewTxManager(on).WithinTx(ctx, func(ctx context.Context) error {
				for i := range n {
					if err := log.Record(ctx, debtEdit(kernel.ID(i+1), fmt.Sprint(i), fmt.Sprint(i+1))); err != nil {
						return err
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		record(mine, db, 1)      // no guess yet: reads the head
		record(mine, db, 2)      // at its guess
		record(theirs, other, 1) // the other process moves the head
		record(mine, db, 3)      // its guess is stale
		record(mine, db, 1)      // and right again
		record(theirs, other, 1250)
		record(mine, db, 1)
		boom := errors.New("boom")
		if err := persistence.NewTxManager(db).WithinTx(ctx, func(ctx context.Context) error {
			if err := mine.Record(ctx, debtEdit(1, "1", "2")); err != nil {
				return err
			}
			return boom
		}); !errors.Is(err, boom) {
			t.Fatal(err)
		}
		record(mine, db, 1) // a rollback moved nothing
		const total = 1 + 2 + 1 + 3 + 1 + 1250 + 1 + 1
		v := verdict(t, mine)
		if !v.OK || v.Events != total {
			t.Fatalf("verdict %+v", v)
		}
		var maxID, n int64
		if err := db.NewRaw("SELECT MAX(id), COUNT(*) FROM audit_events").Scan(ctx, &maxID, &n); err != nil {
			t.Fatal(err)
		}
		if maxID != total || n != total {
			t.Fatalf("ids up to %d for %d events", maxID, n)
		}
		page, err := mine.List(ctx, ports.AuditFilter{Resource: "partners", Action: audit.ActionEdit}, ports.AuditPage{Page: 1, PerPage: 1})
		if err != nil || page.Total != total {
			t.Fatalf("counted %d, %v", page.Total, err)
		}
	})
}

// Verify catches a row edited, deleted or inserted by SQL and names the first broken event;
// undoing the tampering makes the chain whole again.
func TestAuditVerifyCatchesTampering(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		clock := &fixedClock{}
		log := persistence.NewAuditLog(db, clock)
		for i := 1; i <= 5; i++ {
			clock.set(time.Date(2026, 11, 20, 9, i, 0, 0, time.UTC))
			if err := log.Record(ctx, debtEdit(7, fmt.Sprint(i*1000), fmt.Sprint(i*1000+1))); err != nil {
				t.Fatal(err)
			}
		}
		if v := verdict(t, log); !v.OK || v.Events != 5 || v.FirstBroken != 0 {
			t.Fatalf("intact: %+v", v)
		}
		exec := func(q string) {
			t.Helper()
			if _, err := db.ExecContext(ctx, q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		exec("CREATE TABLE audit_copy AS SELECT * FROM audit_events")
		restore := func(id int) {
			exec(fmt.Sprintf("DELETE FROM audit_events WHERE id = %d", id))
			exec(fmt.Sprintf("INSERT INTO audit_events SELECT * FROM audit_copy WHERE id = %d", id))
			if v := verdict(t, log); !v.OK {
				t.Fatalf("restored %d: %+v", id, v)
			}
		}
		cases := []struct {
			name   string
			tamper string
			want   kernel.ID
			undo   func()
		}{
			{"value edited", "UPDATE audit_events SET changes = REPLACE(changes, '3001', '30010') WHERE id = 3", 3, func() { restore(3) }},
			{"actor edited", "UPDATE audit_events SET actor_name = 'Mallory' WHERE id = 1", 1, func() { restore(1) }},
			{"time edited", "UPDATE audit_events SET at = (SELECT at FROM audit_events WHERE id = 1) WHERE id = 2", 2, func() { restore(2) }},
			{"hash edited", "UPDATE audit_events SET hash = (SELECT hash FROM audit_events WHERE id = 1) WHERE id = 5", 5, func() { restore(5) }},
			{"deleted", "DELETE FROM audit_events WHERE id = 3", 4, func() { exec("INSERT INTO audit_events SELECT * FROM audit_copy WHERE id = 3") }},
			{"newest deleted", "DELETE FROM audit_events WHERE id = 5", 5, func() { exec("INSERT INTO audit_events SELECT * FROM audit_copy WHERE id = 5") }},
			{"inserted", "INSERT INTO audit_events SELECT 6, at, actor_kind, actor_id, actor_name, resource, record_id, parent_resource, parent_id, partner_id, action, changes, import_id, reverts, request_id, address, search, hash, hash FROM audit_copy WHERE id = 5", 6,
				func() { exec("DELETE FROM audit_events WHERE id = 6") }},
		}
		for _, c := range cases {
			exec(c.tamper)
			if v := verdict(t, log); v.OK || v.FirstBroken != c.want {
				t.Errorf("%s: verdict %+v, want broken at %d", c.name, v, c.want)
			}
			c.undo()
			if v := verdict(t, log); !v.OK {
				t.Fatalf("%s undone: %+v", c.name, v)
			}
		}
		// The chain goes on after the check.
		if err := log.Record(ctx, debtEdit(7, "1", "2")); err != nil {
			t.Fatal(err)
		}
		if v := verdict(t, log); !v.OK || v.Events != 6 {
			t.Fatalf("after: %+v", v)
		}
	})
}

// The list filters by record, by user and date range, by resource and action and by
// partner, newest first, with the exact total on every page.
func TestAuditListFilters(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		day := time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)
		clock := &fixedClock{}
		log := persistence.NewAuditLog(db, clock)
		ivan := audit.Actor{Kind: audit.ActorUser, ID: 4, Name: "Ivan Đurić"}
		partner := audit.Actor{Kind: audit.ActorPartner, ID: 8, Name: "Beta d.o.o."}
		record := func(at time.Time, e audit.Event) {
			t.Helper()
			clock.set(at)
			if err := log.Record(ctx, e); err != nil {
				t.Fatal(err)
			}
		}
		// Day 1: Ana edits partner 7 three times and partner 9 once; Ivan creates a city.
		for i := 0; i < 3; i++ {
			record(day.Add(time.Duration(9+i)*time.Hour), debtEdit(7, fmt.Sprint(i), fmt.Sprint(i+1)))
		}
		record(day.Add(13*time.Hour), debtEdit(9, "5", "6"))
		record(day.Add(14*time.Hour), audit.Event{Resource: "cities", RecordID: 2, Action: audit.ActionCreate, Actor: ivan,
			Changes: audit.Diff(nil, audit.Snapshot{"name": "Nikšić"})})
		// Day 2: Ana deactivates partner 7; partner 8 orders in campaign 4; Ivan edits Ana's role.
		record(day.Add(33*time.Hour), audit.Event{Resource: "partners", RecordID: 7, Action: audit.ActionDeactivate, Actor: ana,
			Changes: []audit.Change{{Field: "is_active", From: sp("true"), To: sp("false")}}})
		record(day.Add(34*time.Hour), audit.Event{Resource: "orders", RecordID: 30, Parent: &audit.Ref{Resource: "campaigns", ID: 4}, Action: audit.ActionOrder, Actor: partner})
		record(day.Add(35*time.Hour), audit.Event{Resource: "users", RecordID: 3, Action: audit.ActionRoleChange, Actor: ivan,
			Changes: []audit.Change{{Field: "roles", From: sp("manager"), To: sp("director")}}})
		ids := func(p ports.Page[audit.Event]) []kernel.ID {
			var out []kernel.ID
			for _, e := range p.Items {
				out = append(out, e.ID)
			}
			return out
		}
		cases := []struct {
			name  string
			f     ports.AuditFilter
			page  ports.AuditPage
			ids   []kernel.ID
			total int
		}{
			{"all", ports.AuditFilter{}, ports.AuditPage{Page: 1, PerPage: 3}, []kernel.ID{8, 7, 6}, 8},
			{"all page 3", ports.AuditFilter{}, ports.AuditPage{Page: 3, PerPage: 3}, []kernel.ID{2, 1}, 8},
			{"record", ports.AuditFilter{Resource: "partners", RecordID: 7}, ports.AuditPage{Page: 1, PerPage: 2}, []kernel.ID{6, 3}, 4},
			{"user's day", ports.AuditFilter{UserID: 3, From: day, To: day.Add(24 * time.Hour)}, ports.AuditPage{Page: 1, PerPage: 20}, []kernel.ID{4, 3, 2, 1}, 4},
			{"user's other day", ports.AuditFilter{UserID: 3, From: day.Add(24 * time.Hour), To: day.Add(48 * time.Hour)}, ports.AuditPage{Page: 1, PerPage: 20}, []kernel.ID{6}, 1},
			{"range bounds", ports.AuditFilter{From: day.Add(10 * time.Hour), To: day.Add(13 * time.Hour)}, ports.AuditPage{}, []kernel.ID{3, 2}, 2},
			{"resource and action", ports.AuditFilter{Resource: "partners", Action: audit.ActionEdit}, ports.AuditPage{Page: 1, PerPage: 20}, []kernel.ID{4, 3, 2, 1}, 4},
			{"partner about", ports.AuditFilter{PartnerID: 7}, ports.AuditPage{Page: 1, PerPage: 20}, []kernel.ID{6, 3, 2, 1}, 4},
			{"partner by", ports.AuditFilter{PartnerID: 8}, ports.AuditPage{Page: 1, PerPage: 20}, []kernel.ID{7}, 1},
			{"text folded", ports.AuditFilter{Text: "niksic"}, ports.AuditPage{Page: 1, PerPage: 20}, []kernel.ID{5}, 1},
			{"text actor", ports.AuditFilter{Text: "DJURIC"}, ports.AuditPage{Page: 1, PerPage: 20}, []kernel.ID{8, 5}, 2},
			{"text like chars", ports.AuditFilter{Text: "%"}, ports.AuditPage{Page: 1, PerPage: 20}, nil, 0},
			// Totals from audit_counts (the resource, the action, the role's resources).
			{"resource", ports.AuditFilter{Resource: "partners"}, ports.AuditPage{Page: 1, PerPage: 2}, []kernel.ID{6, 4}, 5},
			{"action", ports.AuditFilter{Action: audit.ActionEdit}, ports.AuditPage{Page: 1, PerPage: 1}, []kernel.ID{4}, 4},
			{"within", ports.AuditFilter{Within: []string{"cities", "users"}}, ports.AuditPage{Page: 1, PerPage: 20}, []kernel.ID{8, 5}, 2},
			{"within nothing", ports.AuditFilter{Within: []string{}}, ports.AuditPage{Page: 1, PerPage: 20}, nil, 0},
			{"none", ports.AuditFilter{Resource: "partners", RecordID: 99}, ports.AuditPage{Page: 1, PerPage: 20}, nil, 0},
		}
		for _, c := range cases {
			p, err := log.List(ctx, c.f, c.page)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			if fmt.Sprint(ids(p)) != fmt.Sprint(c.ids) || p.Total != c.total {
				t.Errorf("%s: ids %v total %d, want %v total %d", c.name, ids(p), p.Total, c.ids, c.total)
			}
		}
		for _, bad := range []ports.AuditFilter{{RecordID: 7}, {Action: "delete"}, {Text: string(make([]byte, ports.MaxAuditText+1))}} {
			if _, err := log.List(ctx, bad, ports.AuditPage{}); kernel.KindOf(err) != kernel.KindInvalid {
				t.Errorf("filter %+v: %v", bad, err)
			}
		}
		var streamed []kernel.ID
		if err := log.Stream(ctx, ports.AuditFilter{Resource: "partners"}, func(e audit.Event) error {
			streamed = append(streamed, e.ID)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(streamed) != "[6 4 3 2 1]" {
			t.Fatalf("streamed %v", streamed)
		}
	})
}
