// Package identity is the use-case layer of back-office accounts: sign-in, sessions,
// the own profile and the management of users.
package identity

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

	"vitrina/domain/audit"
	"vitrina/domain/identity"
	"vitrina/domain/kernel"
	"vitrina/ports"
	identityports "vitrina/ports/identity"
)

// Config holds the settings of the service.
type Config struct {
	TokenTTL        time.Duration
	Throttle        identity.Throttle // per username and address
	AddressThrottle identity.Throttle // per address, across usernames
	DeviceThrottle  identity.Throttle // per username and trusted device (ADR 0025)
	// SessionIdle ends a panel session not used for longer (VITRINA_SESSION_IDLE; 0: none).
	SessionIdle time.Duration
	// ChallengeTTL is how long a sign-in waits for its two-factor code.
	ChallengeTTL time.Duration
}

// Client is who signs in: the address the request came from, and the device cookie it
// carried ("" when none).
type Client struct {
	Address string
	Device  string
	// UserAgent is the browser's User-Agent, kept with a new session for its owner's list.
	UserAgent string
}

// Operator is the person at the console (`vitrina user create`, the seed, the first admin):
// whoever runs the binary already holds every right.
var Operator = kernel.Principal{Username: "operator", Roles: []string{string(identity.RoleAdmin)}}

// actorOf is the principal as the domain's rules of who may do what see it.
func actorOf(p kernel.Principal) identity.Actor { return identity.NewActor(p.UserID, p.Roles) }

// LoginResult is the answer to a successful sign-in.
type LoginResult struct {
	Token     string
	ExpiresIn int64
	PartnerID *int64
	// Device is a new device cookie for the client that signed in (ADR 0025).
	Device string
	// MFARequired: the password was right and the account signs in with two factors; no
	// session yet, Challenge (valid ExpiresIn seconds) waits for the code (LoginMFA).
	MFARequired bool
	Challenge   string
	// EnrolmentRequired: the account's role requires two-factor and it has none; the
	// session opens only the enrolment calls until it is set up.
	EnrolmentRequired bool
}

// Service is the identity use cases.
type Service struct {
	cfg   Config
	users identityports.UserRepository
	list  ports.Lister[identityports.UserView]
	// partnerUsers is the users linked to a partner.
	partnerUsers ports.Lister[identityports.UserView]
	sessions     identityports.SessionStore
	attempts     identityports.LoginAttempts
	devices      identityports.DeviceCookies
	partners     identityports.PartnerDirectory
	hasher       ports.PasswordHasher
	tx           ports.TxManager
	clock        ports.Clock
	// perms says what roles may do, for the profile answer (the Casbin policy itself).
	perms ports.Permissions
	// audit records sign-ins, failed sign-ins and sign-outs (issue 21); the store mechanism
	// records the accounts' own changes.
	audit ports.AuditLog
	// mfa is two-factor sign-in and the sessions list (ADR 0037).
	mfa identityports.TwoFactor

	dummyMu sync.Mutex
	dummy   string

	policyMu     sync.Mutex
	cachedPolicy identity.MFAPolicy
	policyAt     time.Time
}

// NewService wires the identity use cases.
func NewService(cfg Config, users identityports.UserRepository, lists identityports.UserLists, sessions identityports.SessionStore,
	attempts identityports.LoginAttempts, devices identityports.DeviceCookies, partners identityports.PartnerDirectory,
	hasher ports.PasswordHasher, tx ports.TxManager, clock ports.Clock, perms ports.Permissions, log ports.AuditLog,
	mfa identityports.TwoFactor) *Service {
	if cfg.Throttle.Max == 0 {
		cfg.Throttle = identity.DefaultThrottle
	}
	if cfg.AddressThrottle.Max == 0 {
		cfg.AddressThrottle = identity.DefaultAddressThrottle
	}
	if cfg.DeviceThrottle.Max == 0 {
		cfg.DeviceThrottle = identity.DefaultDeviceThrottle
	}
	if cfg.ChallengeTTL == 0 {
		cfg.ChallengeTTL = DefaultChallengeTTL
	}
	return &Service{cfg: cfg, users: users, list: lists.Users, partnerUsers: lists.PartnerUsers, sessions: sessions, attempts: attempts,
		devices: devices, partners: partners, hasher: hasher, tx: tx, clock: clock, perms: perms, audit: log, mfa: mfa}
}

