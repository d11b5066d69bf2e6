// Package identity holds the rules of back-office accounts: users, roles, passwords,
// sessions and sign-in throttling.
package identity

import "vitrina/domain/kernel"

// Role is a back-office role; what each may do is the Casbin policy's business.
type Role string

const (
	RoleAdmin     Role = "admin"
	RoleDirector  Role = "director"
	RoleManager   Role = "manager"
	RoleEngineer  Role = "engineer"
	RoleFinancier Role = "financier"
)

// Roles lists every role in the order the panel shows them.
func Roles() []Role {
	return []Role{RoleAdmin, RoleDirector, RoleManager, RoleEngineer, RoleFinancier}
}

// ParseRoles validates role names, dropping duplicates and keeping the canonical order.
func ParseRoles(names []string) ([]Role, error) {
	seen := map[Role]bool{}
	for _, n := range names {
		r := Role(n)
		valid := false
		for _, known := range Roles() {
			if r == known {
				valid = true
				break
			}
		}
		if !valid {
			return nil, kernel.FieldError("roles", "The selected role is invalid.")
		}
		seen[r] = true
	}
	out := []Role{}
	for _, r := range Roles() {
		if seen[r] {
			out = append(out, r)
		}
	}
	return out, nil
}
