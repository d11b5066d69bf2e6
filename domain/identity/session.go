package identity

import (
	"strconv"
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
	// ErrAppSession answers a panel call made with a partner app token.
	ErrAppSession = kernel.NewError(kernel.KindForbidden, "app-session", "Partner app sessions may not use the admin panel.")
	// ErrNotAppSession answers a partner app call made with a panel token.
	ErrNotAppSession  = kernel.NewError(kernel.KindForbidden, "not-app-session", "Only the partner app may make this call.")
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

// DefaultDeviceThrottle is 5 failures in 15 minutes through one trusted device (ADR 0025):
// a browser that signed in to the account before counts on its own, not by its address.
var DefaultDeviceThrottle = Throttle{Max: 5, Window: 15 * time.Minute}

// AttemptRule is what one sign-in attempt counts against, before its password is checked:
// the failures of Key from Source within PerKey and, when PerSource has a Max, every failure
// from Source within PerSource, whatever the key. Source is the client's address, or a
// trusted device standing in for it (DeviceSource), which no address limit reaches.
type AttemptRule struct {
	Key       string
	Source    string
	PerKey    Throttle
	PerSource Throttle // Max 0: no limit across keys
}

// Blocks tells whether the failures counted for the key and for the source refuse another
// attempt.
func (r AttemptRule) Blocks(keyFailures, sourceFailures int) bool {
	return r.PerKey.Blocks(keyFailures) || (r.PerSource.Max > 0 && r.PerSource.Blocks(sourceFailures))
}

// DeviceSource is where the attempts through a trusted device count: it starts with a
// control character, which neither an address nor a forwarded-for header may hold, so no
// client address shares a device's count.
func DeviceSource(device string) string { return "\x1fdevice:" + device }

// Session is an open sign-in: the hash of its token, its kind, whom it belongs to and its
// expiry. A panel session belongs to a user; an app session to a partner, and to the
// linked user who signed in for it, if it was one (UserID 0 when the partner signed in
// with its own id and app password).
type Session struct {
	TokenHash string
	Kind      kernel.SessionKind
	UserID    kernel.ID
	PartnerID kernel.ID
	ExpiresAt time.Time
	// Address and UserAgent are where the session was opened from, for its owner's list.
	Address   string
	UserAgent string
	// LastUsedAt is when the session was last used, to the minute (the idle limit).
	LastUsedAt time.Time
}

// MaxUserAgent is how much of a User-Agent a session keeps.
const MaxUserAgent = 512

// From is the session opened from address with the browser userAgent (clipped).
func (s Session) From(address, userAgent string) Session {
	if r := []rune(userAgent); len(r) > MaxUserAgent {
		userAgent = string(r[:MaxUserAgent])
	}
	s.Address, s.UserAgent = address, userAgent
	return s
}

// NewPanelSession is a back-office user's sign-in.
func NewPanelSession(tokenHash string, userID kernel.ID, expiresAt time.Time) Session {
	return Session{TokenHash: tokenHash, Kind: kernel.PanelSession, UserID: userID, ExpiresAt: expiresAt}
}

// NewAppSession is a partner app sign-in for partnerID; userID is the linked user who
// signed in, or 0 for the partner itself.
func NewAppSession(tokenHash string, partnerID, userID kernel.ID, expiresAt time.Time) Session {
	return Session{TokenHash: tokenHash, Kind: kernel.AppSession, UserID: userID, PartnerID: partnerID, ExpiresAt: expiresAt}
}

// Expired tells whether the session is no longer valid at now.
func (s Session) Expired(now time.Time) bool { return !now.Before(s.ExpiresAt) }

// IsApp tells whether the session was opened through the partner app.
func (s Session) IsApp() bool { return s.Kind == kernel.AppSession }

// Whole tells whether the session names whom its kind needs: a panel session a user and
// no partner, an app session a partner. Storage refuses any other (a CHECK constraint);
// Authenticate treats one as no session at all.
func (s Session) Whole() bool {
	switch s.Kind {
	case kernel.PanelSession:
		return s.UserID > 0 && s.PartnerID == 0
	case kernel.AppSession:
		return s.PartnerID > 0
	}
	return false
}

// AppSignIn is the partner app's sign-in form: the partner's own id and app password, or
// the username and password of a back-office user linked to the partner.
type AppSignIn struct {
	PartnerID *int64
	Username  string
	Password  string
}

// ByPartner tells whether the partner signs in with its own id.
func (in AppSignIn) ByPartner() bool { return in.PartnerID != nil }

// Validate checks the form before any lookup: a password, and exactly one of the partner's
// id and a username.
func (in AppSignIn) Validate() error {
	var v kernel.Validation
	switch {
	case in.PartnerID == nil && in.Username == "":
		v.Add("partner_id", "The partner id field is required when username is not present.")
		v.Add("username", "The username field is required when partner id is not present.")
	case in.PartnerID != nil && in.Username != "":
		v.Add("partner_id", "The partner id field prohibits username from being present.")
	case in.PartnerID != nil && *in.PartnerID <= 0:
		v.Add("partner_id", "The partner id must be a positive integer.")
	case in.PartnerID == nil:
		checkUsername(&v, in.Username)
	}
	v.Required("password", in.Password)
	return v.Err()
}

// ThrottleKey is what the form's failures count under. A username counts under its
// folded form, the same key as the panel's sign-in, so that one account's guesses through
// both doors add up. A partner's id counts under a key that starts with a control
// character, which no username may hold, so that a user named like a partner key never
// shares the partner's count.
func (in AppSignIn) ThrottleKey() string {
	if in.PartnerID != nil {
		return PartnerThrottleKey(*in.PartnerID)
	}
	return NormalizeUsername(in.Username)
}

// PartnerThrottleKey is the throttle key of a partner's own app sign-in.
func PartnerThrottleKey(partnerID int64) string {
	return "\x1fpartner:" + strconv.FormatInt(partnerID, 10)
}
