package content

import "time"

// dateLayout is the one form a date takes in forms, storage and answers (ISO 8601).
const dateLayout = "2006-01-02"

// Date is a calendar day without a time or a zone, as "2026-12-03". Its text sorts as the
// days do, so storage compares and orders dates as text on both engines.
type Date struct{ iso string }

// ParseDate reads a day in the form YYYY-MM-DD; ok is false for anything else (another
// form, a day that does not exist such as 2026-02-30, surrounding spaces).
func ParseDate(s string) (Date, bool) {
	if len(s) != len(dateLayout) {
		return Date{}, false
	}
	t, err := time.Parse(dateLayout, s)
	if err != nil {
		return Date{}, false
	}
	return Date{iso: t.Format(dateLayout)}, true
}

// MustDate is ParseDate for dates the code itself spells (tests, storage it wrote).
func MustDate(s string) Date {
	d, ok := ParseDate(s)
	if !ok {
		panic("content: not a date: " + s)
	}
	return d
}

// DateOf is the day of t in t's own location; the services pass the clock's time, so
// "today" is the UTC day (ADR 0018).
func DateOf(t time.Time) Date { return Date{iso: t.Format(dateLayout)} }

// String is the day as YYYY-MM-DD, "" for the zero Date.
func (d Date) String() string { return d.iso }

// IsZero tells whether d is no day at all.
func (d Date) IsZero() bool { return d.iso == "" }

// Before tells whether d is an earlier day than o.
func (d Date) Before(o Date) bool { return d.iso < o.iso }

// Time is the day at midnight UTC, for formatting (dd.mm.yyyy in a spreadsheet).
func (d Date) Time() time.Time {
	t, _ := time.Parse(dateLayout, d.iso)
	return t
}
