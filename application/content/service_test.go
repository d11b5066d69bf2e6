package content_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
	_ "time/tzdata"

	"github.com/uptrace/bun"

	"vitrina/adapters/excel"
	"vitrina/adapters/persistence"
	"vitrina/adapters/persistence/dbtest"
	"vitrina/adapters/richtext"
	"vitrina/adapters/storage"
	appcontent "vitrina/application/content"
	"vitrina/domain/catalog"
	"vitrina/domain/content"
	"vitrina/domain/kernel"
	"vitrina/domain/partner"
	"vitrina/ports"
	contentports "vitrina/ports/content"
)

// clock is a settable clock: the tests move "today".
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) set(t time.Time) { c.mu.Lock(); c.now = t; c.mu.Unlock() }

var start = time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)

// podgorica is the business's zone of the fixtures (one hour ahead of UTC in winter).
var podgorica = func() *time.Location {
	loc, err := time.LoadLocation("Europe/Podgorica")
	if err != nil {
		panic(err)
	}
	return loc
}()

type fixture struct {
	svc     *appcontent.Service
	db      *bun.DB
	clock   *clock
	dataDir string
	alati   kernel.ID
	boje    kernel.ID
}

// newFixture runs the use cases on the real stores, image store, sanitiser and spreadsheet
// writer, with two categories and partners 1001 (Alati) and 1002 (Boje) that may use the app.
func newFixture(t *testing.T, db *bun.DB) *fixture {
	t.Helper()
	ctx := context.Background()
	f := &fixture{db: db, clock: &clock{now: start}, dataDir: t.TempDir()}
	f.svc = appcontent.NewService(persistence.NewSliderStore(db), persistence.NewContentLists(db, persistence.NewPartnerIndex(db)), persistence.NewPartnerSliders(db),
		persistence.NewContentPartners(db), persistence.NewContentCatalog(db), storage.NewImages(f.dataDir), richtext.New(), excel.New(),
		persistence.NewTxManager(db), f.clock, ports.BusinessZone{Location: podgorica}, nil)
	cat := persistence.NewCatalog(db)
	for i, name := range []string{"Alati", "Boje"} {
		c, _ := catalog.NewCategory(name, start)
		if err := cat.AddCategory(ctx, c); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			f.alati = c.ID()
		} else {
			f.boje = c.ID()
		}
	}
	country, _ := catalog.NewCountry("Crna Gora", start)
	_ = cat.AddCountry(ctx, country)
	city, _ := catalog.NewCity(catalog.CityInput{Name: "Bar", CountryID: country.ID()}, start)
	_ = cat.AddCity(ctx, city)
	f.addPartners(t, city.ID(), 1001, 1, f.alati)
	f.addPartners(t, city.ID(), 1002, 1, f.boje)
	return f
}

func (f *fixture) addPartners(t *testing.T, city kernel.ID, first, n int, cats ...kernel.ID) {
	t.Helper()
	store := persistence.NewPartnerStore(f.db)
	for i := range n {
		id := first + i
		p, err := partner.New(partner.Input{ID: fmt.Sprint(id), Name: fmt.Sprintf("Partner %d", id), CityID: city, CategoryIDs: cats,
			Password: "tajna", Figures: partner.FigureTexts{"1", "1", "1", "1", "1", "1"}}, "hash", start)
		if err != nil {
			t.Fatal(err)
		}
		if err := store.Add(context.Background(), p); err != nil {
			t.Fatal(err)
		}
	}
}

func jpegOf(t *testing.T, w, h int) *bytes.Reader {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = uint8(i * 13)
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, nil); err != nil {
		t.Fatal(err)
	}
	return bytes.NewReader(b.Bytes())
}

func (f *fixture) stored(t *testing.T) []string {
	var out []string
	_ = filepath.WalkDir(filepath.Join(f.dataDir, "images", "sliders"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && filepath.Base(filepath.Dir(p)) == "sliders" {
			out = append(out, filepath.Base(p))
		}
		return nil
	})
	slices.Sort(out)
	return out
}

func (f *fixture) width(t *testing.T, name string) int {
	file, err := os.Open(filepath.Join(f.dataDir, "images", "sliders", name))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	cfg, _, err := image.DecodeConfig(file)
	if err != nil {
		t.Fatal(err)
	}
	return cfg.Width
}

