package persistence

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"vitrina/domain/identity"
	"vitrina/domain/kernel"
	identityports "vitrina/ports/identity"
)

type userRow struct {
	bun.BaseModel `bun:"table:users,alias:u"`

	ID           int64     `bun:"id,pk,autoincrement"`
	Name         string    `bun:"name"`
	NameFold     string    `bun:"name_fold"`
	Username     string    `bun:"username"`
	UsernameFold string    `bun:"username_fold"`
	PasswordHash string    `bun:"password_hash"`
	IsActive     bool      `bun:"is_active"`
	PartnerID    *int64    `bun:"partner_id"`
	Roles        string    `bun:"roles"`
	CreatedAt    time.Time `bun:"created_at"`
	UpdatedAt    time.Time `bun:"updated_at"`
	versionCol
}

func toUserRow(u *identity.User) *userRow {
	roles := make([]string, 0, len(u.Roles()))
	for _, r := range u.Roles() {
		roles = append(roles, string(r))
	}
	return &userRow{
		ID: int64(u.ID()), Name: u.Name(), NameFold: fold(u.Name()), Username: u.Username(),
		UsernameFold: identity.NormalizeUsername(u.Username()), PasswordHash: u.PasswordHash(),
		IsActive: u.IsActive(), PartnerID: u.PartnerID(), Roles: strings.Join(roles, ","),
		CreatedAt: u.CreatedAt().UTC(), UpdatedAt: u.UpdatedAt().UTC(),
	}
}

func (r *userRow) toDomain() *identity.User {
	var roles []identity.Role
	for _, s := range splitRoles(r.Roles) {
		roles = append(roles, identity.Role(s))
	}
	return identity.RehydrateUser(kernel.ID(r.ID), r.Name, r.Username, r.PasswordHash, r.IsActive, r.PartnerID,
		roles, r.CreatedAt, r.UpdatedAt)
}

func splitRoles(s string) []string {
	if s == "" {
		return []string{}
	}
	return strings.Split(s, ",")
}

// Users stores back-office users and answers the users list.
type Users struct{ db *bun.DB }

// NewUsers returns the user store of db.
func NewUsers(db *bun.DB) *Users { return &Users{db: db} }

var _ identityports.UserRepository = (*Users)(nil)

var users = mapping[userRow, *identity.User]{entity: "user",
	load:   (*userRow).toDomain,
	save:   toUserRow,
	id:     func(r *userRow) *int64 { return &r.ID },
	assign: func(u *identity.User, id kernel.ID) { u.AssignID(id) },
	taken:  identity.ErrUsernameTaken}

// Add inserts a new user and assigns its id.
func (s *Users) Add(ctx context.Context, u *identity.User) error { return add(ctx, s.db, users, u) }

// Get loads a user by id.
func (s *Users) Get(ctx context.Context, id kernel.ID) (*identity.User, error) {
	return s.getWhere(ctx, conn(ctx, s.db), "u.id = ?", int64(id))
}

// GetByUsername loads a user by username, case-insensitively.
func (s *Users) GetByUsername(ctx context.Context, username string) (*identity.User, error) {
	return s.getWhere(ctx, conn(ctx, s.db), "u.username_fold = ?", identity.NormalizeUsername(username))
}

func (s *Users) getWhere(ctx context.Context, db bun.IDB, where string, arg any) (*identity.User, error) {
	row := new(userRow)
	err := db.NewSelect().Model(row).Where(where, arg).Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, kernel.NotFound("user")
	}
	if err != nil {
		return nil, err
	}
	return row.toDomain(), nil
}

// Update loads the user, applies fn and saves it in one transaction.
func (s *Users) Update(ctx context.Context, id kernel.ID, expected kernel.Version, fn func(*identity.User) error) (*identity.User, error) {
	return update(ctx, s.db, users, id, expected, fn)
}

// UsernameTaken tells whether another user has the username, case-insensitively.
func (s *Users) UsernameTaken(ctx context.Context, username string, except kernel.ID) (bool, error) {
	return conn(ctx, s.db).NewSelect().Model((*userRow)(nil)).
		Where("u.username_fold = ?", identity.NormalizeUsername(username)).
		Where("u.id <> ?", int64(except)).Exists(ctx)
}

