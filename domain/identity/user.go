package identity

import (
	"strings"
	"time"

	"vitrina/domain/kernel"
)

// UserInput is what a form sends to create or edit a user.
type UserInput struct {
	Name      string
	Username  string
	Password  string
	PartnerID *int64
	Roles     []string
}

// Validate checks every field at once (spec §5). The password is required on create; on
// edit it is checked only when typed, since blank keeps the old one.
func (in UserInput) Validate(creating bool) error {
	var v kernel.Validation
	if _, err := kernel.NewName("name", in.Name); err != nil {
		v.Merge(err)
	}
	checkUsername(&v, in.Username)
	if creating || in.Password != "" {
		v.Merge(kernel.ValidatePassword("password", in.Password))
	}
	if in.PartnerID != nil && *in.PartnerID <= 0 {
		v.Add("partner_id", "The partner id must be a positive integer.")
	}
	if _, err := ParseRoles(in.Roles); err != nil {
		v.Merge(err)
	}
	return v.Err()
}

// checkUsername checks a sign-in name: required, one line of at most MaxUsernameLength characters.
func checkUsername(v *kernel.Validation, username string) {
	if v.Required("username", username) {
		v.Text("username", username, kernel.MaxUsernameLength)
	}
}

// ValidateSignIn checks a sign-in form before any lookup: both fields are required, and a
// username no account can have (control characters, too long) is refused, as the databases
// would refuse a NUL in the lookup.
func ValidateSignIn(username, password string) error {
	var v kernel.Validation
	checkUsername(&v, username)
	v.Required("password", password)
	return v.Err()
}

// NormalizeUsername is the form usernames are compared in: trimmed and case-folded.
func NormalizeUsername(username string) string {
	return strings.ToLower(strings.TrimSpace(username))
}

// User is a back-office account.
type User struct {
	id           kernel.ID
	name         kernel.Name
	username     string
	passwordHash string
	activation   kernel.Activation
	partnerID    *int64
	roles        []Role
	createdAt    time.Time
	updatedAt    time.Time
}

// NewUser creates an active user from validated input and the hash of its password.
func NewUser(in UserInput, passwordHash string, now time.Time) (*User, error) {
	if err := in.Validate(true); err != nil {
		return nil, err
	}
	roles, _ := ParseRoles(in.Roles)
	name, _ := kernel.NewName("name", in.Name)
	return &User{
		name:         name,
		username:     strings.TrimSpace(in.Username),
		passwordHash: passwordHash,
		activation:   kernel.Active(),
		partnerID:    in.PartnerID,
		roles:        roles,
		createdAt:    now,
		updatedAt:    now,
	}, nil
}

// RehydrateUser rebuilds a user from storage; for repositories only.
func RehydrateUser(id kernel.ID, name, username, passwordHash string, active bool, partnerID *int64,
	roles []Role, createdAt, updatedAt time.Time) *User {
	return &User{id: id, name: kernel.Name(name), username: username, passwordHash: passwordHash,
		activation: kernel.ActivationOf(active), partnerID: partnerID, roles: roles,
		createdAt: createdAt, updatedAt: updatedAt}
}

// Edit applies an edit form; newPasswordHash is empty when no password was typed.
func (u *User) Edit(in UserInput, newPasswordHash string, now time.Time) error {
	if err := in.Validate(false); err != nil {
		return err
	}
	roles, _ := ParseRoles(in.Roles)
	name, _ := kernel.NewName("name", in.Name)
	u.name = name
	u.username = strings.TrimSpace(in.Username)
	u.partnerID = in.PartnerID
	u.roles = roles
	if newPasswordHash != "" {
		u.passwordHash = newPasswordHash
	}
	u.updatedAt = now
	return nil
}

// ProfileInput is what a user may change of their own account.
type ProfileInput struct {
	Name            string
	Username        string
	Password        string
	CurrentPassword string // asked for when a new password is typed (ASVS 2.1.6)
}

// ChangesPassword tells whether the form sets a new password, which needs the current one.
func (in ProfileInput) ChangesPassword() bool { return in.Password != "" }

// Validate checks the own-profile form; the password only when typed.
func (in ProfileInput) Validate() error {
	var v kernel.Validation
	if _, err := kernel.NewName("name", in.Name); err != nil {
		v.Merge(err)
	}
	checkUsername(&v, in.Username)
	if in.Password != "" {
		v.Merge(kernel.ValidatePassword("password", in.Password))
	}
	return v.Err()
}

// UpdateProfile applies the own-profile form; newPasswordHash is empty to keep the password.
func (u *User) UpdateProfile(in ProfileInput, newPasswordHash string, now time.Time) error {
	if err := in.Validate(); err != nil {
		return err
	}
	name, _ := kernel.NewName("name", in.Name)
	u.name = name
	u.username = strings.TrimSpace(in.Username)
	if newPasswordHash != "" {
		u.passwordHash = newPasswordHash
	}
	u.updatedAt = now
	return nil
}

// ToggleActive deactivates an active user or reactivates an inactive one.
func (u *User) ToggleActive(now time.Time) {
	u.activation = u.activation.Toggled()
	u.updatedAt = now
}

// CanSignIn tells whether the account may open a session at all.
func (u *User) CanSignIn() bool { return u.activation.IsActive() }

// IsPartnerLinked tells whether the account belongs to a partner; such accounts sign in
// but are refused by every admin call (spec §6).
func (u *User) IsPartnerLinked() bool { return u.partnerID != nil }

func (u *User) ID() kernel.ID         { return u.id }
func (u *User) Name() string          { return u.name.String() }
func (u *User) Username() string      { return u.username }
func (u *User) PasswordHash() string  { return u.passwordHash }
func (u *User) IsActive() bool        { return u.activation.IsActive() }
func (u *User) PartnerID() *int64     { return u.partnerID }
func (u *User) Roles() []Role         { return append([]Role(nil), u.roles...) }
func (u *User) CreatedAt() time.Time  { return u.createdAt }
func (u *User) UpdatedAt() time.Time  { return u.updatedAt }
func (u *User) AssignID(id kernel.ID) { u.id = id }
