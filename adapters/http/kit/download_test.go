package kit

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"vitrina/adapters/limit"
	"vitrina/domain/kernel"
)

// Every answer that is a Download passes the router's gate, whatever route gives it: a full
// gate is 429 with Retry-After before any row is written, other answers never wait (issue 20).
func TestDownloadsPassTheGate(t *testing.T) {
	mux := http.NewServeMux()
	rt := NewRouter(mux, tokens{"staff": {Session: kernel.PanelSession, UserID: 1, Roles: []string{"admin"}}}, allowAll{})
	rt.LimitDownloads(limit.NewGate(1, 0, ErrDownloadsBusy))
	started, release := make(chan struct{}), make(chan struct{})
	written := 0
	download := func(name string, hold bool) Route {
		return Route{Method: "GET", Path: "/api/" + name, Access: Access{}, Decode: NoRequest, Encode: EncodeDownload,
			Endpoint: func(context.Context, any) (any, error) {
				return Download{Name: name + ".xlsx", Write: func(_ context.Context, w io.Writer) error {
					written++
					if hold {
						close(started)
						<-release
					}
					_, err := w.Write([]byte("PK"))
					return err
				}}, nil
			}}
	}
	rt.Handle(download("held", true), download("other", false),
		Route{Method: "GET", Path: "/api/plain", Access: Access{}, Decode: NoRequest, Encode: EncodeJSON,
			Endpoint: func(context.Context, any) (any, error) { return map[string]int{"ok": 1}, nil }})
	call := func(path string) *httptest.ResponseRecorder {
		req := httptest.NewRequest("GET", path, nil)
		req.Header.Set("Authorization", "Bearer staff")
		w := httptest.NewRecorder()
		mux.ServeHTTP(w, req)
		return w
	}
	done := make(chan *httptest.ResponseRecorder)
	go func() { done <- call("/api/held") }()
	<-started
	for _, path := range []string{"/api/other", "/api/held"} {
		if w := call(path); w.Code != 429 || w.Header().Get("Retry-After") != "5" {
			t.Fatalf("%s while the gate is full: %d, Retry-After %q", path, w.Code, w.Header().Get("Retry-After"))
		}
	}
	if written != 1 {
		t.Fatalf("%d downloads started writing, want 1", written)
	}
	if w := call("/api/plain"); w.Code != 200 {
		t.Fatalf("a JSON answer waited for the gate: %d", w.Code)
	}
	close(release)
	if w := <-done; w.Code != 200 || w.Body.String() != "PK" {
		t.Fatalf("the held download: %d %q", w.Code, w.Body.String())
	}
	if w := call("/api/other"); w.Code != 200 {
		t.Fatalf("after the gate freed: %d %s", w.Code, w.Body.String())
	}
}