func must[V any](v V, err error) func(t *testing.T) V {
	return func(t *testing.T) V {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

func wantKind(t *testing.T, err error, kind kernel.Kind, what string) {
	t.Helper()
	if kernel.KindOf(err) != kind {
		t.Fatalf("%s: %v (kind %d), want kind %d", what, err, kernel.KindOf(err), kind)
	}
}

func wantField(t *testing.T, err error, field, message string) {
	t.Helper()
	var e *kernel.Error
	if !errors.As(err, &e) || e.Kind != kernel.KindInvalid || len(e.Fields[field]) == 0 || e.Fields[field][0] != message {
		t.Fatalf("want %s: %q, got %v", field, message, err)
	}
}

func (f *fixture) form(typ content.Type, name string, cats ...kernel.ID) appcontent.SliderForm {
	in := content.Input{Name: name, Type: typ, CategoryIDs: cats}
	if typ.HasPage() {
		in.PageContent, in.PushNotification, in.NotificationText = "<p>Dobro došli</p>", true, "Nova ponuda"
	}
	if typ == content.Seminar {
		in.Dates = []string{"2026-12-10", "2026-12-03"}
	}
	return appcontent.SliderForm{Input: in}
}

// Today turns at midnight where the business is: at 23:30 UTC on 2 December it is already
// 3 December in Podgorica, so a seminar day of 2 December is past there.
func TestTodayIsTheBusinessDay(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		f.clock.set(time.Date(2026, 12, 2, 22, 30, 0, 0, time.UTC))
		if got := f.svc.Today().String(); got != "2026-12-02" {
			t.Fatalf("at 23:30 in Podgorica today is %s, want 2026-12-02", got)
		}
		f.clock.set(time.Date(2026, 12, 2, 23, 30, 0, 0, time.UTC))
		if got := f.svc.Today().String(); got != "2026-12-03" {
			t.Fatalf("at 00:30 in Podgorica today is %s, want 2026-12-03", got)
		}
		form := f.form(content.Seminar, "Seminar u ponoć", f.alati)
		form.Input.Dates = []string{"2026-12-02"}
		form.Image = jpegOf(t, 100, 50)
		if _, err := f.svc.Create(ctx, form); !errors.Is(err, content.ErrBadDates) {
			t.Fatalf("a day already past in Podgorica: got %v, want 436", err)
		}
		form.Input.Dates = []string{"2026-12-03"}
		must(f.svc.Create(ctx, form))(t)
	})
}

