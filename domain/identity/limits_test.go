package identity

import (
	"strings"
	"testing"
	"time"

	"vitrina/domain/kernel"
)

func TestUserTextLimits(t *testing.T) {
	valid := UserInput{Name: "Ana Marković", Username: "ana", Password: "tajna", Roles: []string{"manager"}}
	cases := []struct {
		name  string
		edit  func(in *UserInput)
		field string
		want  string
	}{
		{"name at 200", func(in *UserInput) { in.Name = strings.Repeat("ć", 200) }, "name", ""},
		{"name at 201", func(in *UserInput) { in.Name = strings.Repeat("ć", 201) }, "name", "The name may not be greater than 200 characters."},
		{"name with NUL", func(in *UserInput) { in.Name = "Ana\x00" }, "name", "The name contains characters that are not allowed."},
		{"name with a line break", func(in *UserInput) { in.Name = "Ana\nM" }, "name", "The name contains characters that are not allowed."},
		{"name not UTF-8", func(in *UserInput) { in.Name = "Ana\xff" }, "name", "The name contains characters that are not allowed."},
		{"username at 100", func(in *UserInput) { in.Username = strings.Repeat("đ", 100) }, "username", ""},
		{"username at 101", func(in *UserInput) { in.Username = strings.Repeat("đ", 101) }, "username", "The username may not be greater than 100 characters."},
		{"username with NUL", func(in *UserInput) { in.Username = "ana\x00" }, "username", "The username contains characters that are not allowed."},
		{"username with a tab", func(in *UserInput) { in.Username = "a\tna" }, "username", "The username contains characters that are not allowed."},
		{"username not UTF-8", func(in *UserInput) { in.Username = "an\xc3" }, "username", "The username contains characters that are not allowed."},
		{"password at 128", func(in *UserInput) { in.Password = strings.Repeat("ž", 128) }, "password", ""},
		{"password at 129", func(in *UserInput) { in.Password = strings.Repeat("ž", 129) }, "password", "The password may not be greater than 128 characters."},
		{"password with NUL", func(in *UserInput) { in.Password = "taj\x00na" }, "password", "The password contains characters that are not allowed."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := valid
			c.edit(&in)
			for _, creating := range []bool{true, false} {
				got := ""
				if f := fields(t, in.Validate(creating))[c.field]; len(f) > 0 {
					got = f[0]
				}
				if got != c.want {
					t.Fatalf("creating=%v: %s = %q, want %q", creating, c.field, got, c.want)
				}
			}
			// The own profile takes the same limits for name and username.
			if c.field != "password" {
				profile := ProfileInput{Name: in.Name, Username: in.Username}
				got := ""
				if f := fields(t, profile.Validate())[c.field]; len(f) > 0 {
					got = f[0]
				}
				if got != c.want {
					t.Fatalf("profile: %s = %q, want %q", c.field, got, c.want)
				}
			}
		})
	}
	if fields(t, kernel.ValidatePassword("password", strings.Repeat("p", 129)))["password"][0] != "The password may not be greater than 128 characters." {
		t.Fatal("a new password is bounded wherever it is set")
	}
	u, err := NewUser(valid, "hash", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	bad := valid
	bad.Name = strings.Repeat("x", 1<<20)
	if err := u.Edit(bad, "", time.Now()); err == nil || u.Name() != "Ana Marković" {
		t.Fatal("a refused edit changed the user")
	}
}

func TestValidateSignIn(t *testing.T) {
	cases := []struct {
		username, password string
		want               map[string]string
	}{
		{"admin", "a password longer than any account's limit " + strings.Repeat("x", 200), nil},
		{"", "", map[string]string{"username": "The username field is required.", "password": "The password field is required."}},
		{"adm\x00in", "x", map[string]string{"username": "The username contains characters that are not allowed."}},
		{strings.Repeat("a", 101), "x", map[string]string{"username": "The username may not be greater than 100 characters."}},
	}
	for _, c := range cases {
		got := fields(t, ValidateSignIn(c.username, c.password))
		if len(got) != len(c.want) {
			t.Fatalf("%.20q: errors %v, want %v", c.username, got, c.want)
		}
		for f, msg := range c.want {
			if len(got[f]) != 1 || got[f][0] != msg {
				t.Fatalf("%.20q: %s = %v, want %q", c.username, f, got[f], msg)
			}
		}
	}
}
