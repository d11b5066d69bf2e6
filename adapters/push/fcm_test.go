package push

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"vitrina/adapters/push/fakefcm"
	"vitrina/ports"
)

// newFCM starts a fake FCM and an FCM aimed at it.
func newFCM(t *testing.T, cfg FCMConfig) (*FCM, *fakefcm.Server) {
	t.Helper()
	fake := fakefcm.Start(t)
	cfg.CredentialsFile = fake.WriteCredentials(t)
	cfg.Endpoint = fake.URL
	f, err := NewFCM(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return f, fake
}

func send(t *testing.T, f *FCM, token string) ports.PushResult {
	t.Helper()
	res, err := f.Send(context.Background(), ports.PushMessage{Token: token, Title: "Nova promocija", Body: "Pogledajte", Data: map[string]string{"slider_id": "7"}})
	if err != nil {
		t.Fatalf("Send(%s): %v", token, err)
	}
	return res
}

func TestFCMSendsTheMessage(t *testing.T) {
	f, fake := newFCM(t, FCMConfig{})
	if !f.Configured() {
		t.Fatal("FCM is not configured")
	}
	if res := send(t, f, "device-1"); res.Outcome != ports.PushSent {
		t.Fatalf("got %+v, want sent", res)
	}
	msgs := fake.Messages()
	if len(msgs) != 1 {
		t.Fatalf("fake got %d messages", len(msgs))
	}
	m := msgs[0]
	if m.Token != "device-1" || m.Title != "Nova promocija" || m.Body != "Pogledajte" || m.Data["slider_id"] != "7" || len(m.Data) != 1 {
		t.Fatalf("fake got %+v", m)
	}
	if fake.TokenRequests() != 1 || len(fake.TokenErrors()) != 0 {
		t.Fatalf("token requests %d, refusals %v", fake.TokenRequests(), fake.TokenErrors())
	}
}

func TestFCMClassifiesAnswers(t *testing.T) {
	f, fake := newFCM(t, FCMConfig{})
	now := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
	f.now = func() time.Time { return now }
	jsonHeader := http.Header{"Content-Type": {"application/json"}}
	badRequest := func(field string) string {
		return `{"error":{"code":400,"message":"Invalid value","status":"INVALID_ARGUMENT","details":[{"@type":"type.googleapis.com/google.rpc.BadRequest","fieldViolations":[{"field":"` + field + `","description":"Invalid value"}]}]}}`
	}
	cases := []struct {
		name       string
		setup      func(token string)
		outcome    ports.PushOutcome
		reason     string
		retryAfter time.Duration
	}{
		{"unregistered", func(tok string) { fake.Unregister(tok) }, ports.PushPermanent, "UNREGISTERED", 0},
		{"invalid token", func(tok string) { fake.Invalidate(tok) }, ports.PushPermanent, "INVALID_ARGUMENT", 0},
		{"invalid token field", func(tok string) { fake.Answer(tok, 400, jsonHeader, badRequest("message.token")) }, ports.PushPermanent, "INVALID_ARGUMENT", 0},
		{"bad data value with FCM's code", func(tok string) {
			fake.Answer(tok, 400, jsonHeader, `{"error":{"code":400,"status":"INVALID_ARGUMENT","details":[{"@type":"type.googleapis.com/google.firebase.fcm.v1.FcmError","errorCode":"INVALID_ARGUMENT"},{"@type":"type.googleapis.com/google.rpc.BadRequest","fieldViolations":[{"field":"message.data[0].value"}]}]}}`)
		}, ports.PushPermanent, "HTTP 400", 0},
		{"sender id mismatch", func(tok string) { fake.MismatchSender(tok) }, ports.PushPermanent, "SENDER_ID_MISMATCH", 0},
		{"bad data value", func(tok string) { fake.Answer(tok, 400, jsonHeader, badRequest("message.data[0].value")) }, ports.PushPermanent, "HTTP 400", 0},
		{"404 without a code", func(tok string) {
			fake.Answer(tok, 404, jsonHeader, `{"error":{"code":404,"message":"Requested entity was not found.","status":"NOT_FOUND"}}`)
		}, ports.PushPermanent, "HTTP 404", 0},
		{"403 permission denied", func(tok string) {
			fake.Answer(tok, 403, jsonHeader, `{"error":{"code":403,"status":"PERMISSION_DENIED"}}`)
		}, ports.PushPermanent, "HTTP 403", 0},
		{"other 4xx", func(tok string) { fake.Answer(tok, 413, nil, "too large") }, ports.PushPermanent, "HTTP 413", 0},
		{"429 with seconds", func(string) { fake.FailNext(1, 429, "120") }, ports.PushTransient, "HTTP 429", 120 * time.Second},
		{"503 with a date", func(string) { fake.FailNext(1, 503, now.Add(90*time.Second).Format(http.TimeFormat)) }, ports.PushTransient, "HTTP 503", 90 * time.Second},
		{"503 asking for a day", func(string) { fake.FailNext(1, 503, "86400") }, ports.PushTransient, "HTTP 503", time.Hour},
		{"500", func(string) { fake.FailNext(1, 500, "") }, ports.PushTransient, "HTTP 500", 0},
		{"502", func(tok string) { fake.Answer(tok, 502, nil, "<html>bad gateway</html>") }, ports.PushTransient, "HTTP 502", 0},
		{"504 with retry-after", func(tok string) { fake.Answer(tok, 504, http.Header{"Retry-After": {"5"}}, "") }, ports.PushTransient, "HTTP 504", 5 * time.Second},
		{"other 5xx", func(tok string) { fake.Answer(tok, 507, nil, "") }, ports.PushTransient, "HTTP 507", 0},
		{"answer broken off", func(tok string) {
			fake.Answer(tok, 200, http.Header{"Content-Length": {"100"}}, `{"name":`)
		}, ports.PushTransient, "unreadable answer", 0},
		{"503 for a while", func(string) { fake.FailFor(time.Hour, 503, "30") }, ports.PushTransient, "HTTP 503", 30 * time.Second},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			token := fmt.Sprintf("device-%d-%s", i, strings.ReplaceAll(c.name, " ", "-"))
			c.setup(token)
			defer fake.FailFor(0, 0, "")
			res := send(t, f, token)
			if res.Outcome != c.outcome || res.Reason != c.reason || res.RetryAfter != c.retryAfter {
				t.Fatalf("got %+v, want outcome %d reason %q retry after %v", res, c.outcome, c.reason, c.retryAfter)
			}
			// Only the three codes about the token itself mean the device is gone.
			dead := c.reason == ReasonUnregistered || c.reason == ReasonInvalidToken || c.reason == ReasonSenderIDMismatch
			if res.DeadToken != dead {
				t.Fatalf("dead token %v, want %v", res.DeadToken, dead)
			}
			if strings.Contains(res.Reason, token) {
				t.Fatalf("reason %q names the device token", res.Reason)
			}
			if fake.Received(token) != 0 {
				t.Fatalf("the fake took a message it was told to refuse")
			}
		})
	}
	// An empty device token is no device: nothing is sent.
	requests := fake.Requests()
	if res := send(t, f, ""); res.Outcome != ports.PushPermanent || res.Reason != "INVALID_ARGUMENT" || fake.Requests() != requests {
		t.Fatalf("empty token: %+v", res)
	}
	// After all that, a plain message still goes, on the same access token.
	if res := send(t, f, "device-after"); res.Outcome != ports.PushSent || fake.Received("device-after") != 1 {
		t.Fatalf("got %+v", res)
	}
	if fake.TokenRequests() != 1 {
		t.Fatalf("%d token requests, want 1", fake.TokenRequests())
	}
}

