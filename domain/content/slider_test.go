package content

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"vitrina/domain/kernel"
)

var (
	now   = time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
	today = DateOf(now)
)

// form is a valid form of the type; each case changes what it tests.
func form(t Type) Input {
	in := Input{Name: "Zimska akcija", Type: t, Image: "a1.jpg", CategoryIDs: []kernel.ID{1}}
	if t.HasPage() {
		in.Wysiwyg, in.PageContent, in.PushNotification, in.NotificationText = "w1.png", "<p>Akcija</p>", true, "Nova akcija"
	}
	if t == Seminar {
		in.Dates = []string{"2026-12-10", "2026-12-03"}
	}
	return in
}

// fieldErrors is err's field messages, or nil; anything but a validation error fails.
func fieldErrors(t *testing.T, err error) map[string][]string {
	t.Helper()
	if err == nil {
		return nil
	}
	var e *kernel.Error
	if !errors.As(err, &e) || e.Kind != kernel.KindInvalid {
		t.Fatalf("want a validation error, got %v", err)
	}
	return e.Fields
}

func strs(ds []Date) []string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = d.String()
	}
	return out
}

func TestNewSliderFieldsPerType(t *testing.T) {
	for _, typ := range []Type{Slika, Promocija, Seminar} {
		in := form(typ)
		in.Dates = append(in.Dates, "2026-12-03") // repeated: kept once
		in.CategoryIDs = []kernel.ID{3, 1, 3, 0, -2}
		in.StartDate, in.EndDate = "2026-11-20", "2026-12-31"
		s, err := New(in, today, now)
		if err != nil {
			t.Fatalf("type %d: %v", typ, err)
		}
		if s.Name() != "Zimska akcija" || s.Type() != typ || s.Image() != "a1.jpg" || !s.IsActive() || !s.IsVisible() {
			t.Fatalf("type %d: %+v", typ, s.State())
		}
		if got := s.Categories(); !slices.Equal(got, []kernel.ID{3, 1}) {
			t.Fatalf("categories %v", got)
		}
		if s.StartDate().String() != "2026-11-20" || s.EndDate().String() != "2026-12-31" {
			t.Fatalf("window %v %v", s.StartDate(), s.EndDate())
		}
		wantPage := typ != Slika
		if (s.Wysiwyg() != "") != wantPage || (s.PageContent() != "") != wantPage || s.PushNotification() != wantPage ||
			(s.NotificationText() != "") != wantPage {
			t.Fatalf("type %d keeps the page fields only when it has a page: %+v", typ, s.State())
		}
		wantDates := []string(nil)
		if typ == Seminar {
			wantDates = []string{"2026-12-03", "2026-12-10"}
		}
		if got := strs(s.Dates()); !slices.Equal(got, wantDates) && !(len(got) == 0 && wantDates == nil) {
			t.Fatalf("type %d dates %v, want %v", typ, got, wantDates)
		}
	}
}

