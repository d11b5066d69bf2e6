package persistence

import (
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/uptrace/bun"
)

// numberRange is a parsed numeric filter: bounds in the column's units, each optional and
// inclusive unless marked strict.
type numberRange struct {
	lo, hi             *int64
	loStrict, hiStrict bool
}

var (
	numberPart  = `\d{1,13}(?:[.,]\d{1,3})?`
	compareExpr = regexp.MustCompile(`^(>=|<=|>|<|=)?\s*(` + numberPart + `)\s*%?$`)
	rangeExpr   = regexp.MustCompile(`^(` + numberPart + `)\s*%?\s*(?:\.\.|-|–)\s*(` + numberPart + `)\s*%?$`)
)

// parseNumberFilter reads what a user types into a figure's filter: "100" (equal), ">100",
// ">=100", "<100", "<=100" or "100..200" (also "100-200"; inclusive). Decimals take "." or
// ","; a trailing "%" is allowed and ignored, so "15%" finds figures of 15 entered either way.
func parseNumberFilter(text string, scale int64) (numberRange, bool) {
	text = strings.TrimSpace(text)
	if m := rangeExpr.FindStringSubmatch(text); m != nil {
		lo, ok1 := scaled(m[1], scale)
		hi, ok2 := scaled(m[2], scale)
		if !ok1 || !ok2 {
			return numberRange{}, false
		}
		if lo > hi {
			lo, hi = hi, lo
		}
		return numberRange{lo: &lo, hi: &hi}, true
	}
	m := compareExpr.FindStringSubmatch(text)
	if m == nil {
		return numberRange{}, false
	}
	v, ok := scaled(m[2], scale)
	if !ok {
		return numberRange{}, false
	}
	switch m[1] {
	case ">":
		return numberRange{lo: &v, loStrict: true}, true
	case ">=":
		return numberRange{lo: &v}, true
	case "<":
		return numberRange{hi: &v, hiStrict: true}, true
	case "<=":
		return numberRange{hi: &v}, true
	}
	return numberRange{lo: &v, hi: &v}, true
}

// scaled turns a decimal into the column's units; a fraction finer than the scale does not
// fit and is refused (ids have no decimals).
func scaled(s string, scale int64) (int64, bool) {
	whole, frac, _ := strings.Cut(strings.ReplaceAll(s, ",", "."), ".")
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil {
		return 0, false
	}
	digits := len(strconv.FormatInt(scale, 10)) - 1
	if len(frac) > digits {
		return 0, false
	}
	f := int64(0)
	if frac != "" {
		f, _ = strconv.ParseInt((frac + "000")[:digits], 10, 64)
	}
	return w*scale + f, true
}

func (r numberRange) apply(sel *bun.SelectQuery, col string) *bun.SelectQuery {
	if r.lo != nil && r.hi != nil && *r.lo == *r.hi && !r.loStrict && !r.hiStrict {
		return sel.Where(col+" = ?", *r.lo)
	}
	if r.lo != nil {
		op := " >= ?"
		if r.loStrict {
			op = " > ?"
		}
		sel = sel.Where(col+op, *r.lo)
	}
	if r.hi != nil {
		op := " <= ?"
		if r.hiStrict {
			op = " < ?"
		}
		sel = sel.Where(col+op, *r.hi)
	}
	return sel
}

// bounds is the range as inclusive bounds.
func (r numberRange) bounds() (lo, hi int64) {
	lo, hi = math.MinInt64, math.MaxInt64
	if r.lo != nil {
		lo = *r.lo
		if r.loStrict {
			lo++
		}
	}
	if r.hi != nil {
		hi = *r.hi
		if r.hiStrict {
			hi--
		}
	}
	return lo, hi
}

// holds tells whether v, in the column's units, is within the range: what apply asks SQL.
func (r numberRange) holds(v int64) bool {
	if r.lo != nil && (v < *r.lo || r.loStrict && v == *r.lo) {
		return false
	}
	return r.hi == nil || v < *r.hi || !r.hiStrict && v == *r.hi
}