// HashToken is how tokens are stored: only their SHA-256, never the token itself.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// Login checks credentials and opens a panel session with an opaque 256-bit token. The
// attempt is counted before the password is checked (per username and address and per
// address, or per username and trusted device), so no burst checks more than the limits.
func (s *Service) Login(ctx context.Context, username, password string, from Client) (LoginResult, error) {
	if err := identity.ValidateSignIn(username, password); err != nil {
		return LoginResult{}, err
	}
	key := identity.NormalizeUsername(username)
	var u *identity.User
	clear, err := s.attempt(ctx, key, from, identity.ErrBadCredentials, func() (bool, error) {
		var err error
		u, err = s.users.GetByUsername(ctx, username)
		if err != nil && kernel.KindOf(err) != kernel.KindNotFound {
			return false, err
		}
		hash := ""
		if u != nil && u.CanSignIn() {
			hash = u.PasswordHash()
		}
		return s.verify(ctx, hash, password)
	})
	if err != nil {
		return LoginResult{}, s.failedSignIn(ctx, err, signInEvent(u, username))
	}
	on, err := s.mfa.Store.Enabled(ctx, u.ID())
	if err != nil {
		return LoginResult{}, err
	}
	if on { // the attempt stays counted until the code is right (LoginMFA clears it)
		return s.challenge(ctx, u)
	}
	if err := clear(); err != nil {
		return LoginResult{}, err
	}
	enrol, err := s.mustEnrol(ctx, u)
	if err != nil {
		return LoginResult{}, err
	}
	res, err := s.open(ctx, key, from, func(tokenHash string, expires time.Time) identity.Session {
		return identity.NewPanelSession(tokenHash, u.ID(), expires)
	}, u.PartnerID(), signInEvent(u, username))
	res.EnrolmentRequired = enrol
	return res, err
}

// signInEvent is a panel sign-in's event: the account, or for a username no account has,
// the system with the name typed (the failed attempt is still on record).
func signInEvent(u *identity.User, typed string) audit.Event {
	e := audit.Event{Resource: usersResource, Action: audit.ActionSignIn}
	if u == nil {
		e.Actor = audit.Actor{Kind: audit.ActorSystem, Name: clip(typed)}
		return e
	}
	e.Actor = audit.Actor{Kind: audit.ActorUser, ID: u.ID(), Name: u.Username()}
	e.RecordID = u.ID()
	return e
}

// usersResource is the audited resource of back-office accounts (their table).
const usersResource = "users"

// clip keeps a typed name within what an event holds.
func clip(s string) string {
	if r := []rune(s); len(r) > 100 {
		return string(r[:100])
	}
	return s
}

// failedSignIn records a refused sign-in (wrong password, unknown or inactive account) and
// answers err; other errors (throttled, busy) are answered as they are, unrecorded.
func (s *Service) failedSignIn(ctx context.Context, err error, e audit.Event) error {
	if !errors.Is(err, identity.ErrBadCredentials) {
		return err
	}
	e.Action = audit.ActionSignInFailed
	if rerr := s.audit.Record(ctx, e); rerr != nil {
		return rerr
	}
	return err
}

