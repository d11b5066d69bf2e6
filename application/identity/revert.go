package identity

import (
	"context"
	"strings"

	"vitrina/domain/audit"
	"vitrina/domain/identity"
	"vitrina/domain/kernel"
)

// Revert sets the user id back as r says (issue 21, ADR 0032): its name, username, roles and
// partner as they were, through the edit's own rules with the reverting user's authority
// (nobody grants a role they do not hold; the last admin stays) at the version read, and the
// user's toggle. A password change is never reverted (secret: PlanRevert leaves it out).
func (s *Service) Revert(ctx context.Context, p kernel.Principal, id kernel.ID, current audit.Snapshot, version kernel.Version, r audit.Reversal) error {
	edit := func(v audit.Snapshot) error {
		in := identity.UserInput{Name: v["name"], Username: v["username"]}
		if roles := v["roles"]; roles != "" {
			in.Roles = strings.Split(roles, ",")
		}
		if pid := int64(audit.IDOf(v["partner_id"])); pid > 0 {
			in.PartnerID = &pid
		}
		_, err := s.UpdateUser(ctx, p, id, version, in)
		return err
	}
	return r.Carry(current, edit, func() (bool, error) { return s.ToggleUser(ctx, p, id) })
}
