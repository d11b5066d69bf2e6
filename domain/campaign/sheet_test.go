package campaign

import (
	"errors"
	"testing"

	"vitrina/domain/kernel"
)

func TestParsePartnerID(t *testing.T) {
	for in, want := range map[string]string{"": "The id field is required.", "x": "The id must be a positive integer.",
		"0": "The id must be a positive integer.", "-3": "The id must be a positive integer.", "1.5": "The id must be a positive integer.",
		"99999999999999999999": "The id must be a positive integer."} {
		if _, err := ParsePartnerID(in); fields(err)["id"][0] != want {
			t.Errorf("ParsePartnerID(%q) = %v", in, err)
		}
	}
	if id, err := ParsePartnerID(" 1001 "); err != nil || id != 1001 {
		t.Fatalf("ParsePartnerID(1001) = %d, %v", id, err)
	}
}

func TestPlanCash(t *testing.T) {
	outside := fields(ErrPartnerOutside)["partners"][0]
	cats := []kernel.ID{1, 2}
	st := Money{Cash: amount(t, "500"), Spent: amount(t, "120.5")}
	cases := []struct {
		name      string
		own       []kernel.ID
		linked    bool
		cash      string
		want      CashChange
		wantField string
		wantMsg   string
	}{
		{"same cash, nothing to do", []kernel.ID{2}, true, "500", CashUnchanged, "", ""},
		{"same cash of a stray partner is left alone", []kernel.ID{9}, true, "500.000", CashUnchanged, "", ""},
		{"new partner in a category", []kernel.ID{9, 2}, false, "10", CashAdded, "", ""},
		{"new partner outside the categories", []kernel.ID{9}, false, "10", 0, "partners", outside},
		{"new partner without categories", nil, false, "10", 0, "partners", outside},
		{"raised cash", []kernel.ID{1}, true, "700", CashUpdated, "", ""},
		{"lowered to what is spent", []kernel.ID{1}, true, "120.5", CashUpdated, "", ""},
		{"lowered below what is spent", []kernel.ID{1}, true, "120.499", 0, "cash", MsgCashBelowOrdered},
		{"changed cash of a stray partner", []kernel.ID{9}, true, "700", 0, "partners", outside},
	}
	for _, c := range cases {
		got, err := PlanCash(cats, c.own, c.linked, st, amount(t, c.cash))
		if c.wantMsg == "" {
			if err != nil || got != c.want {
				t.Errorf("%s: %v, %v", c.name, got, err)
			}
			continue
		}
		if f := fields(err)[c.wantField]; len(f) == 0 || f[0] != c.wantMsg {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	// Below what is spent answers the ordered amount beside the sentence.
	_, err := PlanCash(cats, []kernel.ID{1}, true, st, amount(t, "1"))
	var ae *AmountError
	if !errors.As(err, &ae) || ae.Key != "ordered" || ae.Amount.String() != "120.5" {
		t.Fatalf("below spent: %#v", err)
	}
}
