// Package authz decides what a role may do, with one shared Casbin enforcer built from
// the embedded model and policy.
package authz

import (
	_ "embed"
	"fmt"
	"strings"

	"github.com/casbin/casbin/v2"
	"github.com/casbin/casbin/v2/model"
	stringadapter "github.com/casbin/casbin/v2/persist/string-adapter"

	"vitrina/ports"
)

//go:embed model.conf
var modelText string

//go:embed policy.csv
var policyText string

// Actions a policy line may allow.
const (
	ActionRead  = "read"
	ActionWrite = "write"
	// ActionPick lists a resource's active records in another record's form (a picker),
	// without its screen; read implies it (model.conf).
	ActionPick = "pick"
	// ActionVerify checks the activity log's chain (GET /api/activity/verify); only the
	// activity resource has it.
	ActionVerify = "verify"
	// ActionUndo undoes anyone's bulk action (POST /api/activity/{id}/undo); everyone else
	// undoes only their own (ADR 0043). Only the activity resource has it.
	ActionUndo = "undo"
)

// actions are the actions a permission answer and the matrix name, in their order.
var actions = []string{ActionRead, ActionWrite, ActionPick}

// actionsOf are the actions of res a permission answer and the matrix name: the activity
// log is read and verified, never written (its events are written by the changes).
func actionsOf(res string) []string {
	switch res {
	case "activity":
		return []string{ActionRead, ActionVerify, ActionUndo}
	case "security":
		return []string{ActionRead, ActionWrite}
	}
	return actions
}

// Resources lists every resource the admin API guards, in the order the permission matrix shows.
var Resources = []string{"users", "countries", "categories", "cities", "products", "stores", "partners", "customerSupport", "sliders", "campaigns", "notifications", "activity", "security"}

// Roles lists the roles of the policy, in the order the permission matrix shows.
var Roles = []string{"admin", "director", "manager", "engineer", "financier"}

// Enforcer answers authorization questions; safe for concurrent use.
type Enforcer struct{ e *casbin.SyncedEnforcer }

var (
	_ ports.Authorizer  = (*Enforcer)(nil)
	_ ports.Permissions = (*Enforcer)(nil)
)

// New builds the enforcer from the embedded files.
func New() (*Enforcer, error) {
	m, err := model.NewModelFromString(modelText)
	if err != nil {
		return nil, fmt.Errorf("authz model: %w", err)
	}
	var lines []string
	for _, l := range strings.Split(policyText, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	e, err := casbin.NewSyncedEnforcer(m, stringadapter.NewAdapter(strings.Join(lines, "\n")))
	if err != nil {
		return nil, fmt.Errorf("authz policy: %w", err)
	}
	return &Enforcer{e: e}, nil
}

// Allowed tells whether any of the roles may perform action on resource.
func (a *Enforcer) Allowed(roles []string, resource, action string) (bool, error) {
	for _, r := range roles {
		ok, err := a.e.Enforce(r, resource, action)
		if err != nil {
			return false, err
		}
		if ok {
			return true, nil
		}
	}
	return false, nil
}

// Permissions answers, for every resource the policy guards, the actions any of the roles
// may perform there, asked of the enforcer itself (so the answer cannot drift from the
// policy); resources the roles may not touch at all are left out.
func (a *Enforcer) Permissions(roles []string) (map[string][]string, error) {
	out := map[string][]string{}
	for _, res := range Resources {
		for _, act := range actionsOf(res) {
			ok, err := a.Allowed(roles, res, act)
			if err != nil {
				return nil, err
			}
			if ok {
				out[res] = append(out[res], act)
			}
		}
	}
	return out, nil
}

// Matrix renders the policy as a Markdown table of roles by resource.
func (a *Enforcer) Matrix() (string, error) {
	var b strings.Builder
	b.WriteString("# Permission matrix\n\n")
	b.WriteString("Generated from `adapters/authz/policy.csv` by `go test ./adapters/authz` " +
		"(run with `UPDATE_DOCS=1` to rewrite it). Deny by default: a cell lists what the role may do.\n")
	b.WriteString("Every signed-in back-office account may read and change its own profile and sign out, whatever its roles.\n")
	b.WriteString("Accounts linked to a partner are refused by every admin call, whatever their roles.\n")
	b.WriteString("`pick` alone: the role may list the resource's active records in a form's picker " +
		"(`GET /api/<resource>Active`) but not open its screen; `read` includes it.\n")
	b.WriteString("`activity` is the activity log (issue 21): `read` shows the events of the resources the role may read, " +
		"`verify` checks its hash chain (`GET /api/activity/verify`); reverting an event needs `write` on the event's resource " +
		"(its screen's: a contact's is `partners`, a partner's cash in a campaign `campaigns`); " +
		"`undo` undoes anyone's bulk action, while every role undoes its own bulk actions (issue 25), each needing `write` on the list.\n")
	b.WriteString("`security` is sign-in security (issue 23): `read` shows the two-factor policy and another user's sessions, " +
		"`write` changes the policy, resets another user's two-factor and ends another user's sessions. No line grants it: " +
		"only the admin role's `*` reaches it. Every account sees and ends its own sessions and sets up its own two-factor from the profile.\n\n")
	b.WriteString("| resource | " + strings.Join(Roles, " | ") + " |\n")
	b.WriteString("|---" + strings.Repeat("|---", len(Roles)) + "|\n")
	for _, res := range Resources {
		b.WriteString("| " + res + " |")
		for _, role := range Roles {
			var can []string
			for _, act := range actionsOf(res) {
				ok, err := a.Allowed([]string{role}, res, act)
				if err != nil {
					return "", err
				}
				if ok && (act != ActionPick || len(can) == 0) { // read implies pick: shown alone only
					can = append(can, act)
				}
			}
			cell := strings.Join(can, ", ")
			if cell == "" {
				cell = "—"
			}
			b.WriteString(" " + cell + " |")
		}
		b.WriteString("\n")
	}
	return b.String(), nil
}
