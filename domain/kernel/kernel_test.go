package kernel

import (
	"errors"
	"fmt"
	"testing"
)

func TestNewName(t *testing.T) {
	const invisible = "The name contains invisible or direction-changing characters."
	cases := []struct {
		in             string
		want           string
		wantFieldError string
	}{
		{"Podgorica", "Podgorica", ""},
		{"  Bar  ", "Bar", ""},
		{"", "", "The name field is required."},
		{"   ", "", "The name field is required."},
		{"A", "", "The name must be at least 2 characters."},
		{"Đe", "Đe", ""},
		{"1 Maj", "", "The name must not start with a number."},
		{"  7 dana popusta", "", "The name must not start with a number."},
		{"٣ Arabic-Indic three", "", "The name must not start with a number."},
		{"Maj 1", "Maj 1", ""},
		// Invisible and direction-changing characters (issue 20): a right-to-left override
		// turns "Bar\u202Egpj.exe" into what reads as "Barexe.jpg"; zero-width ones make look-alikes.
		{"Bar\u202Egpj.exe", "", invisible},
		{"Bar\u202Agpj", "", invisible},
		{"Bar\u2066x\u2069", "", invisible},
		{"Po\u200Bdgorica", "", invisible},
		{"Po\u200Fdgorica", "", invisible},
		{"Po\u2060dgorica", "", invisible},
		{"\uFEFFPodgorica", "", invisible},
		{"1\u200B Maj", "", invisible},
		{"Nikšić – Žabljak", "Nikšić – Žabljak", ""},
		{"שלום עולם", "שלום עולם", ""},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			got, err := NewName("name", c.in)
			if c.wantFieldError == "" {
				if err != nil || got.String() != c.want {
					t.Fatalf("NewName(%q) = %q, %v; want %q", c.in, got, err, c.want)
				}
				return
			}
			var e *Error
			if !errors.As(err, &e) || e.Kind != KindInvalid || e.Fields["name"][0] != c.wantFieldError {
				t.Fatalf("NewName(%q) error = %v; want field error %q", c.in, err, c.wantFieldError)
			}
		})
	}
}

func TestValidationCollectsAllFields(t *testing.T) {
	var v Validation
	v.Required("name", "")
	v.Required("username", "")
	v.MinLength("password", "ab", 4)
	err := v.Err()
	var e *Error
	if !errors.As(err, &e) || len(e.Fields) != 3 {
		t.Fatalf("want 3 failed fields, got %v", err)
	}
	if got := e.Fields["password"][0]; got != "The password must be at least 4 characters." {
		t.Fatalf("password message %q", got)
	}
	var empty Validation
	if empty.Err() != nil {
		t.Fatal("no failure must give nil")
	}
}

func TestKindOfLooksThroughWrapping(t *testing.T) {
	err := fmt.Errorf("saving: %w", NotFound("user"))
	if KindOf(err) != KindNotFound {
		t.Fatalf("kind = %v", KindOf(err))
	}
	if KindOf(errors.New("boom")) != KindInternal {
		t.Fatal("unknown errors must be internal")
	}
	if !errors.Is(err, NotFound("user")) || errors.Is(err, NotFound("city")) {
		t.Fatal("errors.Is must compare kind and slug")
	}
}

func TestActivationToggles(t *testing.T) {
	a := Active()
	if !a.IsActive() || a.Toggled().IsActive() || !a.Toggled().Toggled().IsActive() {
		t.Fatal("toggle must flip the state")
	}
}

func TestNameKeyMatchesTypedNames(t *testing.T) {
	for typed, want := range map[string]string{"  Nikšić ": "niksic", "BOJE  i\tlakovi": "boje i lakovi", "Izvođač radova": "izvodjac radova"} {
		if got := NameKey(typed); got != want {
			t.Errorf("%q: %q, want %q", typed, got, want)
		}
	}
}

// A principal is an app one only when its session says so, and only then does it act for a
// partner in the app; a panel account linked to a partner is not an app principal.
func TestPrincipalKinds(t *testing.T) {
	pid := int64(1001)
	app := Principal{Session: AppSession, PartnerID: &pid}
	if id, ok := app.AppPartner(); !app.IsApp() || !ok || id != 1001 {
		t.Fatalf("app principal: %v %v %v", app.IsApp(), id, ok)
	}
	for name, p := range map[string]Principal{
		"linked panel account": {Session: PanelSession, UserID: 3, PartnerID: &pid},
		"zero session kind":    {UserID: 3, PartnerID: &pid},
		"app without partner":  {Session: AppSession},
	} {
		if id, ok := p.AppPartner(); ok || id != 0 {
			t.Fatalf("%s acts for partner %d", name, id)
		}
	}
	if (Principal{UserID: 3}).IsApp() {
		t.Fatal("the zero session kind is a panel one")
	}
}
