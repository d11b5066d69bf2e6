package kernel

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// MinTextLength is the shortest name or text the spec accepts (§9).
const MinTextLength = 2

// Validation collects field errors so that one answer lists every failed field.
type Validation struct {
	fields map[string][]string
}

// Add records a message for a field; a message the field has already is not repeated.
func (v *Validation) Add(field, message string) {
	if v.fields == nil {
		v.fields = map[string][]string{}
	}
	if slices.Contains(v.fields[field], message) {
		return
	}
	v.fields[field] = append(v.fields[field], message)
}

// Has tells whether the field already failed.
func (v *Validation) Has(field string) bool { return len(v.fields[field]) > 0 }

// Merge adds the fields of a validation error; any other error is returned as is.
func (v *Validation) Merge(err error) error {
	if err == nil {
		return nil
	}
	e, ok := err.(*Error)
	if !ok || e.Kind != KindInvalid {
		return err
	}
	for f, msgs := range e.Fields {
		for _, m := range msgs {
			v.Add(f, m)
		}
	}
	return nil
}

// Err returns nil when nothing failed, else a KindInvalid error with all fields.
func (v *Validation) Err() error {
	if len(v.fields) == 0 {
		return nil
	}
	return &Error{Kind: KindInvalid, Slug: "invalid", Message: "The given data was invalid.", Fields: v.fields}
}

// Required checks that a trimmed value is not empty.
func (v *Validation) Required(field, value string) bool {
	if strings.TrimSpace(value) == "" {
		v.Add(field, "The "+humanField(field)+" field is required.")
		return false
	}
	return true
}

// MinLength checks the length in characters of a trimmed value.
func (v *Validation) MinLength(field, value string, min int) bool {
	if utf8.RuneCountInString(strings.TrimSpace(value)) < min {
		v.Add(field, "The "+humanField(field)+" must be at least "+itoa(min)+" characters.")
		return false
	}
	return true
}

// humanField turns a field name into the words Laravel-style messages use.
func humanField(field string) string {
	var b strings.Builder
	for i, r := range field {
		switch {
		case r == '_':
			b.WriteRune(' ')
		case r >= 'A' && r <= 'Z':
			if i > 0 {
				b.WriteRune(' ')
			}
			b.WriteRune(r - 'A' + 'a')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	if neg {
		n = -n
	}
	var buf [20]byte
	i := len(buf)
	for n > 0 {
		i--
		buf[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		buf[i] = '-'
	}
	return string(buf[i:])
}
