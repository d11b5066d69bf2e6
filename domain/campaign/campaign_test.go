package campaign

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"vitrina/domain/kernel"
)

var now = time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)

func amount(t *testing.T, s string) kernel.Amount {
	t.Helper()
	a, err := kernel.ParseAmount("cash", s)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func fields(err error) map[string][]string {
	var e *kernel.Error
	if errors.As(err, &e) {
		return e.Fields
	}
	return nil
}

func TestCheck(t *testing.T) {
	long := strings.Repeat("a", kernel.MaxDescriptionLength+1)
	cases := []struct {
		name     string
		in       Input
		creating bool
		hasImage bool
		bad      []string
	}{
		{"valid add", Input{Name: "Zima", Description: "Opis akcije"}, true, true, nil},
		{"image required on add", Input{Name: "Zima", Description: "Opis"}, true, false, []string{"image"}},
		{"image optional on edit", Input{Name: "Zima", Description: "Opis"}, false, false, nil},
		{"short name and description", Input{Name: "Z", Description: " x "}, false, true, []string{"name", "description"}},
		{"missing both", Input{}, true, false, []string{"name", "description", "image"}},
		{"name one line", Input{Name: "Zi\nma", Description: "Opis"}, false, true, []string{"name"}},
		{"description may break lines", Input{Name: "Zima", Description: "Red\nred"}, false, true, nil},
		{"description too long", Input{Name: "Zima", Description: long}, false, true, []string{"description"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := Check(c.in, c.creating, c.hasImage)
			got := fields(err)
			if len(c.bad) == 0 {
				if err != nil {
					t.Fatalf("unexpected %v", err)
				}
				return
			}
			if kernel.KindOf(err) != kernel.KindInvalid || len(got) != len(c.bad) {
				t.Fatalf("fields %v, want %v", got, c.bad)
			}
			for _, f := range c.bad {
				if len(got[f]) == 0 {
					t.Errorf("field %s not reported: %v", f, got)
				}
			}
		})
	}
}

func TestNewEditToggles(t *testing.T) {
	if _, err := New(Input{Name: "Zima", Description: "Opis"}, now); err == nil {
		t.Fatal("a campaign without an image was made")
	}
	c, err := New(Input{Name: " Zima ", Description: " Opis ", Image: "a.jpg"}, now)
	if err != nil {
		t.Fatal(err)
	}
	if c.Name() != "Zima" || c.Description() != "Opis" || !c.IsVisible() || !c.IsActive() || !c.Open() {
		t.Fatalf("new campaign %+v", c.State())
	}
	replaced, err := c.Edit(Input{Name: "Leto", Description: "Drugi opis"}, now)
	if err != nil || replaced != "" || c.Image() != "a.jpg" || c.Name() != "Leto" {
		t.Fatalf("edit without image: %v %q %+v", err, replaced, c.State())
	}
	replaced, err = c.Edit(Input{Name: "Leto", Description: "Drugi opis", Image: "b.jpg"}, now)
	if err != nil || replaced != "a.jpg" || c.Image() != "b.jpg" {
		t.Fatalf("edit with image: %v %q", err, replaced)
	}
	if _, err := c.Edit(Input{Name: "L", Description: "Drugi opis"}, now); err == nil || c.Name() != "Leto" {
		t.Fatal("a bad edit changed the campaign")
	}
	c.ToggleVisible(now)
	if c.Open() || c.IsVisible() {
		t.Fatal("hidden campaign open")
	}
	c.ToggleVisible(now)
	c.ToggleActive(now)
	if c.Open() || c.IsActive() {
		t.Fatal("inactive campaign open")
	}
	r := Rehydrate(c.State())
	if r.State() != c.State() {
		t.Fatalf("rehydrate %+v != %+v", r.State(), c.State())
	}
}

func TestParseCash(t *testing.T) {
	cases := []struct {
		in   string
		want int64
		ok   bool
	}{
		{"0", 0, true}, {"125.111", 125111, true}, {"12,5", 12500, true}, {"9999999999.999", 9999999999999, true},
		{"", 0, false}, {"-1", 0, false}, {"1.2345", 0, false}, {"12345678901", 0, false}, {"1e3", 0, false}, {"abc", 0, false},
	}
	for _, c := range cases {
		a, err := ParseCash("cash", c.in)
		if (err == nil) != c.ok || (c.ok && a.Thousandths() != c.want) {
			t.Errorf("ParseCash(%q) = %v, %v", c.in, a, err)
		}
		if err != nil && len(fields(err)["cash"]) == 0 {
			t.Errorf("ParseCash(%q) error not on cash: %v", c.in, err)
		}
	}
}

func TestParseQuantity(t *testing.T) {
	cases := []struct {
		in   string
		want int64
		ok   bool
	}{
		{"1", 1, true}, {" 7 ", 7, true}, {"1000000", 1000000, true},
		{"0", 0, false}, {"-2", 0, false}, {"1.5", 0, false}, {"", 0, false}, {"x", 0, false}, {"1000001", 0, false},
		{"99999999999999999999", 0, false},
	}
	for _, c := range cases {
		n, err := ParseQuantity(c.in)
		if (err == nil) != c.ok || n != c.want {
			t.Errorf("ParseQuantity(%q) = %d, %v", c.in, n, err)
		}
	}
}

func TestCheckPartnersAndPrune(t *testing.T) {
	cats := map[kernel.ID][]kernel.ID{10: {1}, 11: {1, 2}, 12: {2}, 13: {3}, 14: nil}
	cases := []struct {
		name       string
		categories []kernel.ID
		partners   []kernel.ID
		ok         bool
	}{
		{"all inside", []kernel.ID{1, 2}, []kernel.ID{10, 11, 12}, true},
		{"one outside", []kernel.ID{1}, []kernel.ID{10, 12}, false},
		{"partner without categories", []kernel.ID{1, 2, 3}, []kernel.ID{14}, false},
		{"unknown partner", []kernel.ID{1}, []kernel.ID{99}, false},
		{"no categories", nil, []kernel.ID{10}, false},
		{"no partners", nil, nil, true},
	}
	for _, c := range cases {
		err := CheckPartners(c.categories, c.partners, cats)
		if (err == nil) != c.ok || (err != nil && !errors.Is(err, ErrPartnerOutside)) {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	held := map[kernel.ID][]kernel.ID{10: {1}, 11: {1, 2}, 12: {2}, 13: {3, 2}}
	pruneCases := []struct {
		remaining []kernel.ID
		want      []kernel.ID
	}{
		{[]kernel.ID{1, 2, 3}, nil},
		{[]kernel.ID{2, 3}, []kernel.ID{10}},
		{[]kernel.ID{1}, []kernel.ID{12, 13}},
		{nil, []kernel.ID{10, 11, 12, 13}},
	}
	for _, c := range pruneCases {
		if got := Prune(c.remaining, held); !slices.Equal(got, c.want) {
			t.Errorf("Prune(%v) = %v, want %v", c.remaining, got, c.want)
		}
	}
}

func pc(t *testing.T, id kernel.ID, cash string) PartnerCash {
	t.Helper()
	p, err := NewPartnerCash(id, amount(t, cash))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestSelectionNormalizedRemovedAndCart(t *testing.T) {
	c := Selection{Categories: []kernel.ID{2, 1, 2, 0}, Products: []kernel.ID{5, 5, -1, 6},
		Partners: []PartnerCash{pc(t, 10, "1"), pc(t, 11, "2"), pc(t, 10, "3")}}.Normalized()
	if !slices.Equal(c.Categories, []kernel.ID{2, 1}) || !slices.Equal(c.Products, []kernel.ID{5, 6}) ||
		!slices.Equal(c.PartnerIDs(), []kernel.ID{10, 11}) || c.Partners[0].Cash().String() != "3" {
		t.Fatalf("normalized %+v", c)
	}
	for _, bad := range []struct {
		id   kernel.ID
		cash int64
	}{{0, 1}, {-1, 1}, {5, -1}} {
		if _, err := NewPartnerCash(bad.id, kernel.AmountOfThousandths(bad.cash)); len(fields(err)["partners"]) == 0 {
			t.Errorf("NewPartnerCash(%d, %d) = %v", bad.id, bad.cash, err)
		}
	}
	if got := Removed([]kernel.ID{1, 2, 3}, []kernel.ID{2, 4}); !slices.Equal(got, []kernel.ID{1, 3}) {
		t.Fatalf("removed %v", got)
	}
	if err := CheckRemoval([]kernel.ID{1, 3}, map[kernel.ID]bool{2: true}); err != nil {
		t.Fatal(err)
	}
	if err := CheckRemoval([]kernel.ID{1, 3}, map[kernel.ID]bool{3: true}); kernel.KindOf(err) != kernel.KindForbiddenInUse {
		t.Fatalf("removal with cart: %v", err)
	}
	if err := CheckSize("partners", MaxBatch+1); err == nil || CheckSize("partners", MaxBatch) != nil {
		t.Fatal("batch size")
	}
}

// composition is a campaign holding categories 1 and 2, products 5 (ordered) and 6, partner
// 10 (cash 100, 40 ordered), 11 (cash 20, nothing ordered) and 12 (a free item ordered).
func composition() *Composition {
	a := func(milli int64) kernel.Amount { return kernel.AmountOfThousandths(milli) }
	return RehydrateComposition(CompositionState{Campaign: State{ID: 3, Name: "Zima", Visible: true, Active: true},
		Categories: []kernel.ID{1, 2}, Products: []kernel.ID{5, 6}, ProductsWithCart: []kernel.ID{5},
		Partners: []MemberState{{PartnerID: 10, Cash: a(100_000), Spent: a(40_000), HasCart: true}, {PartnerID: 11, Cash: a(20_000)},
			{PartnerID: 12, Cash: a(1_000), HasCart: true}}})
}

// The composition's rules hold for every change, and its state round-trips.
func TestCompositionRules(t *testing.T) {
	own := map[kernel.ID][]kernel.ID{10: {1}, 11: {2}, 12: {1, 2}, 13: {2}, 14: {9}}
	c := composition()
	if st := RehydrateComposition(c.State()).State(); !slices.Equal(st.Partners, c.State().Partners) || !slices.Equal(st.Products, []kernel.ID{5, 6}) {
		t.Fatalf("round trip %+v", st)
	}
	if err := c.PutPartners([]PartnerCash{pc(t, 14, "1")}, own); !errors.Is(err, ErrPartnerOutside) {
		t.Fatalf("a partner outside the categories: %v", err)
	}
	if err := c.PutPartners([]PartnerCash{pc(t, 10, "39.999")}, own); len(fields(err)["cash"]) == 0 {
		t.Fatalf("a cash below what is ordered: %v", err)
	}
	if err := c.PutPartners([]PartnerCash{pc(t, 13, "5"), pc(t, 10, "50"), pc(t, 11, "30")}, own); err != nil {
		t.Fatal(err)
	}
	if got := c.Partners(); len(got) != 4 || got[0].Cash().String() != "50" || got[3].PartnerID() != 13 || !slices.Equal(c.Lowered(), []kernel.ID{10}) {
		t.Fatalf("partners %v, lowered %v", got, c.Lowered())
	}
	if ch := c.Changes(); len(ch.Put) != 3 || ch.Put[0].PartnerID() != 10 || ch.Put[2].PartnerID() != 13 || len(ch.Removed) != 0 ||
		len(ch.AddedCategories)+len(ch.RemovedCategories)+len(ch.AddedProducts)+len(ch.RemovedProducts) != 0 {
		t.Fatalf("changes %+v", ch)
	}
	// An order that came meanwhile: the partner lowered is checked again with it.
	err := c.Recheck(map[kernel.ID]kernel.Amount{10: amount(t, "50.001")})
	var pe *PartnerError
	if !errors.As(err, &pe) || pe.PartnerID != 10 || len(fields(err)["cash"]) == 0 {
		t.Fatalf("recheck: %v", err)
	}
	if err := c.Recheck(map[kernel.ID]kernel.Amount{10: amount(t, "50")}); err != nil {
		t.Fatal(err)
	}

	c = composition()
	if err := c.RemoveProduct(5); !errors.Is(err, ErrHasCart) {
		t.Fatalf("an ordered product left: %v", err)
	}
	if err := c.RemoveProduct(6); err != nil || !slices.Equal(c.Products(), []kernel.ID{5}) {
		t.Fatalf("remove product: %v %v", err, c.Products())
	}
	if err := c.RemovePartner(12); !errors.Is(err, ErrHasCart) {
		t.Fatalf("a partner with a free item left: %v", err)
	}
	if err := c.RemovePartner(77); kernel.KindOf(err) != kernel.KindNotFound {
		t.Fatalf("a partner not held: %v", err)
	}
	if err := c.RemovePartner(11); err != nil || c.Holds(11) {
		t.Fatalf("remove partner: %v", err)
	}
	if _, err := c.RemoveCategory(2, map[kernel.ID][]kernel.ID{10: {1}, 12: {2}}); !errors.Is(err, ErrHasCart) || !slices.Equal(c.Categories(), []kernel.ID{1, 2}) {
		t.Fatalf("a prune of a partner with items: %v %v", err, c.Categories())
	}
	if _, err := c.RemoveCategory(9, own); kernel.KindOf(err) != kernel.KindNotFound {
		t.Fatalf("a category not held: %v", err)
	}
	c = composition()
	pruned, err := c.RemoveCategory(2, own)
	if err != nil || !slices.Equal(pruned, []kernel.ID{11}) || c.Holds(11) || !slices.Equal(c.Categories(), []kernel.ID{1}) {
		t.Fatalf("prune %v %v", pruned, err)
	}

	// The stepper's save: exactly what it names, the ordered staying, the record touched.
	c = composition()
	later := now.Add(time.Hour)
	if err := c.Replace(Selection{Categories: []kernel.ID{1}, Products: []kernel.ID{6}, Partners: []PartnerCash{pc(t, 10, "100"), pc(t, 12, "1")}}, own, later); !errors.Is(err, ErrHasCart) {
		t.Fatalf("dropping an ordered product: %v", err)
	}
	c = composition()
	if err := c.Replace(Selection{Categories: []kernel.ID{1}, Products: []kernel.ID{5}, Partners: []PartnerCash{pc(t, 10, "100")}}, own, later); !errors.Is(err, ErrHasCart) {
		t.Fatalf("dropping a partner with items: %v", err)
	}
	c = composition()
	err = c.Replace(Selection{Categories: []kernel.ID{1}, Products: []kernel.ID{5, 7}, Partners: []PartnerCash{pc(t, 10, "100"), pc(t, 12, "1")}}, own, later)
	if err != nil || c.Holds(11) || !slices.Equal(c.Products(), []kernel.ID{5, 7}) || !c.Campaign().UpdatedAt().Equal(later) {
		t.Fatalf("replace: %v %v %v", err, c.PartnerIDs(), c.Products())
	}
	if ch := c.Changes(); !slices.Equal(ch.Removed, []kernel.ID{11}) || !slices.Equal(ch.RemovedCategories, []kernel.ID{2}) ||
		!slices.Equal(ch.RemovedProducts, []kernel.ID{6}) || !slices.Equal(ch.AddedProducts, []kernel.ID{7}) || len(ch.Put) != 0 {
		t.Fatalf("changes of the save %+v", ch)
	}
	c = composition()
	if err := c.Replace(Selection{Categories: []kernel.ID{2}, Products: []kernel.ID{5}, Partners: []PartnerCash{pc(t, 10, "100"), pc(t, 12, "1")}}, own, later); !errors.Is(err, ErrPartnerOutside) {
		t.Fatalf("a partner outside the new categories: %v", err)
	}

	// A file's row: unchanged, added, updated, refused.
	c = composition()
	for _, r := range []struct {
		p    PartnerCash
		want CashChange
	}{{pc(t, 10, "100"), CashUnchanged}, {pc(t, 13, "4"), CashAdded}, {pc(t, 10, "45"), CashUpdated}} {
		if got, err := c.PutCash(r.p, own[r.p.PartnerID()]); err != nil || got != r.want {
			t.Fatalf("put cash %v: %v %v", r.p, got, err)
		}
	}
	if _, err := c.PutCash(pc(t, 10, "1"), own[10]); len(fields(err)["cash"]) == 0 {
		t.Fatalf("below ordered: %v", err)
	}
	if !slices.Equal(c.Lowered(), []kernel.ID{10}) || !c.Holds(13) {
		t.Fatalf("lowered %v", c.Lowered())
	}
}

func standing(c *Campaign, cash, spent string, t *testing.T) *Standing {
	return RehydrateStanding(StandingState{Campaign: c.State(), PartnerID: 7, Money: Money{Cash: amount(t, cash), Spent: amount(t, spent)}})
}

func TestOrder(t *testing.T) {
	open, _ := New(Input{Name: "Zima", Description: "Opis", Image: "a.jpg"}, now)
	hidden := Rehydrate(State{Name: "Zima", Visible: false, Active: true})
	inactive := Rehydrate(State{Name: "Zima", Visible: true, Active: false})
	offer := Offer{InCampaign: true, Active: true, Price: amount(t, "12.5")}
	cases := []struct {
		name        string
		c           *Campaign
		offer       Offer
		quantity    int64
		cash, spent string
		kind        kernel.Kind
		field       string
	}{
		{"fits exactly", open, offer, 4, "100", "50", -1, ""},
		{"over the cash", open, offer, 5, "100", "50", kernel.KindInvalid, "quantity"},
		{"hidden campaign", hidden, offer, 1, "100", "50", kernel.KindNotFound, ""},
		{"inactive campaign", inactive, offer, 1, "100", "50", kernel.KindNotFound, ""},
		{"product not in campaign", open, Offer{Active: true, Price: offer.Price}, 1, "100", "50", kernel.KindInvalid, "product_id"},
		{"inactive product", open, Offer{InCampaign: true, Price: offer.Price}, 1, "100", "50", kernel.KindInvalid, "product_id"},
		{"zero quantity", open, offer, 0, "100", "50", kernel.KindInvalid, "quantity"},
		{"overflow", open, Offer{InCampaign: true, Active: true, Price: kernel.AmountOfThousandths(1 << 62)}, 1000, "100", "50", kernel.KindInvalid, "quantity"},
		{"free product with no cash", open, Offer{InCampaign: true, Active: true}, 3, "0", "0", -1, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := standing(c.c, c.cash, c.spent, t)
			it, err := st.Order(9, c.offer, c.quantity, now)
			if c.kind == -1 {
				if err != nil {
					t.Fatal(err)
				}
				if it.Price() != c.offer.Price || it.Quantity() != c.quantity || it.PartnerID() != 7 || it.ProductID() != 9 || it.Delivered() {
					t.Fatalf("item %+v", it)
				}
				v, _ := it.Value()
				if want, _ := amount(t, c.spent).Add(v); st.Money().Spent != want || len(st.Items()) != 1 {
					t.Fatalf("spent %v, items %d", st.Money().Spent, len(st.Items()))
				}
				return
			}
			if kernel.KindOf(err) != c.kind || (c.field != "" && len(fields(err)[c.field]) == 0) {
				t.Fatalf("got %v", err)
			}
			if len(st.Items()) != 0 || st.Money().Spent != amount(t, c.spent) {
				t.Fatal("a refused order changed the standing")
			}
		})
	}
	_, err := standing(open, "100", "50", t).Order(9, offer, 5, now)
	var ae *AmountError
	if !errors.As(err, &ae) || ae.Key != "remaining" || ae.Amount.String() != "50" || fields(err)["quantity"][0] != MsgOrderExceeds {
		t.Fatalf("the refusal does not carry the remaining cash: %v", err)
	}
}

func TestCashDeliveryWithdraw(t *testing.T) {
	if err := CheckCash(amount(t, "10"), amount(t, "10")); err != nil {
		t.Fatal(err)
	}
	err := CheckCash(amount(t, "9.999"), amount(t, "10"))
	var ae *AmountError
	if len(fields(err)["cash"]) == 0 || !errors.As(err, &ae) || ae.Key != "ordered" || ae.Amount.String() != "10" {
		t.Fatalf("cash below spent: %v", err)
	}
	if r := (Money{Cash: amount(t, "5"), Spent: amount(t, "7")}).Remaining(); !r.IsZero() {
		t.Fatalf("remaining %v", r)
	}
	open, _ := New(Input{Name: "Zima", Description: "Opis", Image: "a.jpg"}, now)
	st := standing(open, "10", "0", t)
	if _, err := st.Order(9, Offer{InCampaign: true, Active: true, Price: amount(t, "2.5")}, 3, now); err != nil {
		t.Fatal(err)
	}
	st.AssignItemIDs([]kernel.ID{41})
	it, ok := st.Item(41)
	if v, _ := it.Value(); !ok || v.String() != "7.5" || st.Money().Spent.String() != "7.5" {
		t.Fatalf("value %v", v)
	}
	if err := st.SetCash(amount(t, "7.499")); len(fields(err)["cash"]) == 0 || st.Money().Cash.String() != "10" {
		t.Fatalf("cash below the cart: %v", err)
	}
	if delivered, err := st.ToggleDelivery(41); err != nil || !delivered || !errors.Is(st.Withdraw(41), ErrDelivered) {
		t.Fatal("a delivered item can be withdrawn")
	}
	if delivered, _ := st.ToggleDelivery(41); delivered {
		t.Fatal("toggle back")
	}
	if err := st.Withdraw(42); kernel.KindOf(err) != kernel.KindNotFound {
		t.Fatalf("another's item: %v", err)
	}
	if err := st.Withdraw(41); err != nil || len(st.Items()) != 0 || !st.Money().Spent.IsZero() {
		t.Fatalf("withdraw: %v %v", err, st.Money())
	}
	if err := st.SetCash(amount(t, "0")); err != nil {
		t.Fatal(err)
	}
}

// A campaign's name follows the one name rule of every record: it may not start with a digit.
func TestCampaignNameMayNotStartWithADigit(t *testing.T) {
	if _, err := New(Input{Name: "2026 zima", Description: "Opis", Image: "a.jpg"}, now); fields(err)["name"][0] != "The name must not start with a number." {
		t.Fatalf("New = %v", err)
	}
	c, err := New(Input{Name: "Zima 2026", Description: "Opis", Image: "a.jpg"}, now)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Edit(Input{Name: "2027 zima", Description: "Opis"}, now); len(fields(err)["name"]) == 0 {
		t.Fatalf("Edit = %v", err)
	}
}

// Changes carry the cash as loaded of the partners the change touched and the campaign held
// (what the record writes as "from"); a partner new to the campaign has none, and one put in
// and taken out by the same change was never held.
func TestChangesKeepTheLoadedCash(t *testing.T) {
	own := map[kernel.ID][]kernel.ID{10: {1}, 11: {2}, 12: {1, 2}, 13: {2}}
	c := composition()
	if err := c.PutPartners([]PartnerCash{pc(t, 11, "30"), pc(t, 13, "5"), pc(t, 11, "35")}, own); err != nil {
		t.Fatal(err)
	}
	if err := c.PutPartners([]PartnerCash{pc(t, 11, "40")}, own); err != nil {
		t.Fatal(err)
	}
	if _, err := c.RemoveCategory(2, own); err != nil { // prunes 11 and 13
		t.Fatal(err)
	}
	ch := c.Changes()
	if !slices.Equal(ch.Removed, []kernel.ID{11, 13}) || len(ch.Was) != 1 || ch.Was[11].String() != "20" {
		t.Fatalf("removed %v, was %v", ch.Removed, ch.Was)
	}
	c = composition()
	if err := c.Replace(Selection{Categories: []kernel.ID{1, 2}, Products: []kernel.ID{5}, Partners: []PartnerCash{pc(t, 10, "100"), pc(t, 12, "7"), pc(t, 13, "1")}}, own, time.Now()); err != nil {
		t.Fatal(err)
	}
	ch = c.Changes()
	if len(ch.Put) != 2 || ch.Put[0].PartnerID() != 12 || ch.Put[1].PartnerID() != 13 || ch.Was[12].String() != "1" || ch.Was[11].String() != "20" || len(ch.Was) != 2 {
		t.Fatalf("put %v, was %v", ch.Put, ch.Was)
	}
	if _, held := ch.Was[13]; held {
		t.Fatalf("a new partner was held: %v", ch.Was)
	}
}
