package kit

import (
	"context"
	"database/sql/driver"
	"errors"
	"net"
	"syscall"
)

// isUnavailable recognises a database that cannot be reached, which is a 503, not a bug.
func isUnavailable(err error) bool {
	if errors.Is(err, driver.ErrBadConn) || errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, context.DeadlineExceeded) ||
		errors.Is(err, context.Canceled) {
		return true
	}
	var opErr *net.OpError
	return errors.As(err, &opErr)
}