func TestFCMTakesAnyTwoHundredAsSent(t *testing.T) {
	f, fake := newFCM(t, FCMConfig{})
	fake.Answer("device-odd", 200, nil, "not json")
	if res := send(t, f, "device-odd"); res.Outcome != ports.PushSent {
		t.Fatalf("got %+v", res)
	}
}

func TestFCMReasonNeverCarriesTheTokens(t *testing.T) {
	f, fake := newFCM(t, FCMConfig{})
	const token = "DEVICE_TOKEN_SECRET"
	// A provider that echoes the device token where its error code goes.
	fake.Answer(token, 404, nil, `{"error":{"code":404,"message":"`+token+`","status":"`+token+`","details":[{"@type":"type.googleapis.com/google.firebase.fcm.v1.FcmError","errorCode":"`+token+`"}]}}`)
	res := send(t, f, token)
	if res.Outcome != ports.PushPermanent || res.Reason != "HTTP 404" {
		t.Fatalf("got %+v", res)
	}
	fake.Answer("device-401", 401, nil, `{"error":{"code":401,"details":[{"@type":"type.googleapis.com/google.firebase.fcm.v1.FcmError","errorCode":"ya29.token-like"}]}}`)
	if res := send(t, f, "device-401"); res.Reason != "HTTP 401" {
		t.Fatalf("got %+v", res)
	}
}