// Count tells how many users exist.
func (s *Users) Count(ctx context.Context) (int, error) {
	n, err := conn(ctx, s.db).NewSelect().Model((*userRow)(nil)).Count(ctx)
	return int(n), err
}

// PanelAdmins counts the active admins not linked to a partner, but except. On PostgreSQL
// it locks their rows for the transaction, so that two changes that each remove one admin
// cannot both see the other one left; SQLite runs one writer at a time anyway.
func (s *Users) PanelAdmins(ctx context.Context, except kernel.ID) (int, error) {
	c := conn(ctx, s.db)
	var ids []int64
	q := c.NewSelect().Model((*userRow)(nil)).Column("u.id").
		Where("u.is_active").Where("u.partner_id IS NULL").
		Where("(',' || u.roles || ',') LIKE ?", "%,"+string(identity.RoleAdmin)+",%").
		Order("u.id") // one lock order for every caller, so two of them cannot deadlock
	if !IsSQLite(c) {
		q = q.For("UPDATE")
	}
	if err := q.Scan(ctx, &ids); err != nil {
		return 0, err
	}
	n := 0
	for _, id := range ids {
		if id != int64(except) {
			n++
		}
	}
	return n, nil
}

type userViewRow struct {
	ID          int64     `bun:"id"`
	Name        string    `bun:"name"`
	Username    string    `bun:"username"`
	IsActive    bool      `bun:"is_active"`
	PartnerID   *int64    `bun:"partner_id"`
	PartnerName *string   `bun:"partner_name"`
	Roles       string    `bun:"roles"`
	CreatedAt   time.Time `bun:"created_at"`
	UpdatedAt   time.Time `bun:"updated_at"`
	MFAEnabled  bool      `bun:"mfa_enabled"`
	versionCol
	totalRow
}

func (r *userViewRow) view() identityports.UserView {
	return identityports.UserView{ID: r.ID, Name: r.Name, Username: r.Username, IsActive: r.IsActive, PartnerID: r.PartnerID,
		PartnerName: r.PartnerName, Roles: splitRoles(r.Roles), CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt,
		MFAEnabled: r.MFAEnabled, Version: kernel.Version(r.Version)}
}

// userList is the users screen: the partner's name is joined for display, sort and filter.
var userList = ListSpec{
	Fields: map[string]Field{
		"id":           sortOnly("u.id"),
		"name":         text("u.name_fold").trigram("name_fold"),
		"username":     text("u.username_fold").trigram("username_fold"),
		"partner_name": text("p.name_fold").joined().nullable(),
		"is_active":    sortOnly("u.is_active"),
		"updated_at":   sortOnly("u.updated_at"),
	},
	DefaultSort: "name",
	IDExpr:      "u.id",
	ActiveExpr:  "u.is_active",
	FTSTable:    "users_fts",
	From: func(db bun.IDB) *bun.SelectQuery {
		return db.NewSelect().TableExpr("users AS u").Join("LEFT JOIN partners AS p ON p.id = u.partner_id")
	},
	CountFrom: func(db bun.IDB) *bun.SelectQuery { return db.NewSelect().TableExpr("users AS u") },
	Columns: "u.id, u.name, u.username, u.is_active, u.partner_id, p.name AS partner_name, u.roles, u.created_at, u.updated_at, u.version, " +
		"EXISTS (SELECT 1 FROM user_mfa AS m WHERE m.user_id = u.id AND m.enabled_at IS NOT NULL) AS mfa_enabled",
	Scopes: map[string]string{"partner_id": "u.partner_id"},
}

