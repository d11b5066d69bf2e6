package identity

import (
	"context"
	"crypto/rand"
	"errors"
	"slices"
	"strings"
	"time"

	"vitrina/domain/audit"
	"vitrina/domain/identity"
	"vitrina/domain/kernel"
)

// Two-factor sign-in (issue 23, ADR 0037): enrolment, the sign-in's second step, turning it
// off, an admin's reset and the policy of which roles must use it.

// DefaultChallengeTTL is how long a sign-in waits for its code after the password.
const DefaultChallengeTTL = 5 * time.Minute

// policyFresh is how long a read policy is used before it is read again: a change made
// through another replica applies within it; one made through this one at once.
const policyFresh = time.Second

// twoFactorField is the change an enrolment, a turning off or a reset records on the account.
const twoFactorField = "two_factor"

// Enrolment is a secret being set up: in base32 for typing, and as the key URI of the QR code.
type Enrolment struct {
	Secret     string
	OTPAuthURL string
}

// MFAStatus is what the own profile says of two-factor sign-in.
type MFAStatus struct {
	Enabled  bool
	Required bool
}

// policy is the two-factor policy, read at most once per policyFresh.
func (s *Service) policy(ctx context.Context) (identity.MFAPolicy, error) {
	now := s.clock.Now()
	s.policyMu.Lock()
	defer s.policyMu.Unlock()
	if !s.policyAt.IsZero() && now.Sub(s.policyAt) < policyFresh && !now.Before(s.policyAt) {
		return s.cachedPolicy, nil
	}
	roles, _, _, err := s.mfa.Store.Policy(ctx)
	if err != nil {
		return identity.MFAPolicy{}, err
	}
	p, err := identity.ParseMFAPolicy(roles)
	if err != nil {
		return identity.MFAPolicy{}, err
	}
	s.cachedPolicy, s.policyAt = p, now
	return p, nil
}

// StartPolicy stores the starting policy (VITRINA_MFA_REQUIRED_ROLES) when none is stored
// yet, and refuses to start when two-factor is in use, by the policy or by any account,
// without the key that opens the secrets.
func (s *Service) StartPolicy(ctx context.Context, roles []string) error {
	if _, err := identity.ParseMFAPolicy(roles); err != nil {
		return errors.New("VITRINA_MFA_REQUIRED_ROLES names a role that does not exist")
	}
	if len(roles) > 0 {
		if err := s.mfa.Store.SeedPolicy(ctx, roles, s.clock.Now()); err != nil {
			return err
		}
	}
	if s.mfa.Box.Configured() {
		return nil
	}
	p, err := s.policy(ctx)
	if err != nil {
		return err
	}
	if len(p.Roles) > 0 {
		return errors.New("two-factor sign-in is required for some roles, so VITRINA_SECRET_KEY must be set (64 hex digits; openssl rand -hex 32)")
	}
	any, err := s.mfa.Store.AnyEnabled(ctx)
	if err != nil {
		return err
	}
	if any {
		return errors.New("some accounts sign in with two-factor, so VITRINA_SECRET_KEY must be set to the key their secrets were sealed with")
	}
	return nil
}

// MFAStatus says whether the caller has two-factor on and whether the roles require it.
func (s *Service) MFAStatus(ctx context.Context, p kernel.Principal) (MFAStatus, error) {
	on, err := s.mfa.Store.Enabled(ctx, p.UserID)
	if err != nil {
		return MFAStatus{}, err
	}
	pol, err := s.policy(ctx)
	if err != nil {
		return MFAStatus{}, err
	}
	return MFAStatus{Enabled: on, Required: pol.Requires(p.Roles)}, nil
}

// mustEnrol tells whether the user's roles require two-factor and the user has none.
func (s *Service) mustEnrol(ctx context.Context, u *identity.User) (bool, error) {
	pol, err := s.policy(ctx)
	if err != nil || len(pol.Roles) == 0 {
		return false, err
	}
	roles := make([]string, 0, len(u.Roles()))
	for _, r := range u.Roles() {
		roles = append(roles, string(r))
	}
	if !pol.Requires(roles) {
		return false, nil
	}
	on, err := s.mfa.Store.Enabled(ctx, u.ID())
	return !on, err
}

