package kit

import (
	"crypto/tls"
	"net/http"
	"net/http/httptest"
	"testing"

	"go.uber.org/zap"
)

// Strict-Transport-Security goes out over TLS: a TLS connection, a trusted proxy's
// X-Forwarded-Proto, or always with VITRINA_HSTS; never because an untrusted client says
// https (issue 20).
func TestHSTSOverTLS(t *testing.T) {
	ok := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(204) })
	cases := []struct {
		name  string
		edge  Edge
		tls   bool
		proto string
		want  bool
	}{
		{"plain HTTP", Edge{}, false, "", false},
		{"a TLS connection", Edge{}, true, "", true},
		{"an untrusted X-Forwarded-Proto", Edge{}, false, "https", false},
		{"a trusted proxy over https", Edge{TrustProxy: true}, false, "https", true},
		{"a trusted proxy over https, listed", Edge{TrustProxy: true}, false, "HTTPS, http", true},
		{"a trusted proxy over http", Edge{TrustProxy: true}, false, "http", false},
		{"the setting", Edge{HSTS: true}, false, "", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", "/api/users", nil)
			if c.tls {
				r.TLS = &tls.ConnectionState{}
			}
			if c.proto != "" {
				r.Header.Set("X-Forwarded-Proto", c.proto)
			}
			w := httptest.NewRecorder()
			Middleware(zap.NewNop(), c.edge, nil, ok).ServeHTTP(w, r)
			got := w.Header().Get("Strict-Transport-Security")
			if c.want && got != HSTSValue || !c.want && got != "" {
				t.Fatalf("Strict-Transport-Security %q, want it %v", got, c.want)
			}
		})
	}
}
