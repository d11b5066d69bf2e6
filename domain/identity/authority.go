package identity

import "vitrina/domain/kernel"

// Errors of managing accounts: nobody reaches above their own rights, and the panel
// always keeps an admin who can sign in.
var (
	ErrRoleNotHeld  = kernel.NewError(kernel.KindForbidden, "role-not-held", "You may grant only roles you hold.")
	ErrAdminAccount = kernel.NewError(kernel.KindForbidden, "admin-account", "Only an admin may change an admin account.")
	ErrLastAdmin    = kernel.NewError(kernel.KindForbiddenInUse, "last-admin",
		"The last active admin cannot be deactivated, lose the admin role or be linked to a partner.")
)

// Actor is whoever manages accounts: a signed-in user or the operator at the console.
type Actor struct {
	ID    kernel.ID
	roles map[Role]bool
}

// NewActor is the actor with the given id and role names; names that are no role grant nothing.
func NewActor(id kernel.ID, roleNames []string) Actor {
	a := Actor{ID: id, roles: map[Role]bool{}}
	for _, n := range roleNames {
		a.roles[Role(n)] = true
	}
	return a
}

// IsAdmin tells whether the actor holds the admin role.
func (a Actor) IsAdmin() bool { return a.roles[RoleAdmin] }

// Holds tells whether the actor may grant r: an admin may do everything, so it holds every role.
func (a Actor) Holds(r Role) bool { return a.IsAdmin() || a.roles[r] }

// MayCreate checks that every role of the new account is one the actor holds.
func (a Actor) MayCreate(in UserInput) error {
	roles, err := ParseRoles(in.Roles)
	if err != nil {
		return err
	}
	return a.mayGrant(roles, nil)
}

// MayEdit checks an edit of target: only an admin touches an admin account, and the roles the
// edit adds must be ones the actor holds (roles the account keeps are not granted anew).
func (a Actor) MayEdit(target *User, in UserInput) error {
	if err := a.MayManage(target); err != nil {
		return err
	}
	roles, err := ParseRoles(in.Roles)
	if err != nil {
		return err
	}
	return a.mayGrant(roles, target.Roles())
}

// MayManage checks that the actor may change, deactivate or link target at all.
func (a Actor) MayManage(target *User) error {
	if target.hasRole(RoleAdmin) && !a.IsAdmin() {
		return ErrAdminAccount
	}
	return nil
}

func (a Actor) mayGrant(roles, had []Role) error {
	kept := map[Role]bool{}
	for _, r := range had {
		kept[r] = true
	}
	for _, r := range roles {
		if !kept[r] && !a.Holds(r) {
			return ErrRoleNotHeld
		}
	}
	return nil
}

// AdministersPanel tells whether the account is an admin who can use the panel: active,
// holding the admin role and not linked to a partner.
func (u *User) AdministersPanel() bool {
	return u.IsActive() && u.hasRole(RoleAdmin) && !u.IsPartnerLinked()
}

func (u *User) hasRole(r Role) bool {
	for _, have := range u.roles {
		if have == r {
			return true
		}
	}
	return false
}

// KeepsAnAdmin refuses a change that would leave the panel without an admin: wasAdmin is
// whether the account administered the panel before the change, after is the account after
// it, and otherAdmins counts the other accounts that administer the panel.
func KeepsAnAdmin(wasAdmin bool, after *User, otherAdmins int) error {
	if wasAdmin && !after.AdministersPanel() && otherAdmins == 0 {
		return ErrLastAdmin
	}
	return nil
}
