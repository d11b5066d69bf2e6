package partnerhttp

import (
	"encoding/json"
	"testing"
	"time"

	"vitrina/domain/partner"
	partnerports "vitrina/ports/partner"
)

// The figures come from partner's table, yet a partner's JSON keeps the contract's fields
// in the contract's order.
func TestPartnerJSONKeepsTheContract(t *testing.T) {
	city, cityName := int64(3), "Bar"
	v := partnerports.PartnerView{ID: 7, Name: "A<b>", Phone: "1", CityID: &city, CityName: &cityName,
		Figures:    map[string]string{"bonus": "1", "debt": "2.5", "payment": "3", "toolCash": "4%", "annualPlan": "5", "moneyCirculation": "6"},
		Categories: []partnerports.Ref{{ID: 1, Name: "Alati"}}, UpdatedAt: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), Version: 2}
	got, err := json.Marshal([]partnerJSON{toJSON(v)})
	if err != nil {
		t.Fatal(err)
	}
	want := `[{"id":7,"name":"A\u003cb\u003e","address":"","pib":"","pdv":"","city_id":3,"city":{"id":3,"name":"Bar"},"city_name":"Bar",` +
		`"phone":"1","bonus":"1","debt":"2.5","payment":"3","toolCash":"4%","annualPlan":"5","moneyCirculation":"6",` +
		`"categories":[{"id":1,"name":"Alati"}],"category_names":"Alati","partner_type_id":null,"partner_type":null,` +
		`"partner_type_name":null,"is_active":false,"updated_at":"2026-01-02T03:04:05Z","version":2}]`
	if string(got) != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
}

func TestPartnerFormReadsEveryFigure(t *testing.T) {
	var f partnerForm
	body := `{"name":"Gradnja","bonus":"1,5","debt":12,"payment":null,"TOOLCASH":"4%","annualPlan":"5","moneyCirculation":"6","city_id":"2"}`
	if err := json.Unmarshal([]byte(body), &f); err != nil {
		t.Fatal(err)
	}
	in := f.input()
	want := partner.FigureTexts{partner.Bonus: "1,5", partner.Debt: "12", partner.Payment: "", partner.ToolCash: "4%",
		partner.AnnualPlan: "5", partner.MoneyCirculation: "6"}
	if in.Figures != want || in.Name != "Gradnja" || in.CityID != 2 {
		t.Fatalf("input %+v", in)
	}
	if json.Unmarshal([]byte(`[1]`), &f) == nil {
		t.Fatal("a body that is not an object is refused")
	}
}