// partnerUserList is the users list narrowed to accounts linked to a partner.
func partnerUserList() ListSpec {
	s := userList
	s.From = func(db bun.IDB) *bun.SelectQuery {
		return db.NewSelect().TableExpr("users AS u").Join("JOIN partners AS p ON p.id = u.partner_id")
	}
	s.CountFrom = func(db bun.IDB) *bun.SelectQuery {
		return db.NewSelect().TableExpr("users AS u").Where("u.partner_id IS NOT NULL")
	}
	s.FTSTable = "" // the trigram table covers every user; the join narrows
	fields := make(map[string]Field, len(s.Fields))
	for k, f := range s.Fields {
		f.FTS = ""
		fields[k] = f
	}
	s.Fields = fields
	return s
}

// NewUserLists reads identity's list screens.
func NewUserLists(db *bun.DB) identityports.UserLists {
	return identityports.UserLists{
		Users:        NewLister(db, userList, "users", "user", (*userViewRow).view),
		PartnerUsers: NewLister(db, partnerUserList(), "partner_users", "user", (*userViewRow).view),
	}
}

type sessionRow struct {
	bun.BaseModel `bun:"table:sessions,alias:s"`

	TokenHash string    `bun:"token_hash,pk"`
	Kind      string    `bun:"kind"`
	UserID    *int64    `bun:"user_id"`
	PartnerID *int64    `bun:"partner_id"`
	ExpiresAt time.Time `bun:"expires_at"`
	CreatedAt time.Time `bun:"created_at"`
	// ID is the session's public id (its owner's list names it), never the token's hash.
	ID         string    `bun:"id"`
	LastUsedAt time.Time `bun:"last_used_at"`
	Address    string    `bun:"address"`
	UserAgent  string    `bun:"user_agent"`
}

// idOf reads an optional id column: 0 for NULL.
func idOf(v *int64) kernel.ID {
	if v == nil {
		return 0
	}
	return kernel.ID(*v)
}

// Sessions stores open sessions, the panel's and the partner app's, by token hash.
type Sessions struct{ db *bun.DB }

// NewSessions returns the session store of db.
func NewSessions(db *bun.DB) *Sessions { return &Sessions{db: db} }

var (
	_ identityports.SessionStore     = (*Sessions)(nil)
	_ identityports.SessionDirectory = (*Sessions)(nil)
)

// Create stores a new session; one that does not name whom its kind needs is refused.
func (s *Sessions) Create(ctx context.Context, sess identity.Session) error {
	if !sess.Whole() {
		return errors.New("sessions: a panel session needs a user and no partner, an app session a partner")
	}
	id := make([]byte, 12)
	if _, err := rand.Read(id); err != nil {
		return err
	}
	now := sess.LastUsedAt.UTC() // when it was opened, by the service's clock
	if sess.LastUsedAt.IsZero() {
		now = time.Now().UTC()
	}
	_, err := conn(ctx, s.db).NewInsert().Model(&sessionRow{TokenHash: sess.TokenHash, Kind: string(sess.Kind),
		UserID: optionalID(sess.UserID), PartnerID: optionalID(sess.PartnerID),
		ExpiresAt: sess.ExpiresAt.UTC(), CreatedAt: now, ID: hex.EncodeToString(id), LastUsedAt: now,
		Address: sess.Address, UserAgent: sess.UserAgent}).Exec(ctx)
	return err
}

// List answers the user's unexpired panel sessions, the most recently used first.
func (s *Sessions) List(ctx context.Context, userID kernel.ID, now time.Time) ([]identityports.SessionInfo, error) {
	var rows []sessionRow
	err := conn(ctx, s.db).NewSelect().Model(&rows).Where("s.user_id = ?", int64(userID)).
		Where("s.kind = ?", string(kernel.PanelSession)).Where("s.expires_at > ?", now.UTC()).
		OrderExpr("s.last_used_at DESC, s.created_at DESC, s.id").Limit(maxListedSessions).Scan(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]identityports.SessionInfo, 0, len(rows))
	for _, r := range rows {
		out = append(out, identityports.SessionInfo{ID: r.ID, TokenHash: r.TokenHash, CreatedAt: r.CreatedAt,
			LastUsedAt: r.LastUsedAt, Address: r.Address, UserAgent: r.UserAgent})
	}
	return out, nil
}

