package kit

import (
	"errors"
	"testing"

	"vitrina/domain/kernel"
)

func TestConfirmed(t *testing.T) {
	domain := func(password string, creating bool) func() error {
		return func() error {
			var v kernel.Validation
			v.Add("name", "The name field is required.")
			if creating || password != "" {
				v.Merge(kernel.ValidatePassword("password", password))
			}
			return v.Err()
		}
	}
	cases := []struct {
		name, password, confirmation string
		creating                     bool
		want                         []string // the password's messages; nil: the form goes on
	}{
		{"same", "tajna1", "tajna1", true, nil},
		{"both blank on edit", "", "", false, nil},
		{"differ", "tajna1", "tajna2", true, []string{"The password confirmation does not match."}},
		{"confirmation left blank", "tajna1", "", false, []string{"The password confirmation does not match."}},
		{"confirmation alone on edit", "", "tajna1", false, []string{"The password field is required."}},
		{"confirmation alone on add", "", "tajna1", true, []string{"The password field is required."}},
		{"the password is wrong itself", "abc", "abd", true, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := Confirmed(c.password, c.confirmation, domain(c.password, c.creating))
			if c.want == nil {
				if err != nil {
					t.Fatalf("got %v", err)
				}
				return
			}
			var e *kernel.Error
			if !errors.As(err, &e) || e.Kind != kernel.KindInvalid || len(e.Fields["name"]) != 1 {
				t.Fatalf("want the domain's fields too, got %v", err)
			}
			if got := e.Fields["password"]; len(got) != len(c.want) || got[0] != c.want[0] {
				t.Fatalf("password %v, want %v", got, c.want)
			}
		})
	}
	missing := kernel.NotFound("partner")
	if err := Confirmed("abcd", "abce", func() error { return missing }); err != missing {
		t.Fatalf("a missing record wins: %v", err)
	}
}
