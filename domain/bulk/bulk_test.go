package bulk

import (
	"errors"
	"testing"
	"time"

	"vitrina/domain/audit"
	"vitrina/domain/kernel"
)

func fieldsOf(t *testing.T, err error) map[string][]string {
	t.Helper()
	var e *kernel.Error
	if !errors.As(err, &e) || e.Kind != kernel.KindInvalid {
		t.Fatalf("want a validation error, got %v", err)
	}
	return e.Fields
}

func TestRequestValidate(t *testing.T) {
	offered := []Action{Deactivate, Activate, AddCategory, Cash}
	amount := kernel.AmountOfThousandths(1000)
	pct := int64(-10_000)
	ok := []Request{
		{Action: Deactivate, IDs: []kernel.ID{3, 1, 3, 2}},
		{Action: Activate, Filter: map[string]string{}},
		{Action: AddCategory, IDs: []kernel.ID{1}, CategoryID: 7},
		{Action: Cash, IDs: []kernel.ID{1}, Cash: &amount},
		{Action: Cash, Filter: map[string]string{"name": "x"}, Percent: &pct},
	}
	for _, r := range ok {
		if err := r.Validate(offered); err != nil {
			t.Fatalf("%+v: %v", r, err)
		}
	}
	r := Request{Action: Deactivate, IDs: []kernel.ID{3, 1, 3, 2, 1}}
	_ = r.Validate(offered)
	if len(r.IDs) != 3 || r.IDs[0] != 3 || r.IDs[1] != 1 || r.IDs[2] != 2 {
		t.Fatalf("ids de-duplicated in their order: %v", r.IDs)
	}

	many := make([]kernel.ID, MaxRecords+1)
	for i := range many {
		many[i] = kernel.ID(i + 1)
	}
	keys := map[string]string{}
	for i := range MaxFilterKeys + 1 {
		keys[string(rune('a'+i%26))+string(rune('a'+i/26))] = "x"
	}
	bad := []struct {
		r     Request
		field string
	}{
		{Request{IDs: []kernel.ID{1}}, "action"},
		{Request{Action: Hide, IDs: []kernel.ID{1}}, "action"},
		{Request{Action: Deactivate}, "ids"},
		{Request{Action: Deactivate, IDs: []kernel.ID{1}, Filter: map[string]string{}}, "ids"},
		{Request{Action: Deactivate, IDs: many}, "ids"},
		{Request{Action: Deactivate, IDs: []kernel.ID{1, 0}}, "ids"},
		{Request{Action: Deactivate, Filter: keys}, "filter"},
		{Request{Action: AddCategory, IDs: []kernel.ID{1}}, "category_id"},
		{Request{Action: Cash, IDs: []kernel.ID{1}}, "cash"},
		{Request{Action: Cash, IDs: []kernel.ID{1}, Cash: &amount, Percent: &pct}, "cash"},
	}
	for _, c := range bad {
		if f := fieldsOf(t, c.r.Validate(offered)); len(f[c.field]) == 0 {
			t.Fatalf("%+v: want an error on %s, got %v", c.r, c.field, f)
		}
	}
	if f := fieldsOf(t, (&Request{Action: Deactivate, IDs: many}).Validate(offered)); f["ids"][0] != "A bulk action can change at most 100,000 records." {
		t.Fatalf("too many: %v", f)
	}
}

