package campaignhttp

import (
	"context"
	"errors"
	"net/http/httptest"
	"strings"
	"testing"

	"vitrina/domain/kernel"
)

func TestDecodePartnerList(t *testing.T) {
	decode := func(body string) (partnerListRequest, error) {
		r := httptest.NewRequest("POST", "/api/getCampaignPartnerList", strings.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		req, err := decodePartnerList(context.Background(), r)
		if err != nil {
			return partnerListRequest{}, err
		}
		return req.(partnerListRequest), nil
	}
	req, err := decode(`{"campaign_id": "7", "categories": [3, "4", {"id": 5}]}`)
	if err != nil || req.ID != 7 || len(req.Categories) != 3 || req.Categories[2] != 5 {
		t.Fatalf("%+v %v", req, err)
	}
	if req, err := decode(`{"campaign_id": 7}`); err != nil || req.Categories != nil {
		t.Fatalf("no categories: %+v %v", req, err)
	}
	for body, field := range map[string]string{`{}`: "campaign_id", `{"campaign_id": 0}`: "campaign_id", `{"campaign_id": "x"}`: "campaign_id",
		`{"campaign_id": 7, "categories": "Alati"}`: "categories", `{"campaign_id": 7, "categories": [true]}`: "categories"} {
		_, err := decode(body)
		var e *kernel.Error
		if !errors.As(err, &e) || len(e.Fields[field]) == 0 {
			t.Errorf("%s: %v", body, err)
		}
	}
}
