package kernel

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Name is a trimmed display name of MinTextLength to MaxNameLength characters.
type Name string

// NewName validates a name for the given field: required, one line of two to MaxNameLength
// characters, not starting with a digit (spec §5). It is the one name rule: every record's
// name (a country, city, category, store, product, campaign, slider, partner or user) passes
// through it, so no screen accepts a name another refuses.
func NewName(field, value string) (Name, error) {
	var v Validation
	value = strings.TrimSpace(value)
	if v.RequiredText(field, value, MaxNameLength) {
		r, _ := utf8.DecodeRuneInString(value)
		if unicode.IsDigit(r) {
			v.Add(field, "The "+humanField(field)+" must not start with a number.")
		}
	}
	if err := v.Err(); err != nil {
		return "", err
	}
	return Name(value), nil
}

func (n Name) String() string { return string(n) }
