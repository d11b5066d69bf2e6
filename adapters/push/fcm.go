// Package push sends push notifications: through Firebase Cloud Messaging HTTP v1 (FCM),
// or, with no provider set up, nowhere (NotConfigured). ADR 0021 explains the choices.
package push

import (
	"bytes"
	"context"
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"maps"
	"net"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"vitrina/ports"
)

// DefaultEndpoint is FCM's address.
const DefaultEndpoint = "https://fcm.googleapis.com"

// DefaultTimeout bounds one Send: the access token (when one is due) and the message.
const DefaultTimeout = 10 * time.Second

// Scope is the OAuth2 scope of FCM HTTP v1.
const Scope = "https://www.googleapis.com/auth/firebase.messaging"

// Reasons of a permanent failure that say the device token is dead; every other Reason of a
// permanent failure is the message's or the account's ("HTTP 400", "HTTP 403").
const (
	ReasonUnregistered     = "UNREGISTERED"
	ReasonInvalidToken     = "INVALID_ARGUMENT"
	ReasonSenderIDMismatch = "SENDER_ID_MISMATCH"
)

const (
	// defaultTokenURI is where Google's service accounts get access tokens.
	defaultTokenURI = "https://oauth2.googleapis.com/token"
	jwtBearerGrant  = "urn:ietf:params:oauth:grant-type:jwt-bearer"
	// maxAnswer bounds what is read of an answer (FCM's are a few hundred bytes).
	maxAnswer = 64 << 10
	// maxRetryAfter caps the provider's Retry-After.
	maxRetryAfter = time.Hour
	// refreshBefore: an access token is replaced this long before it expires (or halfway
	// through its life, if that is shorter), so no message goes out with one that dies on
	// the way.
	refreshBefore = time.Minute
)

// FCMConfig sets up FCM.
type FCMConfig struct {
	// CredentialsFile is a Google service account's JSON key (project_id, client_email,
	// private_key, token_uri).
	CredentialsFile string
	// Endpoint is FCM's base address; DefaultEndpoint when empty.
	Endpoint string
	// HTTPClient sends the requests (its Timeout, if any, applies as well); a client with
	// a connection pool sized for parallel sends when nil.
	HTTPClient *http.Client
	// Timeout bounds one Send; DefaultTimeout when zero.
	Timeout time.Duration
}

// FCM sends push messages through Firebase Cloud Messaging HTTP v1. It is safe for
// concurrent use.
type FCM struct {
	sendURL string
	client  *http.Client
	timeout time.Duration
	tokens  *tokenCache
	// now is the clock of access tokens' lifetimes and of Retry-After dates (tests move it).
	now func() time.Time
}

var _ ports.PushSender = (*FCM)(nil)

// NewFCM reads the service account and checks it; it sends nothing (the first Send gets
// the first access token). Its errors name the problem, never the key.
func NewFCM(cfg FCMConfig) (*FCM, error) {
	acct, err := readServiceAccount(cfg.CredentialsFile)
	if err != nil {
		return nil, err
	}
	endpoint := strings.TrimRight(orDefault(cfg.Endpoint, DefaultEndpoint), "/")
	if u, err := url.Parse(endpoint); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return nil, fmt.Errorf("push: FCM endpoint %q is not an http(s) address", endpoint)
	}
	client := cfg.HTTPClient
	if client == nil {
		t := http.DefaultTransport.(*http.Transport).Clone()
		t.MaxIdleConnsPerHost = 128 // parallel sends reuse their connections (HTTP/1.1; HTTP/2 multiplexes anyway)
		client = &http.Client{Transport: t}
	}
	timeout := cfg.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	f := &FCM{
		sendURL: endpoint + "/v1/projects/" + url.PathEscape(acct.projectID) + "/messages:send",
		client:  client,
		timeout: timeout,
		now:     time.Now,
	}
	f.tokens = &tokenCache{acct: acct, client: client, timeout: timeout, now: func() time.Time { return f.now() }}
	return f, nil
}

// Configured is true: messages go to FCM.
func (f *FCM) Configured() bool { return true }