// AppLogin signs in to the partner app: a partner with its own id and app password, or a
// back-office user linked to a partner with the user's own password; either way the partner
// must be active, and so must the user. Every failure (no such partner or user, an inactive
// one, a partner without an app password, a user linked to no partner, a wrong password)
// answers the panel's one identity.ErrBadCredentials after the same password work, and
// counts toward the same throttles as a panel sign-in, before the password is checked: per
// key and address (a username's key is shared with the panel's sign-in) and per address, or
// per key and trusted device.
func (s *Service) AppLogin(ctx context.Context, in identity.AppSignIn, from Client) (LoginResult, error) {
	if err := in.Validate(); err != nil {
		return LoginResult{}, err
	}
	key := in.ThrottleKey()
	var partnerID, userID kernel.ID
	err := s.counted(ctx, key, from, identity.ErrBadCredentials, func() (bool, error) {
		hash := ""
		if in.ByPartner() {
			acct, err := s.appAccount(ctx, *in.PartnerID)
			if err != nil {
				return false, err
			}
			if acct.Active {
				partnerID, hash = kernel.ID(*in.PartnerID), acct.PasswordHash
			}
		} else {
			u, err := s.users.GetByUsername(ctx, in.Username)
			if err != nil && kernel.KindOf(err) != kernel.KindNotFound {
				return false, err
			}
			if u != nil && u.CanSignIn() && u.PartnerID() != nil {
				acct, err := s.appAccount(ctx, *u.PartnerID())
				if err != nil {
					return false, err
				}
				if acct.Active {
					partnerID, userID, hash = kernel.ID(*u.PartnerID()), u.ID(), u.PasswordHash()
				}
			}
		}
		return s.verify(ctx, hash, in.Password)
	})
	if err != nil {
		return LoginResult{}, s.failedSignIn(ctx, err, appSignInEvent(in, partnerID))
	}
	pid := int64(partnerID)
	return s.open(ctx, key, from, func(tokenHash string, expires time.Time) identity.Session {
		return identity.NewAppSession(tokenHash, partnerID, userID, expires)
	}, &pid, appSignInEvent(in, partnerID))
}

// appSignInEvent is a partner app sign-in's event, on the partner's record (its timeline):
// the partner acting under the account's name; for an account that is not known, the system
// with the name typed.
func appSignInEvent(in identity.AppSignIn, partnerID kernel.ID) audit.Event {
	name := in.Username
	if in.ByPartner() {
		name = "partner " + strconv.FormatInt(*in.PartnerID, 10)
	}
	e := audit.Event{Resource: audit.PartnersResource, Action: audit.ActionSignIn}
	if partnerID == 0 {
		e.Actor = audit.Actor{Kind: audit.ActorSystem, Name: clip(name)}
		if in.ByPartner() && *in.PartnerID > 0 {
			e.RecordID = kernel.ID(*in.PartnerID)
		}
		return e
	}
	e.Actor = audit.Actor{Kind: audit.ActorPartner, ID: partnerID, Name: clip(name)}
	e.RecordID = partnerID
	return e
}

// appAccount is the partner's standing in the app; an unknown partner is an inactive one
// without a password.
func (s *Service) appAccount(ctx context.Context, partnerID int64) (identityports.PartnerAccount, error) {
	acct, err := s.partners.AppAccount(ctx, partnerID)
	if kernel.KindOf(err) == kernel.KindNotFound {
		return identityports.PartnerAccount{}, nil
	}
	return acct, err
}

// counted runs check, the verification of a password for key, as one counted attempt of the
// client (ADR 0025). The attempt is reserved first, atomically in the store, and refused
// with identity.ErrThrottled when the limits are reached, so that concurrent guesses cannot
// all be checked before any is counted. It stays a failure unless check succeeds: a wrong
// password answers fail; a success clears the failures of the key from the client's source
// up to this attempt. A check that never ran to a verdict (a busy hasher, a lost database)
// releases its attempt, since nothing was learnt from it.
func (s *Service) counted(ctx context.Context, key string, from Client, fail error, check func() (bool, error)) error {
	clear, err := s.attempt(ctx, key, from, fail, check)
	if err != nil {
		return err
	}
	return clear()
}

