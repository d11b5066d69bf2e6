package kit

import (
	"crypto/tls"
	"net/http"
	"net/http/httptest"
	"testing"

	"go.uber.org/zap"
)

// Secure is true over TLS, and behind a trusted proxy that says https; a client's own
// X-Forwarded-Proto is not believed without VITRINA_TRUST_PROXY.
func TestSecureFollowsTLSAndTheTrustedProxy(t *testing.T) {
	for _, c := range []struct {
		name       string
		trustProxy bool
		tls        bool
		proto      string
		want       bool
	}{
		{"plain", false, false, "", false},
		{"TLS", false, true, "", true},
		{"untrusted header", false, false, "https", false},
		{"trusted proxy over https", true, false, "https", true},
		{"trusted proxy over http", true, false, "http", false},
	} {
		var got bool
		h := Middleware(zap.NewNop(), Edge{TrustProxy: c.trustProxy}, nil, http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
			got = Secure(r.Context())
		}))
		req := httptest.NewRequest("POST", "/api/login", nil)
		if c.tls {
			req.TLS = &tls.ConnectionState{}
		}
		if c.proto != "" {
			req.Header.Set("X-Forwarded-Proto", c.proto)
		}
		h.ServeHTTP(httptest.NewRecorder(), req)
		if got != c.want {
			t.Errorf("%s: Secure = %v, want %v", c.name, got, c.want)
		}
	}
}