// Send sends one message and classifies FCM's answer (ADR 0021). Its error is only the
// caller's context having ended before an answer; the result is then transient
// ("cancelled"), never the zero PushResult, which would read as sent.
func (f *FCM) Send(ctx context.Context, msg ports.PushMessage) (ports.PushResult, error) {
	if err := ctx.Err(); err != nil {
		return transient("cancelled", 0), err
	}
	rctx, cancel := context.WithTimeout(ctx, f.timeout)
	defer cancel()
	res := f.send(rctx, msg)
	if res.Outcome != ports.PushSent && ctx.Err() != nil {
		return transient("cancelled", 0), ctx.Err()
	}
	return res, nil
}

type fcmNotification struct {
	Title string `json:"title,omitempty"`
	Body  string `json:"body,omitempty"`
}

type fcmMessage struct {
	Token        string            `json:"token"`
	Notification *fcmNotification  `json:"notification,omitempty"`
	Data         map[string]string `json:"data,omitempty"`
}

func (f *FCM) send(ctx context.Context, msg ports.PushMessage) ports.PushResult {
	if msg.Token == "" { // FCM would refuse it (400) for the message, not the device
		return deadToken(ReasonInvalidToken)
	}
	body := appendMessage(make([]byte, 0, messageSize(msg)), msg)

	access, err := f.tokens.get(ctx)
	if err != nil {
		var te *tokenError
		if errors.As(err, &te) {
			return transient(te.reason, te.retryAfter)
		}
		return transient("access token: timeout", 0)
	}

	req, err := http.NewRequestWithContext(ctx, http.MethodPost, f.sendURL, bytes.NewReader(body))
	if err != nil {
		return transient("unsendable request", 0)
	}
	req.Header.Set("Authorization", "Bearer "+access)
	req.Header.Set("Content-Type", "application/json; charset=UTF-8")
	resp, err := f.client.Do(req)
	if err != nil {
		return transient(netReason(ctx, err), 0)
	}
	defer func() { _ = resp.Body.Close() }()
	var answer []byte
	if resp.StatusCode >= 200 && resp.StatusCode < 300 {
		// A success is read to its end (so the connection is reused) but not kept.
		_, err = io.Copy(io.Discard, io.LimitReader(resp.Body, maxAnswer))
	} else {
		answer, err = io.ReadAll(io.LimitReader(resp.Body, maxAnswer))
	}
	if err != nil {
		if ctx.Err() != nil {
			return transient("timeout", 0)
		}
		return transient("unreadable answer", 0)
	}
	if resp.StatusCode == http.StatusUnauthorized {
		f.tokens.drop(access)
	}
	return classify(resp.StatusCode, resp.Header.Get("Retry-After"), answer, f.now())
}

// messageSize is about the size of msg's request body: room enough that appendMessage
// allocates once.
func messageSize(msg ports.PushMessage) int {
	n := 64 + len(msg.Token) + len(msg.Title) + len(msg.Body)
	for k, v := range msg.Data {
		n += 8 + len(k) + len(v)
	}
	return n + n/8
}

// appendMessage appends the request body of msg: what json.Marshal writes for
// {"message": fcmMessage} (the notification left out when it has neither title nor body,
// empty fields and empty data left out, data keys sorted), without its reflection: a fan-out
// writes one per device.
func appendMessage(b []byte, msg ports.PushMessage) []byte {
	b = append(b, `{"message":{"token":`...)
	b = appendJSONString(b, msg.Token)
	if msg.Title != "" || msg.Body != "" {
		b = append(b, `,"notification":{`...)
		if msg.Title != "" {
			b = append(b, `"title":`...)
			b = appendJSONString(b, msg.Title)
		}
		if msg.Body != "" {
			if msg.Title != "" {
				b = append(b, ',')
			}
			b = append(b, `"body":`...)
			b = appendJSONString(b, msg.Body)
		}
		b = append(b, '}')
	}
	if len(msg.Data) > 0 {
		b = append(b, `,"data":{`...)
		for i, k := range slices.Sorted(maps.Keys(msg.Data)) {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONString(b, k)
			b = append(b, ':')
			b = appendJSONString(b, msg.Data[k])
		}
		b = append(b, '}')
	}
	return append(b, "}}"...)
}

