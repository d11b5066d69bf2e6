package kernel

import (
	"strings"
	"testing"
)

func TestTextRule(t *testing.T) {
	const notAllowed = "The name contains characters that are not allowed."
	const tooLong = "The name may not be greater than 5 characters."
	cases := []struct {
		name, in  string
		multiline bool
		want      string
	}{
		{"plain", "Bar", false, ""},
		{"at the maximum", "abcde", false, ""},
		{"one over the maximum", "abcdef", false, tooLong},
		{"multibyte counted as characters", "ĐžŠČĆ", false, ""},
		{"multibyte one over", "ĐžŠČĆđ", false, tooLong},
		{"emoji is one character each", "😀😀😀😀😀", false, ""},
		{"surrounding spaces are not counted", "  abcde  ", false, ""},
		{"NUL", "a\x00b", false, notAllowed},
		{"NUL in multi-line text", "a\x00b", true, notAllowed},
		{"escape", "a\x1bb", false, notAllowed},
		{"DEL", "a\x7fb", false, notAllowed},
		{"C1 control", "a\u0085b", false, notAllowed},
		{"tab in one line", "a\tb", false, notAllowed},
		{"line break in one line", "a\nb", false, notAllowed},
		{"tab and line breaks in multi-line", "a\tb\nc", true, ""},
		{"CRLF counted as one line break", "a\r\nb\r\nc", true, ""},
		{"trailing line break trimmed", "a\nb\nc\n", true, ""},
		{"multi-line with CRLF one over", "ab\r\ncde", true, tooLong},
		{"invalid UTF-8", "a\xffb", false, notAllowed},
		{"invalid UTF-8 in multi-line", "a\xc3", true, notAllowed},
		{"encoded surrogate", "a\xed\xa0\x80", false, notAllowed},
		{"characters checked before the length", strings.Repeat("a", 10) + "\x00", false, notAllowed},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var v Validation
			var ok bool
			if c.multiline {
				ok = v.Paragraph("name", c.in, 5)
			} else {
				ok = v.Text("name", c.in, 5)
			}
			got := ""
			if e, _ := v.Err().(*Error); e != nil {
				got = e.Fields["name"][0]
			}
			if got != c.want || ok != (c.want == "") {
				t.Fatalf("Text(%q) = %v %q, want %q", c.in, ok, got, c.want)
			}
		})
	}
}

func TestRequiredTextOrder(t *testing.T) {
	cases := []struct{ in, want string }{
		{"", "The address field is required."},
		{"A", "The address must be at least 2 characters."},
		{"A\x00", "The address contains characters that are not allowed."},
		{strings.Repeat("a", MaxAddressLength), ""},
		{strings.Repeat("a", MaxAddressLength+1), "The address may not be greater than 300 characters."},
	}
	for _, c := range cases {
		var v Validation
		v.RequiredText("address", c.in, MaxAddressLength)
		got := ""
		if e, _ := v.Err().(*Error); e != nil {
			if len(e.Fields["address"]) != 1 {
				t.Fatalf("one message per field, got %v", e.Fields)
			}
			got = e.Fields["address"][0]
		}
		if got != c.want {
			t.Errorf("RequiredText(%.20q) = %q, want %q", c.in, got, c.want)
		}
	}
	var v Validation
	if !v.RequiredParagraph("description", "Prvi red\nDrugi red", MaxDescriptionLength) {
		t.Fatal("a paragraph keeps its line breaks")
	}
}

func TestPasswordRuleIsUntrimmed(t *testing.T) {
	cases := []struct{ in, want string }{
		{strings.Repeat("p", MaxPasswordLength), ""},
		{strings.Repeat("ž", MaxPasswordLength), ""},
		{strings.Repeat("p", MaxPasswordLength+1), "The password may not be greater than 128 characters."},
		// Spaces are part of a password: padding does not slip past the limit.
		{"pass" + strings.Repeat(" ", MaxPasswordLength), "The password may not be greater than 128 characters."},
		{"pa\x00ss", "The password contains characters that are not allowed."},
	}
	for _, c := range cases {
		var v Validation
		v.Password("password", c.in)
		got := ""
		if e, _ := v.Err().(*Error); e != nil {
			got = e.Fields["password"][0]
		}
		if got != c.want {
			t.Errorf("Password(%.20q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestNameLimit(t *testing.T) {
	if _, err := NewName("name", strings.Repeat("ć", MaxNameLength)); err != nil {
		t.Fatalf("200 characters are a name: %v", err)
	}
	_, err := NewName("name", strings.Repeat("ć", MaxNameLength+1))
	if e, _ := err.(*Error); e == nil || e.Fields["name"][0] != "The name may not be greater than 200 characters." {
		t.Fatalf("201 characters: %v", err)
	}
	_, err = NewName("name", "Bar\x00")
	if e, _ := err.(*Error); e == nil || e.Fields["name"][0] != "The name contains characters that are not allowed." {
		t.Fatalf("NUL: %v", err)
	}
}

func TestValidatePassword(t *testing.T) {
	for in, want := range map[string]string{
		"":                                     "The password field is required.",
		"abc":                                  "The password must be at least 4 characters.",
		"žžž":                                  "The password must be at least 4 characters.",
		"abcd":                                 "",
		"    ":                                 "", // untrimmed: spaces are characters of a password
		strings.Repeat("p", 129):               "The password may not be greater than 128 characters.",
		"abc\x00d":                             "The password contains characters that are not allowed.",
		strings.Repeat("ž", MaxPasswordLength): "",
	} {
		got := ""
		if e, _ := ValidatePassword("password", in).(*Error); e != nil {
			if len(e.Fields["password"]) != 1 {
				t.Fatalf("%.20q: one message, got %v", in, e.Fields)
			}
			got = e.Fields["password"][0]
		}
		if got != want {
			t.Errorf("ValidatePassword(%.20q) = %q, want %q", in, got, want)
		}
	}
}

func TestValidationSaysAMessageOnce(t *testing.T) {
	var v Validation
	v.Required("password", "")
	v.Merge(ValidatePassword("password", ""))
	v.Add("password", "Another.")
	if e := v.Err().(*Error); len(e.Fields["password"]) != 2 {
		t.Fatalf("messages %v", e.Fields["password"])
	}
}
