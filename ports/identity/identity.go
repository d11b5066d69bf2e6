// Package identityports declares what the identity context needs from the outside world:
// its repositories, its list screens and the narrow ports through which it asks other
// contexts. Import it as identityports.
package identityports

import (
	"context"
	"time"

	"vitrina/domain/identity"
	"vitrina/domain/kernel"
	"vitrina/ports"
)

// UserRepository loads and saves whole users.
type UserRepository interface {
	// Add stores a new user and assigns its id; a taken username is identity.ErrUsernameTaken.
	Add(ctx context.Context, u *identity.User) error
	Get(ctx context.Context, id kernel.ID) (*identity.User, error)
	// GetByUsername finds a user case-insensitively; kernel.KindNotFound when none.
	GetByUsername(ctx context.Context, username string) (*identity.User, error)
	// Update loads the user, applies fn and saves the result in one transaction; a user no
	// longer at the expected version (kernel.AnyVersion skips the check) is kernel.ErrStale.
	Update(ctx context.Context, id kernel.ID, expected kernel.Version, fn func(*identity.User) error) (*identity.User, error)
	UsernameTaken(ctx context.Context, username string, except kernel.ID) (bool, error)
	Count(ctx context.Context) (int, error)
	// PanelAdmins counts the active, unlinked admins but except; inside a transaction it
	// holds them so that two changes cannot each remove "the other" admin.
	PanelAdmins(ctx context.Context, except kernel.ID) (int, error)
}

// UserView is a user as list screens show it, with the linked partner's name.
type UserView struct {
	ID          int64
	Name        string
	Username    string
	IsActive    bool
	PartnerID   *int64
	PartnerName *string
	Roles       []string
	CreatedAt   time.Time
	UpdatedAt   time.Time
	Version     kernel.Version
	// MFAEnabled tells whether the account signs in with two factors.
	MFAEnabled bool
}

// SessionStore keeps open sessions by the hash of their token.
type SessionStore interface {
	Create(ctx context.Context, s identity.Session) error
	// Find returns kernel.KindNotFound for an unknown or revoked token.
	Find(ctx context.Context, tokenHash string) (identity.Session, error)
	Revoke(ctx context.Context, tokenHash string) error
	// RevokeUser ends every session of the user but the one whose hash is except.
	RevokeUser(ctx context.Context, userID kernel.ID, except string) error
	PurgeExpired(ctx context.Context, now time.Time) error
}

// LoginAttempts counts sign-in attempts for throttling (ADR 0003, ADR 0025). An attempt is
// counted before its password is checked and stays a failure unless the check succeeds, so
// that a burst of concurrent guesses cannot all be checked before any of them is counted.
type LoginAttempts interface {
	// Reserve counts an attempt under rule at now in one atomic step that holds across
	// instances: identity.ErrThrottled when the failures already counted reach a limit of the
	// rule (nothing is stored), else the attempt is stored as a failure and its id returned.
	Reserve(ctx context.Context, rule identity.AttemptRule, now time.Time) (int64, error)
	// Release forgets a reserved attempt whose password was never checked (a busy server).
	Release(ctx context.Context, id int64) error
	// Clear forgets the failures of key from source up to and including the attempt upTo,
	// after that attempt succeeded; attempts reserved later stay counted.
	Clear(ctx context.Context, key, source string, upTo int64) error
}

// DeviceCookies signs and checks device cookies (ADR 0025): a browser that signed in to an
// account carries one, and its attempts on that account count per device rather than per
// address, so that failures of others behind the same address do not lock it out.
type DeviceCookies interface {
	// Issue is a new cookie for a client that has just signed in under the throttle key.
	Issue(ctx context.Context, key string) (string, error)
	// Device is the device a cookie names when it was issued for the key; ok is false for
	// a malformed, forged or tampered cookie and for one issued for another account.
	Device(ctx context.Context, cookie, key string) (device string, ok bool, err error)
}

// PartnerDirectory is what identity asks the partner context: does a partner exist, and may
// it sign in to the partner app. Identity owns the question; an adapter answers it from the
// partners' records.
type PartnerDirectory interface {
	PartnerExists(ctx context.Context, id int64) (bool, error)
	// AppAccount is the partner's standing in the partner app; kernel.KindNotFound when no
	// partner has the id.
	AppAccount(ctx context.Context, id int64) (PartnerAccount, error)
}

// PartnerAccount is what identity needs of a partner to let it sign in to the app and to
// keep its sessions: whether it is active, and the hash of its app password ("" when it
// has none, as a partner added by an import).
type PartnerAccount struct {
	Active       bool
	PasswordHash string
}

