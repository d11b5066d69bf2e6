package kernel

import (
	"regexp"
	"strings"
)

// amountPattern is the spec's cash/number pattern (§5, §9): up to 10 integer digits,
// optionally 1 to 3 decimals, optionally a trailing percent sign.
var amountPattern = regexp.MustCompile(`^\d{1,10}(\.\d{1,3})?%?$`)

// Amount is an exact decimal kept as its canonical text, never a float.
type Amount struct {
	text    string
	percent bool
}

// ParseAmount validates s against the cash pattern for the given field.
func ParseAmount(field, s string) (Amount, error) {
	s = strings.TrimSpace(strings.ReplaceAll(s, ",", "."))
	if s == "" {
		return Amount{}, FieldError(field, "The "+humanField(field)+" field is required.")
	}
	if !amountPattern.MatchString(s) {
		return Amount{}, FieldError(field, "The "+humanField(field)+" must be a number.")
	}
	percent := strings.HasSuffix(s, "%")
	s = strings.TrimSuffix(s, "%")
	intPart, frac, _ := strings.Cut(s, ".")
	intPart = strings.TrimLeft(intPart, "0")
	if intPart == "" {
		intPart = "0"
	}
	frac = strings.TrimRight(frac, "0")
	text := intPart
	if frac != "" {
		text += "." + frac
	}
	return Amount{text: text, percent: percent}, nil
}

// String renders the canonical decimal, with the percent sign when it had one.
func (a Amount) String() string {
	if a.text == "" {
		return "0"
	}
	if a.percent {
		return a.text + "%"
	}
	return a.text
}

// IsPercent tells whether the amount was given as a percentage.
func (a Amount) IsPercent() bool { return a.percent }
