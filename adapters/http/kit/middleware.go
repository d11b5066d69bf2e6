package kit

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net"
	"net/http"
	"strings"
	"time"

	"go.uber.org/zap"

	"vitrina/domain/audit"
	"vitrina/ports"
)

// Request body limits: JSON forms, and multipart forms carrying one image of at most
// 5 MB with its fields (a larger image is refused by the image store with a field error).
const (
	DefaultBodyLimit = 1 << 20
	UploadBodyLimit  = 12 << 20
)

// Time limits of one request. A body must arrive within ReadTimeout; the whole request,
// its work included, ends by MaxRequestDuration (its context is cancelled, so queries and
// transactions stop and roll back). Shutdown waits ShutdownGrace, longer than any request.
const (
	ReadHeaderTimeout  = 10 * time.Second
	ReadTimeout        = 60 * time.Second
	MaxRequestDuration = 2 * time.Minute
	ShutdownGrace      = MaxRequestDuration + 10*time.Second
)

// SecurityHeaders are set on every answer. PrimeReact sets inline styles, hence
// 'unsafe-inline' for styles only; imgOrigins adds image sources such as the map's tiles.
func SecurityHeaders(imgOrigins ...string) map[string]string {
	img := "'self' data: blob:"
	for _, o := range imgOrigins {
		img += " " + o
	}
	return map[string]string{
		"Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
			"img-src " + img + "; font-src 'self' data:; connect-src 'self'; object-src 'none'; " +
			"frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
		"X-Content-Type-Options": "nosniff",
		"X-Frame-Options":        "DENY",
		"Referrer-Policy":        "strict-origin-when-cross-origin",
		"Permissions-Policy":     "camera=(), microphone=(), geolocation=()",
	}
}

type statusWriter struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += n
	return n, err
}

func (w *statusWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func newRequestID() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// Edge is what the middleware is told about the network in front of the server.
type Edge struct {
	// TrustProxy takes the client's address from X-Forwarded-For and its scheme from
	// X-Forwarded-Proto: set it only behind a proxy that overwrites both.
	TrustProxy bool
	// HSTS sends Strict-Transport-Security on every answer; without it, only on answers to
	// requests that came over TLS.
	HSTS bool
}

// HSTSValue is the Strict-Transport-Security of answers over TLS: a year.
const HSTSValue = "max-age=31536000; includeSubDomains"

// overTLS tells whether the client reached us over TLS: directly, or by a trusted proxy's word.
func overTLS(r *http.Request, trustProxy bool) bool {
	if r.TLS != nil {
		return true
	}
	if !trustProxy {
		return false
	}
	proto, _, _ := strings.Cut(r.Header.Get("X-Forwarded-Proto"), ",")
	return strings.EqualFold(strings.TrimSpace(proto), "https")
}

// uncached are the paths whose every answer is per user or per moment: the API (404s
// included) and the health checks. The images under the API set their own caching.
func uncached(path string) bool {
	return strings.HasPrefix(path, "/api/") || path == "/api" || path == "/readyz" || path == "/healthz"
}

// Middleware wraps the whole server: request id, logger, security headers (HSTS over TLS),
// Cache-Control of the API, body limit, panic recovery and one access-log line per request.
// It never logs bodies, the Authorization header or query strings, so no password or token
// reaches the log.
func Middleware(log *zap.Logger, edge Edge, headers map[string]string, next http.Handler) http.Handler {
	trustProxy := edge.TrustProxy
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := r.Header.Get("X-Request-Id")
		if id == "" || len(id) > 64 || strings.ContainsAny(id, " \t\r\n") {
			id = newRequestID()
		}
		addr := clientAddress(r, trustProxy)
		reqLog := log.With(zap.String("request_id", id))
		ctx, cancel := context.WithTimeout(r.Context(), MaxRequestDuration)
		defer cancel()
		ctx = context.WithValue(ctx, keyRequestID, id)
		ctx = context.WithValue(ctx, keyLogger, reqLog)
		ctx = context.WithValue(ctx, keyAddress, addr)
		// Until the guard knows the caller, a change is the system's, from this request.
		ctx = ports.WithAuditSource(ctx, ports.AuditSource{Actor: audit.System, RequestID: id, Address: addr})
		secure := overTLS(r, trustProxy)
		ctx = context.WithValue(ctx, keySecure, secure)

		h := w.Header()
		for k, v := range headers {
			h.Set(k, v)
		}
		h.Set("X-Request-Id", id)
		if edge.HSTS || secure {
			h.Set("Strict-Transport-Security", HSTSValue)
		}
		if uncached(r.URL.Path) {
			// Answers of the API are per user and may carry tokens: no cache may keep them.
			h.Set("Cache-Control", "no-store")
		}
		limit := int64(DefaultBodyLimit)
		if strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/form-data") {
			limit = UploadBodyLimit
		}
		if r.ContentLength > limit {
			EncodeError(ctx, ErrBodyTooBig, w)
			return
		}
		// The limit goes on a copy of the request: the server's own request must keep its body
		// as it made it, or, answering a request that did not read its body (a 401, a 403),
		// it would first read up to 256 KB of that body, waiting for a client still sending.
		r = r.WithContext(ctx)
		r.Body = http.MaxBytesReader(w, r.Body, limit)
		sw := &statusWriter{ResponseWriter: w}
		defer func() {
			if rec := recover(); rec != nil {
				if rec == http.ErrAbortHandler {
					panic(rec)
				}
				reqLog.Error("panic", zap.Any("panic", rec), zap.Stack("stack"))
				if sw.status == 0 {
					EncodeError(ctx, errPanic, sw)
				}
			}
			reqLog.Info("request", zap.String("method", r.Method), zap.String("path", r.URL.Path),
				zap.Int("status", sw.status), zap.Int("bytes", sw.bytes), zap.String("remote", addr),
				zap.Duration("duration", time.Since(start)))
		}()
		next.ServeHTTP(sw, r)
	})
}

type panicError struct{}

func (panicError) Error() string { return "panic" }

var errPanic = panicError{}

func clientAddress(r *http.Request, trustProxy bool) string {
	if trustProxy {
		if xff := r.Header.Get("X-Forwarded-For"); xff != "" {
			return strings.TrimSpace(strings.Split(xff, ",")[0])
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