func TestSliderValidation(t *testing.T) {
	long := strings.Repeat("ž", MaxNotificationLength+1)
	many := make([]kernel.ID, MaxCategories+1)
	for i := range many {
		many[i] = kernel.ID(i + 1)
	}
	tooManyDates := make([]string, MaxDates+1)
	for i := range tooManyDates {
		tooManyDates[i] = time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, i).Format("2006-01-02")
	}
	cases := []struct {
		name  string
		typ   Type
		edit  func(*Input)
		field string
		want  string
	}{
		{"name required", Slika, func(in *Input) { in.Name = " " }, "name", "The name field is required."},
		{"name too short", Slika, func(in *Input) { in.Name = "Z" }, "name", "The name must be at least 2 characters."},
		{"name starting with a number", Slika, func(in *Input) { in.Name = "7 dana popusta" }, "name", "The name must not start with a number."},
		{"name with a NUL", Slika, func(in *Input) { in.Name = "Zi\x00ma" }, "name", "The name contains characters that are not allowed."},
		{"name too long", Slika, func(in *Input) { in.Name = strings.Repeat("a", 201) }, "name", "The name may not be greater than 200 characters."},
		{"type missing", Slika, func(in *Input) { in.Type = 0 }, "type", "The type field is required."},
		{"type out of range", Slika, func(in *Input) { in.Type = 4 }, "type", "The selected type is invalid."},
		{"type not a number", Slika, func(in *Input) { in.Type = -1 }, "type", "The selected type is invalid."},
		{"no category", Slika, func(in *Input) { in.CategoryIDs = nil }, "categories", "You must choose at least one category."},
		{"only bad category ids", Slika, func(in *Input) { in.CategoryIDs = []kernel.ID{0, -1} }, "categories", "You must choose at least one category."},
		{"too many categories", Slika, func(in *Input) { in.CategoryIDs = many }, "categories", "The categories may not have more than 1000 items."},
		{"image required on add", Slika, func(in *Input) { in.Image = "" }, "image", "The image field is required."},
		{"push without text", Promocija, func(in *Input) { in.NotificationText = "" }, "notification_text", "The notification text field is required."},
		{"push text too short", Seminar, func(in *Input) { in.NotificationText = " N " }, "notification_text", "The notification text must be at least 2 characters."},
		{"push text too long", Promocija, func(in *Input) { in.NotificationText = long }, "notification_text", "The notification text may not be greater than 200 characters."},
		{"text without push still bounded", Promocija, func(in *Input) { in.PushNotification, in.NotificationText = false, long },
			"notification_text", "The notification text may not be greater than 200 characters."},
		{"page content too big", Promocija, func(in *Input) { in.PageContent = strings.Repeat("x", MaxPageContentBytes+1) },
			"page_content", "The page content may not be greater than 200000 bytes."},
		{"page content with a NUL", Seminar, func(in *Input) { in.PageContent = "<p>\x00</p>" },
			"page_content", "The page content contains characters that are not allowed."},
		{"page content bad UTF-8", Seminar, func(in *Input) { in.PageContent = "<p>\xff</p>" },
			"page_content", "The page content contains characters that are not allowed."},
		{"seminar without dates", Seminar, func(in *Input) { in.Dates = nil }, "dates", "The dates field is required."},
		{"seminar date not ISO", Seminar, func(in *Input) { in.Dates = []string{"03.12.2026"} }, "dates", "The dates must be dates in the format YYYY-MM-DD."},
		{"seminar date that does not exist", Seminar, func(in *Input) { in.Dates = []string{"2026-02-30"} }, "dates", "The dates must be dates in the format YYYY-MM-DD."},
		{"too many seminar dates", Seminar, func(in *Input) { in.Dates = tooManyDates }, "dates", "The dates may not have more than 100 items."},
		{"start date not ISO", Slika, func(in *Input) { in.StartDate = "2026-12-1" }, "start_date", "The start date does not match the format YYYY-MM-DD."},
		{"end date not ISO", Promocija, func(in *Input) { in.EndDate = "sutra" }, "end_date", "The end date does not match the format YYYY-MM-DD."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := form(c.typ)
			c.edit(&in)
			_, err := New(in, today, now)
			f := fieldErrors(t, err)
			if len(f[c.field]) == 0 || f[c.field][0] != c.want {
				t.Fatalf("%s: %v, want %q", c.field, f, c.want)
			}
		})
	}
	// Every field at once.
	_, err := New(Input{Type: Seminar, PushNotification: true}, today, now)
	f := fieldErrors(t, err)
	for _, field := range []string{"name", "categories", "image", "notification_text", "dates"} {
		if len(f[field]) == 0 {
			t.Errorf("no error on %s: %v", field, f)
		}
	}
	// A field the type does not use is not checked: a Slika ignores its page.
	in := form(Slika)
	in.NotificationText, in.PageContent, in.Dates = long, "\x00", []string{"nonsense"}
	if _, err := New(in, today, now); err != nil {
		t.Fatalf("a banner ignores the page fields: %v", err)
	}
}

func TestSliderDates436(t *testing.T) {
	cases := []struct {
		name       string
		typ        Type
		start, end string
		dates      []string
		ok         bool
	}{
		{"end after start", Slika, "2026-12-01", "2026-12-02", nil, true},
		{"end equal to start", Slika, "2026-12-01", "2026-12-01", nil, false},
		{"end before start", Promocija, "2026-12-02", "2026-12-01", nil, false},
		{"only an end in the past", Slika, "", "2020-01-01", nil, true},
		{"only a start", Slika, "2026-12-01", "", nil, true},
		{"seminar date today", Seminar, "", "", []string{"2026-11-24"}, true},
		{"seminar date yesterday", Seminar, "", "", []string{"2026-11-23", "2026-12-01"}, false},
		{"window checked for a seminar too", Seminar, "2026-12-05", "2026-12-04", []string{"2026-12-01"}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := form(c.typ)
			in.StartDate, in.EndDate = c.start, c.end
			if c.dates != nil {
				in.Dates = c.dates
			}
			_, err := New(in, today, now)
			if c.ok != (err == nil) || (!c.ok && !errors.Is(err, ErrBadDates)) {
				t.Fatalf("err %v, want ok=%v or 436", err, c.ok)
			}
			if !c.ok && kernel.KindOf(err) != kernel.KindBadDates {
				t.Fatalf("kind %d", kernel.KindOf(err))
			}
		})
	}
	// Field errors come before the dates.
	in := form(Seminar)
	in.Name, in.Dates = "", []string{"2020-01-01"}
	if _, err := New(in, today, now); kernel.KindOf(err) != kernel.KindInvalid {
		t.Fatalf("422 before 436: %v", err)
	}
}

