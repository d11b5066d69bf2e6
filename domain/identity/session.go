package identity

import (
	"time"

	"vitrina/domain/kernel"
)

// Errors of signing in and of sessions. One message for a wrong username and a wrong
// password, so that the answer does not tell which usernames exist.
var (
	ErrBadCredentials = kernel.NewError(kernel.KindUnauthenticated, "bad-credentials", "Wrong username or password.")
	ErrThrottled      = kernel.NewError(kernel.KindThrottled, "too-many-attempts", "Too many login attempts. Try again later.")
	ErrNoSession      = kernel.NewError(kernel.KindUnauthenticated, "no-session", "Unauthenticated.")
	ErrPartnerAccount = kernel.NewError(kernel.KindForbidden, "partner-account", "Partner accounts may not use the admin panel.")
	ErrForbidden      = kernel.NewError(kernel.KindForbidden, "forbidden", "You are not allowed to do this.")
	ErrUsernameTaken  = kernel.FieldError("username", "The username has already been taken.")
	ErrUnknownPartner = kernel.FieldError("partner_id", "The selected partner id is invalid.")
	// ErrWrongCurrentPassword answers a password change whose current password is missing or wrong.
	ErrWrongCurrentPassword = kernel.FieldError("current_password", "The current password is incorrect.")
)

// Throttle is the sign-in throttling rule: after Max failed attempts within Window,
// further attempts are refused until the window passes.
type Throttle struct {
	Max    int
	Window time.Duration
}

// DefaultThrottle is 5 failures in 15 minutes for one username from one address.
var DefaultThrottle = Throttle{Max: 5, Window: 15 * time.Minute}

// DefaultAddressThrottle is 20 failures in 15 minutes from one address, whatever the
// usernames: it stops one address from trying one password on many accounts.
var DefaultAddressThrottle = Throttle{Max: 20, Window: 15 * time.Minute}

// Since is the start of the window that counts at now.
func (t Throttle) Since(now time.Time) time.Time { return now.Add(-t.Window) }

// Blocks tells whether the failures counted in the window refuse another attempt.
func (t Throttle) Blocks(failures int) bool { return failures >= t.Max }

// Session is an open sign-in: the hash of its token, its user and its expiry.
type Session struct {
	TokenHash string
	UserID    kernel.ID
	ExpiresAt time.Time
}

// Expired tells whether the session is no longer valid at now.
func (s Session) Expired(now time.Time) bool { return !now.Before(s.ExpiresAt) }
