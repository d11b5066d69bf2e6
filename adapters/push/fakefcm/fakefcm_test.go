package fakefcm

import (
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

// TestTokenEndpointChecksTheAssertion: the fake refuses what Google's token endpoint refuses.
func TestTokenEndpointChecksTheAssertion(t *testing.T) {
	s := Start(t)
	data, err := s.Credentials()
	if err != nil {
		t.Fatal(err)
	}
	var acct map[string]string
	if err := json.Unmarshal(data, &acct); err != nil {
		t.Fatal(err)
	}
	block, _ := pem.Decode([]byte(acct["private_key"]))
	k, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		t.Fatal(err)
	}
	key := k.(*rsa.PrivateKey)
	other, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().Unix()
	claims := func(change func(map[string]any)) map[string]any {
		c := map[string]any{"iss": acct["client_email"], "scope": Scope, "aud": s.TokenURL(), "iat": now, "exp": now + 3600}
		if change != nil {
			change(c)
		}
		return c
	}
	jwt := func(alg string, c map[string]any, k *rsa.PrivateKey) string {
		h, _ := json.Marshal(map[string]string{"alg": alg, "typ": "JWT"})
		b, _ := json.Marshal(c)
		signed := base64.RawURLEncoding.EncodeToString(h) + "." + base64.RawURLEncoding.EncodeToString(b)
		sum := sha256.Sum256([]byte(signed))
		sig, _ := rsa.SignPKCS1v15(rand.Reader, k, crypto.SHA256, sum[:])
		return signed + "." + base64.RawURLEncoding.EncodeToString(sig)
	}
	post := func(grant, assertion string) (int, string) {
		resp, err := http.PostForm(s.TokenURL(), url.Values{"grant_type": {grant}, "assertion": {assertion}})
		if err != nil {
			t.Fatal(err)
		}
		defer func() { _ = resp.Body.Close() }()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}

	cases := []struct {
		name, grant, assertion, why string
	}{
		{"wrong grant", "client_credentials", jwt("RS256", claims(nil), key), "grant_type"},
		{"not a JWT", GrantType, "abc.def", "not a JWT"},
		{"HS256", GrantType, jwt("HS256", claims(nil), key), "not RS256"},
		{"another key", GrantType, jwt("RS256", claims(nil), other), "bad signature"},
		{"unknown issuer", GrantType, jwt("RS256", claims(func(c map[string]any) { c["iss"] = "x@y" }), key), "unknown issuer"},
		{"wrong audience", GrantType, jwt("RS256", claims(func(c map[string]any) { c["aud"] = "https://oauth2.googleapis.com/token" }), key), "aud"},
		{"no scope", GrantType, jwt("RS256", claims(func(c map[string]any) { delete(c, "scope") }), key), "scope"},
		{"expired", GrantType, jwt("RS256", claims(func(c map[string]any) { c["iat"], c["exp"] = now-7200, now-3600 }), key), "expired"},
		{"too long", GrantType, jwt("RS256", claims(func(c map[string]any) { c["exp"] = now + 7200 }), key), "longer than an hour"},
	}
	for _, c := range cases {
		status, body := post(c.grant, c.assertion)
		if status != http.StatusBadRequest || !strings.Contains(body, "invalid_grant") {
			t.Errorf("%s: %d %s", c.name, status, body)
		}
		if errs := s.TokenErrors(); !strings.Contains(errs[len(errs)-1], c.why) {
			t.Errorf("%s: refused for %q, want %q", c.name, errs[len(errs)-1], c.why)
		}
	}

	status, body := post(GrantType, jwt("RS256", claims(nil), key))
	var tok struct {
		AccessToken string `json:"access_token"`
		ExpiresIn   int    `json:"expires_in"`
	}
	if status != http.StatusOK || json.Unmarshal([]byte(body), &tok) != nil || tok.AccessToken == "" || tok.ExpiresIn != 3600 {
		t.Fatalf("good assertion: %d %s", status, body)
	}
	if s.TokenRequests() != len(cases)+1 {
		t.Fatalf("%d token requests", s.TokenRequests())
	}

	// The token it issued opens messages:send; a made-up one does not.
	sendWith := func(bearer string) int {
		req, _ := http.NewRequest(http.MethodPost, s.URL+"/v1/projects/"+ProjectID+"/messages:send", strings.NewReader(`{"message":{"token":"device-1"}}`))
		req.Header.Set("Authorization", "Bearer "+bearer)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_ = resp.Body.Close()
		return resp.StatusCode
	}
	if got := sendWith("ya29.made-up"); got != http.StatusUnauthorized {
		t.Fatalf("made-up token: %d", got)
	}
	if got := sendWith(tok.AccessToken); got != http.StatusOK || s.Received("device-1") != 1 {
		t.Fatalf("issued token: %d, received %d", got, s.Received("device-1"))
	}
	s.ExpireAccessTokens()
	if got := sendWith(tok.AccessToken); got != http.StatusUnauthorized {
		t.Fatalf("expired token: %d", got)
	}
}