func TestFCMReusesTheAccessToken(t *testing.T) {
	f, fake := newFCM(t, FCMConfig{})
	fake.KeepMessages(false)
	for i := range 1000 {
		if res := send(t, f, fmt.Sprintf("device-%d", i)); res.Outcome != ports.PushSent {
			t.Fatalf("message %d: %+v", i, res)
		}
	}
	if got := fake.TokenRequests(); got != 1 {
		t.Fatalf("%d token requests for 1000 messages, want 1", got)
	}
	if fake.Sent() != 1000 {
		t.Fatalf("fake took %d messages", fake.Sent())
	}
}

func TestFCMRefreshesTheAccessTokenBeforeItExpires(t *testing.T) {
	f, fake := newFCM(t, FCMConfig{})
	start := time.Now()
	var mu sync.Mutex
	offset := time.Duration(0)
	f.now = func() time.Time { mu.Lock(); defer mu.Unlock(); return start.Add(offset) }
	at := func(d time.Duration) { mu.Lock(); defer mu.Unlock(); offset = d }

	steps := []struct {
		at       time.Duration
		requests int
	}{
		{0, 1},
		{30 * time.Minute, 1},
		{58 * time.Minute, 1},
		{59*time.Minute + time.Second, 2}, // within a minute of the hour: a new one
		{60 * time.Minute, 2},
	}
	for _, s := range steps {
		at(s.at)
		if res := send(t, f, "device-1"); res.Outcome != ports.PushSent {
			t.Fatalf("at %v: %+v", s.at, res)
		}
		if got := fake.TokenRequests(); got != s.requests {
			t.Fatalf("at %v: %d token requests, want %d", s.at, got, s.requests)
		}
	}

	// A short-lived token is replaced halfway through its life.
	fake.SetTokenLifetime(10 * time.Second)
	at(2 * time.Hour)
	send(t, f, "device-1") // the hour's token is long gone
	at(2*time.Hour + 4*time.Second)
	send(t, f, "device-1")
	if got := fake.TokenRequests(); got != 3 {
		t.Fatalf("%d token requests, want 3", got)
	}
	at(2*time.Hour + 6*time.Second)
	send(t, f, "device-1")
	if got := fake.TokenRequests(); got != 4 {
		t.Fatalf("%d token requests, want 4", got)
	}
}

func TestFCMDropsARefusedAccessToken(t *testing.T) {
	f, fake := newFCM(t, FCMConfig{})
	send(t, f, "device-1")
	fake.ExpireAccessTokens()
	res := send(t, f, "device-1")
	if res.Outcome != ports.PushTransient || res.Reason != "HTTP 401" {
		t.Fatalf("got %+v, want transient HTTP 401", res)
	}
	if fake.TokenRequests() != 1 {
		t.Fatalf("%d token requests before the retry", fake.TokenRequests())
	}
	if res := send(t, f, "device-1"); res.Outcome != ports.PushSent {
		t.Fatalf("retry: %+v", res)
	}
	if fake.TokenRequests() != 2 || fake.Received("device-1") != 2 {
		t.Fatalf("%d token requests, %d received", fake.TokenRequests(), fake.Received("device-1"))
	}
}

func TestFCMConcurrentSendsShareOneAccessToken(t *testing.T) {
	f, fake := newFCM(t, FCMConfig{})
	const n = 200
	var wg sync.WaitGroup
	results := make([]ports.PushResult, n)
	errs := make([]error, n)
	for i := range n {
		wg.Go(func() {
			results[i], errs[i] = f.Send(context.Background(), ports.PushMessage{Token: fmt.Sprintf("device-%d", i), Title: "t"})
		})
	}
	wg.Wait()
	for i := range n {
		if errs[i] != nil || results[i].Outcome != ports.PushSent {
			t.Fatalf("message %d: %+v %v", i, results[i], errs[i])
		}
		if got := fake.Received(fmt.Sprintf("device-%d", i)); got != 1 {
			t.Fatalf("device-%d received %d", i, got)
		}
	}
	if fake.TokenRequests() != 1 || fake.Sent() != n {
		t.Fatalf("%d token requests, %d messages", fake.TokenRequests(), fake.Sent())
	}
}

func TestFCMTokenEndpointFailureIsTransient(t *testing.T) {
	f, fake := newFCM(t, FCMConfig{})
	fake.FailTokenRequests(1, 503)
	res := send(t, f, "device-1")
	if res.Outcome != ports.PushTransient || res.Reason != "access token: HTTP 503 temporarily_unavailable" {
		t.Fatalf("got %+v", res)
	}
	if fake.Requests() != 0 {
		t.Fatal("a message went without an access token")
	}
	if res := send(t, f, "device-1"); res.Outcome != ports.PushSent {
		t.Fatalf("got %+v", res)
	}
}

