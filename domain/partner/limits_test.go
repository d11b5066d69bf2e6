package partner

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"vitrina/domain/kernel"
)

// textLimit is a text field of a form with its limit and how to set it.
type textLimit struct {
	field string
	max   int
	set   func(in *Input, s string)
}

var partnerTextLimits = []textLimit{
	{"name", 200, func(in *Input, s string) { in.Name = s }},
	{"address", 300, func(in *Input, s string) { in.Address = s }},
	{"pib", 50, func(in *Input, s string) { in.PIB = s }},
	{"pdv", 50, func(in *Input, s string) { in.PDV = s }},
	{"phone", 300, func(in *Input, s string) { in.Phone = s }},
}

// textCases are the values every one-line field is tried with: "" accepted, else the message.
func textCases(field string, max int) []struct{ name, in, want string } {
	h := strings.ReplaceAll(field, "_", " ")
	return []struct{ name, in, want string }{
		{"at the maximum", strings.Repeat("a", max), ""},
		{"multibyte at the maximum", strings.Repeat("š", max), ""},
		{"one over", strings.Repeat("a", max+1), "The " + h + " may not be greater than " + strconv.Itoa(max) + " characters."},
		{"multibyte one over", strings.Repeat("š", max+1), "The " + h + " may not be greater than " + strconv.Itoa(max) + " characters."},
		{"NUL", "ab\x00c", "The " + h + " contains characters that are not allowed."},
		{"control character", "ab\x1bc", "The " + h + " contains characters that are not allowed."},
		{"line break", "ab\nc", "The " + h + " contains characters that are not allowed."},
		{"invalid UTF-8", "ab\xfe", "The " + h + " contains characters that are not allowed."},
	}
}

func TestPartnerTextLimits(t *testing.T) {
	now := time.Now()
	for _, l := range partnerTextLimits {
		for _, c := range textCases(l.field, l.max) {
			t.Run(l.field+"/"+c.name, func(t *testing.T) {
				add := valid()
				l.set(&add, c.in)
				_, err := New(add, "hash", now)
				checkField(t, "add", err, l.field, c.want)

				p, _ := New(valid(), "hash", now)
				edit := valid()
				l.set(&edit, c.in)
				err = p.Edit(edit, "", now)
				checkField(t, "edit", err, l.field, c.want)
				if c.want != "" && p.Name() != "Tehnomarket" {
					t.Fatal("a refused edit changed the partner")
				}

				// The import's rows go through the same rules: a too long cell is a problem of its column.
				_, err = ParseRow(edit, false, now)
				checkField(t, "import row", err, l.field, c.want)
			})
		}
	}
}

func TestPartnerPasswordLimit(t *testing.T) {
	now := time.Now()
	for _, c := range []struct{ in, want string }{
		{strings.Repeat("p", 128), ""},
		{strings.Repeat("p", 129), "The password may not be greater than 128 characters."},
		{"taj\x00na", "The password contains characters that are not allowed."},
	} {
		in := valid()
		in.Password = c.in
		_, err := New(in, "hash", now)
		checkField(t, "add", err, "password", c.want)
	}
}

func TestPartnerIDLimit(t *testing.T) {
	cases := []struct{ in, want string }{
		{"9007199254740991", ""},
		{"9007199254740992", "The id may not be greater than 9007199254740991."},
		{"9223372036854775807", "The id may not be greater than 9007199254740991."},
		{"99999999999999999999", "The id may not be greater than 9007199254740991."},
		{"-99999999999999999999", "The id must be a positive integer."},
		{"0", "The id must be a positive integer."},
	}
	now := time.Now()
	for _, c := range cases {
		id, err := ParseID(c.in)
		checkField(t, "ParseID "+c.in, err, "id", c.want)
		if c.want == "" && id != MaxID {
			t.Fatalf("ParseID(%s) = %d", c.in, id)
		}
		in := valid()
		in.ID = c.in
		_, err = New(in, "hash", now)
		checkField(t, "add "+c.in, err, "id", c.want)
		_, err = ParseRow(in, false, now)
		checkField(t, "import row "+c.in, err, "id", c.want)
	}
}

func TestContactAndMessageLimits(t *testing.T) {
	now := time.Now()
	for _, c := range textCases("contact", 300) {
		_, err := NewContact(1, ContactInput{Contact: c.in, TypeID: 1}, now)
		checkField(t, "contact "+c.name, err, "contact", c.want)
		ct, _ := NewContact(1, ContactInput{Contact: "+382 67 111 222", TypeID: 1}, now)
		err = ct.Edit(ContactInput{Contact: c.in, TypeID: 1}, now)
		checkField(t, "contact edit "+c.name, err, "contact", c.want)
	}
	long := strings.Repeat("ž", kernel.MaxDescriptionLength)
	if _, err := NewSupportMessage(1, 1, long, now); err != nil {
		t.Fatalf("2000 characters: %v", err)
	}
	if _, err := NewSupportMessage(1, 1, "Prvi red\nDrugi red", now); err != nil {
		t.Fatalf("a message keeps its line breaks: %v", err)
	}
	_, err := NewSupportMessage(1, 1, long+"ž", now)
	checkField(t, "message", err, "message", "The message may not be greater than 2000 characters.")
	_, err = NewSupportMessage(1, 1, "Poruka\x00", now)
	checkField(t, "message NUL", err, "message", "The message contains characters that are not allowed.")
}

func checkField(t *testing.T, what string, err error, field, want string) {
	t.Helper()
	got := ""
	if f := fields(err)[field]; len(f) > 0 {
		got = f[0]
	}
	if got != want {
		t.Fatalf("%s: %s = %q (%v), want %q", what, field, got, err, want)
	}
}
