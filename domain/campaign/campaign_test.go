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

func TestCompositionNormalizedRemovedAndCart(t *testing.T) {
	c := Composition{Categories: []kernel.ID{2, 1, 2, 0}, Products: []kernel.ID{5, 5, -1, 6},
		Partners: []PartnerCash{{10, amount(t, "1")}, {11, amount(t, "2")}, {10, amount(t, "3")}, {0, amount(t, "4")}}}.Normalized()
	if !slices.Equal(c.Categories, []kernel.ID{2, 1}) || !slices.Equal(c.Products, []kernel.ID{5, 6}) ||
		!slices.Equal(c.PartnerIDs(), []kernel.ID{10, 11}) || c.Partners[0].Cash.String() != "3" {
		t.Fatalf("normalized %+v", c)
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

func TestOrder(t *testing.T) {
	open, _ := New(Input{Name: "Zima", Description: "Opis", Image: "a.jpg"}, now)
	hidden := Rehydrate(State{Name: "Zima", Visible: false, Active: true})
	inactive := Rehydrate(State{Name: "Zima", Visible: true, Active: false})
	offer := Offer{InCampaign: true, Active: true, Price: amount(t, "12.5")}
	st := Standing{Cash: amount(t, "100"), Spent: amount(t, "50")}
	cases := []struct {
		name     string
		c        *Campaign
		offer    Offer
		quantity int64
		st       Standing
		kind     kernel.Kind
		field    string
	}{
		{"fits exactly", open, offer, 4, st, -1, ""},
		{"over the cash", open, offer, 5, st, kernel.KindInvalid, "quantity"},
		{"hidden campaign", hidden, offer, 1, st, kernel.KindNotFound, ""},
		{"inactive campaign", inactive, offer, 1, st, kernel.KindNotFound, ""},
		{"product not in campaign", open, Offer{Active: true, Price: offer.Price}, 1, st, kernel.KindInvalid, "product_id"},
		{"inactive product", open, Offer{InCampaign: true, Price: offer.Price}, 1, st, kernel.KindInvalid, "product_id"},
		{"zero quantity", open, offer, 0, st, kernel.KindInvalid, "quantity"},
		{"overflow", open, Offer{InCampaign: true, Active: true, Price: kernel.AmountOfThousandths(1 << 62)}, 1000, st, kernel.KindInvalid, "quantity"},
		{"free product with no cash", open, Offer{InCampaign: true, Active: true}, 3, Standing{}, -1, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			it, err := Order(c.c, 7, 9, c.offer, c.quantity, c.st, now)
			if c.kind == -1 {
				if err != nil {
					t.Fatal(err)
				}
				if it.Price != c.offer.Price || it.Quantity != c.quantity || it.PartnerID != 7 || it.ProductID != 9 || it.Delivered {
					t.Fatalf("item %+v", it)
				}
				return
			}
			if kernel.KindOf(err) != c.kind || (c.field != "" && len(fields(err)[c.field]) == 0) {
				t.Fatalf("got %v", err)
			}
		})
	}
	_, err := Order(open, 7, 9, offer, 5, st, now)
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
	if r := (Standing{Cash: amount(t, "5"), Spent: amount(t, "7")}).Remaining(); !r.IsZero() {
		t.Fatalf("remaining %v", r)
	}
	it := Item{Price: amount(t, "2.5"), Quantity: 3}
	if v, _ := it.Value(); v.String() != "7.5" {
		t.Fatalf("value %v", v)
	}
	if err := it.Withdraw(); err != nil {
		t.Fatal(err)
	}
	it.ToggleDelivery()
	if !it.Delivered || !errors.Is(it.Withdraw(), ErrDelivered) {
		t.Fatal("a delivered item can be withdrawn")
	}
	it.ToggleDelivery()
	if it.Delivered {
		t.Fatal("toggle back")
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