func TestCreateAndEditSliders(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		page := fmt.Sprintf(`<h1>Seminar</h1><script>alert(1)</script><p onclick="x()">Dođite <a href="javascript:alert(1)">ovdje</a></p>`+
			`<img src="%s"><img src="https://evil.example/x.jpg">`, must(f.svc.UploadContentImage(ctx, jpegOf(t, 1600, 800)))(t))
		old := f.stored(t)[0]
		if w := f.width(t, old); w != 1280 {
			t.Fatalf("a page image keeps 1280 px, got %d", w)
		}

		// Add: the banner is required, kept at 1920 px; the page is made safe.
		form := f.form(content.Seminar, "Seminar o bojama", f.alati)
		form.Input.PageContent = page
		_, err := f.svc.Create(ctx, form)
		wantField(t, err, "image", "The image field is required.")
		form.Image, form.Wysiwyg = jpegOf(t, 2400, 1200), jpegOf(t, 400, 300)
		v := must(f.svc.Create(ctx, form))(t)
		if v.Type != content.Seminar || !slices.Equal(v.Dates, []string{"2026-12-03", "2026-12-10"}) || v.Wysiwyg == "" || f.width(t, v.Image) != 1920 {
			t.Fatalf("created %+v", v)
		}
		want := `<h1>Seminar</h1><p>Dođite ovdje</p><img src="/api/images/sliders/` + old + `">`
		if v.PageContent != want {
			t.Fatalf("page %q, want %q", v.PageContent, want)
		}
		if got := f.stored(t); len(got) != 3 {
			t.Fatalf("stored %v", got)
		}

		// A banner ignores the page: no extra image is stored for it.
		banner := f.form(content.Slika, "Baner", f.boje)
		banner.Image, banner.Wysiwyg = jpegOf(t, 100, 50), jpegOf(t, 100, 50)
		bv := must(f.svc.Create(ctx, banner))(t)
		if bv.Wysiwyg != "" || bv.PageContent != "" || len(f.stored(t)) != 4 {
			t.Fatalf("banner %+v, stored %v", bv, f.stored(t))
		}

		// Refusals store nothing.
		bad := f.form(content.Promocija, "Akcija", 999)
		bad.Image = jpegOf(t, 100, 50)
		_, err = f.svc.Create(ctx, bad)
		wantField(t, err, "categories", "The selected categories is invalid.")
		past := f.form(content.Seminar, "Prošli", f.alati)
		past.Input.Dates, past.Image = []string{"2026-11-23"}, jpegOf(t, 100, 50)
		_, err = f.svc.Create(ctx, past)
		wantKind(t, err, kernel.KindBadDates, "a seminar day before today")
		both := f.form(content.Seminar, "", 999)
		both.Input.Dates = []string{"2026-11-23"}
		_, err = f.svc.Create(ctx, both)
		wantField(t, err, "categories", "The selected categories is invalid.") // 422 before 436, every field at once
		if got := f.stored(t); len(got) != 4 {
			t.Fatalf("a refused add stored %v", got)
		}

		// Edit: a stale version is 409; a new banner replaces the old file; remove drops the
		// old page's images and the extra image, keeping images added in this edit.
		edit := f.form(content.Seminar, "Seminar o bojama i lakovima", f.alati, f.boje)
		_, err = f.svc.Update(ctx, kernel.ID(v.ID), v.Version+1, edit)
		wantKind(t, err, kernel.KindStale, "a stale edit")
		fresh := must(f.svc.UploadContentImage(ctx, jpegOf(t, 50, 50)))(t)
		edit.Input.PageContent = v.PageContent + `<p><img src="` + fresh + `"></p>`
		edit.Image, edit.Remove = jpegOf(t, 300, 100), true
		ev := must(f.svc.Update(ctx, kernel.ID(v.ID), v.Version, edit))(t)
		if ev.PageContent != `<h1>Seminar</h1><p>Dođite ovdje</p><p><img src="`+fresh+`"></p>` || ev.Wysiwyg != "" || ev.Image == v.Image ||
			ev.CategoryNames() != "Alati, Boje" || ev.Version != v.Version+1 {
			t.Fatalf("edited %+v", ev)
		}
		stored := f.stored(t)
		if slices.Contains(stored, v.Image) || slices.Contains(stored, v.Wysiwyg) || !slices.Contains(stored, ev.Image) {
			t.Fatalf("old banner and extra image deleted, new kept: %v", stored)
		}

		// A failed edit deletes what it uploaded.
		before := f.stored(t)
		refused := f.form(content.Seminar, "Seminar", f.alati)
		refused.Input.Dates = []string{"2026-11-01"}
		refused.Image = jpegOf(t, 100, 100)
		_, err = f.svc.Update(ctx, kernel.ID(v.ID), ev.Version, refused)
		wantKind(t, err, kernel.KindBadDates, "a new past day")
		if got := f.stored(t); !slices.Equal(got, before) {
			t.Fatalf("stored %v, want %v", got, before)
		}
		_, err = f.svc.Update(ctx, 9999, 1, refused)
		wantKind(t, err, kernel.KindNotFound, "edit of a missing slider")

		// Visibility and activation.
		id := kernel.ID(ev.ID)
		if vis := must(f.svc.ToggleVisible(ctx, id))(t); vis {
			t.Fatal("hidden")
		}
		if active := must(f.svc.Toggle(ctx, id))(t); active {
			t.Fatal("deactivated")
		}
		_, err = f.svc.ToggleVisible(ctx, id)
		if !errors.Is(err, content.ErrShowInactive) {
			t.Fatalf("showing an inactive slider: %v", err)
		}
		_ = must(f.svc.Toggle(ctx, id))(t)
		f.clock.set(time.Date(2026, 12, 11, 9, 0, 0, 0, time.UTC))
		_, err = f.svc.ToggleVisible(ctx, id)
		if !errors.Is(err, content.ErrShowPastSeminar) {
			t.Fatalf("showing a past seminar: %v", err)
		}
		if got := f.svc.AvailableDates([]string{"2026-12-10", "2026-12-11", "2026-12-12"}); !slices.Equal(got, []string{"2026-12-11", "2026-12-12"}) {
			t.Fatalf("available %v", got)
		}
	})
}

