package kit

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"io"
	"net"
	"strings"
	"syscall"
)

// unavailableRetry is the Retry-After of a 503 for a database that cannot be reached: about
// what a PostgreSQL restart takes.
const unavailableRetry = "5"

// isUnavailable recognises a database that cannot be reached, is restarting or dropped the
// connection: a 503 with Retry-After, not a bug. It knows the drivers only through the
// interfaces their errors implement, so no driver is imported here:
//   - a connection that was refused, reset, closed or cut (EOF) on the way;
//   - PostgreSQL's SQLSTATE class 08 (connection exception), 57P01 admin shutdown (a restart or
//     pg_terminate_backend), 57P02 crash shutdown, 57P03 cannot connect now (starting up or
//     shutting down) and 53300 too many connections;
//   - pgconn's errors that say the query was never sent (SafeToRetry), such as "conn closed";
//   - the request's own deadline or cancellation.
func isUnavailable(err error) bool {
	if err == nil {
		return false
	}
	for _, target := range []error{
		driver.ErrBadConn, sql.ErrConnDone, io.EOF, io.ErrUnexpectedEOF,
		syscall.ECONNREFUSED, syscall.ECONNRESET, syscall.ECONNABORTED, syscall.EPIPE,
		context.DeadlineExceeded, context.Canceled,
	} {
		if errors.Is(err, target) {
			return true
		}
	}
	var opErr *net.OpError
	if errors.As(err, &opErr) {
		return true
	}
	var state interface{ SQLState() string }
	if errors.As(err, &state) {
		code := state.SQLState()
		switch {
		case strings.HasPrefix(code, "08"), code == "57P01", code == "57P02", code == "57P03", code == "53300":
			return true
		}
	}
	var retry interface{ SafeToRetry() bool }
	return errors.As(err, &retry) && retry.SafeToRetry()
}