// attempt is counted without the clearing: after a successful check the attempt stays
// counted until clear is called, so that a sign-in's first factor is not forgiven before
// its second (ADR 0037).
func (s *Service) attempt(ctx context.Context, key string, from Client, fail error, check func() (bool, error)) (clear func() error, err error) {
	rule, err := s.rule(ctx, key, from)
	if err != nil {
		return nil, err
	}
	id, err := s.attempts.Reserve(ctx, rule, s.clock.Now())
	if err != nil {
		return nil, err
	}
	ok, err := check()
	if err != nil {
		if rerr := s.attempts.Release(context.WithoutCancel(ctx), id); rerr != nil {
			return nil, errors.Join(err, rerr)
		}
		return nil, err
	}
	if !ok {
		return nil, fail
	}
	return func() error { return s.attempts.Clear(ctx, rule.Key, rule.Source, id) }, nil
}

// rule is what an attempt of key from the client counts against: with a device cookie
// issued to this account, the device's own limit; otherwise the limits per key and address
// and per address. A forged, tampered or another account's cookie earns nothing.
func (s *Service) rule(ctx context.Context, key string, from Client) (identity.AttemptRule, error) {
	if from.Device != "" && s.devices != nil {
		device, ok, err := s.devices.Device(ctx, from.Device, key)
		if err != nil {
			return identity.AttemptRule{}, err
		}
		if ok {
			return identity.AttemptRule{Key: key, Source: identity.DeviceSource(device), PerKey: s.cfg.DeviceThrottle}, nil
		}
	}
	return identity.AttemptRule{Key: key, Source: from.Address, PerKey: s.cfg.Throttle, PerSource: s.cfg.AddressThrottle}, nil
}

// verify tells whether password matches hash. With no hash (no such account, or one that
// may not sign in) it spends the same time on a dummy hash and answers false, so that
// timing does not tell which accounts exist; a busy hasher answers alike for both.
func (s *Service) verify(ctx context.Context, hash, password string) (bool, error) {
	if hash != "" {
		return s.hasher.Verify(ctx, hash, password)
	}
	dummy, err := s.dummyHash(ctx)
	if err == nil {
		_, err = s.hasher.Verify(ctx, dummy, password)
	}
	if kernel.KindOf(err) == kernel.KindThrottled {
		return false, err
	}
	return false, nil
}

// open starts the session session builds around a new token, gives the client a device
// cookie for the account (key) and answers the sign-in.
func (s *Service) open(ctx context.Context, key string, from Client, session func(tokenHash string, expires time.Time) identity.Session,
	partnerID *int64, signedIn audit.Event) (LoginResult, error) {
	token, err := newToken()
	if err != nil {
		return LoginResult{}, err
	}
	res := LoginResult{Token: token, ExpiresIn: int64(s.cfg.TokenTTL / time.Second), PartnerID: partnerID}
	if s.devices != nil {
		if res.Device, err = s.devices.Issue(ctx, key); err != nil {
			return LoginResult{}, err
		}
	}
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		now := s.clock.Now()
		sess := session(HashToken(token), now.Add(s.cfg.TokenTTL)).From(from.Address, from.UserAgent)
		sess.LastUsedAt = now
		if err := s.sessions.Create(ctx, sess); err != nil {
			return err
		}
		return s.audit.Record(ctx, signedIn)
	})
	if err != nil {
		return LoginResult{}, err
	}
	return res, nil
}

// dummyHash is made once; a failure (a busy server) is retried on the next sign-in rather than kept.
func (s *Service) dummyHash(ctx context.Context) (string, error) {
	s.dummyMu.Lock()
	defer s.dummyMu.Unlock()
	if s.dummy == "" {
		h, err := s.hasher.Hash(ctx, "not a password of anyone")
		if err != nil {
			return "", err
		}
		s.dummy = h
	}
	return s.dummy, nil
}