func TestPercentAndChangeBy(t *testing.T) {
	for in, want := range map[string]int64{"10": 10_000, "-10": -10_000, "+12.5": 12_500, "0,125": 125, "-100": -100_000, "1000": 1_000_000} {
		if got, err := ParsePercent(in); err != nil || got != want {
			t.Fatalf("ParsePercent(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "-", "abc", "1e3", "-100.001", "1000.001", "10.1234", "12345", "1.2.3", "--5"} {
		if _, err := ParsePercent(in); err == nil {
			t.Fatalf("ParsePercent(%q) accepted", in)
		}
	}
	amount := func(s string) kernel.Amount {
		a, err := kernel.ParseAmount("cash", s)
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	for _, c := range []struct {
		from string
		p    int64
		want string
	}{
		{"100", 12_500, "112.5"},
		{"0.005", -50_000, "0.003"}, // 0.0025 rounds half away from zero
		{"1000", -100_000, "0"},
		{"1999.999", 10_000, "2199.999"}, // 2199.9989 rounds up
		{"0", 50_000, "0"},
		{"9999999999.999", 0, "9999999999.999"},
	} {
		got, err := ChangeBy(amount(c.from), c.p)
		if err != nil || got.String() != c.want {
			t.Fatalf("ChangeBy(%s, %d) = %s, %v; want %s", c.from, c.p, got, err, c.want)
		}
	}
	if _, err := ChangeBy(amount("9999999999"), 1_000_000); !errors.Is(err, kernel.ErrAmountOverflow) {
		t.Fatalf("past ten digits: %v", err)
	}
}

func TestUndoRules(t *testing.T) {
	end := time.Date(2026, 11, 28, 10, 0, 0, 0, time.UTC)
	window := 30 * time.Minute
	run := Run{Kind: KindAction, ActorID: 7, State: Done, Finished: end}
	if err := run.CanUndo(7, false, end.Add(29*time.Minute), window); err != nil {
		t.Fatalf("the user within the window: %v", err)
	}
	if err := run.CanUndo(8, true, end.Add(time.Minute), window); err != nil {
		t.Fatalf("an admin: %v", err)
	}
	cases := []struct {
		run  Run
		user kernel.ID
		at   time.Time
		want error
	}{
		{run, 8, end, ErrUndoForbidden},
		{run, 7, end.Add(window), ErrUndoExpired},
		{Run{Kind: KindAction, ActorID: 7, State: Running}, 7, end, ErrUndoRunning},
		{Run{Kind: KindAction, ActorID: 7, State: Done, Finished: end, UndoneBy: 9}, 7, end, ErrUndone},
		{Run{Kind: KindUndo, ActorID: 7, State: Done, Finished: end}, 7, end, ErrNotBulk},
	}
	for _, c := range cases {
		if err := c.run.CanUndo(c.user, false, c.at, window); !errors.Is(err, c.want) {
			t.Fatalf("%+v by %d at %s: %v, want %v", c.run, c.user, c.at, err, c.want)
		}
	}
	failed := Run{Kind: KindAction, ActorID: 7, State: Failed, Finished: end}
	if err := failed.CanUndo(7, false, end, window); err != nil {
		t.Fatalf("a failed run's done batches can be undone: %v", err)
	}
	if !(Run{Kind: KindUndo, Finished: end}).UndoUntil(window).IsZero() || !(Run{Kind: KindAction}).UndoUntil(window).IsZero() {
		t.Fatal("an undo, or a run still going, has no window")
	}
}

func TestOutcomeAndSkips(t *testing.T) {
	var o Outcome
	o.Done, o.Unchanged = 2, 1
	o.Skip(5, kernel.FieldError("categories", "You must choose at least one category."))
	o.Skip(6, &audit.ChangedSinceError{})
	o.Skip(7, errors.New("disk on fire"))
	if o.Seen() != 6 {
		t.Fatalf("seen %d", o.Seen())
	}
	want := []Skip{{5, "invalid", "You must choose at least one category."},
		{6, "revert-changed-since", "The record was changed again since this change. Reload it to see the changes."},
		{7, "error", "disk on fire"}}
	for i, s := range o.Skipped {
		if s != want[i] {
			t.Fatalf("skip %d: %+v, want %+v", i, s, want[i])
		}
	}
	if Skippable(errors.New("connection reset")) || !Skippable(kernel.NotFound("partner")) || !Skippable(&audit.ChangedSinceError{}) {
		t.Fatal("skippable: a row's rule skips, anything unexpected stops the run")
	}
}

func TestOutcomeCount(t *testing.T) {
	var o Outcome
	for _, c := range []struct {
		changed bool
		err     error
	}{{true, nil}, {false, nil}, {true, kernel.NotFound("partner")}, {false, &audit.ChangedSinceError{}}} {
		if err := o.Count(1, c.changed, c.err); err != nil {
			t.Fatalf("%+v stopped: %v", c, err)
		}
	}
	if o.Done != 1 || o.Unchanged != 1 || len(o.Skipped) != 2 {
		t.Fatalf("counted %+v", o)
	}
	boom := errors.New("connection reset")
	if err := o.Count(2, true, boom); err != boom || o.Seen() != 4 {
		t.Fatalf("an unexpected error stops the run uncounted: %v, %+v", err, o)
	}
}
