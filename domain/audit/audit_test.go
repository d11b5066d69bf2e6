package audit

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"vitrina/domain/kernel"
)

func s(v string) *string { return &v }

func amount(t *testing.T, v string) kernel.Amount {
	t.Helper()
	a, err := kernel.ParseAmount("debt", v)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func figure(t *testing.T, v string) kernel.Figure {
	t.Helper()
	f, err := kernel.ParseFigure("bonus", v)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// Diff keeps only changed fields, in field order, with exact values; absent is null.
func TestDiffOnlyChangedFieldsInOrder(t *testing.T) {
	before := Snapshot{"name": "Alfa", "city_id": "3", "address": "Njegoševa 1", "note": "x"}
	after := Snapshot{"name": "Alfa", "city_id": "4", "address": "Njegoševa 1", "email": "a@b.me"}
	got := Diff(before, after)
	want := []Change{
		{Field: "city_id", From: s("3"), To: s("4")},
		{Field: "email", To: s("a@b.me")},
		{Field: "note", From: s("x")},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Diff = %s, want %s", dump(got), dump(want))
	}
	if d := Diff(before, before); len(d) != 0 {
		t.Fatalf("no change gave %s", dump(d))
	}
}

// A creation is every field from no value; the empty string is a value, not "none".
func TestDiffCreationAndEmptyText(t *testing.T) {
	got := Diff(nil, Snapshot{"name": "Alfa", "note": ""})
	want := []Change{{Field: "name", To: s("Alfa")}, {Field: "note", To: s("")}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Diff = %s, want %s", dump(got), dump(want))
	}
	if d := Diff(Snapshot{"note": ""}, Snapshot{}); len(d) != 1 || d[0].From == nil || *d[0].From != "" || d[0].To != nil {
		t.Fatalf("clearing to none gave %s", dump(d))
	}
}

// Money is written exactly as the kernel's Amount writes itself, never through a float:
// 12.000 → 120.000 as 12000 → 120000, thousandths kept, a value past float precision exact;
// a figure keeps its percent flag, and 15 → 15% is a change.
func TestDiffMoneyExact(t *testing.T) {
	cases := []struct {
		name     string
		before   Snapshot
		after    Snapshot
		from, to string
	}{
		{"debt", Snapshot{}.Amount("debt", amount(t, "12000")), Snapshot{}.Amount("debt", amount(t, "120000")), "12000", "120000"},
		{"thousandths", Snapshot{}.Amount("debt", amount(t, "0.001")), Snapshot{}.Amount("debt", amount(t, "0,1")), "0.001", "0.1"},
		{"past float", Snapshot{}.Amount("debt", amount(t, "9999999999.999")), Snapshot{}.Amount("debt", amount(t, "9999999999.998")), "9999999999.999", "9999999999.998"},
		{"percent kept", Snapshot{}.Figure("bonus", figure(t, "15")), Snapshot{}.Figure("bonus", figure(t, "15%")), "15", "15%"},
		{"percent value", Snapshot{}.Figure("bonus", figure(t, "2.5%")), Snapshot{}.Figure("bonus", figure(t, "12.75%")), "2.5%", "12.75%"},
	}
	for _, c := range cases {
		got := Diff(c.before, c.after)
		if len(got) != 1 || *got[0].From != c.from || *got[0].To != c.to {
			t.Errorf("%s: Diff = %s, want %s → %s", c.name, dump(got), c.from, c.to)
		}
	}
	// Equal amounts written the same way are no change, whatever was typed.
	if d := Diff(Snapshot{}.Amount("debt", amount(t, "12000.000")), Snapshot{}.Amount("debt", amount(t, "12000"))); len(d) != 0 {
		t.Fatalf("same amount gave %s", dump(d))
	}
}

// Secret fields never carry values, in a diff or in a sealed event, and an unchanged
// secret is no change at all.
func TestSecretsNeverCarryValues(t *testing.T) {
	for _, f := range []string{"password", "password_hash", "token", "token_hash", "device_token", "Password", "app_password"} {
		got := Diff(Snapshot{f: "old-secret"}, Snapshot{f: "new-secret"})
		if len(got) != 1 || !got[0].Secret || got[0].From != nil || got[0].To != nil || got[0].Field != f {
			t.Errorf("%s: Diff = %s, want changed only", f, dump(got))
		}
		if d := Diff(Snapshot{f: "same"}, Snapshot{f: "same"}); len(d) != 0 {
			t.Errorf("%s unchanged gave %s", f, dump(d))
		}
	}
	if IsSecret("name") || IsSecret("debt") {
		t.Fatal("ordinary fields taken for secrets")
	}
	// A change built by hand with the values is stripped when sealed, and the encoding
	// (hence the hash) does not depend on the values it was given.
	e := sample()
	e.Changes = []Change{{Field: "password", From: s("hunter2"), To: s("hunter3")}}
	sealed, err := Seal(e, "")
	if err != nil {
		t.Fatal(err)
	}
	if c := sealed.Changes[0]; !c.Secret || c.From != nil || c.To != nil {
		t.Fatalf("sealed secret change %s", dump(sealed.Changes))
	}
	e.Changes = []Change{{Field: "password", Secret: true}}
	other, _ := Seal(e, "")
	if other.Hash != sealed.Hash {
		t.Fatal("a secret's values reached the hash")
	}
	if strings.Contains(dump(sealed.Changes), "hunter") {
		t.Fatal("secret value kept")
	}
}

func sample() Event {
	return Event{
		ID:        7,
		At:        time.Date(2026, 11, 24, 10, 30, 0, 123456789, time.FixedZone("CET", 3600)),
		Actor:     Actor{Kind: ActorUser, ID: 3, Name: "Ana"},
		Resource:  "partners",
		RecordID:  42,
		Action:    ActionEdit,
		Changes:   []Change{{Field: "debt", From: s("12000"), To: s("120000")}},
		RequestID: "req-1",
		Address:   "10.0.0.7",
	}
}

// Seal keeps the time in UTC to the microsecond, sorts the changes, fills the partner of a
// partner's event and links the event to the previous hash.
func TestSealNormalises(t *testing.T) {
	e := sample()
	e.Changes = []Change{{Field: "plan", From: s("1"), To: s("2")}, {Field: "debt", From: s("1"), To: s("2")}}
	got, err := Seal(e, "abc")
	if err != nil {
		t.Fatal(err)
	}
	if got.At.Location() != time.UTC || got.At.Nanosecond() != 123456000 || got.At.Hour() != 9 {
		t.Fatalf("time %v", got.At)
	}
	if got.Changes[0].Field != "debt" || e.Changes[0].Field != "plan" {
		t.Fatal("changes not sorted in a copy")
	}
	if got.PartnerID != 42 || got.PrevHash != "abc" || len(got.Hash) != 64 {
		t.Fatalf("partner %d prev %q hash %q", got.PartnerID, got.PrevHash, got.Hash)
	}
	link := sample()
	link.Resource, link.RecordID, link.Parent = "campaign_partners", 9, &Ref{Resource: "partners", ID: 5}
	if got, _ := Seal(link, ""); got.PartnerID != 5 {
		t.Fatalf("parent partner %d", got.PartnerID)
	}
	app := sample()
	app.Resource, app.Actor = "orders", Actor{Kind: ActorPartner, ID: 8, Name: "Beta"}
	if got, _ := Seal(app, ""); got.PartnerID != 8 {
		t.Fatalf("actor partner %d", got.PartnerID)
	}
}

// An event the code built wrongly is never sealed.
func TestSealRefusesInvalidEvents(t *testing.T) {
	cases := map[string]func(*Event){
		"no actor kind":      func(e *Event) { e.Actor.Kind = "" },
		"user without id":    func(e *Event) { e.Actor.ID = 0 },
		"unknown action":     func(e *Event) { e.Action = "delete" },
		"no resource":        func(e *Event) { e.Resource = "" },
		"no time":            func(e *Event) { e.At = time.Time{} },
		"revert without id":  func(e *Event) { e.Action = ActionRevert },
		"duplicate field":    func(e *Event) { e.Changes = append(e.Changes, e.Changes[0]) },
		"empty field":        func(e *Event) { e.Changes[0].Field = "" },
		"secret with values": func(e *Event) { e.Changes[0].Secret = true },
		"huge value":         func(e *Event) { e.Changes[0].To = s(strings.Repeat("x", MaxValue+1)) },
		"long address":       func(e *Event) { e.Address = strings.Repeat("1", MaxAddress+1) },
		"parent no resource": func(e *Event) { e.Parent = &Ref{ID: 1} },
	}
	for name, spoil := range cases {
		e := sample()
		e.Changes = append([]Change(nil), e.Changes...)
		spoil(&e)
		if _, err := Seal(e, ""); err == nil {
			t.Errorf("%s: sealed", name)
		}
	}
	sys := sample()
	sys.Actor = System
	if _, err := Seal(sys, ""); err != nil {
		t.Fatalf("system actor: %v", err)
	}
}

// The hash is deterministic and covers every field: changing any one changes it.
func TestHashCoversEveryField(t *testing.T) {
	base, _ := Seal(sample(), "prev")
	again, _ := Seal(sample(), "prev")
	if base.Hash != again.Hash {
		t.Fatal("hash not deterministic")
	}
	spoils := map[string]func(*Event){
		"id":         func(e *Event) { e.ID++ },
		"at":         func(e *Event) { e.At = e.At.Add(time.Microsecond) },
		"actor kind": func(e *Event) { e.Actor.Kind = ActorPartner },
		"actor id":   func(e *Event) { e.Actor.ID++ },
		"actor name": func(e *Event) { e.Actor.Name += "x" },
		"resource":   func(e *Event) { e.Resource = "users" },
		"record":     func(e *Event) { e.RecordID++ },
		"parent":     func(e *Event) { e.Parent = &Ref{Resource: "campaigns", ID: 1} },
		"partner":    func(e *Event) { e.PartnerID++ },
		"action":     func(e *Event) { e.Action = ActionCash },
		"field":      func(e *Event) { e.Changes[0].Field = "plan" },
		"from":       func(e *Event) { e.Changes[0].From = s("12001") },
		"to":         func(e *Event) { e.Changes[0].To = s("12001") },
		"to null":    func(e *Event) { e.Changes[0].To = nil },
		"secret":     func(e *Event) { e.Changes[0] = Change{Field: "debt", Secret: true} },
		"no changes": func(e *Event) { e.Changes = nil },
		"import":     func(e *Event) { e.ImportID = "imp-1" },
		"reverts":    func(e *Event) { e.Reverts = 3 },
		"request":    func(e *Event) { e.RequestID = "req-2" },
		"address":    func(e *Event) { e.Address = "10.0.0.8" },
		"prev":       func(e *Event) { e.PrevHash = "other" },
	}
	for name, spoil := range spoils {
		e := base
		e.Changes = append([]Change(nil), base.Changes...)
		spoil(&e)
		if e.ComputeHash() == base.Hash {
			t.Errorf("%s: hash unchanged", name)
		}
	}
	// Length prefixes: moving a byte from one field to the next changes the hash.
	a, b := base, base
	a.Actor.Name, a.Resource = "Ana", "partners"
	b.Actor.Name, b.Resource = "Anap", "artners"
	if a.ComputeHash() == b.ComputeHash() {
		t.Fatal("fields run into each other")
	}
	// A null value and the text "null" differ.
	n1, n2 := base, base
	n1.Changes = []Change{{Field: "note", To: nil}}
	n2.Changes = []Change{{Field: "note", To: s("null")}}
	if n1.ComputeHash() == n2.ComputeHash() {
		t.Fatal("null equals the text null")
	}
}

func chainOf(t *testing.T, n int) []Event {
	t.Helper()
	var out []Event
	prev := ""
	for i := 1; i <= n; i++ {
		e := sample()
		e.ID = kernel.ID(i)
		e.Changes = []Change{{Field: "debt", From: s("1"), To: s(string(rune('0' + i)))}}
		sealed, err := Seal(e, prev)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, sealed)
		prev = sealed.Hash
	}
	return out
}

// Verify accepts an intact chain and names the first broken event of an edited, deleted,
// inserted or reordered one.
func TestVerifyNamesFirstBrokenEvent(t *testing.T) {
	if id, ok := Verify("", chainOf(t, 5)); !ok || id != 0 {
		t.Fatalf("intact chain broken at %d", id)
	}
	if _, ok := Verify("", nil); !ok {
		t.Fatal("empty chain broken")
	}
	cases := map[string]struct {
		spoil func([]Event) []Event
		want  kernel.ID
	}{
		"value edited": {func(es []Event) []Event { es[2].Changes[0].To = s("9"); return es }, 3},
		"actor edited": {func(es []Event) []Event { es[1].Actor.Name = "Mallory"; return es }, 2},
		"hash rewritten": {func(es []Event) []Event {
			es[2].Actor.Name = "Mallory"
			es[2].Hash = es[2].ComputeHash() // recomputed, but the next one names the old hash
			return es
		}, 4},
		"deleted": {func(es []Event) []Event { return append(es[:2:2], es[3:]...) }, 4},
		"inserted": {func(es []Event) []Event {
			forged := es[1]
			forged.ID = 99
			forged.Hash = forged.ComputeHash()
			return append(es[:2:2], append([]Event{forged}, es[2:]...)...)
		}, 99},
		"reordered": {func(es []Event) []Event { es[1], es[2] = es[2], es[1]; return es }, 3},
		"first":     {func(es []Event) []Event { es[0].PrevHash = "x"; return es }, 1},
	}
	for name, c := range cases {
		es := chainOf(t, 5)
		id, ok := Verify("", c.spoil(es))
		if ok || id != c.want {
			t.Errorf("%s: broken at %d (ok %v), want %d", name, id, ok, c.want)
		}
	}
	// An anchor (the last archived hash) starts the chain; a wrong one breaks its first event.
	es := chainOf(t, 4)
	if _, ok := Verify(es[1].Hash, es[2:]); !ok {
		t.Fatal("anchored chain broken")
	}
	if id, ok := Verify("nope", es[2:]); ok || id != 3 {
		t.Fatalf("bad anchor: %d %v", id, ok)
	}
	c := NewChain("")
	for _, e := range chainOf(t, 3) {
		c.Add(e)
	}
	if c.Events() != 3 || c.Head() == "" {
		t.Fatalf("chain counted %d, head %q", c.Events(), c.Head())
	}
}

func edit(id kernel.ID, changes ...Change) Event {
	e := sample()
	e.ID, e.Changes = id, changes
	return e
}

// Reverting sets the chosen fields back to their earlier values, all by default, secret
// fields left out.
func TestPlanRevertSetsFieldsBack(t *testing.T) {
	e := edit(10,
		Change{Field: "debt", From: s("12000"), To: s("120000")},
		Change{Field: "note", From: nil, To: s("n")},
		Change{Field: "password", Secret: true})
	cur := Snapshot{"debt": "120000", "note": "n", "name": "Alfa"}
	r, err := PlanRevert(e, nil, cur)
	if err != nil {
		t.Fatal(err)
	}
	if r.Reverts != 10 || r.Deactivate || len(r.Values) != 2 || *r.Values["debt"] != "12000" || r.Values["note"] != nil {
		t.Fatalf("reversal %+v", r)
	}
	if _, ok := r.Values["note"]; !ok {
		t.Fatal("note not set back to none")
	}
	one, err := PlanRevert(e, []string{"debt"}, Snapshot{"debt": "120000", "note": "changed since"})
	if err != nil || len(one.Values) != 1 || *one.Values["debt"] != "12000" {
		t.Fatalf("one field: %+v %v", one, err)
	}
}

// A field changed again since is a 409 naming the newer value; every such field is named.
func TestPlanRevertRefusesFieldChangedSince(t *testing.T) {
	e := edit(10, Change{Field: "debt", From: s("12000"), To: s("120000")}, Change{Field: "plan", From: s("1"), To: s("2")})
	_, err := PlanRevert(e, nil, Snapshot{"debt": "150000", "plan": "2"})
	var cs *ChangedSinceError
	if !errors.As(err, &cs) || len(cs.Conflicts) != 1 || cs.Conflicts[0].Field != "debt" || *cs.Conflicts[0].Current != "150000" || *cs.Conflicts[0].Expected != "120000" {
		t.Fatalf("err %v", err)
	}
	if kernel.KindOf(err) != kernel.KindStale || !errors.Is(err, ErrChangedSince) {
		t.Fatalf("kind %v", kernel.KindOf(err))
	}
	if !strings.Contains(err.Error(), `"150000"`) {
		t.Fatalf("message %q does not show the newer value", err.Error())
	}
	// A value cleared since is a change too.
	if _, err := PlanRevert(e, []string{"plan"}, Snapshot{"debt": "120000"}); !errors.As(err, &cs) || cs.Conflicts[0].Current != nil {
		t.Fatalf("cleared since: %v", err)
	}
}

// A creation reverts by deactivation, as a whole; an already inactive record is a 409.
func TestPlanRevertOfCreationDeactivates(t *testing.T) {
	e := sample()
	e.Action, e.Changes = ActionCreate, Diff(nil, Snapshot{"name": "Alfa", "is_active": "true"})
	r, err := PlanRevert(e, nil, Snapshot{"name": "Alfa", "is_active": "true"})
	if err != nil || !r.Deactivate || len(r.Values) != 0 {
		t.Fatalf("reversal %+v %v", r, err)
	}
	if _, err := PlanRevert(e, []string{"name"}, Snapshot{"is_active": "true"}); kernel.KindOf(err) != kernel.KindInvalid {
		t.Fatalf("partial revert of a creation: %v", err)
	}
	if _, err := PlanRevert(e, nil, Snapshot{"is_active": "false"}); kernel.KindOf(err) != kernel.KindStale {
		t.Fatalf("inactive since: %v", err)
	}
}

// A revert is itself revertible: reverting it restores the reverted change.
func TestPlanRevertOfRevert(t *testing.T) {
	first := edit(10, Change{Field: "debt", From: s("12000"), To: s("120000")})
	r, err := PlanRevert(first, nil, Snapshot{"debt": "120000"})
	if err != nil {
		t.Fatal(err)
	}
	rev := edit(11, Diff(Snapshot{"debt": "120000"}, Snapshot{"debt": *r.Values["debt"]})...)
	rev.Action, rev.Reverts = ActionRevert, r.Reverts
	if _, err := Seal(rev, ""); err != nil {
		t.Fatal(err)
	}
	back, err := PlanRevert(rev, nil, Snapshot{"debt": "12000"})
	if err != nil || *back.Values["debt"] != "120000" || back.Reverts != 11 {
		t.Fatalf("revert of revert %+v %v", back, err)
	}
}

// Fields the event did not change, secret fields, nothing left and actions that are not
// edits are 422 on "fields".
func TestPlanRevertRefusals(t *testing.T) {
	e := edit(10, Change{Field: "debt", From: s("1"), To: s("2")}, Change{Field: "password", Secret: true})
	cases := map[string]struct {
		e      Event
		fields []string
	}{
		"not changed": {e, []string{"plan"}},
		"secret":      {e, []string{"password"}},
		"only secret": {edit(11, Change{Field: "password", Secret: true}), nil},
		"sign in":     {func() Event { x := sample(); x.Action = ActionSignIn; x.Changes = nil; return x }(), nil},
		"order":       {func() Event { x := sample(); x.Action = ActionOrder; return x }(), nil},
	}
	for name, c := range cases {
		_, err := PlanRevert(c.e, c.fields, Snapshot{"debt": "2"})
		var ke *kernel.Error
		if !errors.As(err, &ke) || ke.Kind != kernel.KindInvalid || len(ke.Fields["fields"]) != 1 {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func dump(cs []Change) string {
	var b strings.Builder
	for _, c := range cs {
		b.WriteString("{" + c.Field)
		if c.Secret {
			b.WriteString(" changed")
		} else {
			b.WriteString(" " + show(c.From) + "→" + show(c.To))
		}
		b.WriteString("}")
	}
	return b.String()
}

// An edit is named by what it changed.
func TestEditAction(t *testing.T) {
	cases := []struct {
		changes []Change
		want    Action
	}{
		{[]Change{{Field: "is_active", From: s("true"), To: s("false")}}, ActionDeactivate},
		{[]Change{{Field: "is_active", From: s("false"), To: s("true")}}, ActionActivate},
		{[]Change{{Field: "roles", From: s("manager"), To: s("director")}}, ActionRoleChange},
		{[]Change{{Field: "password_hash", Secret: true}}, ActionPasswordChange},
		{[]Change{{Field: "password_hash", Secret: true}, {Field: "app_password", Secret: true}}, ActionPasswordChange},
		{[]Change{{Field: "is_active", From: s("true"), To: s("false")}, {Field: "name", From: s("a"), To: s("b")}}, ActionEdit},
		{[]Change{{Field: "password_hash", Secret: true}, {Field: "name", From: s("a"), To: s("b")}}, ActionEdit},
		{[]Change{{Field: "token_hash", Secret: true}}, ActionEdit},
		{[]Change{{Field: "debt", From: s("1"), To: s("2")}}, ActionEdit},
	}
	for _, c := range cases {
		if got := EditAction(c.changes); got != c.want {
			t.Errorf("%s: %s, want %s", dump(c.changes), got, c.want)
		}
	}
}

func TestReversalApplyPutsOldValuesOverCurrent(t *testing.T) {
	old, no := "12000", "false"
	r := Reversal{Values: map[string]*string{"debt": &old, "phone": nil, ActiveField: &no}}
	a := r.Apply(Snapshot{"debt": "120000", "phone": "+382", "name": "Ana", ActiveField: "true"})
	if a.Values["debt"] != "12000" || a.Values["name"] != "Ana" || !a.Fields || a.Active == nil || *a.Active {
		t.Fatalf("applied %+v", a)
	}
	if _, kept := a.Values["phone"]; kept || !a.Touched["phone"] || a.Touched["name"] {
		t.Fatalf("a field that had no value is left out and marked: %+v", a)
	}
	if b := (Reversal{Values: map[string]*string{ActiveField: &no}}).Apply(Snapshot{ActiveField: "true"}); b.Fields {
		t.Fatalf("only the activation: %+v", b)
	}
}

func TestReversalCarryEditsAndTogglesOnlyWhatItMust(t *testing.T) {
	old, off := "12000", "false"
	var edited Snapshot
	toggles := 0
	edit := func(v Snapshot) error { edited = v; return nil }
	state := true
	toggle := func() (bool, error) { toggles++; state = !state; return state, nil }
	current := Snapshot{"debt": "120000", ActiveField: "true"}
	if err := (Reversal{Values: map[string]*string{"debt": &old, ActiveField: &off}}).Carry(current, edit, toggle); err != nil {
		t.Fatal(err)
	}
	if edited["debt"] != "12000" || toggles != 1 {
		t.Fatalf("edited %v, toggled %d times", edited, toggles)
	}
	edited, toggles = nil, 0
	if err := (Reversal{Deactivate: true}).Carry(Snapshot{ActiveField: "false"}, edit, toggle); err != nil || toggles != 0 || edited != nil {
		t.Fatalf("an inactive record's creation revert did something: %d %v", toggles, edited)
	}
	state = true
	if err := (Reversal{Deactivate: true}).Carry(current, edit, toggle); err != nil || toggles != 1 || edited != nil {
		t.Fatalf("a creation's revert: %d %v", toggles, edited)
	}
	// Another save deactivated the record after current was read: the toggle lands on
	// active, and the revert is refused (409) naming the flag, for its flip to roll back.
	state, toggles = false, 0
	err := (Reversal{Deactivate: true}).Carry(current, edit, toggle)
	var since *ChangedSinceError
	if !errors.As(err, &since) || kernel.KindOf(err) != kernel.KindStale || toggles != 1 ||
		len(since.Conflicts) != 1 || since.Conflicts[0].Field != ActiveField || *since.Conflicts[0].Current != "false" {
		t.Fatalf("a toggle raced by another save: %v (toggled %d)", err, toggles)
	}
	if IDOf("42") != 42 || IDOf("") != 0 || IDOf("x") != 0 {
		t.Fatal("IDOf")
	}
}

// The canonical encoding is fixed: an event sealed by an earlier build hashes the same
// today (a stored chain would otherwise break at its first event), whatever the encoder's
// internals.
func TestHashOfAKnownEventIsStable(t *testing.T) {
	e := Event{ID: 42, At: time.Date(2026, 11, 27, 10, 30, 0, 123456000, time.UTC),
		Actor: Actor{Kind: ActorUser, ID: 7, Name: "Ana Petrović"}, Resource: "campaign_partners", RecordID: 9,
		Parent: &Ref{Resource: "campaigns", ID: 3}, PartnerID: 9, Action: ActionUnlink,
		Changes: []Change{{Field: "cash", From: s("1250.505")}, {Field: "partner_id", From: s("9"), To: nil},
			{Field: "password", Secret: true}},
		ImportID: "imp-1", Reverts: 5, RequestID: "req-1", Address: "10.0.0.1", PrevHash: "abc"}
	const want = "8096c60c9e801e5dc44c10bf28639793ede2ff340b7a3f4123ecd8edb294c704"
	if got := e.ComputeHash(); got != want {
		t.Fatalf("hash %s, want %s", got, want)
	}
}

// A revert never names a stored file; a flag's value and whether other fields go back are
// read off the reversal, for the records whose flags have toggles of their own.
func TestReversalFilesFlagsAndFields(t *testing.T) {
	img, yes, name := "a.jpg", "true", "Old"
	r := Reversal{Values: map[string]*string{"image": &img, "name": &name}}
	if err := r.GuardFiles("image", "wyswygimg"); !errors.Is(err, ErrFileNotRevertible) || kernel.KindOf(err) != kernel.KindInvalid {
		t.Fatalf("an image in a revert: %v", err)
	}
	if err := (Reversal{Values: map[string]*string{"name": &name}}).GuardFiles("image"); err != nil {
		t.Fatalf("no file named, refused: %v", err)
	}
	flags := Reversal{Values: map[string]*string{VisibleField: &yes}}
	if v := flags.Flag(VisibleField); v == nil || !*v {
		t.Fatalf("visible flag %v", v)
	}
	if flags.Flag(ActiveField) != nil {
		t.Fatal("a flag the reversal does not name has a value")
	}
	if flags.Apply(Snapshot{}).FieldsBesides(VisibleField) {
		t.Fatal("only the visibility goes back, yet other fields are said to")
	}
	if !r.Apply(Snapshot{}).FieldsBesides(VisibleField) {
		t.Fatal("the name goes back, yet no other field is said to")
	}
}