func newToken() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("token: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// Authenticate resolves a bearer token to its principal; expired, revoked or unknown
// tokens, deactivated users and, for app sessions, a deactivated partner or a user no
// longer linked to it are identity.ErrNoSession.
func (s *Service) Authenticate(ctx context.Context, token string) (kernel.Principal, error) {
	if token == "" {
		return kernel.Principal{}, identity.ErrNoSession
	}
	hash := HashToken(token)
	sess, err := s.sessions.Find(ctx, hash)
	if kernel.KindOf(err) == kernel.KindNotFound {
		return kernel.Principal{}, identity.ErrNoSession
	}
	if err != nil {
		return kernel.Principal{}, err
	}
	now := s.clock.Now()
	if sess.Expired(now) || !sess.Whole() {
		return kernel.Principal{}, identity.ErrNoSession
	}
	if !sess.IsApp() {
		if identity.Idle(sess.LastUsedAt, s.cfg.SessionIdle, now) {
			return kernel.Principal{}, identity.ErrNoSession
		}
		if now.Sub(sess.LastUsedAt) >= touchEvery {
			if err := s.mfa.Sessions.Touch(ctx, hash, now, now.Add(-touchEvery)); err != nil {
				return kernel.Principal{}, err
			}
		}
	}
	var u *identity.User
	if sess.UserID != 0 {
		if u, err = s.users.Get(ctx, sess.UserID); kernel.KindOf(err) == kernel.KindNotFound {
			return kernel.Principal{}, identity.ErrNoSession
		} else if err != nil {
			return kernel.Principal{}, err
		}
		if !u.CanSignIn() {
			return kernel.Principal{}, identity.ErrNoSession
		}
	}
	if sess.IsApp() {
		return s.appPrincipal(ctx, sess, u)
	}
	roles := make([]string, 0, len(u.Roles()))
	for _, r := range u.Roles() {
		roles = append(roles, string(r))
	}
	enrol, err := s.mustEnrol(ctx, u)
	if err != nil {
		return kernel.Principal{}, err
	}
	return kernel.Principal{Session: kernel.PanelSession, UserID: u.ID(), Username: u.Username(), Roles: roles,
		PartnerID: u.PartnerID(), TokenHash: hash, MFAEnrolment: enrol}, nil
}

// touchEvery is how often a session's last use is written: once a minute of use, not at
// every request; the idle limit is kept to within it.
const touchEvery = time.Minute

// appPrincipal is the caller of an app session: its partner must still be active, and the
// user who signed in for it, if one did, still linked to it.
func (s *Service) appPrincipal(ctx context.Context, sess identity.Session, u *identity.User) (kernel.Principal, error) {
	pid := int64(sess.PartnerID)
	acct, err := s.appAccount(ctx, pid)
	if err != nil {
		return kernel.Principal{}, err
	}
	if !acct.Active {
		return kernel.Principal{}, identity.ErrNoSession
	}
	p := kernel.Principal{Session: kernel.AppSession, PartnerID: &pid, TokenHash: sess.TokenHash}
	if u != nil {
		if linked := u.PartnerID(); linked == nil || *linked != pid {
			return kernel.Principal{}, identity.ErrNoSession
		}
		p.UserID, p.Username = u.ID(), u.Username()
	}
	return p, nil
}

// Logout revokes the caller's token.
func (s *Service) Logout(ctx context.Context, p kernel.Principal) error {
	e := audit.Event{Resource: usersResource, RecordID: p.UserID, Action: audit.ActionSignOut}
	if pid, ok := p.AppPartner(); ok {
		e.Resource, e.RecordID = audit.PartnersResource, pid
	}
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.sessions.Revoke(ctx, p.TokenHash); err != nil {
			return err
		}
		return s.audit.Record(ctx, e)
	})
}

// Me is the caller's own account.
func (s *Service) Me(ctx context.Context, p kernel.Principal) (identityports.UserView, error) {
	return s.list.Find(ctx, p.UserID)
}

// Permissions is what the caller's roles may do, by resource (read, write, pick), so that
// the panel shows only the screens, cards and buttons the caller may use; the server still
// checks every call.
func (s *Service) Permissions(p kernel.Principal) (map[string][]string, error) {
	return s.perms.Permissions(p.Roles)
}