// EnrolMFA starts setting up two-factor for the caller: a new secret, kept sealed as
// pending until a code from it confirms it. Starting again replaces the pending secret.
func (s *Service) EnrolMFA(ctx context.Context, p kernel.Principal) (Enrolment, error) {
	if !s.mfa.Box.Configured() {
		return Enrolment{}, identity.ErrNoMFAKey
	}
	st, err := s.mfa.Store.State(ctx, p.UserID)
	if err != nil {
		return Enrolment{}, err
	}
	if st.Enabled {
		return Enrolment{}, identity.ErrMFAAlreadyOn
	}
	secret := make([]byte, identity.TOTPSecretBytes)
	if _, err := rand.Read(secret); err != nil {
		return Enrolment{}, err
	}
	sealed, err := s.mfa.Box.Seal(secret)
	if err != nil {
		return Enrolment{}, err
	}
	if err := s.mfa.Store.SetPending(ctx, p.UserID, sealed); err != nil {
		return Enrolment{}, err
	}
	return Enrolment{Secret: identity.EncodeSecret(secret), OTPAuthURL: identity.OTPAuthURL(p.Username, secret)}, nil
}

// ConfirmMFA turns two-factor on with the pending secret when code is one of its codes, and
// answers ten new recovery codes, shown this once: only their keyed hashes are kept.
func (s *Service) ConfirmMFA(ctx context.Context, p kernel.Principal, code string) ([]string, error) {
	st, err := s.mfa.Store.State(ctx, p.UserID)
	if err != nil {
		return nil, err
	}
	if st.Enabled {
		return nil, identity.ErrMFAAlreadyOn
	}
	if st.Pending == "" {
		return nil, identity.ErrMFANotPending
	}
	secret, err := s.mfa.Box.Open(st.Pending)
	if err != nil {
		return nil, err
	}
	step, ok := identity.MatchTOTP(secret, code, s.clock.Now(), 0)
	if !ok {
		return nil, identity.ErrBadCode
	}
	codes := make([]string, identity.RecoveryCodes)
	hashes := make([]string, identity.RecoveryCodes)
	for i := range codes {
		b := make([]byte, 10)
		if _, err := rand.Read(b); err != nil {
			return nil, err
		}
		codes[i] = identity.NewRecoveryCode(b)
		hashes[i] = s.mfa.Box.MAC(identity.NormalizeRecoveryCode(codes[i]))
	}
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		ok, err := s.mfa.Store.Enable(ctx, p.UserID, st.Pending, step, hashes, s.clock.Now())
		if err != nil {
			return err
		}
		if !ok { // another enrolment replaced the secret, or another tab confirmed it
			return identity.ErrMFANotPending
		}
		return s.audit.Record(ctx, twoFactorEvent(p.UserID, false))
	})
	if err != nil {
		return nil, err
	}
	return codes, nil
}

// twoFactorEvent records two-factor turned on (was false) or off on the account id.
func twoFactorEvent(id kernel.ID, was bool) audit.Event {
	off, on := "off", "on"
	from, to := &off, &on
	if was {
		from, to = &on, &off
	}
	return audit.Event{Resource: usersResource, RecordID: id, Action: audit.ActionEdit,
		Changes: []audit.Change{{Field: twoFactorField, From: from, To: to}}}
}