func TestPartnersAppUseCases(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		create := func(form appcontent.SliderForm) contentports.SliderView {
			t.Helper()
			form.Image = jpegOf(t, 64, 32)
			return must(f.svc.Create(ctx, form))(t)
		}
		seminar := create(f.form(content.Seminar, "Seminar", f.alati))
		promo := create(f.form(content.Promocija, "Akcija", f.alati, f.boje))
		hidden := create(f.form(content.Promocija, "Skrivena", f.alati))
		_ = must(f.svc.ToggleVisible(ctx, kernel.ID(hidden.ID)))(t)
		later := f.form(content.Slika, "Od decembra", f.alati)
		later.Input.StartDate = "2026-12-01"
		create(later)

		names := func(vs []contentports.PartnerSliderView) []string {
			out := []string{}
			for _, v := range vs {
				out = append(out, v.Name)
			}
			return out
		}
		if got := names(must(f.svc.VisibleTo(ctx, 1001))(t)); !slices.Equal(got, []string{"Akcija", "Seminar"}) {
			t.Fatalf("1001 sees %v", got)
		}
		if got := names(must(f.svc.VisibleTo(ctx, 1002))(t)); !slices.Equal(got, []string{"Akcija"}) {
			t.Fatalf("1002 sees %v", got)
		}
		if got := must(f.svc.VisibleTo(ctx, 4242))(t); len(got) != 0 {
			t.Fatal("an unknown partner sees nothing")
		}

		sid, pid := kernel.ID(seminar.ID), kernel.ID(promo.ID)
		// A slider the partner does not see is not found, whatever is asked of it.
		for _, c := range []struct {
			partner, slider kernel.ID
		}{{1002, sid}, {1001, kernel.ID(hidden.ID)}, {1001, 9999}} {
			_, err := f.svc.SignUp(ctx, c.partner, c.slider, []string{"2026-12-03"})
			wantKind(t, err, kernel.KindNotFound, fmt.Sprintf("sign-up of %d to %d", c.partner, c.slider))
			_, err = f.svc.Order(ctx, c.partner, c.slider, 1)
			wantKind(t, err, kernel.KindNotFound, "order")
		}
		_, err := f.svc.SignUp(ctx, 1001, pid, []string{"2026-12-03"})
		wantKind(t, err, kernel.KindInvalid, "a sign-up on a promotion")
		_, err = f.svc.Order(ctx, 1001, sid, 1)
		wantKind(t, err, kernel.KindInvalid, "an order on a seminar")
		_, err = f.svc.SignUp(ctx, 1001, sid, []string{"2026-12-04"})
		wantKind(t, err, kernel.KindBadDates, "a day the seminar does not have")

		v := must(f.svc.SignUp(ctx, 1001, sid, []string{"2026-12-10", "2026-12-03"}))(t)
		if !slices.Equal(v.MyDates, []string{"2026-12-03", "2026-12-10"}) || v.MyConfirmed {
			t.Fatalf("signed up %+v", v)
		}
		o := must(f.svc.Order(ctx, 1002, pid, 3))(t)
		if o.MyQuantity != 3 {
			t.Fatalf("ordered %+v", o)
		}
		_ = must(f.svc.Order(ctx, 1001, pid, 4))(t)

		// The panel: partners of each slider with the total quantity; Confirm.
		pp := must(f.svc.Partners(ctx, pid, ports.ListQuery{Page: 1, PerPage: 20}))(t)
		if pp.Total != 2 || pp.Quantity != 7 || pp.Items[0].PartnerID != 1001 || pp.Items[0].Quantity != 4 {
			t.Fatalf("promo partners %+v", pp)
		}
		_, err = f.svc.Partners(ctx, 9999, ports.ListQuery{Page: 1, PerPage: 20})
		wantKind(t, err, kernel.KindNotFound, "partners of a missing slider")
		_, err = f.svc.Confirm(ctx, sid, []kernel.ID{1001, 1002})
		wantField(t, err, "partners", "The selected partners have not signed up.")
		if n, err := f.svc.Confirm(ctx, sid, nil); err != nil || n != 0 {
			t.Fatalf("a confirmation of nobody: %d, %v", n, err)
		}
		_, err = f.svc.Confirm(ctx, 9999, nil)
		wantKind(t, err, kernel.KindNotFound, "a confirmation of nobody on a missing slider")
		_, err = f.svc.Confirm(ctx, pid, []kernel.ID{1001})
		wantField(t, err, "partners", "The selected partners have not signed up.") // an order is no sign-up
		if n := must(f.svc.Confirm(ctx, sid, []kernel.ID{1001, 1001}))(t); n != 1 {
			t.Fatalf("confirmed %d", n)
		}
		if v := must(f.svc.VisibleTo(ctx, 1001))(t); !v[1].MyConfirmed || v[0].MyQuantity != 4 {
			t.Fatalf("the app shows the confirmation %+v", v)
		}

		// The Excel list: the days as dd.mm.yyyy, the confirmation as 1.
		var buf bytes.Buffer
		if err := f.svc.Export(ctx, &buf, sid, ports.ListQuery{}); err != nil {
			t.Fatal(err)
		}
		var rows [][]string
		if err := excel.New().Read(ctx, bytes.NewReader(buf.Bytes()), int64(buf.Len()), func(_ int, cells []string) error {
			rows = append(rows, cells)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if len(rows) != 2 || strings.Join(rows[0], "|") != "id|name|categories|dates|quantity|confirmed" ||
			strings.Join(rows[1], "|") != "1001|Partner 1001|Alati|03.12.2026, 10.12.2026|0|1" {
			t.Fatalf("file %q", rows)
		}
		wantKind(t, f.svc.Export(ctx, &buf, 9999, ports.ListQuery{}), kernel.KindNotFound, "export of a missing slider")

		// Changing the days loses the confirmation; [] and 0 withdraw.
		v = must(f.svc.SignUp(ctx, 1001, sid, []string{"2026-12-03"}))(t)
		if v.MyConfirmed {
			t.Fatal("new days, not confirmed")
		}
		if v := must(f.svc.SignUp(ctx, 1001, sid, []string{}))(t); len(v.MyDates) != 0 {
			t.Fatalf("withdrawn %+v", v)
		}
		if v := must(f.svc.Order(ctx, 1002, pid, 0))(t); v.MyQuantity != 0 {
			t.Fatalf("withdrawn %+v", v)
		}
		pp = must(f.svc.Partners(ctx, pid, ports.ListQuery{Page: 1, PerPage: 20}))(t)
		if pp.Total != 1 || pp.Quantity != 4 {
			t.Fatalf("after the withdrawal %+v", pp)
		}
		// A past day can no longer be signed up for.
		f.clock.set(time.Date(2026, 12, 5, 9, 0, 0, 0, time.UTC))
		_, err = f.svc.SignUp(ctx, 1001, sid, []string{"2026-12-03"})
		wantKind(t, err, kernel.KindBadDates, "a passed day")
		if v := must(f.svc.VisibleTo(ctx, 1001))(t); !slices.Equal(v[2].Dates, []string{"2026-12-10"}) {
			t.Fatalf("the app offers the days from today on: %+v", v)
		}
	})
}