func newSlider(t *testing.T, in Input) *Slider {
	t.Helper()
	s, err := New(in, today, now)
	if err != nil {
		t.Fatal(err)
	}
	s.AssignID(7)
	return s
}

func TestSliderEdit(t *testing.T) {
	later := DateOf(now.AddDate(0, 0, 12)) // 2026-12-06: the 3rd has passed
	cases := []struct {
		name   string
		typ    Type
		usage  Usage
		day    Date
		edit   func(*Input)
		want   error // nil, or the error's identity (kind and slug)
		dates  []string
		unused []string
	}{
		{name: "rename a seminar with partners", typ: Seminar, usage: Usage{Partners: 3, SignedUpDates: []Date{MustDate("2026-12-03")}},
			day: today, edit: func(in *Input) { in.Name = "Ljetni seminar" }, dates: []string{"2026-12-03", "2026-12-10"}},
		{name: "type change with partners", typ: Seminar, usage: Usage{Partners: 1}, day: today,
			edit: func(in *Input) { in.Type = Promocija }, want: ErrHasPartners},
		{name: "type change of a promotion with orders", typ: Promocija, usage: Usage{Partners: 1}, day: today,
			edit: func(in *Input) { in.Type = Slika }, want: ErrHasPartners},
		{name: "type change without partners drops the page", typ: Promocija, day: today,
			edit: func(in *Input) { in.Type = Slika }, unused: []string{"w1.png"}},
		{name: "removing a signed-up date", typ: Seminar, usage: Usage{Partners: 1, SignedUpDates: []Date{MustDate("2026-12-10")}},
			day: today, edit: func(in *Input) { in.Dates = []string{"2026-12-03"} }, want: ErrHasPartners},
		{name: "removing a date nobody signed up for", typ: Seminar, usage: Usage{Partners: 1, SignedUpDates: []Date{MustDate("2026-12-10")}},
			day: today, edit: func(in *Input) { in.Dates = []string{"2026-12-10", "2026-12-17"} }, dates: []string{"2026-12-10", "2026-12-17"}},
		{name: "past days stay when the form leaves them out", typ: Seminar, usage: Usage{Partners: 1, SignedUpDates: []Date{MustDate("2026-12-03")}},
			day: later, edit: func(in *Input) { in.Dates = []string{"2026-12-10"} }, dates: []string{"2026-12-03", "2026-12-10"}},
		{name: "a past day the slider has may be sent again", typ: Seminar, day: later,
			edit: func(in *Input) { in.Dates = []string{"2026-12-03", "2026-12-10"} }, dates: []string{"2026-12-03", "2026-12-10"}},
		{name: "a new past day", typ: Seminar, day: later, edit: func(in *Input) { in.Dates = []string{"2026-12-04", "2026-12-10"} }, want: ErrBadDates},
		{name: "only past days left", typ: Seminar, day: MustDate("2026-12-20"), edit: func(in *Input) { in.Dates = nil },
			dates: []string{"2026-12-03", "2026-12-10"}},
		{name: "a promotion becomes a seminar without dates", typ: Promocija, day: today, edit: func(in *Input) { in.Type = Seminar },
			want: kernel.FieldError("dates", "The dates field is required.")},
		{name: "window 436 on edit", typ: Slika, day: today, edit: func(in *Input) { in.StartDate, in.EndDate = "2026-12-02", "2026-12-01" }, want: ErrBadDates},
		{name: "new banner and extra image", typ: Promocija, day: today,
			edit: func(in *Input) { in.Image, in.Wysiwyg = "a2.jpg", "w2.png" }, unused: []string{"a1.jpg", "w1.png"}},
		{name: "no files keep both", typ: Promocija, day: today, edit: func(in *Input) { in.Image, in.Wysiwyg = "", "" }},
		{name: "remove drops the extra image", typ: Seminar, day: today,
			edit: func(in *Input) { in.Image, in.Wysiwyg, in.RemoveWysiwyg = "", "", true }, unused: []string{"w1.png"}, dates: []string{"2026-12-03", "2026-12-10"}},
		{name: "remove with a new extra image keeps the new one", typ: Promocija, day: today,
			edit: func(in *Input) { in.Image, in.Wysiwyg, in.RemoveWysiwyg = "", "w3.png", true }, unused: []string{"w1.png"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newSlider(t, form(c.typ))
			before := s.State()
			in := form(c.typ)
			c.edit(&in)
			unused, err := s.Edit(in, c.usage, c.day, now.Add(time.Hour))
			if c.want != nil {
				if !errors.Is(err, c.want) || kernel.KindOf(err) != kernel.KindOf(c.want) {
					t.Fatalf("err %v, want %v", err, c.want)
				}
				if !slices.Equal(s.State().Dates, before.Dates) || s.State().Type != before.Type || s.Name() != before.Name {
					t.Fatal("a refused edit changes nothing")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(unused, c.unused) {
				t.Fatalf("unused %v, want %v", unused, c.unused)
			}
			if got := strs(s.Dates()); !slices.Equal(got, c.dates) && !(len(got) == 0 && len(c.dates) == 0) {
				t.Fatalf("dates %v, want %v", got, c.dates)
			}
			if !s.UpdatedAt().Equal(now.Add(time.Hour)) {
				t.Fatal("an edit moves updated_at")
			}
		})
	}
	// The form's files are kept: an edit without files keeps the banner and the extra image.
	s := newSlider(t, form(Promocija))
	in := form(Promocija)
	in.Image, in.Wysiwyg = "", ""
	if _, err := s.Edit(in, Usage{}, today, now); err != nil || s.Image() != "a1.jpg" || s.Wysiwyg() != "w1.png" {
		t.Fatalf("kept %q %q %v", s.Image(), s.Wysiwyg(), err)
	}
}

func TestVisibilityAndShown(t *testing.T) {
	seminar := newSlider(t, form(Seminar))
	if err := seminar.ToggleVisible(today, now); err != nil || seminar.IsVisible() {
		t.Fatalf("hiding is always allowed: %v", err)
	}
	// Once every day has passed it cannot be shown again.
	if err := seminar.ToggleVisible(MustDate("2026-12-11"), now); !errors.Is(err, ErrShowPastSeminar) || kernel.KindOf(err) != kernel.KindInvalid {
		t.Fatalf("past seminar: %v", err)
	}
	if err := seminar.ToggleVisible(MustDate("2026-12-10"), now); err != nil || !seminar.IsVisible() {
		t.Fatalf("a seminar with its last day today shows: %v", err)
	}
	banner := newSlider(t, form(Slika))
	_ = banner.ToggleVisible(today, now)
	banner.ToggleActive(now)
	if err := banner.ToggleVisible(today, now); !errors.Is(err, ErrShowInactive) {
		t.Fatalf("inactive: %v", err)
	}
	banner.ToggleActive(now)
	if err := banner.ToggleVisible(today, now); err != nil {
		t.Fatal(err)
	}

	in := form(Promocija)
	in.StartDate, in.EndDate, in.CategoryIDs = "2026-12-01", "2026-12-31", []kernel.ID{4, 5}
	p := newSlider(t, in)
	for day, want := range map[string]bool{"2026-11-30": false, "2026-12-01": true, "2026-12-15": true, "2026-12-31": true, "2027-01-01": false} {
		if got := p.Shown(MustDate(day)); got != want {
			t.Errorf("shown on %s = %v, want %v", day, got, want)
		}
	}
	d := MustDate("2026-12-15")
	if !p.ShownTo([]kernel.ID{9, 5}, d) || p.ShownTo([]kernel.ID{9}, d) || p.ShownTo(nil, d) {
		t.Fatal("shown only to partners sharing a category")
	}
	_ = p.ToggleVisible(d, now)
	if p.ShownTo([]kernel.ID{5}, d) {
		t.Fatal("a hidden slider is shown to nobody")
	}
	_ = p.ToggleVisible(d, now)
	p.ToggleActive(now)
	if p.Shown(d) || !p.IsVisible() {
		t.Fatal("an inactive slider is not shown and keeps its visibility")
	}
}

func TestSignUpAndOrder(t *testing.T) {
	seminar := newSlider(t, form(Seminar))
	cases := []struct {
		name string
		days []string
		day  Date
		want []string
		err  error
	}{
		{"one own day", []string{"2026-12-10"}, today, []string{"2026-12-10"}, nil},
		{"both, repeated, out of order", []string{"2026-12-10", "2026-12-03", "2026-12-10"}, today, []string{"2026-12-03", "2026-12-10"}, nil},
		{"none withdraws", []string{}, today, nil, nil},
		{"a day the seminar does not have", []string{"2026-12-04"}, today, nil, ErrBadDates},
		{"a passed day", []string{"2026-12-03"}, MustDate("2026-12-05"), nil, ErrBadDates},
		{"not a date", []string{"10.12.2026"}, today, nil, kernel.FieldError("dates", "The dates must be dates in the format YYYY-MM-DD.")},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := seminar.SignUp(c.days, c.day)
			if c.err != nil {
				if !errors.Is(err, c.err) {
					t.Fatalf("err %v, want %v", err, c.err)
				}
				return
			}
			if err != nil || !slices.Equal(strs(p.Dates), c.want) && len(c.want)+len(p.Dates) > 0 || p.Quantity != 0 {
				t.Fatalf("%+v %v, want %v", p, err, c.want)
			}
			if p.None() != (len(c.want) == 0) {
				t.Fatal("none withdraws")
			}
		})
	}
	promo := newSlider(t, form(Promocija))
	if _, err := promo.SignUp([]string{"2026-12-10"}, today); !errors.Is(err, ErrNotSeminar) || kernel.KindOf(err) != kernel.KindInvalid {
		t.Fatalf("sign-up on a promotion: %v", err)
	}
	if _, err := seminar.Order(3); !errors.Is(err, ErrNotPromotion) || kernel.KindOf(err) != kernel.KindInvalid {
		t.Fatalf("order on a seminar: %v", err)
	}
	if p, err := promo.Order(3); err != nil || p.Quantity != 3 || p.None() {
		t.Fatalf("order %+v %v", p, err)
	}
	if p, err := promo.Order(0); err != nil || !p.None() {
		t.Fatalf("0 withdraws: %+v %v", p, err)
	}
	if _, err := promo.Order(MaxQuantity + 1); kernel.KindOf(err) != kernel.KindInvalid {
		t.Fatalf("too many: %v", err)
	}
}