// appendJSONString appends s as encoding/json writes it: printable ASCII but the quote, the
// backslash and the HTML characters as is, anything else through encoding/json itself.
func appendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s) // a string always marshals
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// classify turns FCM's answer into an outcome (the table of ADR 0021).
func classify(status int, retryAfter string, body []byte, now time.Time) ports.PushResult {
	switch {
	case status >= 200 && status < 300:
		return ports.PushResult{Outcome: ports.PushSent}
	case status == http.StatusUnauthorized:
		// Our access token expired early or was revoked: the next Send gets another.
		// (FCM also says 401 THIRD_PARTY_AUTH_ERROR when the APNs or web-push credentials
		// of the project are wrong: that too is ours to fix, not the device's.)
		if code := fcmErrorOf(body).code; code != "" {
			return transient(code, 0)
		}
		return transient(httpReason(status), 0)
	case status == http.StatusTooManyRequests || status >= 500 || status < 400:
		return transient(httpReason(status), parseRetryAfter(retryAfter, now))
	}
	e := fcmErrorOf(body)
	switch {
	case status == http.StatusNotFound && e.code == ReasonUnregistered:
		return deadToken(ReasonUnregistered)
	case status == http.StatusForbidden && e.code == ReasonSenderIDMismatch:
		return deadToken(ReasonSenderIDMismatch)
	case status == http.StatusBadRequest && e.aboutToken():
		return deadToken(ReasonInvalidToken)
	}
	return permanent(httpReason(status))
}

// fcmError is what classify reads of FCM's error body, a google.rpc.Status:
//
//	{"error": {"code": 404, "message": "…", "status": "NOT_FOUND", "details": [
//	  {"@type": "type.googleapis.com/google.firebase.fcm.v1.FcmError", "errorCode": "UNREGISTERED"},
//	  {"@type": "type.googleapis.com/google.rpc.BadRequest", "fieldViolations": [{"field": "message.token", …}]}]}}
type fcmError struct {
	code   string   // the FcmError's errorCode
	fields []string // the BadRequest's fieldViolations
}

var errorCodeRE = regexp.MustCompile(`^[A-Z][A-Z_]{0,63}$`)

func fcmErrorOf(body []byte) fcmError {
	var st struct {
		Error struct {
			Details []struct {
				Type            string `json:"@type"`
				ErrorCode       string `json:"errorCode"`
				FieldViolations []struct {
					Field string `json:"field"`
				} `json:"fieldViolations"`
			} `json:"details"`
		} `json:"error"`
	}
	var e fcmError
	if json.Unmarshal(body, &st) != nil {
		return e
	}
	for _, d := range st.Error.Details {
		switch d.Type {
		case "type.googleapis.com/google.firebase.fcm.v1.FcmError":
			if errorCodeRE.MatchString(d.ErrorCode) { // a code, never a token or free text
				e.code = d.ErrorCode
			}
		case "type.googleapis.com/google.rpc.BadRequest":
			for _, v := range d.FieldViolations {
				e.fields = append(e.fields, v.Field)
			}
		}
	}
	return e
}

// aboutToken: a 400 blames the registration token when a field violation names it, or when
// FCM's own code is INVALID_ARGUMENT and no violation names another field (FCM's answer to
// a malformed token); a 400 about the payload (a bad data value, a message too big) is the
// message's, and the device stays.
func (e fcmError) aboutToken() bool {
	other := false
	for _, f := range e.fields {
		if f == "message.token" {
			return true
		}
		other = true
	}
	return e.code == ReasonInvalidToken && !other
}

// parseRetryAfter reads Retry-After, seconds or an HTTP date, capped at maxRetryAfter; 0
// when absent, unreadable or past.
func parseRetryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	var d time.Duration
	if secs, err := strconv.ParseInt(v, 10, 64); err == nil || errors.Is(err, strconv.ErrRange) {
		if secs <= 0 {
			return 0
		}
		if secs >= int64(maxRetryAfter/time.Second) {
			return maxRetryAfter
		}
		d = time.Duration(secs) * time.Second
	} else if t, err := http.ParseTime(v); err == nil {
		d = t.Sub(now)
	}
	return min(max(d, 0), maxRetryAfter)
}

func netReason(ctx context.Context, err error) string {
	var ne net.Error
	if ctx.Err() != nil || errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout()) {
		return "timeout"
	}
	return "connection error"
}