// DisableMFA turns the caller's two-factor off, proven by a current code (or a recovery
// code) or the password; guesses count as failed sign-ins. A role that requires two-factor
// may not turn it off.
func (s *Service) DisableMFA(ctx context.Context, p kernel.Principal, code, password string, from Client) error {
	pol, err := s.policy(ctx)
	if err != nil {
		return err
	}
	if pol.Requires(p.Roles) {
		return identity.ErrMFARequiredByRole
	}
	on, err := s.mfa.Store.Enabled(ctx, p.UserID)
	if err != nil {
		return err
	}
	if !on {
		return identity.ErrMFAOff
	}
	key := identity.NormalizeUsername(p.Username)
	switch {
	case code != "":
		err = s.counted(ctx, key, from, identity.ErrBadCode, func() (bool, error) { return s.checkCode(ctx, p.UserID, code) })
	case password != "":
		err = s.counted(ctx, key, from, identity.ErrWrongPassword, func() (bool, error) {
			u, err := s.users.Get(ctx, p.UserID)
			if err != nil {
				return false, err
			}
			return s.hasher.Verify(ctx, u.PasswordHash(), password)
		})
	default:
		err = identity.ErrCodeOrPassword
	}
	if err != nil {
		return err
	}
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		was, err := s.mfa.Store.Disable(ctx, p.UserID)
		if err != nil || !was {
			return err
		}
		return s.audit.Record(ctx, twoFactorEvent(p.UserID, true))
	})
}

// errResetOwn answers an admin resetting their own two-factor through the admin's call.
var errResetOwn = kernel.NewError(kernel.KindForbidden, "mfa-reset-own", "Turn off your own two-factor sign-in from your profile.")

// ResetMFA turns another user's two-factor off (an admin's action: the route's rule) and
// ends that user's sessions, so that whoever held them signs in again.
func (s *Service) ResetMFA(ctx context.Context, p kernel.Principal, id kernel.ID) error {
	if id == p.UserID {
		return errResetOwn
	}
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		was, err := s.mfa.Store.Disable(ctx, id)
		if err != nil {
			return err
		}
		if !was {
			return identity.ErrMFAOff
		}
		if err := s.sessions.RevokeUser(ctx, id, ""); err != nil {
			return err
		}
		return s.audit.Record(ctx, twoFactorEvent(id, true))
	})
}

// checkCode tells whether code is a current TOTP code of the user's secret not used before,
// or one of the user's unused recovery codes; either is spent by the check.
func (s *Service) checkCode(ctx context.Context, userID kernel.ID, code string) (bool, error) {
	st, err := s.mfa.Store.State(ctx, userID)
	if err != nil || !st.Enabled {
		return false, err
	}
	if !s.mfa.Box.Configured() {
		return false, identity.ErrNoMFAKey
	}
	if identity.IsTOTPCode(code) {
		secret, err := s.mfa.Box.Open(st.Secret)
		if err != nil {
			return false, err
		}
		step, ok := identity.MatchTOTP(secret, code, s.clock.Now(), st.LastStep)
		if !ok {
			return false, nil
		}
		return s.mfa.Store.UseStep(ctx, userID, step)
	}
	n := identity.NormalizeRecoveryCode(code)
	if n == "" {
		return false, nil
	}
	return s.mfa.Store.UseRecoveryCode(ctx, userID, s.mfa.Box.MAC(n), s.clock.Now())
}

// LoginMFA completes a sign-in that waits for its code: a TOTP code or a recovery code,
// counted against the same limits as passwords (the password's attempt is still counted
// until this step succeeds, so re-typing the password does not buy more guesses).
func (s *Service) LoginMFA(ctx context.Context, challenge, code string, from Client) (LoginResult, error) {
	var v kernel.Validation
	v.Required("challenge", challenge)
	v.Required("code", code)
	if err := v.Err(); err != nil {
		return LoginResult{}, err
	}
	hash := HashToken(challenge)
	uid, err := s.mfa.Store.Challenge(ctx, hash, s.clock.Now())
	if kernel.KindOf(err) == kernel.KindNotFound {
		return LoginResult{}, identity.ErrChallengeExpired
	}
	if err != nil {
		return LoginResult{}, err
	}
	u, err := s.users.Get(ctx, uid)
	if kernel.KindOf(err) == kernel.KindNotFound {
		return LoginResult{}, identity.ErrChallengeExpired
	}
	if err != nil {
		return LoginResult{}, err
	}
	if !u.CanSignIn() {
		return LoginResult{}, identity.ErrChallengeExpired
	}
	key := identity.NormalizeUsername(u.Username())
	err = s.counted(ctx, key, from, identity.ErrBadCode, func() (bool, error) { return s.checkCode(ctx, uid, code) })
	if err != nil {
		if errors.Is(err, identity.ErrBadCode) {
			e := signInEvent(u, u.Username())
			e.Action = audit.ActionSignInFailed
			if rerr := s.audit.Record(ctx, e); rerr != nil {
				return LoginResult{}, rerr
			}
		}
		return LoginResult{}, err
	}
	if err := s.mfa.Store.EndChallenge(ctx, hash); err != nil {
		return LoginResult{}, err
	}
	return s.open(ctx, key, from, func(tokenHash string, expires time.Time) identity.Session {
		return identity.NewPanelSession(tokenHash, u.ID(), expires)
	}, u.PartnerID(), signInEvent(u, u.Username()))
}