// 200 partners sign up to one seminar at once, then all of them change their days at once:
// no sign-up is lost and none is doubled, and each partner ends with its last days.
func TestConcurrentSignUps(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		const n = 200
		cities := persistence.NewCatalogLists(db)
		city := must(cities.Cities.List(ctx, ports.ListQuery{Page: 1, PerPage: 1}))(t).Items[0]
		f.addPartners(t, kernel.ID(city.ID), 5001, n, f.alati)
		form := f.form(content.Seminar, "Veliki seminar", f.alati)
		form.Image = jpegOf(t, 64, 32)
		sid := kernel.ID(must(f.svc.Create(ctx, form))(t).ID)

		run := func(days func(i int) []string) {
			t.Helper()
			var wg sync.WaitGroup
			errs := make(chan error, n)
			for i := range n {
				wg.Add(1)
				go func() {
					defer wg.Done()
					_, err := f.svc.SignUp(ctx, kernel.ID(5001+i), sid, days(i))
					errs <- err
				}()
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				if err != nil {
					t.Fatal(err)
				}
			}
		}
		first := func(i int) []string {
			if i%2 == 0 {
				return []string{"2026-12-03"}
			}
			return []string{"2026-12-03", "2026-12-10"}
		}
		second := func(i int) []string {
			if i%3 == 0 {
				return []string{"2026-12-10"}
			}
			return first(i)
		}
		for round, days := range []func(int) []string{first, second} {
			run(days)
			got := map[int64][]string{}
			err := f.svc.StreamPartners(ctx, sid, ports.ListQuery{}, func(v contentports.SliderPartnerView) error {
				if _, dup := got[v.PartnerID]; dup {
					t.Errorf("round %d: partner %d twice", round, v.PartnerID)
				}
				got[v.PartnerID] = v.Dates
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != n {
				t.Fatalf("round %d: %d sign-ups, want %d", round, len(got), n)
			}
			for i := range n {
				if !slices.Equal(got[int64(5001+i)], days(i)) {
					t.Fatalf("round %d: partner %d has %v, want %v", round, 5001+i, got[int64(5001+i)], days(i))
				}
			}
			page := must(f.svc.Partners(ctx, sid, ports.ListQuery{Page: 1, PerPage: 20}))(t)
			v := must(f.svc.Lists().Sliders.Find(ctx, sid))(t)
			if page.Total != n || v.SignUps != n {
				t.Fatalf("round %d: total %d, counted %d", round, page.Total, v.SignUps)
			}
		}
	})
}
