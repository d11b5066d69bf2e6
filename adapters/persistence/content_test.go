package persistence_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"vitrina/adapters/persistence"
	"vitrina/adapters/persistence/dbtest"
	"vitrina/domain/content"
	"vitrina/domain/kernel"
	"vitrina/domain/partner"
	"vitrina/ports"
	contentports "vitrina/ports/content"
)

var contentToday = content.DateOf(t0) // 2026-11-21

func newSliderOf(t *testing.T, typ content.Type, name string, cats []kernel.ID, dates ...string) *content.Slider {
	t.Helper()
	in := content.Input{Name: name, Type: typ, Image: "a.jpg", CategoryIDs: cats, Dates: dates}
	if typ.HasPage() {
		in.PageContent, in.Wysiwyg = "<p>Strana</p>", "w.png"
	}
	s, err := content.New(in, contentToday, t0)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func sliderNames(vs []contentports.SliderView) []string {
	out := []string{}
	for _, v := range vs {
		out = append(out, v.Name)
	}
	return out
}

func TestSliderRepositoryContract(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		w := newPartnerWorld(t, db)
		partners := persistence.NewPartnerStore(db)
		for i, cats := range [][]kernel.ID{{w.alati}, {w.boje}, {w.alati, w.rasvjeta}} {
			if err := partners.Add(ctx, newPartner(t, int64(1001+i), []string{"Alfa Trade", "Beta Boje", "Čelik Gradnja"}[i], w.podgorica, cats...)); err != nil {
				t.Fatal(err)
			}
		}
		repo := persistence.NewSliderStore(db)
		lists := persistence.NewContentLists(db, persistence.NewPartnerIndex(db))
		find := func(t *testing.T, id kernel.ID) contentports.SliderView {
			t.Helper()
			v, err := lists.Sliders.Find(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			return v
		}

		seminar := newSliderOf(t, content.Seminar, "Seminar o bojama", []kernel.ID{w.boje, w.alati}, "2026-12-10", "2026-12-03")
		if err := repo.Add(ctx, seminar); err != nil || seminar.ID() == 0 {
			t.Fatalf("add: %v", err)
		}
		promo := newSliderOf(t, content.Promocija, "Zimska akcija", []kernel.ID{w.rasvjeta})
		banner := newSliderOf(t, content.Slika, "Baner Rasvjeta", []kernel.ID{w.rasvjeta})
		for _, s := range []*content.Slider{promo, banner} {
			if err := repo.Add(ctx, s); err != nil {
				t.Fatal(err)
			}
		}

		list := func(t *testing.T, q ports.ListQuery) ports.Page[contentports.SliderView] {
			t.Helper()
			q.Page, q.PerPage = 1, 10
			p, err := lists.Sliders.List(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			return p
		}
		edit := func(s *content.Slider, name string, dates ...string) func(*content.Slider, content.Usage) error {
			return func(s *content.Slider, u content.Usage) error {
				in := content.Input{Name: name, Type: s.Type(), CategoryIDs: []kernel.ID{w.alati}, Dates: dates, PageContent: "<p>Nova</p>"}
				_, err := s.Edit(in, u, contentToday, t0.Add(time.Hour))
				return err
			}
		}
		signUp := func(partner kernel.ID, days ...string) error {
			return repo.Participate(ctx, seminar.ID(), partner, t0, func(s *content.Slider) (content.Participation, error) {
				return s.SignUp(days, contentToday)
			})
		}
		partnersOf := func(t *testing.T, q ports.ListQuery) ports.Page[contentports.SliderPartnerView] {
			t.Helper()
			q.Page, q.PerPage = 1, 10
			p, err := lists.SliderPartners.List(ctx, q.Within("slider_id", seminar.ID()))
			if err != nil {
				t.Fatal(err)
			}
			return p
		}
		order := func(t *testing.T, partner kernel.ID, q int64) {
			t.Helper()
			if err := repo.Participate(ctx, promo.ID(), partner, t0, func(s *content.Slider) (content.Participation, error) { return s.Order(q) }); err != nil {
				t.Fatal(err)
			}
		}
		shown := persistence.NewPartnerSliders(db)
		read := func(t *testing.T, partner kernel.ID, cats []kernel.ID, day string, slider kernel.ID) []contentports.PartnerSliderView {
			t.Helper()
			vs, err := shown.Shown(ctx, contentports.ShownQuery{PartnerID: partner, Categories: cats, Today: content.MustDate(day), SliderID: slider})
			if err != nil {
				t.Fatal(err)
			}
			return vs
		}

		step := steps(t)

		step("a slider comes back as added; a banner keeps no page", func(t *testing.T) {
			v := find(t, seminar.ID())
			if v.Name != "Seminar o bojama" || v.Type != content.Seminar || v.Image != "a.jpg" || v.Wysiwyg != "w.png" ||
				v.PageContent != "<p>Strana</p>" || !slices.Equal(v.Dates, []string{"2026-12-03", "2026-12-10"}) ||
				v.CategoryNames() != "Alati, Boje i lakovi" || !v.IsVisible || !v.IsActive || v.Version != 1 || v.StartDate != nil {
				t.Fatalf("view %+v", v)
			}
			if b := find(t, banner.ID()); b.Wysiwyg != "" || len(b.Dates) != 0 || b.PageContent != "" {
				t.Fatalf("a banner keeps no page: %+v", b)
			}
		})

		step("the list filters and sorts by the one mechanism", func(t *testing.T) {
			if p := list(t, ports.ListQuery{Filters: map[string]string{"name": "akcij"}}); p.Total != 1 || p.Items[0].ID != int64(promo.ID()) {
				t.Fatalf("name filter %+v", p)
			}
			if p := list(t, ports.ListQuery{Filters: map[string]string{"category_names": "rasvj"}}); p.Total != 2 {
				t.Fatalf("category filter %d", p.Total)
			}
			if p := list(t, ports.ListQuery{Filters: map[string]string{"type": "3"}}); p.Total != 1 || p.Items[0].Type != content.Seminar {
				t.Fatalf("type filter %+v", p)
			}
		})

		step("a trigram filter with a number or a flag counts both", func(t *testing.T) {
			for _, f := range []map[string]string{{"name": "akcij", "type": "3"}, {"name": "akcij", "is_visible": "0"}} {
				if p := list(t, ports.ListQuery{Filters: f}); p.Total != 0 || len(p.Items) != 0 {
					t.Fatalf("%v: %+v", f, p)
				}
			}
			if p := list(t, ports.ListQuery{Filters: map[string]string{"name": "akcij", "type": "2", "is_visible": "true"}}); p.Total != 1 {
				t.Fatalf("name, type and visibility %+v", p)
			}
			if _, err := lists.Sliders.List(ctx, ports.ListQuery{Page: 1, PerPage: 10, Filters: map[string]string{"is_visible": "da"}}); kernel.KindOf(err) != kernel.KindInvalid {
				t.Fatalf("a flag that is neither 1 nor 0: %v", err)
			}
			if p := list(t, ports.ListQuery{Sort: "name"}); !slices.Equal(sliderNames(p.Items), []string{"Baner Rasvjeta", "Seminar o bojama", "Zimska akcija"}) {
				t.Fatalf("by name %v", sliderNames(p.Items))
			}
			if _, err := lists.Sliders.List(ctx, ports.ListQuery{Page: 1, PerPage: 10, Filters: map[string]string{"type": "tri"}}); kernel.KindOf(err) != kernel.KindInvalid {
				t.Fatalf("a type filter that is no number: %v", err)
			}
		})

		step("an edit at the current version moves on (stale ones: versions_test.go)", func(t *testing.T) {
			if _, err := repo.Update(ctx, 9999, kernel.AnyVersion, edit(seminar, "X")); kernel.KindOf(err) != kernel.KindNotFound {
				t.Fatalf("missing: %v", err)
			}
			if _, err := repo.Update(ctx, seminar.ID(), 1, edit(seminar, "Seminar alata", "2026-12-03", "2026-12-17")); err != nil {
				t.Fatal(err)
			}
			v := find(t, seminar.ID())
			if v.Name != "Seminar alata" || v.Version != 2 || v.CategoryNames() != "Alati" || !slices.Equal(v.Dates, []string{"2026-12-03", "2026-12-17"}) ||
				v.PageContent != "<p>Nova</p>" {
				t.Fatalf("edited %+v", v)
			}
			if p := list(t, ports.ListQuery{Filters: map[string]string{"name": "alata"}}); p.Total != 1 {
				t.Fatal("the trigram index follows a rename")
			}
		})

		step("sign-ups: a row per partner, its days, the counts kept by the triggers", func(t *testing.T) {
			for _, c := range []struct {
				id   kernel.ID
				days []string
			}{{1001, []string{"2026-12-03"}}, {1002, []string{"2026-12-03", "2026-12-17"}}, {1003, []string{"2026-12-17"}}} {
				if err := signUp(c.id, c.days...); err != nil {
					t.Fatal(err)
				}
			}
			if err := signUp(1001, "2026-12-10"); !errors.Is(err, content.ErrBadDates) {
				t.Fatalf("a removed day: %v", err)
			}
			if v := find(t, seminar.ID()); v.SignUps != 3 || v.Orders != 0 || v.Version != 2 {
				t.Fatalf("counts %+v (a sign-up is no edit: the version stays)", v)
			}
			n, err := repo.Confirm(ctx, seminar.ID(), []kernel.ID{1001, 1002, 1003}, t0)
			if err != nil || n != 3 {
				t.Fatalf("confirm %d %v", n, err)
			}
		})

		step("the same days keep the confirmation, other days lose it, none withdraws", func(t *testing.T) {
			_ = signUp(1001, "2026-12-03")
			_ = signUp(1002, "2026-12-17")
			if err := signUp(1003); err != nil {
				t.Fatal(err)
			}
			p := partnersOf(t, ports.ListQuery{})
			if p.Total != 2 || len(p.Items) != 2 {
				t.Fatalf("partners %+v", p)
			}
			first, second := p.Items[0], p.Items[1]
			if first.PartnerID != 1001 || first.Name != "Alfa Trade" || first.CategoryNames != "Alati" || !first.Confirmed ||
				!slices.Equal(first.Dates, []string{"2026-12-03"}) || first.Quantity != 0 {
				t.Fatalf("first %+v", first)
			}
			if second.PartnerID != 1002 || second.Confirmed || !slices.Equal(second.Dates, []string{"2026-12-17"}) {
				t.Fatalf("second %+v", second)
			}
			if v := find(t, seminar.ID()); v.SignUps != 2 {
				t.Fatalf("after a withdrawal %+v", v)
			}
			signed, err := repo.SignedUp(ctx, seminar.ID(), []kernel.ID{1001, 1003, 5})
			if err != nil || !signed[1001] || signed[1003] || signed[5] {
				t.Fatalf("signed up %v %v", signed, err)
			}
		})

		step("an edit sees who holds what; the keys refuse a signed-up day going", func(t *testing.T) {
			var seen content.Usage
			if _, err := repo.Update(ctx, seminar.ID(), kernel.AnyVersion, func(s *content.Slider, u content.Usage) error {
				seen = u
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			if seen.Partners != 2 || len(seen.SignedUpDates) != 2 || seen.SignedUpDates[0] != content.MustDate("2026-12-03") {
				t.Fatalf("usage %+v", seen)
			}
			if _, err := repo.Update(ctx, seminar.ID(), kernel.AnyVersion, func(s *content.Slider, _ content.Usage) error {
				_, err := s.Edit(content.Input{Name: "Seminar alata", Type: content.Seminar, CategoryIDs: []kernel.ID{w.alati}, Dates: []string{"2026-12-17"}},
					content.Usage{}, contentToday, t0)
				return err
			}); err == nil {
				t.Fatal("a signed-up day went")
			}
			if v := find(t, seminar.ID()); !slices.Equal(v.Dates, []string{"2026-12-03", "2026-12-17"}) {
				t.Fatalf("a refused save changed the days: %v", v.Dates)
			}
		})

		step("orders: quantities, the total, the ordered filter and sort", func(t *testing.T) {
			order(t, 1001, 5)
			order(t, 1002, 2)
			order(t, 1003, 4)
			order(t, 1003, 7) // replaces
			order(t, 1002, 0) // withdraws
			if v := find(t, promo.ID()); v.Orders != 2 || v.OrderedQuantity != 12 || v.SignUps != 0 {
				t.Fatalf("order counts %+v", v)
			}
			q := ports.ListQuery{Page: 1, PerPage: 1, Sort: "quantity", Desc: true, Filters: map[string]string{"ordered": "1"}}.Within("slider_id", promo.ID())
			op, err := lists.SliderPartners.List(ctx, q)
			if err != nil || op.Total != 2 || len(op.Items) != 1 || op.Items[0].PartnerID != 1003 || op.Items[0].Quantity != 7 {
				t.Fatalf("orders page %+v %v", op, err)
			}
			if total, err := lists.SliderPartners.TotalQuantity(ctx, q); err != nil || total != 12 {
				t.Fatalf("total quantity %d %v", total, err)
			}
			q.Filters = map[string]string{"name": "celik"}
			if total, err := lists.SliderPartners.TotalQuantity(ctx, q); err != nil || total != 7 {
				t.Fatalf("total quantity of the filter %d %v", total, err)
			}
			for filter, want := range map[string][]int64{"id=1001": {1001}, "category_names=rasvjeta": {1003}, "name=alfa": {1001}, "ordered=0": {}} {
				key, val, _ := cutEq(filter)
				got := []int64{}
				err := lists.SliderPartners.Stream(ctx, ports.ListQuery{Filters: map[string]string{key: val}}.Within("slider_id", promo.ID()),
					func(v contentports.SliderPartnerView) error { got = append(got, v.PartnerID); return nil })
				if err != nil || !slices.Equal(got, want) {
					t.Errorf("%s: %v %v, want %v", filter, got, err, want)
				}
			}
		})

		step("the type of a slider with orders does not change", func(t *testing.T) {
			if _, err := repo.Update(ctx, promo.ID(), kernel.AnyVersion, func(s *content.Slider, u content.Usage) error {
				_, err := s.Edit(content.Input{Name: "Zimska akcija", Type: content.Slika, CategoryIDs: []kernel.ID{w.rasvjeta}}, u, contentToday, t0)
				return err
			}); !errors.Is(err, content.ErrHasPartners) {
				t.Fatalf("type change with orders: %v", err)
			}
		})

		step("the app's read: shown sliders of the partner's categories, newest first, with its own part", func(t *testing.T) {
			all := read(t, 1003, []kernel.ID{w.alati, w.rasvjeta}, "2026-12-05", 0)
			if len(all) != 3 || all[0].ID != int64(banner.ID()) || all[1].ID != int64(promo.ID()) || all[2].ID != int64(seminar.ID()) {
				t.Fatalf("shown %+v", all)
			}
			if all[1].MyQuantity != 7 || all[2].MyQuantity != 0 || len(all[2].MyDates) != 0 || !slices.Equal(all[2].Dates, []string{"2026-12-17"}) {
				t.Fatalf("own parts %+v", all)
			}
			if mine := read(t, 1001, []kernel.ID{w.alati}, "2026-11-30", seminar.ID()); len(mine) != 1 || !mine[0].MyConfirmed ||
				!slices.Equal(mine[0].MyDates, []string{"2026-12-03"}) || !slices.Equal(mine[0].Dates, []string{"2026-12-03", "2026-12-17"}) {
				t.Fatalf("one slider %+v", mine)
			}
			if got := read(t, 1002, []kernel.ID{w.boje}, "2026-12-05", 0); len(got) != 0 {
				t.Fatalf("no shared category: %+v", got)
			}
			if got := read(t, 1002, nil, "2026-12-05", 0); len(got) != 0 {
				t.Fatal("no categories, no sliders")
			}
			if _, err := repo.Update(ctx, banner.ID(), kernel.AnyVersion, func(s *content.Slider, _ content.Usage) error {
				return s.ToggleVisible(contentToday, t0)
			}); err != nil {
				t.Fatal(err)
			}
			if _, err := repo.Update(ctx, promo.ID(), kernel.AnyVersion, func(s *content.Slider, _ content.Usage) error {
				_, err := s.Edit(content.Input{Name: "Zimska akcija", Type: content.Promocija, CategoryIDs: []kernel.ID{w.rasvjeta},
					StartDate: "2026-12-01", EndDate: "2026-12-31"}, content.Usage{Partners: 2}, contentToday, t0)
				return err
			}); err != nil {
				t.Fatal(err)
			}
			for day, want := range map[string]int{"2026-11-30": 1, "2026-12-01": 2, "2026-12-31": 2, "2027-01-01": 1} {
				if got := read(t, 1003, []kernel.ID{w.alati, w.rasvjeta}, day, 0); len(got) != want {
					t.Errorf("on %s: %d shown, want %d (hidden banner, promotion's window)", day, len(got), want)
				}
			}
		})

		step("narrow ports: the partner's categories, missing categories, the sliders' use of one", func(t *testing.T) {
			cp := persistence.NewContentPartners(db)
			if cats, err := cp.PartnerCategories(ctx, 1003); err != nil || !slices.Equal(cats, []kernel.ID{w.alati, w.rasvjeta}) {
				t.Fatalf("categories %v %v", cats, err)
			}
			if _, err := partners.Update(ctx, 1003, kernel.AnyVersion, func(p *partner.Partner) error { p.ToggleActive(t0); return nil }); err != nil {
				t.Fatal(err)
			}
			if cats, _ := cp.PartnerCategories(ctx, 1003); len(cats) != 0 {
				t.Fatal("an inactive partner sees nothing")
			}
			if missing, err := persistence.NewContentCatalog(db).MissingCategories(ctx, []kernel.ID{w.alati, 999}); err != nil || !slices.Equal(missing, []kernel.ID{999}) {
				t.Fatalf("missing %v %v", missing, err)
			}
			usage := persistence.NewSliderCategoryUsage(db)
			if n, _ := usage.ActiveUses(ctx, w.rasvjeta); n != 2 {
				t.Fatalf("uses %d", n)
			}
			if _, err := repo.Update(ctx, banner.ID(), kernel.AnyVersion, func(s *content.Slider, _ content.Usage) error { s.ToggleActive(t0); return nil }); err != nil {
				t.Fatal(err)
			}
			if n, _ := usage.ActiveUses(ctx, w.rasvjeta); n != 1 {
				t.Fatalf("uses after a deactivation %d", n)
			}
		})
	})
}

func cutEq(s string) (string, string, bool) {
	for i := range s {
		if s[i] == '=' {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}