// challenge starts a sign-in's second step for u.
func (s *Service) challenge(ctx context.Context, u *identity.User) (LoginResult, error) {
	c, err := newToken()
	if err != nil {
		return LoginResult{}, err
	}
	if err := s.mfa.Store.CreateChallenge(ctx, HashToken(c), u.ID(), s.clock.Now().Add(s.cfg.ChallengeTTL)); err != nil {
		return LoginResult{}, err
	}
	return LoginResult{MFARequired: true, Challenge: c, ExpiresIn: int64(s.cfg.ChallengeTTL / time.Second)}, nil
}

// SecurityPolicy is the roles that must use two-factor sign-in, as stored now, and the
// setting's version.
func (s *Service) SecurityPolicy(ctx context.Context) ([]string, kernel.Version, error) {
	roles, version, _, err := s.mfa.Store.Policy(ctx)
	if err != nil {
		return nil, 0, err
	}
	p, err := identity.ParseMFAPolicy(roles)
	return p.Names(), version, err
}

// errPolicyNeedsKey answers a policy that requires two-factor on a server without the key.
var errPolicyNeedsKey = kernel.FieldError("mfa_required_roles", "Two-factor sign-in needs VITRINA_SECRET_KEY to be set on the server.")

// SetSecurityPolicy changes the roles that must use two-factor sign-in (an admin's action:
// the route's rule) over the version the admin loaded, on record.
func (s *Service) SetSecurityPolicy(ctx context.Context, roles []string, version kernel.Version) ([]string, kernel.Version, error) {
	pol, err := identity.ParseMFAPolicy(roles)
	if err != nil {
		return nil, 0, err
	}
	if len(pol.Roles) > 0 && !s.mfa.Box.Configured() {
		return nil, 0, errPolicyNeedsKey
	}
	var next kernel.Version
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		was, _, err := s.SecurityPolicy(ctx)
		if err != nil {
			return err
		}
		if next, err = s.mfa.Store.SetPolicy(ctx, pol.Names(), version, s.clock.Now()); err != nil {
			return err
		}
		if slices.Equal(was, pol.Names()) {
			return nil
		}
		from, to := strings.Join(was, ", "), strings.Join(pol.Names(), ", ")
		return s.audit.Record(ctx, audit.Event{Resource: settingsResource, Action: audit.ActionEdit,
			Changes: []audit.Change{{Field: "mfa_required_roles", From: &from, To: &to}}})
	})
	if err != nil {
		return nil, 0, err
	}
	s.ForgetPolicy() // this replica applies the change at once; the others when notified
	return pol.Names(), next, nil
}

// ForgetPolicy drops the policy read last, so that the next request reads it anew: a
// replica calls it when another one notifies a change of the settings (ADR 0040).
func (s *Service) ForgetPolicy() {
	s.policyMu.Lock()
	s.policyAt = time.Time{}
	s.policyMu.Unlock()
}

// settingsResource is the audited resource of the panel's settings.
const settingsResource = "settings"
