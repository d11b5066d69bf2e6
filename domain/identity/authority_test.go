package identity

import (
	"errors"
	"testing"
	"time"
)

func account(t *testing.T, roles ...string) *User {
	t.Helper()
	u, err := NewUser(UserInput{Name: "Neko Nekić", Username: "neko", Password: "pass1234",
		Roles: roles}, "hash", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func edit(roles ...string) UserInput {
	return UserInput{Name: "Neko Nekić", Username: "neko", Roles: roles}
}

// A user grants only roles it holds; an admin holds them all.
func TestGrantOnlyHeldRoles(t *testing.T) {
	director := NewActor(2, []string{"director"})
	admin := NewActor(1, []string{"admin"})
	cases := []struct {
		name  string
		actor Actor
		roles []string
		want  error
	}{
		{"director creates a director", director, []string{"director"}, nil},
		{"director creates an admin", director, []string{"admin"}, ErrRoleNotHeld},
		{"director creates a manager", director, []string{"manager"}, ErrRoleNotHeld},
		{"director creates a user without roles", director, nil, nil},
		{"admin creates any role", admin, []string{"admin", "director", "manager", "engineer", "financier"}, nil},
		{"no roles at all", NewActor(3, nil), []string{"engineer"}, ErrRoleNotHeld},
		{"an unknown role name grants nothing", NewActor(3, []string{"king", "engineer"}), []string{"engineer"}, nil},
	}
	for _, c := range cases {
		if got := c.actor.MayCreate(UserInput{Roles: c.roles}); !errors.Is(got, c.want) || (c.want == nil) != (got == nil) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

// An edit may keep roles the actor does not hold, but not add them; an admin account is the admins' alone.
func TestEditRules(t *testing.T) {
	director := NewActor(2, []string{"director"})
	self := account(t, "director")
	self.AssignID(2)
	cases := []struct {
		name   string
		actor  Actor
		target *User
		in     UserInput
		want   error
	}{
		{"director raises itself to admin", director, self, edit("director", "admin"), ErrRoleNotHeld},
		{"director keeps its own role", director, self, edit("director"), nil},
		{"director keeps a role it does not hold", director, account(t, "engineer"), edit("engineer"), nil},
		{"director drops a role it does not hold", director, account(t, "engineer", "director"), edit("director"), nil},
		{"director adds a role it does not hold", director, account(t, "director"), edit("director", "financier"), ErrRoleNotHeld},
		{"director edits an admin", director, account(t, "admin"), edit("admin"), ErrAdminAccount},
		{"director strips an admin", director, account(t, "admin"), edit("director"), ErrAdminAccount},
		{"admin edits an admin", NewActor(1, []string{"admin"}), account(t, "admin"), edit("manager"), nil},
	}
	for _, c := range cases {
		got := c.actor.MayEdit(c.target, c.in)
		if !errors.Is(got, c.want) || (c.want == nil) != (got == nil) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
	if err := director.MayManage(account(t, "admin", "director")); !errors.Is(err, ErrAdminAccount) {
		t.Fatalf("deactivating an admin: %v", err)
	}
	if err := director.MayManage(account(t, "manager")); err != nil {
		t.Fatalf("deactivating a manager: %v", err)
	}
}

// The last account that administers the panel stays an active, unlinked admin.
func TestLastAdminRemains(t *testing.T) {
	now := time.Now()
	partner := int64(7)
	change := map[string]func(u *User){
		"deactivated":         func(u *User) { u.ToggleActive(now) },
		"stripped of admin":   func(u *User) { _ = u.Edit(edit("director"), "", now) },
		"linked to a partner": func(u *User) { in := edit("admin"); in.PartnerID = &partner; _ = u.Edit(in, "", now) },
		"renamed (admin kept)": func(u *User) {
			_ = u.Edit(UserInput{Name: "Novo Ime", Username: "novo", Roles: []string{"admin"}}, "", now)
		},
	}
	for name, fn := range change {
		u := account(t, "admin")
		was := u.AdministersPanel()
		fn(u)
		lastErr, otherErr := KeepsAnAdmin(was, u, 0), KeepsAnAdmin(was, u, 1)
		if name == "renamed (admin kept)" {
			if lastErr != nil {
				t.Errorf("%s: %v", name, lastErr)
			}
			continue
		}
		if !errors.Is(lastErr, ErrLastAdmin) {
			t.Errorf("last admin %s: %v, want ErrLastAdmin", name, lastErr)
		}
		if otherErr != nil {
			t.Errorf("%s with another admin left: %v", name, otherErr)
		}
	}
	// A change to an account that was no panel admin never trips the rule.
	u := account(t, "manager")
	was := u.AdministersPanel()
	u.ToggleActive(now)
	if err := KeepsAnAdmin(was, u, 0); err != nil {
		t.Fatal(err)
	}
	// Reactivating an inactive admin is always allowed.
	u = account(t, "admin")
	u.ToggleActive(now)
	was = u.AdministersPanel()
	u.ToggleActive(now)
	if was || KeepsAnAdmin(was, u, 0) != nil {
		t.Fatal("reactivation")
	}
}

func TestAddressThrottle(t *testing.T) {
	if DefaultAddressThrottle.Blocks(19) || !DefaultAddressThrottle.Blocks(20) || DefaultAddressThrottle.Window != 15*time.Minute {
		t.Fatalf("address throttle %+v", DefaultAddressThrottle)
	}
	if !(ProfileInput{Password: "x"}).ChangesPassword() || (ProfileInput{Name: "x"}).ChangesPassword() {
		t.Fatal("ChangesPassword")
	}
}
