// Package fakefcm is a fake Firebase Cloud Messaging for tests and benchmarks: the OAuth2
// token endpoint of a Google service account (the JWT-bearer grant) and FCM HTTP v1's
// messages:send, on loopback. It checks what a real provider checks (a well-formed RS256
// assertion signed by the key it handed out, a live bearer token), counts what it received,
// and can be told to misbehave: dead tokens, 429/503 with Retry-After, hanging, expired
// access tokens.
package fakefcm

import (
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// ProjectID is the Firebase project of the credentials the fake hands out.
const ProjectID = "vitrina-test"

// Scope is the OAuth2 scope FCM needs; the token endpoint refuses an assertion without it.
const Scope = "https://www.googleapis.com/auth/firebase.messaging"

// GrantType is the JWT-bearer grant (RFC 7523).
const GrantType = "urn:ietf:params:oauth:grant-type:jwt-bearer"

// Message is one message the fake accepted.
type Message struct {
	Token string
	Title string
	Body  string
	Data  map[string]string
	// AccessToken is the OAuth token the sender sent it with: each process that sends asks
	// for its own, so it tells which process sent a message. At is when it was accepted.
	AccessToken string
	At          time.Time
}

type answer struct {
	status int
	header http.Header
	body   string
}

type failure struct {
	status     int
	retryAfter string
}

// Server is a running fake. Its methods are safe for concurrent use.
type Server struct {
	// URL is the fake's base address: FCM's endpoint (FCMConfig.Endpoint) and, under
	// /token, the credentials' token_uri.
	URL string

	srv       *httptest.Server
	done      chan struct{}
	closeOnce sync.Once

	mu            sync.Mutex
	keys          map[string]*rsa.PublicKey // client_email → its public key
	lifetime      time.Duration
	access        map[string]time.Time // access token → expiry
	tokenRequests int
	tokenFailNext int
	tokenFailCode int
	tokenHang     int
	tokenErrors   []string

	requests  int
	sent      int
	received  map[string]int
	keep      bool
	messages  []Message
	answers   map[string]answer
	hang      map[string]bool
	hangUntil time.Time
	delay     time.Duration
	failNext  int
	failN     failure
	failUntil time.Time
	failD     failure
	nextID    int
}

// Start starts a fake on a loopback port and closes it when tb ends.
func Start(tb testing.TB) *Server {
	tb.Helper()
	s := New()
	tb.Cleanup(s.Close)
	return s
}

// New starts a fake on a loopback port; Close stops it.
func New() *Server {
	s := &Server{
		done:     make(chan struct{}),
		keys:     map[string]*rsa.PublicKey{},
		lifetime: time.Hour,
		access:   map[string]time.Time{},
		received: map[string]int{},
		keep:     true,
		answers:  map[string]answer{},
		hang:     map[string]bool{},
	}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /token", s.token)
	mux.HandleFunc("POST /v1/projects/{project}/messages:send", s.send)
	s.srv = httptest.NewServer(mux)
	s.URL = s.srv.URL
	return s
}

// Close ends the requests that hang and stops the server.
func (s *Server) Close() {
	s.closeOnce.Do(func() {
		close(s.done)
		s.srv.CloseClientConnections()
		s.srv.Close()
	})
}

// TokenURL is the token endpoint (the credentials' token_uri).
func (s *Server) TokenURL() string { return s.URL + "/token" }

// Credentials makes a service account with a fresh 2048-bit RSA key whose token_uri is the
// fake's token endpoint, and returns its JSON as Google's console writes it.
func (s *Server) Credentials() ([]byte, error) {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return nil, err
	}
	der, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	email := fmt.Sprintf("firebase-adminsdk-%d@%s.iam.gserviceaccount.com", len(s.keys)+1, ProjectID)
	s.keys[email] = &key.PublicKey
	s.mu.Unlock()
	return json.MarshalIndent(map[string]string{
		"type":           "service_account",
		"project_id":     ProjectID,
		"private_key_id": randomHex(20),
		"private_key":    string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})),
		"client_email":   email,
		"client_id":      "100000000000000000001",
		"auth_uri":       "https://accounts.google.com/o/oauth2/auth",
		"token_uri":      s.TokenURL(),
	}, "", "  ")
}

