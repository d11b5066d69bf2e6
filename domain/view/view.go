// Package view holds the rules of saved views: a user's named list state (filters, sort,
// page size, visible columns) of one list, their default per list, and views an admin or a
// director shares with roles (ADR 0041).
package view

import (
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"vitrina/domain/kernel"
)

// The limits of a view (a limit is a rule: style rule 12).
const (
	// MaxFilterLength is the longest filter value, the list call's own limit (the HTTP
	// adapter's kit.MaxFilterLength; a test holds them equal).
	MaxFilterLength = 200
	// MaxFilters is the most filters one view keeps: the widest list (partners) has 15.
	MaxFilters = 30
	// MaxColumns is the most visible columns one view names.
	MaxColumns = 50
	// MaxKeyLength bounds a filter key, a sort field and a column name.
	MaxKeyLength = 64
	// MaxPerPage is the list call's largest page (kit.MaxPerPage).
	MaxPerPage = 100
	// MaxViewsPerList is how many views one user keeps of one list.
	MaxViewsPerList = 50
	// MaxSharedRoles bounds the roles a view is shared with.
	MaxSharedRoles = 10
)

// The roles the rules name: an admin or a director may share a view; an admin may change a
// view shared with it that it does not own.
const (
	RoleAdmin    = "admin"
	RoleDirector = "director"
)

// ActiveKey is the list call's active select (is_active): a filter a view keeps when its
// list has the flag.
const ActiveKey = "is_active"

// Errors of views, each a sentence the panel translates.
var (
	ErrUnknownList = kernel.FieldError("list", "The selected list is invalid.")
	ErrNameTaken   = kernel.FieldError("name", "The name has already been taken.")
	ErrTooMany     = kernel.FieldError("name", "No more views can be saved for this list.")
	ErrMayNotShare = kernel.NewError(kernel.KindForbidden, "view-share-forbidden", "Only an admin or a director may share a view.")
	ErrReadOnly    = kernel.NewError(kernel.KindForbidden, "view-read-only", "A shared view can be changed only by its owner.")
)

