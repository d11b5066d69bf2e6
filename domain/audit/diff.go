package audit

import (
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"vitrina/domain/kernel"
)

// secretFields are the fields whose values are never written, only that they changed:
// passwords, tokens and device tokens, under the names the stores and the API give them.
var secretFields = map[string]bool{
	"password":          true,
	"password_hash":     true,
	"app_password":      true,
	"app_password_hash": true,
	"token":             true,
	"token_hash":        true,
	"device_token":      true,
	"fcm_token":         true,
	"secret":            true,
}

// IsSecret tells whether a field's values must never be recorded.
func IsSecret(field string) bool { return secretFields[strings.ToLower(field)] }

// Snapshot is a record's fields as exact text, the input of Diff: money as the kernel's
// Amount writes itself, a figure with its percent sign, times in RFC 3339 UTC, no floats.
// A field that is absent has no value (null).
type Snapshot map[string]string

// Text sets a text field.
func (s Snapshot) Text(field, v string) Snapshot { s[field] = v; return s }

// Amount sets a money field as the one money type writes it (162500, 139.5).
func (s Snapshot) Amount(field string, a kernel.Amount) Snapshot { s[field] = a.String(); return s }

// Figure sets a figure with its percent flag kept (15% stays 15%, 15 stays 15).
func (s Snapshot) Figure(field string, f kernel.Figure) Snapshot { s[field] = f.String(); return s }

// Int sets a whole number.
func (s Snapshot) Int(field string, v int64) Snapshot { s[field] = strconv.FormatInt(v, 10); return s }

// ID sets a reference; 0 is none and leaves the field without value.
func (s Snapshot) ID(field string, id kernel.ID) Snapshot {
	if id == 0 {
		delete(s, field)
		return s
	}
	return s.Int(field, int64(id))
}

// Bool sets a flag as true or false.
func (s Snapshot) Bool(field string, v bool) Snapshot { s[field] = strconv.FormatBool(v); return s }

// Time sets an instant in RFC 3339 UTC; the zero time is none.
func (s Snapshot) Time(field string, t time.Time) Snapshot {
	if t.IsZero() {
		delete(s, field)
		return s
	}
	s[field] = t.UTC().Format(time.RFC3339Nano)
	return s
}

// Diff lists the fields whose value differs between before and after, in field order: a
// field only before lost its value (To nil), one only after gained it (From nil; a creation
// is Diff(nil, after)). Secret fields say only that they changed.
func Diff(before, after Snapshot) []Change {
	var out []Change
	// The values the changes point to, in one array (a creation has a change per field): it
	// never grows past its capacity, so the pointers stay where they are.
	values := make([]string, 0, 2*len(before)+len(after))
	ptr := func(s string) *string {
		values = append(values, s)
		return &values[len(values)-1]
	}
	for f, b := range before {
		a, ok := after[f]
		if ok && a == b {
			continue
		}
		c := Change{Field: f, From: ptr(b)}
		if ok {
			c.To = ptr(a)
		}
		out = append(out, c)
	}
	if len(before) == 0 {
		out = make([]Change, 0, len(after))
	}
	for f, a := range after {
		if _, ok := before[f]; !ok {
			out = append(out, Change{Field: f, To: ptr(a)})
		}
	}
	for i := range out {
		if IsSecret(out[i].Field) {
			out[i] = Change{Field: out[i].Field, Secret: true}
		}
	}
	sortChanges(out)
	return out
}

func sortChanges(cs []Change) {
	sort.Slice(cs, func(i, j int) bool { return cs[i].Field < cs[j].Field })
}

// RolesField is the field of a user's roles.
const RolesField = "roles"

// EditAction names an edit by what it changed: the activation flag alone is an activation or
// a deactivation, a user's roles alone a role change, passwords alone a password change;
// anything else is an edit.
func EditAction(changes []Change) Action {
	if len(changes) == 1 && changes[0].Field == ActiveField && changes[0].To != nil {
		if *changes[0].To == "true" {
			return ActionActivate
		}
		return ActionDeactivate
	}
	if len(changes) == 1 && changes[0].Field == RolesField {
		return ActionRoleChange
	}
	passwords := 0
	for _, c := range changes {
		if c.Secret && strings.Contains(strings.ToLower(c.Field), "password") {
			passwords++
		}
	}
	if passwords > 0 && passwords == len(changes) {
		return ActionPasswordChange
	}
	return ActionEdit
}

// IDList is a set of linked ids as one audited value: sorted, comma-separated (a partner's
// category_ids).
func IDList(ids []kernel.ID) string {
	sorted := slices.Clone(ids)
	slices.Sort(sorted)
	parts := make([]string, len(sorted))
	for i, id := range sorted {
		parts[i] = strconv.FormatInt(int64(id), 10)
	}
	return strings.Join(parts, ",")
}

// ParseIDList reads an IDList back.
func ParseIDList(s string) ([]kernel.ID, error) {
	if s == "" {
		return nil, nil
	}
	parts := strings.Split(s, ",")
	out := make([]kernel.ID, len(parts))
	for i, p := range parts {
		n, err := strconv.ParseInt(p, 10, 64)
		if err != nil || n <= 0 {
			return nil, kernel.FieldError("fields", "The recorded list of ids is invalid.")
		}
		out[i] = kernel.ID(n)
	}
	return out, nil
}