// WriteCredentials writes Credentials to a file in tb's temporary directory and returns
// its path.
func (s *Server) WriteCredentials(tb testing.TB) string {
	tb.Helper()
	data, err := s.Credentials()
	if err != nil {
		tb.Fatal(err)
	}
	path := filepath.Join(tb.TempDir(), "service-account.json")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		tb.Fatal(err)
	}
	return path
}

// SetTokenLifetime sets the expires_in of the access tokens issued from now on (an hour
// unless told).
func (s *Server) SetTokenLifetime(d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lifetime = d
}

// TokenRequests is how many requests reached the token endpoint, refused ones included.
func (s *Server) TokenRequests() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.tokenRequests
}

// TokenErrors lists why the token endpoint refused requests, oldest first.
func (s *Server) TokenErrors() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.tokenErrors...)
}

// FailTokenRequests makes the token endpoint answer status to its next n requests.
func (s *Server) FailTokenRequests(n, status int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tokenFailNext, s.tokenFailCode = n, status
}

// HangTokenRequests makes the token endpoint never answer its next n requests: each waits
// until the client gives up or the fake closes.
func (s *Server) HangTokenRequests(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tokenHang = n
}

// IssueAccessToken mints a live access token without the OAuth2 dance, for clients that
// are not under test (a benchmark's bare loop).
func (s *Server) IssueAccessToken() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.issueLocked()
}

func (s *Server) issueLocked() string {
	tok := "ya29.fake-" + randomHex(24)
	s.access[tok] = time.Now().Add(s.lifetime)
	return tok
}

// ExpireAccessTokens makes every access token issued so far dead: messages:send answers
// them 401.
func (s *Server) ExpireAccessTokens() {
	s.mu.Lock()
	defer s.mu.Unlock()
	clear(s.access)
}

// Unregister makes messages:send answer 404 UNREGISTERED for these device tokens.
func (s *Server) Unregister(tokens ...string) {
	s.answerAll(tokens, answer{status: http.StatusNotFound, body: fcmError(404, "Requested entity was not found.", "NOT_FOUND", "UNREGISTERED")})
}

// Invalidate makes messages:send answer 400 INVALID_ARGUMENT (not a valid registration
// token) for these device tokens.
func (s *Server) Invalidate(tokens ...string) {
	s.answerAll(tokens, answer{status: http.StatusBadRequest, body: fcmError(400, "The registration token is not a valid FCM registration token", "INVALID_ARGUMENT", "INVALID_ARGUMENT")})
}

// MismatchSender makes messages:send answer 403 SENDER_ID_MISMATCH for these device tokens.
func (s *Server) MismatchSender(tokens ...string) {
	s.answerAll(tokens, answer{status: http.StatusForbidden, body: fcmError(403, "SenderId mismatch", "PERMISSION_DENIED", "SENDER_ID_MISMATCH")})
}

// Answer makes messages:send answer a message to this device token with status, header
// and body as given, verbatim (a Content-Length in header longer than body breaks the
// answer off).
func (s *Server) Answer(token string, status int, header http.Header, body string) {
	s.answerAll([]string{token}, answer{status: status, header: header, body: body})
}

func (s *Server) answerAll(tokens []string, a answer) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, t := range tokens {
		s.answers[t] = a
	}
}

// FailNext makes messages:send answer status (429 or 5xx, with FCM's error body) to its
// next n requests, with this Retry-After unless it is empty.
func (s *Server) FailNext(n, status int, retryAfter string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failNext, s.failN = n, failure{status, retryAfter}
}

// FailFor makes messages:send answer status, with this Retry-After unless it is empty, to
// every request for d.
func (s *Server) FailFor(d time.Duration, status int, retryAfter string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failUntil, s.failD = time.Now().Add(d), failure{status, retryAfter}
}

// Hang makes messages:send never answer a message to these device tokens: the request
// waits until its context ends (the client gives up) or the fake closes.
func (s *Server) Hang(tokens ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, t := range tokens {
		s.hang[t] = true
	}
}

// Unhang lets messages to these device tokens be answered again.
func (s *Server) Unhang(tokens ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, t := range tokens {
		delete(s.hang, t)
	}
}

// HangFor makes every request to messages:send that arrives in the next d hang as Hang does.
func (s *Server) HangFor(d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.hangUntil = time.Now().Add(d)
}

// SetDelay makes messages:send wait d before it answers (a provider far away).
func (s *Server) SetDelay(d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.delay = d
}