func TestFCMHangingTokenEndpointEndsAtTheTimeout(t *testing.T) {
	f, fake := newFCM(t, FCMConfig{Timeout: time.Second}) // room for a loaded machine
	fake.HangTokenRequests(1)
	var wg sync.WaitGroup
	results := make([]ports.PushResult, 5)
	for i := range results {
		wg.Go(func() { results[i] = send(t, f, fmt.Sprintf("device-%d", i)) })
	}
	wg.Wait()
	for i, res := range results {
		if res.Outcome != ports.PushTransient || res.Reason != "access token: timeout" {
			t.Fatalf("message %d: got %+v", i, res)
		}
	}
	if fake.TokenRequests() != 1 || fake.Requests() != 0 {
		t.Fatalf("%d token requests, %d messages", fake.TokenRequests(), fake.Requests())
	}
	// The hung request ends at its own timeout, a moment after the Sends waiting for it.
	for {
		f.tokens.mu.Lock()
		fetching := f.tokens.fetching != nil
		f.tokens.mu.Unlock()
		if !fetching {
			break
		}
		time.Sleep(time.Millisecond)
	}
	if res := send(t, f, "device-0"); res.Outcome != ports.PushSent || fake.TokenRequests() != 2 {
		t.Fatalf("got %+v after %d token requests", res, fake.TokenRequests())
	}
}

func TestFCMRefusedAssertionIsTransient(t *testing.T) {
	fake := fakefcm.Start(t)
	other := fakefcm.Start(t)
	// A key the token endpoint never handed out: its assertion is refused.
	data, err := other.Credentials()
	if err != nil {
		t.Fatal(err)
	}
	var acct map[string]string
	_ = json.Unmarshal(data, &acct)
	acct["token_uri"] = fake.TokenURL()
	path := writeJSON(t, acct)
	f, err := NewFCM(FCMConfig{CredentialsFile: path, Endpoint: fake.URL})
	if err != nil {
		t.Fatal(err)
	}
	res := send(t, f, "device-1")
	if res.Outcome != ports.PushTransient || res.Reason != "access token: HTTP 400 invalid_grant" {
		t.Fatalf("got %+v", res)
	}
	if errs := fake.TokenErrors(); len(errs) != 1 || !strings.Contains(errs[0], "unknown issuer") {
		t.Fatalf("token endpoint said %v", errs)
	}

	// The right issuer with another key: the signature is refused.
	mine, err := fake.Credentials()
	if err != nil {
		t.Fatal(err)
	}
	var acct2 map[string]string
	_ = json.Unmarshal(mine, &acct2)
	acct2["private_key"] = acct["private_key"]
	f, err = NewFCM(FCMConfig{CredentialsFile: writeJSON(t, acct2), Endpoint: fake.URL})
	if err != nil {
		t.Fatal(err)
	}
	if res := send(t, f, "device-1"); res.Outcome != ports.PushTransient {
		t.Fatalf("got %+v", res)
	}
	if errs := fake.TokenErrors(); len(errs) != 2 || errs[1] != "bad signature" {
		t.Fatalf("token endpoint said %v", errs)
	}
}

func TestFCMHangingProviderEndsAtTheTimeout(t *testing.T) {
	f, fake := newFCM(t, FCMConfig{Timeout: time.Second}) // room for a loaded machine
	fake.Hang("device-hang")
	res, err := f.Send(context.Background(), ports.PushMessage{Token: "device-hang"})
	if err != nil || res.Outcome != ports.PushTransient || res.Reason != "timeout" {
		t.Fatalf("got %+v %v, want transient timeout", res, err)
	}
	// The others still go.
	if res := send(t, f, "device-ok"); res.Outcome != ports.PushSent {
		t.Fatalf("got %+v", res)
	}

	fake.HangFor(time.Hour)
	res, err = f.Send(context.Background(), ports.PushMessage{Token: "device-ok"})
	if err != nil || res.Outcome != ports.PushTransient || res.Reason != "timeout" {
		t.Fatalf("got %+v %v, want transient timeout", res, err)
	}
}

func TestFCMCallerGivingUpIsAnError(t *testing.T) {
	f, fake := newFCM(t, FCMConfig{})
	fake.Hang("device-hang")
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		for fake.Requests() == 0 {
			time.Sleep(time.Millisecond)
		}
		cancel()
	}()
	res, err := f.Send(ctx, ports.PushMessage{Token: "device-hang"})
	if !errors.Is(err, context.Canceled) || res.Outcome == ports.PushSent {
		t.Fatalf("got %+v %v, want context.Canceled", res, err)
	}
	if res, err := f.Send(ctx, ports.PushMessage{Token: "device-ok"}); !errors.Is(err, context.Canceled) || res.Outcome == ports.PushSent {
		t.Fatalf("ended context: got %+v %v", res, err)
	}
}

