package identity

import (
	"context"
	"strconv"
	"strings"

	"vitrina/domain/audit"
	"vitrina/domain/identity"
	"vitrina/domain/kernel"
)

// Revert sets the user id back as r says (issue 21, ADR 0032): its name, username, roles and
// partner as they were, saved through the edit's own rules with the reverting user's
// authority (nobody grants a role they do not hold; the last admin stays), at the version
// read; a password change is never reverted (secret, PlanRevert leaves it out). A creation's
// revert, or an activation the reversal names, goes through the user's toggle.
func (s *Service) Revert(ctx context.Context, p kernel.Principal, id kernel.ID, current audit.Snapshot, version kernel.Version, r audit.Reversal) error {
	active := current[audit.ActiveField] == "true"
	if r.Deactivate {
		if !active {
			return nil
		}
		_, err := s.ToggleUser(ctx, p, id)
		return err
	}
	a := r.Apply(current)
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if a.Fields {
			v := a.Values
			in := identity.UserInput{Name: v["name"], Username: v["username"]}
			if roles := v["roles"]; roles != "" {
				in.Roles = strings.Split(roles, ",")
			}
			if pid, err := strconv.ParseInt(v["partner_id"], 10, 64); err == nil && pid > 0 {
				in.PartnerID = &pid
			}
			if _, err := s.UpdateUser(ctx, p, id, version, in); err != nil {
				return err
			}
		}
		if a.Active != nil && *a.Active != active {
			_, err := s.ToggleUser(ctx, p, id)
			return err
		}
		return nil
	})
}
