package authz

import (
	"os"
	"strings"
	"testing"
)

func TestPolicy(t *testing.T) {
	a, err := New()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		roles    []string
		resource string
		action   string
		want     bool
	}{
		{[]string{"admin"}, "users", "write", true},
		{[]string{"admin"}, "anything-new", "read", true},
		{[]string{"director"}, "users", "write", true},
		{[]string{"manager"}, "users", "read", true},
		{[]string{"manager"}, "users", "write", false},
		{[]string{"engineer"}, "users", "read", false},
		{[]string{"financier"}, "users", "write", false},
		{[]string{"engineer", "manager"}, "users", "read", true},
		{nil, "users", "read", false},
		{[]string{"king"}, "users", "read", false},
	}
	for _, c := range cases {
		got, err := a.Allowed(c.roles, c.resource, c.action)
		if err != nil || got != c.want {
			t.Errorf("Allowed(%v, %s, %s) = %v, %v; want %v", c.roles, c.resource, c.action, got, err, c.want)
		}
	}
}

// The permission matrix in docs/ is rendered from the policy; this fails when it is stale.
func TestPermissionMatrixIsCurrent(t *testing.T) {
	a, err := New()
	if err != nil {
		t.Fatal(err)
	}
	want, err := a.Matrix()
	if err != nil {
		t.Fatal(err)
	}
	const path = "../../docs/permissions.md"
	// The file opens with the rendered matrix; the "## " sections after it are written by hand and kept.
	split := func(doc string) (generated, prose string) {
		if i := strings.Index(doc, "\n\n## "); i >= 0 {
			return doc[:i+1], doc[i+1:]
		}
		return doc, ""
	}
	if os.Getenv("UPDATE_DOCS") == "1" {
		old, _ := os.ReadFile(path)
		_, prose := split(string(old))
		if err := os.WriteFile(path, []byte(want+prose), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run UPDATE_DOCS=1 go test ./adapters/authz)", err)
	}
	if generated, _ := split(string(got)); generated != want {
		t.Fatalf("docs/permissions.md is stale; run UPDATE_DOCS=1 go test ./adapters/authz\nwant:\n%s", want)
	}
}

// A role that may write a record may pick what that record's form picks (ADR 0029): the
// pickers each form of the panel loads, by the resource the form writes.
func TestWritersMayPickWhatTheirFormsNeed(t *testing.T) {
	a, err := New()
	if err != nil {
		t.Fatal(err)
	}
	forms := map[string][]string{
		"partners":      {"cities", "categories"},
		"stores":        {"cities"},
		"cities":        {"countries"},
		"products":      {"categories"},
		"sliders":       {"categories", "partners"},
		"notifications": {"categories"},
		"campaigns":     {"categories", "products", "partners"},
		"users":         {"partners"},
	}
	for _, role := range Roles {
		for form, pickers := range forms {
			if ok, _ := a.Allowed([]string{role}, form, ActionWrite); !ok {
				continue
			}
			for _, res := range pickers {
				if ok, err := a.Allowed([]string{role}, res, ActionPick); err != nil || !ok {
					t.Errorf("%s writes %s but may not pick %s", role, form, res)
				}
			}
		}
	}
	// pick alone opens no screen.
	if ok, _ := a.Allowed([]string{"financier"}, "cities", ActionRead); ok {
		t.Error("financier may read cities")
	}
	perms, err := a.Permissions([]string{"financier"})
	if err != nil || len(perms["cities"]) != 1 || perms["cities"][0] != ActionPick || perms["users"] != nil {
		t.Errorf("financier permissions %v, %v", perms, err)
	}
}