// UpdateOwn changes the caller's name, username and, when typed, password, on the account
// as loaded at version. A new password needs the current one (a wrong one counts as a failed
// sign-in from address) and revokes the caller's other sessions; the current one stays valid.
func (s *Service) UpdateOwn(ctx context.Context, p kernel.Principal, version kernel.Version, in identity.ProfileInput, address string) (identityports.UserView, error) {
	if err := in.Validate(); err != nil {
		return identityports.UserView{}, err
	}
	if in.ChangesPassword() {
		if err := s.checkCurrentPassword(ctx, p, in.CurrentPassword, address); err != nil {
			return identityports.UserView{}, err
		}
	}
	hash, err := s.hashIfTyped(ctx, in.Password)
	if err != nil {
		return identityports.UserView{}, err
	}
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.checkUsernameFree(ctx, in.Username, p.UserID); err != nil {
			return err
		}
		if _, err := s.users.Update(ctx, p.UserID, version, func(u *identity.User) error {
			return u.UpdateProfile(in, hash, s.clock.Now())
		}); err != nil {
			return err
		}
		if hash != "" {
			return s.sessions.RevokeUser(ctx, p.UserID, p.TokenHash)
		}
		return nil
	})
	if err != nil {
		return identityports.UserView{}, err
	}
	return s.list.Find(ctx, p.UserID)
}

// checkCurrentPassword proves that whoever changes the password knows the old one; guesses
// count as sign-in attempts of the account from the address, so a stolen session cannot try
// passwords without limit.
func (s *Service) checkCurrentPassword(ctx context.Context, p kernel.Principal, current, address string) error {
	key := identity.NormalizeUsername(p.Username)
	return s.counted(ctx, key, Client{Address: address}, identity.ErrWrongCurrentPassword, func() (bool, error) {
		if current == "" { // nothing to check: refused without counting
			return false, identity.ErrWrongCurrentPassword
		}
		u, err := s.users.Get(ctx, p.UserID)
		if err != nil {
			return false, err
		}
		return s.hasher.Verify(ctx, u.PasswordHash(), current)
	})
}

// Users is the users screen's list.
func (s *Service) Users() ports.Lister[identityports.UserView] { return s.list }

// PartnerUsers is the list of the users linked to a partner.
func (s *Service) PartnerUsers() ports.Lister[identityports.UserView] { return s.partnerUsers }

// CreateUser adds a back-office user on behalf of p, who may grant only roles it holds.
func (s *Service) CreateUser(ctx context.Context, p kernel.Principal, in identity.UserInput) (identityports.UserView, error) {
	if err := in.Validate(true); err != nil {
		return identityports.UserView{}, err
	}
	if err := actorOf(p).MayCreate(in); err != nil {
		return identityports.UserView{}, err
	}
	hash, err := s.hasher.Hash(ctx, in.Password)
	if err != nil {
		return identityports.UserView{}, err
	}
	var id kernel.ID
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.checkReferences(ctx, in, 0); err != nil {
			return err
		}
		u, err := identity.NewUser(in, hash, s.clock.Now())
		if err != nil {
			return err
		}
		if err := s.users.Add(ctx, u); err != nil {
			return err
		}
		id = u.ID()
		return nil
	})
	if err != nil {
		return identityports.UserView{}, err
	}
	return s.list.Find(ctx, id)
}

// UpdateUser edits a user loaded at version on behalf of p: only an admin touches an admin
// account, p adds only roles it holds, and the last panel admin stays one. A typed password
// replaces the old one and ends the user's sessions.
func (s *Service) UpdateUser(ctx context.Context, p kernel.Principal, id kernel.ID, version kernel.Version, in identity.UserInput) (identityports.UserView, error) {
	if err := in.Validate(false); err != nil {
		return identityports.UserView{}, err
	}
	actor := actorOf(p)
	// Checked before the costly hash too; the transaction below checks again on what it locks.
	target, err := s.users.Get(ctx, id)
	if err != nil {
		return identityports.UserView{}, err
	}
	if err := actor.MayEdit(target, in); err != nil {
		return identityports.UserView{}, err
	}
	hash, err := s.hashIfTyped(ctx, in.Password)
	if err != nil {
		return identityports.UserView{}, err
	}
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		others, err := s.users.PanelAdmins(ctx, id)
		if err != nil {
			return err
		}
		if err := s.checkReferences(ctx, in, id); err != nil {
			return err
		}
		if _, err := s.users.Update(ctx, id, version, func(u *identity.User) error {
			if err := actor.MayEdit(u, in); err != nil {
				return err
			}
			was := u.AdministersPanel()
			if err := u.Edit(in, hash, s.clock.Now()); err != nil {
				return err
			}
			return identity.KeepsAnAdmin(was, u, others)
		}); err != nil {
			return err
		}
		if hash != "" {
			return s.sessions.RevokeUser(ctx, id, "")
		}
		return nil
	})
	if err != nil {
		return identityports.UserView{}, err
	}
	return s.list.Find(ctx, id)
}