// UserLists are identity's list screens. Both take the scope "partner_id" (the accounts
// linked to one partner).
type UserLists struct {
	// Users is the users screen.
	Users ports.Lister[UserView]
	// PartnerUsers is the users linked to any partner (the partner pickers' lookup).
	PartnerUsers ports.Lister[UserView]
}

// SessionInfo is a session as its owner sees it: never its token or the token's hash.
type SessionInfo struct {
	ID         string
	TokenHash  string // only to mark the caller's own; never answered
	CreatedAt  time.Time
	LastUsedAt time.Time
	Address    string
	UserAgent  string
}

// SessionDirectory lists and ends sessions by their public id (issue 23), and keeps when
// each was last used.
type SessionDirectory interface {
	// List answers the user's unexpired panel sessions, the most recently used first.
	List(ctx context.Context, userID kernel.ID, now time.Time) ([]SessionInfo, error)
	// End deletes the user's session with the public id; false when the user has none.
	End(ctx context.Context, userID kernel.ID, id string) (bool, error)
	// Touch records that the session was used at now, when it was last recorded before
	// since (a write per session and minute, not per request).
	Touch(ctx context.Context, tokenHash string, now, since time.Time) error
	// PurgeIdle deletes the panel sessions last used before.
	PurgeIdle(ctx context.Context, before time.Time) error
}

// MFAState is a user's second factor as stored: the secrets are sealed (SecretBox).
type MFAState struct {
	Secret   string // sealed; "" when two-factor is off
	Pending  string // sealed; the secret being set up, "" when none
	Enabled  bool
	LastStep int64
}

// MFAStore keeps users' second factors, their recovery codes, the sign-ins waiting for a
// code and the two-factor policy.
type MFAStore interface {
	// State is the user's second factor; the zero MFAState when none was ever set up.
	State(ctx context.Context, userID kernel.ID) (MFAState, error)
	// SetPending stores a sealed secret being set up, replacing an earlier one.
	SetPending(ctx context.Context, userID kernel.ID, sealed string) error
	// Enable makes the pending secret the user's, accepted at step, with new recovery codes
	// (their hashes); false when the pending secret is no longer sealed (another enrolment
	// replaced it) or two-factor is already on.
	Enable(ctx context.Context, userID kernel.ID, sealed string, step int64, codeHashes []string, now time.Time) (bool, error)
	// Disable removes the user's second factor and recovery codes; false when it was off.
	Disable(ctx context.Context, userID kernel.ID) (bool, error)
	// UseStep records that a code of step was accepted, only when step is after the last one
	// accepted: false for a replay, across requests and replicas.
	UseStep(ctx context.Context, userID kernel.ID, step int64) (bool, error)
	// UseRecoveryCode spends one unused recovery code; false when there is none such.
	UseRecoveryCode(ctx context.Context, userID kernel.ID, codeHash string, now time.Time) (bool, error)
	// Enabled tells whether the user has two-factor on.
	Enabled(ctx context.Context, userID kernel.ID) (bool, error)
	// AnyEnabled tells whether any account has two-factor on.
	AnyEnabled(ctx context.Context) (bool, error)

	// CreateChallenge stores the second step of a sign-in.
	CreateChallenge(ctx context.Context, hash string, userID kernel.ID, expires time.Time) error
	// Challenge is the user a challenge waits for; kernel.KindNotFound when unknown or expired.
	Challenge(ctx context.Context, hash string, now time.Time) (kernel.ID, error)
	// EndChallenge deletes a challenge once used.
	EndChallenge(ctx context.Context, hash string) error
	// PurgeChallenges deletes the expired challenges.
	PurgeChallenges(ctx context.Context, now time.Time) error

	// Policy is the stored two-factor policy and its version; ok false when none was
	// stored yet (version 1, empty).
	Policy(ctx context.Context) (roles []string, version kernel.Version, ok bool, err error)
	// SetPolicy stores the policy over the version the user loaded (kernel.ErrStale when it
	// changed since) and answers the new version.
	SetPolicy(ctx context.Context, roles []string, expected kernel.Version, now time.Time) (kernel.Version, error)
	// SeedPolicy stores the policy when none is stored yet (the starting policy).
	SeedPolicy(ctx context.Context, roles []string, now time.Time) error
}

// SecretBox seals secrets at rest under the installation's key (VITRINA_SECRET_KEY) and
// keys the hashes of recovery codes with it, so that a copy of the database alone opens
// neither.
type SecretBox interface {
	// Configured tells whether the key is set; without it nothing can be sealed.
	Configured() bool
	Seal(plain []byte) (string, error)
	Open(sealed string) ([]byte, error)
	// MAC is the keyed hash of s, hex.
	MAC(s string) string
}

// TwoFactor is what two-factor sign-in and the sessions list need (ADR 0037).
type TwoFactor struct {
	Store    MFAStore
	Box      SecretBox
	Sessions SessionDirectory
}