func TestFCMUnreachableProviderIsTransient(t *testing.T) {
	f, fake := newFCM(t, FCMConfig{})
	send(t, f, "device-1")
	fake.Close()
	res := send(t, f, "device-1")
	if res.Outcome != ports.PushTransient || res.Reason != "connection error" {
		t.Fatalf("got %+v", res)
	}
}

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
	cases := map[string]time.Duration{
		"":                     0,
		"0":                    0,
		"-5":                   0,
		"abc":                  0,
		"1.5":                  0,
		"120":                  120 * time.Second,
		" 7 ":                  7 * time.Second,
		"3600":                 time.Hour,
		"99999":                time.Hour,
		"99999999999999999999": time.Hour,
		now.Add(90 * time.Second).Format(http.TimeFormat): 90 * time.Second,
		now.Add(3 * time.Hour).Format(http.TimeFormat):    time.Hour,
		now.Add(-time.Minute).Format(http.TimeFormat):     0,
		"Tuesday, 24-Nov-26 10:00:30 GMT":                 30 * time.Second, // RFC 850
	}
	for in, want := range cases {
		if got := parseRetryAfter(in, now); got != want {
			t.Errorf("parseRetryAfter(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestNewFCMRefusesBadCredentials(t *testing.T) {
	fake := fakefcm.Start(t)
	good, err := fake.Credentials()
	if err != nil {
		t.Fatal(err)
	}
	var acct map[string]string
	if err := json.Unmarshal(good, &acct); err != nil {
		t.Fatal(err)
	}
	with := func(key, value string) string {
		m := map[string]string{}
		for k, v := range acct {
			m[k] = v
		}
		if value == "" {
			delete(m, key)
		} else {
			m[key] = value
		}
		return writeJSON(t, m)
	}
	garbled := filepath.Join(t.TempDir(), "garbled.json")
	if err := os.WriteFile(garbled, []byte(`{"private_key": "`+acct["private_key"][:60]), 0o600); err != nil {
		t.Fatal(err)
	}
	truncatedKey := acct["private_key"][:len(acct["private_key"])/2]
	cases := []struct {
		name, path, endpoint, want string
	}{
		{"no file given", "", "", "no FCM credentials file"},
		{"missing file", filepath.Join(t.TempDir(), "nope.json"), "", "cannot read FCM credentials file"},
		{"garbled", garbled, "", "is not a service account's JSON key"},
		{"not a service account", with("type", "authorized_user"), "", `type is "authorized_user"`},
		{"no project", with("project_id", ""), "", "project_id is missing"},
		{"no email", with("client_email", ""), "", "client_email is missing"},
		{"no key", with("private_key", ""), "", "private_key is missing"},
		{"truncated key", with("private_key", truncatedKey), "", "private_key is not a PEM RSA private key"},
		{"not a key", with("private_key", "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC"), "", "private_key is not a PEM RSA private key"},
		{"bad token uri", with("token_uri", "ftp://x"), "", "token_uri is not an http(s) address"},
		{"bad endpoint", with("type", "service_account"), "fcm.googleapis.com", "FCM endpoint"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, err := NewFCM(FCMConfig{CredentialsFile: c.path, Endpoint: c.endpoint})
			if err == nil || f != nil {
				t.Fatalf("got %v, %v", f, err)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %q does not say %q", err, c.want)
			}
			if strings.Contains(err.Error(), "MII") || strings.Contains(err.Error(), "PRIVATE KEY") {
				t.Fatalf("error %q shows the key", err)
			}
		})
	}
	// A file without token_uri is Google's token endpoint; a good file is taken.
	if _, err := NewFCM(FCMConfig{CredentialsFile: with("token_uri", "")}); err != nil {
		t.Fatal(err)
	}
}

func TestNotConfiguredNeverClaimsADelivery(t *testing.T) {
	var s ports.PushSender = NotConfigured{}
	if s.Configured() {
		t.Fatal("configured")
	}
	res, err := s.Send(context.Background(), ports.PushMessage{Token: "device-1", Title: "t"})
	if !errors.Is(err, ErrNotConfigured) || res.Outcome == ports.PushSent || res.Outcome == ports.PushPermanent {
		t.Fatalf("got %+v %v", res, err)
	}
}

func writeJSON(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "service-account.json")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}
