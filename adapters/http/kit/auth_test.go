package kit

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"go.uber.org/zap"

	"vitrina/domain/audit"
	"vitrina/domain/identity"
	"vitrina/domain/kernel"
	"vitrina/ports"
)

// tokens maps bearer tokens to principals.
type tokens map[string]kernel.Principal

func (t tokens) Authenticate(_ context.Context, token string) (kernel.Principal, error) {
	p, ok := t[token]
	if !ok {
		return kernel.Principal{}, identity.ErrNoSession
	}
	return p, nil
}

// allowAll lets every role do everything, so that only the session split decides.
type allowAll struct{}

func (allowAll) Allowed([]string, string, string) (bool, error) { return true, nil }

// The guard keeps app and panel sessions apart: an app token opens only App routes, a panel
// token (a linked account's too) only panel routes, and an App route hands its endpoint the
// partner the app acts for.
func TestGuardSplitsAppAndPanelSessions(t *testing.T) {
	pid := int64(1001)
	ts := tokens{
		"staff":  {Session: kernel.PanelSession, UserID: 1, Roles: []string{"admin"}},
		"linked": {Session: kernel.PanelSession, UserID: 2, PartnerID: &pid},
		"app":    {Session: kernel.AppSession, PartnerID: &pid},
		"member": {Session: kernel.AppSession, UserID: 2, PartnerID: &pid},
	}
	mux := http.NewServeMux()
	rt := NewRouter(mux, ts, allowAll{})
	endpoint := func(ctx context.Context, _ any) (any, error) {
		return map[string]int64{"partner": int64(AppPartner(ctx))}, nil
	}
	rt.Handle(
		Route{Method: "GET", Path: "/api/app/me", Access: Access{App: true}, Decode: NoRequest, Encode: EncodeJSON, Endpoint: endpoint},
		Route{Method: "GET", Path: "/api/users", Access: Access{Resource: "users", Action: "read"}, Decode: NoRequest, Encode: EncodeJSON, Endpoint: endpoint},
		Route{Method: "POST", Path: "/api/logout", Access: Access{AnyAccount: true}, Decode: NoRequest, Encode: EncodeJSON, Endpoint: endpoint},
		Route{Method: "GET", Path: "/api/mapSettings", Access: Access{}, Decode: NoRequest, Encode: EncodeJSON, Endpoint: endpoint},
	)
	call := func(method, path, token string) (int, map[string]any) {
		req := httptest.NewRequest(method, path, nil)
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		w := httptest.NewRecorder()
		mux.ServeHTTP(w, req)
		var body map[string]any
		_ = json.Unmarshal(w.Body.Bytes(), &body)
		return w.Code, body
	}
	cases := []struct {
		method, path, token string
		want                int
		message             string
	}{
		{"GET", "/api/app/me", "", 401, "Unauthenticated."},
		{"GET", "/api/app/me", "staff", 403, "Only the partner app may make this call."},
		{"GET", "/api/app/me", "linked", 403, "Only the partner app may make this call."},
		{"GET", "/api/app/me", "app", 200, ""},
		{"GET", "/api/app/me", "member", 200, ""},
		{"GET", "/api/users", "app", 403, "Partner app sessions may not use the admin panel."},
		{"GET", "/api/users", "member", 403, "Partner app sessions may not use the admin panel."},
		{"POST", "/api/logout", "app", 403, "Partner app sessions may not use the admin panel."},
		{"GET", "/api/mapSettings", "app", 403, "Partner app sessions may not use the admin panel."},
		{"GET", "/api/users", "staff", 200, ""},
		{"GET", "/api/users", "linked", 403, "Partner accounts may not use the admin panel."},
		{"POST", "/api/logout", "linked", 200, ""},
	}
	for _, c := range cases {
		status, body := call(c.method, c.path, c.token)
		if status != c.want || c.message != "" && body["message"] != c.message {
			t.Errorf("%s %s with %q: %d %v, want %d %q", c.method, c.path, c.token, status, body, c.want, c.message)
		}
	}
	if _, body := call("GET", "/api/app/me", "member"); body["partner"] != float64(1001) {
		t.Fatalf("the app call acts for %v", body["partner"])
	}
	if _, body := call("GET", "/api/users", "staff"); body["partner"] != float64(0) {
		t.Fatalf("a panel call acts for partner %v", body["partner"])
	}
}