// KeepMessages tells whether accepted messages are kept for Messages (they are unless
// told); counts are kept either way.
func (s *Server) KeepMessages(keep bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.keep = keep
}

// Received is how many messages to this device token the fake accepted.
func (s *Server) Received(token string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.received[token]
}

// Sent is how many messages the fake accepted in all.
func (s *Server) Sent() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sent
}

// Requests is how many requests reached messages:send, refused ones included.
func (s *Server) Requests() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.requests
}

// Messages are the accepted messages, in the order they came (when kept).
func (s *Server) Messages() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Message, len(s.messages))
	for i, m := range s.messages {
		m.Data = maps.Clone(m.Data)
		out[i] = m
	}
	return out
}

func (s *Server) token(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 64<<10)
	parseErr := r.ParseForm()
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tokenRequests++
	if s.tokenHang > 0 {
		s.tokenHang--
		s.mu.Unlock()
		select {
		case <-r.Context().Done():
		case <-s.done:
		}
		s.mu.Lock() // for the deferred Unlock
		return
	}
	if s.tokenFailNext > 0 {
		s.tokenFailNext--
		writeJSON(w, s.tokenFailCode, `{"error":"temporarily_unavailable"}`)
		return
	}
	refuse := func(why string) {
		s.tokenErrors = append(s.tokenErrors, why)
		writeJSON(w, http.StatusBadRequest, fmt.Sprintf(`{"error":"invalid_grant","error_description":%q}`, why))
	}
	if parseErr != nil {
		refuse("unreadable form")
		return
	}
	if g := r.PostForm.Get("grant_type"); g != GrantType {
		refuse(fmt.Sprintf("grant_type %q", g))
		return
	}
	if err := s.checkAssertion(r.PostForm.Get("assertion")); err != nil {
		refuse(err.Error())
		return
	}
	tok := s.issueLocked()
	writeJSON(w, http.StatusOK, fmt.Sprintf(`{"access_token":%q,"expires_in":%d,"token_type":"Bearer"}`, tok, int(s.lifetime/time.Second)))
}

// checkAssertion checks a JWT as Google's token endpoint would: three base64url parts,
// an RS256 header, the claims of a service account's grant, and a signature by the key
// handed out for its issuer. Under s.mu.
func (s *Server) checkAssertion(jwt string) error {
	parts := strings.Split(jwt, ".")
	if len(parts) != 3 {
		return errors.New("assertion is not a JWT")
	}
	var raw [3][]byte
	for i, p := range parts {
		b, err := base64.RawURLEncoding.DecodeString(p)
		if err != nil {
			return fmt.Errorf("assertion part %d is not base64url", i+1)
		}
		raw[i] = b
	}
	var header struct {
		Alg string `json:"alg"`
		Typ string `json:"typ"`
	}
	if err := json.Unmarshal(raw[0], &header); err != nil || header.Alg != "RS256" {
		return errors.New("assertion header is not RS256")
	}
	var claims struct {
		Iss   string `json:"iss"`
		Scope string `json:"scope"`
		Aud   string `json:"aud"`
		Iat   int64  `json:"iat"`
		Exp   int64  `json:"exp"`
	}
	if err := json.Unmarshal(raw[1], &claims); err != nil {
		return errors.New("assertion claims are not JSON")
	}
	key := s.keys[claims.Iss]
	if key == nil {
		return fmt.Errorf("unknown issuer %q", claims.Iss)
	}
	sum := sha256.Sum256([]byte(parts[0] + "." + parts[1]))
	if rsa.VerifyPKCS1v15(key, crypto.SHA256, sum[:], raw[2]) != nil {
		return errors.New("bad signature")
	}
	if claims.Aud != s.TokenURL() {
		return fmt.Errorf("aud %q is not the token endpoint", claims.Aud)
	}
	if !strings.Contains(" "+claims.Scope+" ", " "+Scope+" ") {
		return fmt.Errorf("scope %q lacks FCM", claims.Scope)
	}
	now := time.Now().Unix()
	switch {
	case claims.Iat == 0 || claims.Exp == 0:
		return errors.New("iat or exp missing")
	case claims.Iat > now+60:
		return errors.New("iat in the future")
	case claims.Exp <= now:
		return errors.New("assertion expired")
	case claims.Exp-claims.Iat > 3600:
		return errors.New("assertion lives longer than an hour")
	}
	return nil
}

