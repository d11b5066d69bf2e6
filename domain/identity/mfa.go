package identity

import (
	"crypto/hmac"
	"crypto/sha1" //nolint:gosec // RFC 6238's default, which every authenticator app uses
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base32"
	"encoding/binary"
	"hash"
	"net/url"
	"strconv"
	"strings"
	"time"

	"vitrina/domain/kernel"
)

// Two-factor sign-in (TOTP, RFC 6238; ADR 0037): a shared secret, a code of six digits per
// 30-second step, accepted one step either side of the server's clock and each step once.

// TOTPStep is the length of one time step; TOTPDigits the digits of a code; TOTPWindow how
// many steps either side of now a code may come from.
const (
	TOTPStep   = 30 * time.Second
	TOTPDigits = 6
	TOTPWindow = 1
	// TOTPSecretBytes is the secret's length: 160 bits, RFC 4226's recommendation.
	TOTPSecretBytes = 20
	// RecoveryCodes is how many one-time recovery codes an enrolment gives.
	RecoveryCodes = 10
	// MFAIssuer names the service in the authenticator app.
	MFAIssuer = "Vitrina"
)

// Errors of two-factor sign-in.
var (
	ErrBadCode           = kernel.FieldError("code", "The code is not valid.")
	ErrMFAAlreadyOn      = kernel.NewError(kernel.KindStale, "mfa-enabled", "Two-factor sign-in is already on. Turn it off first.")
	ErrMFANotPending     = kernel.NewError(kernel.KindStale, "mfa-not-pending", "Start setting up two-factor sign-in first.")
	ErrMFAOff            = kernel.NewError(kernel.KindStale, "mfa-disabled", "Two-factor sign-in is not on.")
	ErrMFARequiredByRole = kernel.NewError(kernel.KindForbidden, "mfa-required", "Your role requires two-factor sign-in, so it cannot be turned off.")
	ErrMFAEnrolment      = kernel.NewError(kernel.KindForbidden, "mfa-enrollment-required", "Your role requires two-factor sign-in. Set it up to continue.")
	ErrChallengeExpired  = kernel.NewError(kernel.KindUnauthenticated, "mfa-challenge-expired", "The sign-in has expired. Sign in again.")
	ErrNoMFAKey          = kernel.NewError(kernel.KindStale, "mfa-no-key", "Two-factor sign-in needs VITRINA_SECRET_KEY to be set on the server.")
	ErrWrongPassword     = kernel.FieldError("password", "The password is incorrect.")
	ErrCodeOrPassword    = kernel.FieldError("code", "Type a code from the authenticator app or the password.")
)

// HOTP is RFC 4226's one-time password of secret at counter with digits digits, computed
// with the hash h (SHA-1 for TOTP's default; RFC 6238 also names SHA-256 and SHA-512).
func HOTP(h func() hash.Hash, secret []byte, counter uint64, digits int) string {
	var msg [8]byte
	binary.BigEndian.PutUint64(msg[:], counter)
	mac := hmac.New(h, secret)
	mac.Write(msg[:])
	sum := mac.Sum(nil)
	off := sum[len(sum)-1] & 0x0f
	bin := binary.BigEndian.Uint32(sum[off:off+4]) & 0x7fffffff
	mod := uint32(1)
	for range digits {
		mod *= 10
	}
	s := strconv.FormatUint(uint64(bin%mod), 10)
	return strings.Repeat("0", digits-len(s)) + s
}

// Hashes RFC 6238 names, by its name for them.
var (
	SHA1   = sha1.New
	SHA256 = sha256.New
	SHA512 = sha512.New
)

// TOTPStepAt is the time step that holds t.
func TOTPStepAt(t time.Time) int64 { return t.Unix() / int64(TOTPStep/time.Second) }

// TOTPCode is the code of secret for the step that holds t.
func TOTPCode(secret []byte, t time.Time) string {
	return HOTP(SHA1, secret, uint64(TOTPStepAt(t)), TOTPDigits)
}

