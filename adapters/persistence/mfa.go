package persistence

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"github.com/uptrace/bun"

	"vitrina/domain/kernel"
	identityports "vitrina/ports/identity"
)

type userMFARow struct {
	bun.BaseModel `bun:"table:user_mfa,alias:m"`

	UserID    int64      `bun:"user_id,pk"`
	Secret    *string    `bun:"secret"`
	Pending   *string    `bun:"pending"`
	EnabledAt *time.Time `bun:"enabled_at"`
	LastStep  int64      `bun:"last_step"`
}

type recoveryCodeRow struct {
	bun.BaseModel `bun:"table:mfa_recovery_codes,alias:rc"`

	UserID   int64      `bun:"user_id,pk"`
	CodeHash string     `bun:"code_hash,pk"`
	UsedAt   *time.Time `bun:"used_at"`
}

type challengeRow struct {
	bun.BaseModel `bun:"table:mfa_challenges,alias:ch"`

	ChallengeHash string    `bun:"challenge_hash,pk"`
	UserID        int64     `bun:"user_id"`
	ExpiresAt     time.Time `bun:"expires_at"`
}

type settingRow struct {
	bun.BaseModel `bun:"table:settings,alias:st"`

	Name      string    `bun:"name,pk"`
	Value     string    `bun:"value"`
	Version   int64     `bun:"version"`
	UpdatedAt time.Time `bun:"updated_at"`
}

// MFA keeps the users' second factors, their recovery codes, the sign-ins waiting for a
// code and the two-factor policy (ADR 0037).
type MFA struct{ db *bun.DB }

// NewMFA returns the two-factor store of db.
func NewMFA(db *bun.DB) *MFA { return &MFA{db: db} }

var _ identityports.MFAStore = (*MFA)(nil)

// State is the user's second factor.
func (s *MFA) State(ctx context.Context, userID kernel.ID) (identityports.MFAState, error) {
	var row userMFARow
	err := conn(ctx, s.db).NewSelect().Model(&row).Where("m.user_id = ?", int64(userID)).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return identityports.MFAState{}, nil
	}
	if err != nil {
		return identityports.MFAState{}, err
	}
	st := identityports.MFAState{Enabled: row.EnabledAt != nil && row.Secret != nil, LastStep: row.LastStep}
	if row.Secret != nil {
		st.Secret = *row.Secret
	}
	if row.Pending != nil {
		st.Pending = *row.Pending
	}
	return st, nil
}

// SetPending stores the secret being set up.
func (s *MFA) SetPending(ctx context.Context, userID kernel.ID, sealed string) error {
	_, err := conn(ctx, s.db).NewInsert().Model(&userMFARow{UserID: int64(userID), Pending: &sealed}).
		On("CONFLICT (user_id) DO UPDATE").Set("pending = EXCLUDED.pending").Exec(ctx)
	return err
}

// Enable makes the pending secret (still sealed as read) the user's and stores the codes.
func (s *MFA) Enable(ctx context.Context, userID kernel.ID, sealed string, step int64, codeHashes []string, now time.Time) (bool, error) {
	ok := false
	err := NewTxManager(s.db).WithinTx(ctx, func(ctx context.Context) error {
		db := conn(ctx, s.db)
		res, err := db.NewUpdate().Model((*userMFARow)(nil)).
			Set("secret = pending").Set("pending = NULL").Set("enabled_at = ?", now.UTC()).Set("last_step = ?", step).
			Where("user_id = ?", int64(userID)).Where("pending = ?", sealed).Where("enabled_at IS NULL").Exec(ctx)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err
		}
		if _, err := db.NewDelete().Model((*recoveryCodeRow)(nil)).Where("user_id = ?", int64(userID)).Exec(ctx); err != nil {
			return err
		}
		rows := make([]recoveryCodeRow, 0, len(codeHashes))
		for _, h := range codeHashes {
			rows = append(rows, recoveryCodeRow{UserID: int64(userID), CodeHash: h})
		}
		if _, err := db.NewInsert().Model(&rows).Exec(ctx); err != nil {
			return err
		}
		ok = true
		return nil
	})
	return ok, err
}

// Disable removes the user's second factor and recovery codes.
func (s *MFA) Disable(ctx context.Context, userID kernel.ID) (bool, error) {
	was := false
	err := NewTxManager(s.db).WithinTx(ctx, func(ctx context.Context) error {
		db := conn(ctx, s.db)
		res, err := db.NewDelete().Model((*userMFARow)(nil)).Where("user_id = ?", int64(userID)).Where("enabled_at IS NOT NULL").Exec(ctx)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		was = n > 0
		if _, err := db.NewDelete().Model((*userMFARow)(nil)).Where("user_id = ?", int64(userID)).Exec(ctx); err != nil {
			return err
		}
		_, err = db.NewDelete().Model((*recoveryCodeRow)(nil)).Where("user_id = ?", int64(userID)).Exec(ctx)
		return err
	})
	return was, err
}