func (s *Server) send(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Message struct {
			Token        string `json:"token"`
			Notification struct {
				Title string `json:"title"`
				Body  string `json:"body"`
			} `json:"notification"`
			Data map[string]string `json:"data"`
		} `json:"message"`
	}
	decodeErr := json.NewDecoder(http.MaxBytesReader(w, r.Body, 64<<10)).Decode(&req)
	token := req.Message.Token

	s.mu.Lock()
	s.requests++
	bearer, hasBearer := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	expiry, live := s.access[bearer]
	delay := s.delay
	hang := s.hang[token] || time.Now().Before(s.hangUntil)
	var fail *failure
	switch {
	case !hasBearer || !live || time.Now().After(expiry):
		s.mu.Unlock()
		writeJSON(w, http.StatusUnauthorized, `{"error":{"code":401,"message":"Request had invalid authentication credentials.","status":"UNAUTHENTICATED"}}`)
		return
	case r.PathValue("project") != ProjectID:
		s.mu.Unlock()
		writeJSON(w, http.StatusNotFound, `{"error":{"code":404,"message":"Requested entity was not found.","status":"NOT_FOUND"}}`)
		return
	case s.failNext > 0:
		s.failNext--
		f := s.failN
		fail = &f
	case time.Now().Before(s.failUntil):
		f := s.failD
		fail = &f
	}
	s.mu.Unlock()

	if fail != nil {
		if fail.retryAfter != "" {
			w.Header().Set("Retry-After", fail.retryAfter)
		}
		status, code := "UNAVAILABLE", "UNAVAILABLE"
		switch fail.status {
		case http.StatusTooManyRequests:
			status, code = "RESOURCE_EXHAUSTED", "QUOTA_EXCEEDED"
		case http.StatusInternalServerError:
			status, code = "INTERNAL", "INTERNAL"
		}
		writeJSON(w, fail.status, fcmError(fail.status, "The service is currently unavailable.", status, code))
		return
	}
	if hang {
		select {
		case <-r.Context().Done():
		case <-s.done:
		}
		return
	}
	if delay > 0 {
		select {
		case <-time.After(delay):
		case <-r.Context().Done():
			return
		case <-s.done:
			return
		}
	}
	if decodeErr != nil {
		writeJSON(w, http.StatusBadRequest, `{"error":{"code":400,"message":"Invalid JSON payload received.","status":"INVALID_ARGUMENT"}}`)
		return
	}
	if token == "" {
		writeJSON(w, http.StatusBadRequest, `{"error":{"code":400,"message":"Recipient of the message is not set.","status":"INVALID_ARGUMENT","details":[{"@type":"type.googleapis.com/google.rpc.BadRequest","fieldViolations":[{"field":"message","description":"Recipient of the message is not set."}]}]}}`)
		return
	}

	s.mu.Lock()
	a, scripted := s.answers[token]
	if !scripted {
		s.sent++
		s.received[token]++
		s.nextID++
		if s.keep {
			s.messages = append(s.messages, Message{
				Token: token, Title: req.Message.Notification.Title, Body: req.Message.Notification.Body, Data: req.Message.Data,
				AccessToken: bearer, At: time.Now(),
			})
		}
	}
	id := s.nextID
	s.mu.Unlock()

	if scripted {
		maps.Copy(w.Header(), a.header)
		w.WriteHeader(a.status)
		_, _ = w.Write([]byte(a.body))
		return
	}
	writeJSON(w, http.StatusOK, fmt.Sprintf(`{"name":"projects/%s/messages/%d"}`, ProjectID, id))
}

// fcmError is FCM HTTP v1's error body: a google.rpc.Status with an FcmError detail.
func fcmError(code int, message, status, errorCode string) string {
	return `{"error":{"code":` + strconv.Itoa(code) + `,"message":` + strconv.Quote(message) +
		`,"status":"` + status + `","details":[{"@type":"type.googleapis.com/google.firebase.fcm.v1.FcmError","errorCode":"` + errorCode + `"}]}}`
}

func writeJSON(w http.ResponseWriter, status int, body string) {
	w.Header().Set("Content-Type", "application/json; charset=UTF-8")
	w.WriteHeader(status)
	_, _ = w.Write([]byte(body))
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b) // crypto/rand.Read does not fail
	return hex.EncodeToString(b)
}
