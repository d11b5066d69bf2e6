package kernel

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Name is a trimmed display name of MinTextLength to MaxNameLength characters.
type Name string

// NewName validates a name for the given field: required, one line of two to MaxNameLength
// characters, without invisible or direction-changing characters, not starting with a digit
// (spec §5). It is the one name rule: every record's name (a country, city, category, store,
// product, campaign, slider, partner or user) passes through it, so no screen accepts a name
// another refuses.
func NewName(field, value string) (Name, error) {
	var v Validation
	value = strings.TrimSpace(value)
	if v.RequiredText(field, value, MaxNameLength) {
		if strings.IndexFunc(value, Invisible) >= 0 {
			v.Add(field, "The "+humanField(field)+" contains invisible or direction-changing characters.")
		} else if r, _ := utf8.DecodeRuneInString(value); unicode.IsDigit(r) {
			v.Add(field, "The "+humanField(field)+" must not start with a number.")
		}
	}
	if err := v.Err(); err != nil {
		return "", err
	}
	return Name(value), nil
}

func (n Name) String() string { return string(n) }

// Invisible tells whether r is a character that shows nothing but changes how a name reads:
// the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which
// can make "abc" display as "cba", and the zero-width characters (U+200B–U+200F, U+2060,
// U+FEFF), which make two names that look the same differ. The same look-alike trick is
// behind Trojan Source (CVE-2021-42574).
func Invisible(r rune) bool {
	switch {
	case r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069:
		return true
	case r >= 0x200B && r <= 0x200F, r == 0x2060, r == 0xFEFF:
		return true
	}
	return false
}