// A route whose App flag and path disagree, or an app route with a panel rule, stops the
// server from being assembled.
func TestAppRoutesLiveUnderTheAppPrefix(t *testing.T) {
	endpoint := func(context.Context, any) (any, error) { return nil, nil }
	for name, r := range map[string]Route{
		"app path without the flag":  {Method: "GET", Path: "/api/app/me", Access: Access{}},
		"public app path, no flag":   {Method: "POST", Path: "/api/app/login", Access: Access{Public: true}},
		"flag outside the app path":  {Method: "GET", Path: "/api/partners", Access: Access{App: true}},
		"app route with a resource":  {Method: "GET", Path: "/api/app/me", Access: Access{App: true, Resource: "partners", Action: "read"}},
		"app route with any account": {Method: "GET", Path: "/api/app/me", Access: Access{App: true, AnyAccount: true}},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: registered", name)
				}
			}()
			r.Endpoint, r.Decode, r.Encode = endpoint, NoRequest, EncodeJSON
			NewRouter(http.NewServeMux(), tokens{}, allowAll{}).Handle(r)
		}()
	}
	NewRouter(http.NewServeMux(), tokens{}, allowAll{}).Handle(
		Route{Method: "POST", Path: "/api/app/login", Access: Access{Public: true, App: true}, Endpoint: endpoint, Decode: NoRequest, Encode: EncodeJSON})
}

// A guarded endpoint's context names who acts for the audit log, with the request's id and
// address: the user of a panel session, the partner of an app session under the account's
// name; a public route leaves the change to the system, still with the request's id.
func TestGuardGivesTheAuditSource(t *testing.T) {
	pid := int64(1001)
	ts := tokens{
		"staff":  {Session: kernel.PanelSession, UserID: 1, Username: "ana", Roles: []string{"admin"}},
		"member": {Session: kernel.AppSession, UserID: 2, Username: "beta.prodaja", PartnerID: &pid},
	}
	mux := http.NewServeMux()
	rt := NewRouter(mux, ts, allowAll{})
	var got ports.AuditSource
	endpoint := func(ctx context.Context, _ any) (any, error) {
		got = ports.AuditSourceOf(ctx)
		return map[string]bool{"ok": true}, nil
	}
	rt.Handle(
		Route{Method: "GET", Path: "/api/app/me", Access: Access{App: true}, Decode: NoRequest, Encode: EncodeJSON, Endpoint: endpoint},
		Route{Method: "GET", Path: "/api/users", Access: Access{Resource: "users", Action: "read"}, Decode: NoRequest, Encode: EncodeJSON, Endpoint: endpoint},
		Route{Method: "GET", Path: "/api/mapSettings", Access: Access{Public: true}, Decode: NoRequest, Encode: EncodeJSON, Endpoint: endpoint},
	)
	h := Middleware(zap.NewNop(), Edge{}, nil, mux)
	cases := []struct {
		path, token string
		want        audit.Actor
	}{
		{"/api/users", "staff", audit.Actor{Kind: audit.ActorUser, ID: 1, Name: "ana"}},
		{"/api/app/me", "member", audit.Actor{Kind: audit.ActorPartner, ID: 1001, Name: "beta.prodaja"}},
		{"/api/mapSettings", "", audit.System},
	}
	for _, c := range cases {
		got = ports.AuditSource{}
		req := httptest.NewRequest("GET", c.path, nil)
		req.RemoteAddr = "192.0.2.7:5000"
		req.Header.Set("X-Request-Id", "req-"+c.token)
		if c.token != "" {
			req.Header.Set("Authorization", "Bearer "+c.token)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		if w.Code != http.StatusOK {
			t.Fatalf("%s: %d %s", c.path, w.Code, w.Body)
		}
		if got.Actor != c.want || got.RequestID != "req-"+c.token || got.Address != "192.0.2.7" {
			t.Errorf("%s: source %+v, want %+v from req-%s at 192.0.2.7", c.path, got, c.want, c.token)
		}
	}
}