func httpReason(status int) string { return "HTTP " + strconv.Itoa(status) }

func transient(reason string, retryAfter time.Duration) ports.PushResult {
	return ports.PushResult{Outcome: ports.PushTransient, Reason: reason, RetryAfter: retryAfter}
}

func permanent(reason string) ports.PushResult {
	return ports.PushResult{Outcome: ports.PushPermanent, Reason: reason}
}

// deadToken is a permanent failure the device's token causes: the device is to be forgotten.
func deadToken(reason string) ports.PushResult {
	return ports.PushResult{Outcome: ports.PushPermanent, Reason: reason, DeadToken: true}
}

func orDefault(v, def string) string {
	if v == "" {
		return def
	}
	return v
}

// serviceAccount is what FCM needs of a Google service account's JSON key.
type serviceAccount struct {
	projectID string
	email     string
	keyID     string
	key       *rsa.PrivateKey
	tokenURI  string
}

// readServiceAccount reads and checks a service account's JSON key. Errors name the file
// and the field at fault, never a value of the key.
func readServiceAccount(path string) (*serviceAccount, error) {
	if path == "" {
		return nil, errors.New("push: no FCM credentials file given")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the path is in our message already
		}
		return nil, fmt.Errorf("push: cannot read FCM credentials file %q: %w", path, err)
	}
	var f struct {
		Type         string `json:"type"`
		ProjectID    string `json:"project_id"`
		PrivateKeyID string `json:"private_key_id"`
		PrivateKey   string `json:"private_key"`
		ClientEmail  string `json:"client_email"`
		TokenURI     string `json:"token_uri"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		// Not the decoder's message: a type error would quote a fragment of the file.
		return nil, fmt.Errorf("push: FCM credentials file %q is not a service account's JSON key", path)
	}
	bad := func(what string) error {
		return fmt.Errorf("push: FCM credentials file %q: %s", path, what)
	}
	switch {
	case f.Type != "" && f.Type != "service_account":
		return nil, bad(fmt.Sprintf("type is %q, not service_account", f.Type))
	case f.ProjectID == "":
		return nil, bad("project_id is missing")
	case f.ClientEmail == "":
		return nil, bad("client_email is missing")
	case f.PrivateKey == "":
		return nil, bad("private_key is missing")
	}
	key, err := parseRSAKey([]byte(f.PrivateKey))
	if err != nil {
		return nil, bad("private_key is not a PEM RSA private key")
	}
	tokenURI := orDefault(f.TokenURI, defaultTokenURI)
	if u, err := url.Parse(tokenURI); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return nil, bad("token_uri is not an http(s) address")
	}
	return &serviceAccount{projectID: f.ProjectID, email: f.ClientEmail, keyID: f.PrivateKeyID, key: key, tokenURI: tokenURI}, nil
}

func parseRSAKey(pemData []byte) (*rsa.PrivateKey, error) {
	block, _ := pem.Decode(pemData)
	if block == nil {
		return nil, errors.New("no PEM block")
	}
	if k, err := x509.ParsePKCS8PrivateKey(block.Bytes); err == nil {
		if rk, ok := k.(*rsa.PrivateKey); ok {
			return rk, nil
		}
		return nil, errors.New("not RSA")
	}
	return x509.ParsePKCS1PrivateKey(block.Bytes)
}

// assertion is the signed JWT of the JWT-bearer grant (RFC 7523) that Google's token
// endpoint trades for an access token.
func (a *serviceAccount) assertion(now time.Time) (string, error) {
	header, _ := json.Marshal(map[string]string{"alg": "RS256", "typ": "JWT", "kid": a.keyID})
	iat := now.Add(-10 * time.Second) // a clock a little ahead of Google's is refused
	claims, _ := json.Marshal(map[string]any{
		"iss":   a.email,
		"scope": Scope,
		"aud":   a.tokenURI,
		"iat":   iat.Unix(),
		"exp":   iat.Add(time.Hour).Unix(),
	})
	signed := base64.RawURLEncoding.EncodeToString(header) + "." + base64.RawURLEncoding.EncodeToString(claims)
	sum := sha256.Sum256([]byte(signed))
	sig, err := rsa.SignPKCS1v15(rand.Reader, a.key, crypto.SHA256, sum[:])
	if err != nil {
		return "", err
	}
	return signed + "." + base64.RawURLEncoding.EncodeToString(sig), nil
}

// tokenCache keeps the access token: one request to the token endpoint at a time, its
// answer shared by every Send waiting for it, reused until refreshBefore its expiry, dropped
// when FCM says 401.
type tokenCache struct {
	acct    *serviceAccount
	client  *http.Client
	timeout time.Duration
	now     func() time.Time

	mu        sync.Mutex
	token     string
	refreshAt time.Time // zero: no expiry was given, kept until a 401
	fetching  *tokenFetch
}

type tokenFetch struct {
	done  chan struct{}
	token string
	err   error
}

// tokenError is a failure to get an access token; its reason is loggable.
type tokenError struct {
	reason     string
	retryAfter time.Duration
}

func (e *tokenError) Error() string { return e.reason }

func (c *tokenCache) get(ctx context.Context) (string, error) {
	c.mu.Lock()
	if c.token != "" && (c.refreshAt.IsZero() || c.now().Before(c.refreshAt)) {
		t := c.token
		c.mu.Unlock()
		return t, nil
	}
	f := c.fetching
	if f == nil {
		// The request is the cache's, not this Send's: a caller that gives up does not
		// fail the others waiting for the same token.
		f = &tokenFetch{done: make(chan struct{})}
		c.fetching = f
		go c.fetch(f)
	}
	c.mu.Unlock()
	select {
	case <-f.done:
		return f.token, f.err
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

func (c *tokenCache) fetch(f *tokenFetch) {
	ctx, cancel := context.WithTimeout(context.Background(), c.timeout)
	defer cancel()
	start := c.now()
	token, lifetime, err := c.request(ctx)
	c.mu.Lock()
	if err == nil {
		c.token = token
		c.refreshAt = time.Time{}
		if lifetime > 0 {
			c.refreshAt = start.Add(lifetime - min(refreshBefore, lifetime/2))
		}
	}
	c.fetching = nil
	c.mu.Unlock()
	f.token, f.err = token, err
	close(f.done)
}

// request asks the token endpoint for an access token. Its errors are *tokenError.
func (c *tokenCache) request(ctx context.Context) (string, time.Duration, error) {
	assertion, err := c.acct.assertion(time.Now())
	if err != nil {
		return "", 0, &tokenError{reason: "access token: cannot sign"}
	}
	form := url.Values{"grant_type": {jwtBearerGrant}, "assertion": {assertion}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.acct.tokenURI, strings.NewReader(form.Encode()))
	if err != nil {
		return "", 0, &tokenError{reason: "access token: bad token_uri"}
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := c.client.Do(req)
	if err != nil {
		return "", 0, &tokenError{reason: "access token: " + netReason(ctx, err)}
	}
	defer func() { _ = resp.Body.Close() }()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxAnswer))
	if err != nil {
		return "", 0, &tokenError{reason: "access token: unreadable answer"}
	}
	if resp.StatusCode != http.StatusOK {
		reason := "access token: " + httpReason(resp.StatusCode)
		var oe struct {
			Error string `json:"error"`
		}
		if json.Unmarshal(body, &oe) == nil && oauthErrorRE.MatchString(oe.Error) {
			reason += " " + oe.Error // "invalid_grant": the key was revoked or the clock is off
		}
		return "", 0, &tokenError{reason: reason, retryAfter: parseRetryAfter(resp.Header.Get("Retry-After"), c.now())}
	}
	var tok struct {
		AccessToken string `json:"access_token"`
		ExpiresIn   int64  `json:"expires_in"`
	}
	if json.Unmarshal(body, &tok) != nil || tok.AccessToken == "" {
		return "", 0, &tokenError{reason: "access token: unreadable answer"}
	}
	return tok.AccessToken, time.Duration(max(tok.ExpiresIn, 0)) * time.Second, nil
}

var oauthErrorRE = regexp.MustCompile(`^[a-z][a-z_]{0,63}$`)

// drop forgets token if it is still the cached one (FCM refused it).
func (c *tokenCache) drop(token string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.token == token {
		c.token = ""
	}
}
