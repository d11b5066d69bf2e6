package kit

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"vitrina/domain/kernel"
)

func TestRecordParam(t *testing.T) {
	for path, want := range map[string]string{
		"/api/users/{id}": "id", "/api/sliders/{id}/confirm": "id", "/api/campaignDetailsById/cart/{campaignId}/excel": "campaignId",
		"/api/deleteCampaignItemProduct/{campaignId}/{productId}": "campaignId", "/api/app/campaigns/{id}/cart/{itemId}": "id",
		"/api/app/devices/{token}": "", "/api/images/{kind}/{image}": "", "/api/users": "",
	} {
		if got := RecordParam(path); got != want {
			t.Errorf("RecordParam(%q) = %q, want %q", path, got, want)
		}
	}
}

// A route that names a record cannot be registered without its lookup, nor one that names
// none with a lookup: the 404-first rule cannot be forgotten on a new call.
func TestRouterRefusesARecordRouteWithoutItsLookup(t *testing.T) {
	exists := func(context.Context, kernel.ID) error { return nil }
	for _, c := range []struct {
		route Route
		want  string
	}{
		{Route{Method: "PUT", Path: "/api/things/{id}"}, "has no Record lookup"},
		{Route{Method: "POST", Path: "/api/things", Record: exists}, "names no record"},
	} {
		func() {
			defer func() {
				if got, _ := recover().(string); !strings.Contains(got, c.want) {
					t.Errorf("%s %s: panic %q, want %q", c.route.Method, c.route.Path, got, c.want)
				}
			}()
			NewRouter(http.NewServeMux(), nil, nil).Handle(c.route)
		}()
	}
}

// The lookup runs before the request is decoded: an unknown record is 404 and the decoder
// never sees the body; a known one goes on.
func TestRecordLookupRunsBeforeTheBody(t *testing.T) {
	decoded := false
	next := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { decoded = true; w.WriteHeader(204) })
	h := withRecord("id", func(_ context.Context, id kernel.ID) error {
		if id == 7 {
			return nil
		}
		return kernel.NotFound("thing")
	}, next)
	mux := http.NewServeMux()
	mux.Handle("POST /things/{id}", h)
	for path, want := range map[string]int{"/things/8": 404, "/things/abc": 404, "/things/7": 204} {
		decoded = false
		w := httptest.NewRecorder()
		mux.ServeHTTP(w, httptest.NewRequest("POST", path, strings.NewReader("{not json")))
		if w.Code != want || decoded != (want == 204) {
			t.Errorf("%s: %d (decoded %v), want %d", path, w.Code, decoded, want)
		}
	}
}