// maxListedSessions bounds a user's list: more sessions than that are ended with "all
// but this one", not one by one.
const maxListedSessions = 200

// End deletes the user's panel session with the public id.
func (s *Sessions) End(ctx context.Context, userID kernel.ID, id string) (bool, error) {
	res, err := conn(ctx, s.db).NewDelete().Model((*sessionRow)(nil)).Where("user_id = ?", int64(userID)).
		Where("kind = ?", string(kernel.PanelSession)).Where("id = ?", id).Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// Touch records the session's use at now when the last recorded use is before since.
func (s *Sessions) Touch(ctx context.Context, tokenHash string, now, since time.Time) error {
	_, err := conn(ctx, s.db).NewUpdate().Model((*sessionRow)(nil)).Set("last_used_at = ?", now.UTC()).
		Where("token_hash = ?", tokenHash).Where("last_used_at < ?", since.UTC()).Exec(ctx)
	return err
}

// PurgeIdle deletes the panel sessions last used before.
func (s *Sessions) PurgeIdle(ctx context.Context, before time.Time) error {
	_, err := conn(ctx, s.db).NewDelete().Model((*sessionRow)(nil)).Where("kind = ?", string(kernel.PanelSession)).
		Where("last_used_at < ?", before.UTC()).Exec(ctx)
	return err
}

// Find loads a session by token hash.
func (s *Sessions) Find(ctx context.Context, tokenHash string) (identity.Session, error) {
	var row sessionRow
	err := conn(ctx, s.db).NewSelect().Model(&row).Where("s.token_hash = ?", tokenHash).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return identity.Session{}, kernel.NotFound("session")
	}
	if err != nil {
		return identity.Session{}, err
	}
	return identity.Session{TokenHash: row.TokenHash, Kind: kernel.SessionKind(row.Kind), UserID: idOf(row.UserID),
		PartnerID: idOf(row.PartnerID), ExpiresAt: row.ExpiresAt, Address: row.Address, UserAgent: row.UserAgent,
		LastUsedAt: row.LastUsedAt}, nil
}

// Revoke deletes one session.
func (s *Sessions) Revoke(ctx context.Context, tokenHash string) error {
	_, err := conn(ctx, s.db).NewDelete().Model((*sessionRow)(nil)).Where("token_hash = ?", tokenHash).Exec(ctx)
	return err
}

// RevokeUser deletes every session of the user but except, the panel's and the app's.
func (s *Sessions) RevokeUser(ctx context.Context, userID kernel.ID, except string) error {
	_, err := conn(ctx, s.db).NewDelete().Model((*sessionRow)(nil)).
		Where("user_id = ?", int64(userID)).Where("token_hash <> ?", except).Exec(ctx)
	return err
}

// PurgeExpired deletes sessions of either kind whose expiry has passed.
func (s *Sessions) PurgeExpired(ctx context.Context, now time.Time) error {
	_, err := conn(ctx, s.db).NewDelete().Model((*sessionRow)(nil)).Where("expires_at <= ?", now.UTC()).Exec(ctx)
	return err
}

type loginAttemptRow struct {
	bun.BaseModel `bun:"table:login_attempts,alias:la"`

	ID           int64     `bun:"id,pk,autoincrement"`
	UsernameFold string    `bun:"username_fold"`
	Address      string    `bun:"address"`
	AttemptedAt  time.Time `bun:"attempted_at"`
}

// LoginAttempts counts sign-in attempts for throttling; kept in the database so that the
// limits hold across restarts and instances (ADR 0003, ADR 0025).
type LoginAttempts struct{ db *bun.DB }

// NewLoginAttempts returns the attempt store of db.
func NewLoginAttempts(db *bun.DB) *LoginAttempts { return &LoginAttempts{db: db} }

var _ identityports.LoginAttempts = (*LoginAttempts)(nil)

// attemptsKept is how long attempts are kept; every window is shorter.
const attemptsKept = 24 * time.Hour