func TestParseQuantity(t *testing.T) {
	const integer, between = "The quantity must be an integer.", "The quantity must be between 0 and 1000000."
	for in, want := range map[string]any{
		"3": int64(3), " 12 ": int64(12), "0": int64(0), "1000000": int64(1000000), "007": int64(7),
		"": "The quantity field is required.", "1000001": between, "-1": between, "99999999999999999999999": between,
		"3.5": integer, "3.0": integer, "1e3": integer, "tri": integer, "-": integer, "+3": integer, "٣": integer,
	} {
		n, err := ParseQuantity(in)
		if w, ok := want.(int64); ok {
			if err != nil || n != w {
				t.Errorf("%q = %d %v, want %d", in, n, err, w)
			}
			continue
		}
		if f := fieldErrors(t, err); len(f["quantity"]) != 1 || f["quantity"][0] != want {
			t.Errorf("%q: %v, want %q", in, f, want)
		}
	}
}

func TestDates(t *testing.T) {
	for _, s := range []string{"2026-12-03", "2000-02-29"} {
		if d, ok := ParseDate(s); !ok || d.String() != s {
			t.Errorf("%q: %v %v", s, d, ok)
		}
	}
	for _, s := range []string{"", "2026-12-3", "2026-13-01", "2001-02-29", " 2026-12-03", "2026-12-03T00:00:00Z", "03.12.2026", "2026/12/03"} {
		if _, ok := ParseDate(s); ok {
			t.Errorf("%q parsed", s)
		}
	}
	if !MustDate("2026-12-03").Before(MustDate("2026-12-10")) || MustDate("2026-12-10").Before(MustDate("2026-12-10")) {
		t.Fatal("Before")
	}
	if DateOf(time.Date(2026, 1, 2, 23, 59, 0, 0, time.UTC)).String() != "2026-01-02" || !(Date{}).IsZero() {
		t.Fatal("DateOf")
	}
	if got := MustDate("2026-12-03").Time().Format("02.01.2006"); got != "03.12.2026" {
		t.Fatal(got)
	}
}

func TestRehydrateKeepsState(t *testing.T) {
	s := newSlider(t, form(Seminar))
	st := s.State()
	back := Rehydrate(st).State()
	if back.Name != st.Name || back.Type != st.Type || !slices.Equal(back.Dates, st.Dates) || !slices.Equal(back.Categories, st.Categories) ||
		back.PageContent != st.PageContent || back.ID != 7 {
		t.Fatalf("%+v != %+v", back, st)
	}
}
