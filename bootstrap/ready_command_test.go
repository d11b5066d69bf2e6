package bootstrap

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// `vitrina ready` is a container's health check: exit 0 only on /readyz's 200, printing
// the answer either way; an unreachable process is an error too.
func TestReadyCommand(t *testing.T) {
	status := http.StatusOK
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/readyz" {
			http.NotFound(w, r)
			return
		}
		w.WriteHeader(status)
		_, _ = w.Write([]byte(`{"status":"x"}`))
	}))
	defer srv.Close()
	var out bytes.Buffer
	if err := Run(context.Background(), []string{"ready", srv.URL + "/"}, env(nil), nil, &out); err != nil || out.String() != `{"status":"x"}` {
		t.Fatalf("ready: %v %q", err, out.String())
	}
	status = http.StatusServiceUnavailable
	if err := Run(context.Background(), []string{"ready", srv.URL}, env(nil), nil, &out); err == nil || !strings.Contains(err.Error(), "503") {
		t.Fatalf("not ready: %v", err)
	}
	// From VITRINA_ADDR, a wildcard host asked on this host.
	status = http.StatusOK
	addr := strings.TrimPrefix(srv.URL, "http://127.0.0.1")
	if err := Run(context.Background(), []string{"ready"}, env(map[string]string{"VITRINA_ADDR": "0.0.0.0" + addr}), nil, &out); err != nil {
		t.Fatal(err)
	}
	srv.Close()
	if err := Run(context.Background(), []string{"ready"}, env(map[string]string{"VITRINA_ADDR": "127.0.0.1" + addr}), nil, &out); err == nil {
		t.Fatal("a closed server is ready")
	}
}