// UseStep moves the last accepted step forward to step, only forward: one statement, so
// that two replicas checking the same code cannot both accept it.
func (s *MFA) UseStep(ctx context.Context, userID kernel.ID, step int64) (bool, error) {
	res, err := conn(ctx, s.db).NewUpdate().Model((*userMFARow)(nil)).Set("last_step = ?", step).
		Where("user_id = ?", int64(userID)).Where("enabled_at IS NOT NULL").Where("last_step < ?", step).Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// UseRecoveryCode spends one unused recovery code, in one statement.
func (s *MFA) UseRecoveryCode(ctx context.Context, userID kernel.ID, codeHash string, now time.Time) (bool, error) {
	res, err := conn(ctx, s.db).NewUpdate().Model((*recoveryCodeRow)(nil)).Set("used_at = ?", now.UTC()).
		Where("user_id = ?", int64(userID)).Where("code_hash = ?", codeHash).Where("used_at IS NULL").Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Enabled tells whether the user has two-factor on.
func (s *MFA) Enabled(ctx context.Context, userID kernel.ID) (bool, error) {
	return conn(ctx, s.db).NewSelect().Model((*userMFARow)(nil)).Where("m.user_id = ?", int64(userID)).
		Where("m.enabled_at IS NOT NULL").Exists(ctx)
}

// AnyEnabled tells whether any account has two-factor on.
func (s *MFA) AnyEnabled(ctx context.Context) (bool, error) {
	return conn(ctx, s.db).NewSelect().Model((*userMFARow)(nil)).Where("m.enabled_at IS NOT NULL").Exists(ctx)
}

// CreateChallenge stores a sign-in's second step.
func (s *MFA) CreateChallenge(ctx context.Context, hash string, userID kernel.ID, expires time.Time) error {
	_, err := conn(ctx, s.db).NewInsert().Model(&challengeRow{ChallengeHash: hash, UserID: int64(userID), ExpiresAt: expires.UTC()}).Exec(ctx)
	return err
}

// Challenge is the user an unexpired challenge waits for.
func (s *MFA) Challenge(ctx context.Context, hash string, now time.Time) (kernel.ID, error) {
	var row challengeRow
	err := conn(ctx, s.db).NewSelect().Model(&row).Where("ch.challenge_hash = ?", hash).Where("ch.expires_at > ?", now.UTC()).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, kernel.NotFound("challenge")
	}
	return kernel.ID(row.UserID), err
}

// EndChallenge deletes a used challenge.
func (s *MFA) EndChallenge(ctx context.Context, hash string) error {
	_, err := conn(ctx, s.db).NewDelete().Model((*challengeRow)(nil)).Where("challenge_hash = ?", hash).Exec(ctx)
	return err
}

// PurgeChallenges deletes the expired challenges.
func (s *MFA) PurgeChallenges(ctx context.Context, now time.Time) error {
	_, err := conn(ctx, s.db).NewDelete().Model((*challengeRow)(nil)).Where("expires_at <= ?", now.UTC()).Exec(ctx)
	return err
}

// securitySetting is the settings row of the two-factor policy.
const securitySetting = "security"

type securityValue struct {
	MFARequiredRoles []string `json:"mfa_required_roles"`
}

// Policy is the stored two-factor policy and its version; no row is version 1, empty.
func (s *MFA) Policy(ctx context.Context) ([]string, kernel.Version, bool, error) {
	var row settingRow
	err := conn(ctx, s.db).NewSelect().Model(&row).Where("st.name = ?", securitySetting).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, 1, false, nil
	}
	if err != nil {
		return nil, 0, false, err
	}
	var v securityValue
	if err := json.Unmarshal([]byte(row.Value), &v); err != nil {
		return nil, 0, false, err
	}
	return v.MFARequiredRoles, kernel.Version(row.Version), true, nil
}

func policyValue(roles []string) (string, error) {
	if roles == nil {
		roles = []string{}
	}
	b, err := json.Marshal(securityValue{MFARequiredRoles: roles})
	return string(b), err
}

// SetPolicy stores the policy over the version the user loaded: kernel.ErrStale when it
// changed since (another admin saved first), in one statement each way.
func (s *MFA) SetPolicy(ctx context.Context, roles []string, expected kernel.Version, now time.Time) (kernel.Version, error) {
	value, err := policyValue(roles)
	if err != nil {
		return 0, err
	}
	db := conn(ctx, s.db)
	var res sql.Result
	if expected == 1 { // the first version may still be no row
		res, err = db.NewInsert().Model(&settingRow{Name: securitySetting, Value: value, Version: 2, UpdatedAt: now.UTC()}).
			On("CONFLICT (name) DO UPDATE").Set("value = EXCLUDED.value").Set("version = EXCLUDED.version").
			Set("updated_at = EXCLUDED.updated_at").Where("st.version = 1").Exec(ctx)
	} else {
		res, err = db.NewUpdate().Model((*settingRow)(nil)).Set("value = ?", value).Set("version = version + 1").
			Set("updated_at = ?", now.UTC()).Where("name = ?", securitySetting).Where("version = ?", int64(expected)).Exec(ctx)
	}
	if err != nil {
		return 0, err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		if err == nil {
			err = kernel.ErrStale
		}
		return 0, err
	}
	return expected + 1, notifyChange(ctx, db, TopicSettings)
}

// SeedPolicy stores the policy when none is stored yet, as its first version.
func (s *MFA) SeedPolicy(ctx context.Context, roles []string, now time.Time) error {
	value, err := policyValue(roles)
	if err != nil {
		return err
	}
	_, err = conn(ctx, s.db).NewInsert().Model(&settingRow{Name: securitySetting, Value: value, Version: 1, UpdatedAt: now.UTC()}).
		On("CONFLICT (name) DO NOTHING").Exec(ctx)
	return err
}
