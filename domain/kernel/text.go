package kernel

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// The longest text each kind of field keeps, in characters (ADR 0012). Every constructor and
// edit method checks its text fields against one of these through Validation.Text or
// Validation.Paragraph, so nothing unbounded reaches storage.
const (
	MaxNameLength        = 200  // names of records and of people
	MaxAddressLength     = 300  // postal addresses
	MaxContactLength     = 300  // a phone number, e-mail address, web page… of a store or a partner
	MaxDescriptionLength = 2000 // multi-line descriptions and messages
	MaxUsernameLength    = 100  // sign-in names
	MaxPasswordLength    = 128  // typed passwords; bounds the hashing work of a sign-in too
	MinPasswordLength    = 4    // the shortest new password the spec accepts (§9)
	MaxCodeLength        = 50   // short codes: a partner's tax numbers (PIB, PDV)
)

// Text checks a one-line text field: valid UTF-8, no control character (NUL, tab, line
// breaks, DEL, C1) and, trimmed, at most max characters. It reports the first failure.
func (v *Validation) Text(field, value string, max int) bool {
	return v.text(field, value, max, false)
}

// Paragraph checks a multi-line text field like Text, but allows tabs and line breaks.
func (v *Validation) Paragraph(field, value string, max int) bool {
	return v.text(field, value, max, true)
}

// Password checks a typed password as it is hashed, untrimmed: valid UTF-8, no control
// character and at most MaxPasswordLength characters, so hashing costs the same for everyone.
func (v *Validation) Password(field, value string) bool {
	return v.check(field, value, MaxPasswordLength, false)
}

// ValidatePassword is the one rule of a new password, a user's or a partner's: required, at
// least MinPasswordLength characters and within Password's limits. Typing it twice is the
// form's business (the HTTP adapter checks the confirmation), not the domain's.
func ValidatePassword(field, password string) error {
	var v Validation
	switch {
	case password == "":
		v.Add(field, "The "+humanField(field)+" field is required.")
	case utf8.RuneCountInString(password) < MinPasswordLength:
		v.Add(field, "The "+humanField(field)+" must be at least "+itoa(MinPasswordLength)+" characters.")
	default:
		v.Password(field, password)
	}
	return v.Err()
}

// text checks the trimmed value, which is what a record keeps.
func (v *Validation) text(field, value string, max int, multiline bool) bool {
	return v.check(field, strings.TrimSpace(value), max, multiline)
}

func (v *Validation) check(field, value string, max int, multiline bool) bool {
	if !CleanText(value, multiline) {
		v.Add(field, "The "+humanField(field)+" contains characters that are not allowed.")
		return false
	}
	n := utf8.RuneCountInString(value)
	if multiline {
		n -= strings.Count(value, "\r\n") // a line break is one character however a form sends it
	}
	if n > max {
		v.Add(field, "The "+humanField(field)+" may not be greater than "+itoa(max)+" characters.")
		return false
	}
	return true
}

// CleanText tells whether s is valid UTF-8 without control characters; multi-line text may
// also hold tabs and line breaks. The databases refuse NUL, and the others have no place in
// what the panel shows.
func CleanText(s string, multiline bool) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if !unicode.IsControl(r) {
			continue
		}
		if multiline && (r == '\n' || r == '\r' || r == '\t') {
			continue
		}
		return false
	}
	return true
}

// RequiredText checks a required one-line text of MinTextLength to max characters.
func (v *Validation) RequiredText(field, value string, max int) bool {
	return v.Required(field, value) && v.Text(field, value, max) && v.MinLength(field, value, MinTextLength)
}

// RequiredParagraph checks a required multi-line text of MinTextLength to max characters.
func (v *Validation) RequiredParagraph(field, value string, max int) bool {
	return v.Required(field, value) && v.Paragraph(field, value, max) && v.MinLength(field, value, MinTextLength)
}