// MatchTOTP finds the step whose code is code, within TOTPWindow steps of now and after
// lastUsed, the last step a code was accepted for (each step's code is accepted once: a
// replayed code, or an older one after a newer, is refused). It answers the step to store
// as the new lastUsed.
func MatchTOTP(secret []byte, code string, now time.Time, lastUsed int64) (int64, bool) {
	code = strings.TrimSpace(code)
	if len(code) != TOTPDigits || strings.Trim(code, "0123456789") != "" {
		return 0, false
	}
	at := TOTPStepAt(now)
	for step := at - TOTPWindow; step <= at+TOTPWindow; step++ {
		if step <= lastUsed || step < 0 {
			continue
		}
		if hmac.Equal([]byte(HOTP(SHA1, secret, uint64(step), TOTPDigits)), []byte(code)) {
			return step, true
		}
	}
	return 0, false
}

// EncodeSecret writes a secret as authenticator apps take it: base32 without padding.
func EncodeSecret(secret []byte) string {
	return base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(secret)
}

// OTPAuthURL is the key URI an authenticator app reads from the QR code (Google
// Authenticator's key URI format): the issuer and the account label, SHA-1, six digits, 30 s.
func OTPAuthURL(username string, secret []byte) string {
	label := url.PathEscape(MFAIssuer + ":" + username)
	q := url.Values{}
	q.Set("secret", EncodeSecret(secret))
	q.Set("issuer", MFAIssuer)
	q.Set("algorithm", "SHA1")
	q.Set("digits", strconv.Itoa(TOTPDigits))
	q.Set("period", strconv.Itoa(int(TOTPStep/time.Second)))
	return "otpauth://totp/" + label + "?" + q.Encode()
}

// recoveryAlphabet is what recovery codes are written in: lower-case letters and digits
// without the ones read alike (0/o, 1/l/i), 32 symbols, 5 bits each.
const recoveryAlphabet = "abcdefghjkmnpqrstuvwxyz23456789"

// recoveryLen is a recovery code's symbols: 10 × 5 = 50 bits.
const recoveryLen = 10

// NewRecoveryCode writes random bytes (at least recoveryLen of them) as a recovery code,
// "xxxxx-xxxxx".
func NewRecoveryCode(random []byte) string {
	var b strings.Builder
	for i := range recoveryLen {
		if i == recoveryLen/2 {
			b.WriteByte('-')
		}
		b.WriteByte(recoveryAlphabet[int(random[i])%len(recoveryAlphabet)])
	}
	return b.String()
}

// NormalizeRecoveryCode is a typed recovery code as it is kept: lower case, without spaces
// and dashes; "" when it cannot be one.
func NormalizeRecoveryCode(typed string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(typed) {
		switch {
		case r == '-' || r == ' ':
		case strings.ContainsRune(recoveryAlphabet, r):
			b.WriteRune(r)
		default:
			return ""
		}
	}
	if b.Len() != recoveryLen {
		return ""
	}
	return b.String()
}

// IsTOTPCode tells whether a typed code has a TOTP code's form (six digits); anything else
// is tried as a recovery code.
func IsTOTPCode(typed string) bool {
	typed = strings.TrimSpace(typed)
	return len(typed) == TOTPDigits && strings.Trim(typed, "0123456789") == ""
}

// MFAPolicy is which roles must sign in with two factors.
type MFAPolicy struct {
	Roles []Role
}

// ParseMFAPolicy reads the roles of a policy; an unknown one is refused on the field
// mfa_required_roles.
func ParseMFAPolicy(names []string) (MFAPolicy, error) {
	roles, err := ParseRoles(names)
	if err != nil {
		return MFAPolicy{}, kernel.FieldError("mfa_required_roles", "The selected role is invalid.")
	}
	return MFAPolicy{Roles: roles}, nil
}

// Requires tells whether an account with roles must use two-factor sign-in.
func (p MFAPolicy) Requires(roles []string) bool {
	for _, r := range roles {
		for _, req := range p.Roles {
			if Role(r) == req {
				return true
			}
		}
	}
	return false
}

// Names are the policy's roles as strings, never nil.
func (p MFAPolicy) Names() []string {
	out := make([]string, 0, len(p.Roles))
	for _, r := range p.Roles {
		out = append(out, string(r))
	}
	return out
}

// Idle tells whether a session last used at lastUsed has been idle longer than idle at now
// (idle 0: no idle limit).
func Idle(lastUsed time.Time, idle time.Duration, now time.Time) bool {
	return idle > 0 && now.Sub(lastUsed) > idle
}