// ToggleUser deactivates or reactivates a user; deactivation ends all of their sessions.
// Nobody may deactivate themselves, only an admin toggles an admin, and the last panel admin
// stays active.
func (s *Service) ToggleUser(ctx context.Context, p kernel.Principal, id kernel.ID) (bool, error) {
	if id == p.UserID {
		return false, kernel.NewError(kernel.KindForbidden, "self-deactivation", "You cannot deactivate your own account.")
	}
	var active bool
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		others, err := s.users.PanelAdmins(ctx, id)
		if err != nil {
			return err
		}
		u, err := s.users.Update(ctx, id, kernel.AnyVersion, func(u *identity.User) error {
			if err := actorOf(p).MayManage(u); err != nil {
				return err
			}
			was := u.AdministersPanel()
			u.ToggleActive(s.clock.Now())
			return identity.KeepsAnAdmin(was, u, others)
		})
		if err != nil {
			return err
		}
		active = u.IsActive()
		if !active {
			return s.sessions.RevokeUser(ctx, id, "")
		}
		return nil
	})
	return active, err
}

// Roles lists the assignable roles.
func (s *Service) Roles() []string {
	out := []string{}
	for _, r := range identity.Roles() {
		out = append(out, string(r))
	}
	return out
}

// EnsureAdmin creates an admin with the given credentials when no user exists yet.
// It reports whether it created one.
func (s *Service) EnsureAdmin(ctx context.Context, username, password string) (bool, error) {
	n, err := s.users.Count(ctx)
	if err != nil || n > 0 {
		return false, err
	}
	_, err = s.CreateUser(ctx, Operator, identity.UserInput{Name: "Administrator", Username: username, Password: password,
		Roles: []string{string(identity.RoleAdmin)}})
	return err == nil, err
}

// PurgeExpiredSessions deletes sessions whose expiry has passed, panel sessions idle
// longer than the limit and the sign-ins that waited for a code too long.
func (s *Service) PurgeExpiredSessions(ctx context.Context) error {
	now := s.clock.Now()
	if err := s.sessions.PurgeExpired(ctx, now); err != nil {
		return err
	}
	if s.cfg.SessionIdle > 0 {
		if err := s.mfa.Sessions.PurgeIdle(ctx, now.Add(-s.cfg.SessionIdle)); err != nil {
			return err
		}
	}
	return s.mfa.Store.PurgeChallenges(ctx, now)
}

func (s *Service) hashIfTyped(ctx context.Context, password string) (string, error) {
	if password == "" {
		return "", nil
	}
	return s.hasher.Hash(ctx, password)
}

func (s *Service) checkUsernameFree(ctx context.Context, username string, except kernel.ID) error {
	taken, err := s.users.UsernameTaken(ctx, username, except)
	if err != nil {
		return err
	}
	if taken {
		return identity.ErrUsernameTaken
	}
	return nil
}

func (s *Service) checkReferences(ctx context.Context, in identity.UserInput, except kernel.ID) error {
	var v kernel.Validation
	if err := s.checkUsernameFree(ctx, in.Username, except); err != nil {
		if v.Merge(err) != nil {
			return err
		}
	}
	if in.PartnerID != nil {
		ok, err := s.partners.PartnerExists(ctx, *in.PartnerID)
		if err != nil {
			return err
		}
		if !ok {
			v.Merge(identity.ErrUnknownPartner)
		}
	}
	return v.Err()
}