// Reserve counts the failures of the rule's key and source and stores the attempt as one
// more, in one transaction that holds the source: PostgreSQL takes a transaction-scoped
// advisory lock on it (every count of the rule is within the source's rows), and SQLite's
// transactions are IMMEDIATE, one writer at a time across processes. So concurrent attempts
// from one source are counted one after another, and no more than the limit pass.
func (s *LoginAttempts) Reserve(ctx context.Context, rule identity.AttemptRule, now time.Time) (int64, error) {
	row := &loginAttemptRow{UsernameFold: rule.Key, Address: rule.Source, AttemptedAt: now.UTC()}
	err := NewTxManager(s.db).WithinTx(ctx, func(ctx context.Context) error {
		db := conn(ctx, s.db)
		if !IsSQLite(db) {
			if _, err := db.NewRaw("SELECT pg_advisory_xact_lock(hashtextextended(?, 0))", "login_attempts "+rule.Source).Exec(ctx); err != nil {
				return err
			}
		}
		keyFailures, err := db.NewSelect().Model((*loginAttemptRow)(nil)).
			Where("username_fold = ?", rule.Key).Where("address = ?", rule.Source).
			Where("attempted_at > ?", rule.PerKey.Since(now).UTC()).Count(ctx)
		if err != nil {
			return err
		}
		var sourceFailures int64
		if rule.PerSource.Max > 0 {
			if sourceFailures, err = db.NewSelect().Model((*loginAttemptRow)(nil)).
				Where("address = ?", rule.Source).Where("attempted_at > ?", rule.PerSource.Since(now).UTC()).Count(ctx); err != nil {
				return err
			}
		}
		if rule.Blocks(int(keyFailures), int(sourceFailures)) {
			return identity.ErrThrottled
		}
		if _, err := db.NewInsert().Model(row).ExcludeColumn("id").Returning("id").Exec(ctx, &row.ID); err != nil {
			return err
		}
		_, err = db.NewDelete().Model((*loginAttemptRow)(nil)).Where("attempted_at < ?", now.Add(-attemptsKept).UTC()).Exec(ctx)
		return err
	})
	return row.ID, err
}

// Release forgets one reserved attempt.
func (s *LoginAttempts) Release(ctx context.Context, id int64) error {
	_, err := conn(ctx, s.db).NewDelete().Model((*loginAttemptRow)(nil)).Where("id = ?", id).Exec(ctx)
	return err
}

// Clear forgets the failures of the key from the source up to the attempt upTo, after a
// successful sign-in.
func (s *LoginAttempts) Clear(ctx context.Context, key, source string, upTo int64) error {
	_, err := conn(ctx, s.db).NewDelete().Model((*loginAttemptRow)(nil)).
		Where("username_fold = ?", key).Where("address = ?", source).Where("id <= ?", upTo).Exec(ctx)
	return err
}

type secretRow struct {
	bun.BaseModel `bun:"table:secrets,alias:sec"`

	Name      string    `bun:"name,pk"`
	Value     string    `bun:"value"`
	CreatedAt time.Time `bun:"created_at"`
}

// Secrets keeps the secrets that every instance of an installation must share.
type Secrets struct{ db *bun.DB }

// NewSecrets returns the secret store of db.
func NewSecrets(db *bun.DB) *Secrets { return &Secrets{db: db} }

// Ensure is the secret stored under name; when there is none yet it stores generate's. Two
// instances that race store one of theirs, and both answer that one.
func (s *Secrets) Ensure(ctx context.Context, name string, generate func() (string, error)) (string, error) {
	row := new(secretRow)
	err := s.db.NewSelect().Model(row).Where("sec.name = ?", name).Scan(ctx)
	if err == nil {
		return row.Value, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return "", err
	}
	value, err := generate()
	if err != nil {
		return "", err
	}
	if _, err := s.db.NewInsert().Model(&secretRow{Name: name, Value: value, CreatedAt: time.Now().UTC()}).
		On("CONFLICT (name) DO NOTHING").Exec(ctx); err != nil {
		return "", err
	}
	if err := s.db.NewSelect().Model(row).Where("sec.name = ?", name).Scan(ctx); err != nil {
		return "", err
	}
	return row.Value, nil
}
