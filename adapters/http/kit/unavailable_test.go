package kit

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http/httptest"
	"os"
	"syscall"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
)

// safeToRetry stands for pgconn's unexported errors ("conn closed"): the query was not sent.
type safeToRetry bool

func (s safeToRetry) Error() string     { return "conn closed" }
func (s safeToRetry) SafeToRetry() bool { return bool(s) }

// A database that is gone, restarting or dropped the connection is 503 with Retry-After
// (issue 20: during a PostgreSQL stop and start requests got 500 with 57P01 and 57P03).
func TestDatabaseGoneIsUnavailable(t *testing.T) {
	reset := &net.OpError{Op: "read", Net: "tcp", Err: os.NewSyscallError("read", syscall.ECONNRESET)}
	cases := []struct {
		name string
		err  error
		want bool
	}{
		{"admin shutdown (restart, pg_terminate_backend)", &pgconn.PgError{Severity: "FATAL", Code: "57P01", Message: "terminating connection due to administrator command"}, true},
		{"crash shutdown", &pgconn.PgError{Severity: "FATAL", Code: "57P02"}, true},
		{"starting up, while connecting", &pgconn.ConnectError{Config: &pgconn.Config{}}, false},
		{"cannot connect now: starting up", fmt.Errorf("connect: %w", &pgconn.PgError{Severity: "FATAL", Code: "57P03", Message: "the database system is starting up"}), true},
		{"cannot connect now: shutting down", &pgconn.PgError{Severity: "FATAL", Code: "57P03", Message: "the database system is shutting down"}, true},
		{"too many connections", &pgconn.PgError{Severity: "FATAL", Code: "53300"}, true},
		{"connection failure", &pgconn.PgError{Code: "08006"}, true},
		{"connection refused", fmt.Errorf("dial: %w", syscall.ECONNREFUSED), true},
		{"connection reset", fmt.Errorf("query: %w", reset), true},
		{"reset without a net.OpError", fmt.Errorf("query: %w", syscall.ECONNRESET), true},
		{"broken pipe", fmt.Errorf("write: %w", syscall.EPIPE), true},
		{"EOF mid answer", fmt.Errorf("receive message failed: %w", io.ErrUnexpectedEOF), true},
		{"EOF", fmt.Errorf("read: %w", io.EOF), true},
		{"conn closed, not sent", fmt.Errorf("query: %w", safeToRetry(true)), true},
		{"a connection that is done", sql.ErrConnDone, true},
		{"the request's deadline", context.DeadlineExceeded, true},
		{"a syntax error", &pgconn.PgError{Code: "42601"}, false},
		{"a unique violation", &pgconn.PgError{Code: "23505"}, false},
		{"not safe to retry", safeToRetry(false), false},
		{"a plain error", errors.New("boom"), false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := isUnavailable(c.err); got != c.want {
				t.Fatalf("isUnavailable(%v) = %v, want %v", c.err, got, c.want)
			}
			w := httptest.NewRecorder()
			EncodeError(context.Background(), c.err, w)
			if c.want && (w.Code != 503 || w.Header().Get("Retry-After") != "5") {
				t.Fatalf("status %d, Retry-After %q; want 503 with Retry-After 5", w.Code, w.Header().Get("Retry-After"))
			}
			if !c.want && (w.Code == 503 || w.Header().Get("Retry-After") != "") {
				t.Fatalf("status %d, Retry-After %q", w.Code, w.Header().Get("Retry-After"))
			}
		})
	}
}