// keyPattern is what a filter key, a sort field and a column name look like: the list
// call's own names (is_active, category_ids, moneyCirculation).
var keyPattern = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]*$`)

// Schema is what a list call accepts, as the list itself says (its configuration): the
// filter keys (text, numbers, flags, id sets and is_active) and the sort fields.
type Schema struct {
	List    string
	Filters []string
	Sorts   []string
}

func (s Schema) hasFilter(k string) bool { return slices.Contains(s.Filters, k) }
func (s Schema) hasSort(k string) bool   { return slices.Contains(s.Sorts, k) }

// State is a list's state as a view keeps it.
type State struct {
	Filters map[string]string
	Sort    string
	Order   string // "asc", "desc" or "" (the list's own)
	PerPage int    // 0: the list's own
	Columns []string
}

// Viewer is who asks: the signed-in user and the roles it holds.
type Viewer struct {
	UserID kernel.ID
	Roles  []string
}

func (v Viewer) has(role string) bool { return slices.Contains(v.Roles, role) }

// MayShare tells whether the viewer may share views with roles.
func (v Viewer) MayShare() bool { return v.has(RoleAdmin) || v.has(RoleDirector) }

// Input is the view form.
type Input struct {
	Name        string
	State       State
	Default     bool
	SharedRoles []string
}

// View is one saved view.
type View struct {
	id          kernel.ID
	owner       kernel.ID
	list        string
	name        string
	state       State
	isDefault   bool
	sharedRoles []string
	updatedAt   time.Time
}

// New validates a new view of the list schema describes, owned by the viewer; roles are
// every role there is (what shared_roles may name).
func New(by Viewer, schema Schema, in Input, roles []string, now time.Time) (*View, error) {
	v := &View{owner: by.UserID, list: schema.List}
	if err := v.apply(by, schema, in, roles, now); err != nil {
		return nil, err
	}
	return v, nil
}

// Rehydrate rebuilds a view from storage, as stored: Reconciled drops what its list no
// longer accepts.
func Rehydrate(id, owner kernel.ID, list, name string, state State, isDefault bool, sharedRoles []string, updatedAt time.Time) *View {
	return &View{id: id, owner: owner, list: list, name: name, state: state, isDefault: isDefault,
		sharedRoles: sharedRoles, updatedAt: updatedAt}
}

// Edit changes the view: its owner may, and an admin may change a view shared with it.
func (v *View) Edit(by Viewer, schema Schema, in Input, roles []string, now time.Time) error {
	if err := v.MayChange(by); err != nil {
		return err
	}
	// An admin changing another's view keeps the owner's default as it is.
	if by.UserID != v.owner {
		in.Default = v.isDefault
	}
	return v.apply(by, schema, in, roles, now)
}

// MayChange tells whether by may edit or delete the view: its owner, or an admin it is
// visible to; to everyone else it shows read-only.
func (v *View) MayChange(by Viewer) error {
	if by.UserID == v.owner || (by.has(RoleAdmin) && v.VisibleTo(by)) {
		return nil
	}
	return ErrReadOnly
}

// VisibleTo tells whether by sees the view: its own, or one shared with a role it holds.
func (v *View) VisibleTo(by Viewer) bool {
	if by.UserID == v.owner {
		return true
	}
	for _, r := range v.sharedRoles {
		if by.has(r) {
			return true
		}
	}
	return false
}

func (v *View) apply(by Viewer, schema Schema, in Input, roles []string, now time.Time) error {
	var val kernel.Validation
	name := strings.TrimSpace(in.Name)
	if val.Required("name", name) {
		val.Text("name", name, kernel.MaxNameLength)
	}
	checkState(&val, schema, in.State)
	shared, err := sharedRoles(by, in.SharedRoles, roles, v.sharedRoles)
	if err != nil {
		if val.Merge(err) != nil {
			return err // forbidden: the viewer may not share
		}
	}
	if err := val.Err(); err != nil {
		return err
	}
	v.name, v.state, v.isDefault, v.sharedRoles, v.updatedAt = name, normalState(in.State), in.Default, shared, now
	return nil
}

// sharedRoles validates the roles a view is shared with; only an admin or a director may
// change them (anyone else keeps what the view has, i.e. none for its own views).
func sharedRoles(by Viewer, asked, roles, had []string) ([]string, error) {
	want := slices.Clone(asked)
	sort.Strings(want)
	want = slices.Compact(want)
	old := slices.Clone(had)
	sort.Strings(old)
	if !by.MayShare() {
		if len(want) > 0 && !slices.Equal(want, old) {
			return nil, ErrMayNotShare
		}
		return old, nil
	}
	if len(want) > MaxSharedRoles {
		return nil, kernel.FieldError("shared_roles", "The shared roles may not have more than 10 items.")
	}
	for _, r := range want {
		if !slices.Contains(roles, r) {
			return nil, kernel.FieldError("shared_roles", "The selected role is invalid.")
		}
	}
	return want, nil
}

// checkState holds a state to what its list accepts and to the limits.
func checkState(val *kernel.Validation, schema Schema, s State) {
	if len(s.Filters) > MaxFilters {
		val.Add("state.filters", "The filters may not have more than 30 items.")
	}
	keys := make([]string, 0, len(s.Filters))
	for k := range s.Filters {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		field := "state.filters"
		if len(k) <= MaxKeyLength && keyPattern.MatchString(k) {
			field = "state.filters." + k
		}
		value := s.Filters[k]
		switch {
		case !schema.hasFilter(k):
			val.Add(field, "The filter is not supported.")
		case utf8.RuneCountInString(value) > MaxFilterLength:
			val.Add(field, "The filter may not be greater than 200 characters.")
		case !kernel.CleanText(value, false):
			val.Add(field, "The filter contains characters that are not allowed.")
		}
	}
	if s.Sort != "" && !schema.hasSort(s.Sort) {
		val.Add("state.sort", "The sort field is invalid.")
	}
	switch s.Order {
	case "", "asc", "desc":
	default:
		val.Add("state.order", "The order must be asc or desc.")
	}
	if s.PerPage < 0 || s.PerPage > MaxPerPage {
		val.Add("state.per_page", "The per page must be between 1 and 100.")
	}
	if len(s.Columns) > MaxColumns {
		val.Add("state.columns", "The columns may not have more than 50 items.")
	}
	for _, c := range s.Columns {
		if len(c) > MaxKeyLength || !keyPattern.MatchString(c) {
			val.Add("state.columns", "The columns must be column names.")
			break
		}
	}
}

// normalState keeps a state's non-empty filters and its columns without repeats.
func normalState(s State) State {
	out := State{Sort: s.Sort, Order: s.Order, PerPage: s.PerPage, Filters: map[string]string{}}
	for k, v := range s.Filters {
		if strings.TrimSpace(v) != "" {
			out.Filters[k] = v
		}
	}
	seen := map[string]bool{}
	for _, c := range s.Columns {
		if !seen[c] {
			seen[c] = true
			out.Columns = append(out.Columns, c)
		}
	}
	return out
}

// Reconciled is the view's state as its list accepts it now: the filters (and a sort) the
// list no longer has are left out and named in dropped, so that the panel opens the view
// without them and says so.
func (v *View) Reconciled(schema Schema) (state State, dropped []string) {
	state = State{Sort: v.state.Sort, Order: v.state.Order, PerPage: v.state.PerPage,
		Columns: slices.Clone(v.state.Columns), Filters: map[string]string{}}
	for k, value := range v.state.Filters {
		if schema.hasFilter(k) {
			state.Filters[k] = value
		} else {
			dropped = append(dropped, k)
		}
	}
	if state.Sort != "" && !schema.hasSort(state.Sort) {
		dropped = append(dropped, state.Sort)
		state.Sort, state.Order = "", ""
	}
	sort.Strings(dropped)
	return state, dropped
}

func (v *View) ID() kernel.ID         { return v.id }
func (v *View) Owner() kernel.ID      { return v.owner }
func (v *View) List() string          { return v.list }
func (v *View) Name() string          { return v.name }
func (v *View) State() State          { return v.state }
func (v *View) IsDefault() bool       { return v.isDefault }
func (v *View) SharedRoles() []string { return slices.Clone(v.sharedRoles) }
func (v *View) UpdatedAt() time.Time  { return v.updatedAt }
func (v *View) AssignID(id kernel.ID) { v.id = id }
