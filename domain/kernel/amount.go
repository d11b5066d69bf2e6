package kernel

import (
	"math"
	"math/bits"
	"regexp"
	"strconv"
	"strings"
)

// amountPattern is the spec's cash pattern (§5, §9): up to 10 integer digits, optionally 1
// to 3 decimals; a comma is read as the decimal point before matching.
var amountPattern = regexp.MustCompile(`^\d{1,10}(\.\d{1,3})?$`)

// Amount is an exact decimal of money kept in thousandths, never a float (ADR 0015). Parsed
// amounts are never negative; sums and products are checked against overflow.
type Amount struct{ milli int64 }

// ErrAmountOverflow is a sum or product past what an Amount holds.
var ErrAmountOverflow = NewError(KindInvalid, "amount-overflow", "The amount is too large.")

// ParseAmount validates s, as a form or a spreadsheet cell gives it, against the cash pattern.
func ParseAmount(field, s string) (Amount, error) {
	s = strings.TrimSpace(strings.ReplaceAll(s, ",", "."))
	if s == "" {
		return Amount{}, FieldError(field, "The "+humanField(field)+" field is required.")
	}
	if !amountPattern.MatchString(s) {
		return Amount{}, FieldError(field, "The "+humanField(field)+" must be a number.")
	}
	whole, frac, _ := strings.Cut(s, ".")
	w, _ := strconv.ParseInt(whole, 10, 64) // at most 10 digits: cannot fail
	f, _ := strconv.ParseInt((frac + "000")[:3], 10, 64)
	return Amount{milli: w*1000 + f}, nil
}

// AmountOfThousandths rebuilds an amount from its thousandths, as storage keeps it.
func AmountOfThousandths(milli int64) Amount { return Amount{milli: milli} }

// Thousandths is the amount in thousandths.
func (a Amount) Thousandths() int64 { return a.milli }

// IsZero tells whether the amount is zero.
func (a Amount) IsZero() bool { return a.milli == 0 }

// Cmp compares a with b: -1 when a is less, 0 when equal, +1 when greater.
func (a Amount) Cmp(b Amount) int {
	switch {
	case a.milli < b.milli:
		return -1
	case a.milli > b.milli:
		return 1
	}
	return 0
}

// Add is a + b, or ErrAmountOverflow.
func (a Amount) Add(b Amount) (Amount, error) {
	sum := a.milli + b.milli
	if (b.milli > 0 && sum < a.milli) || (b.milli < 0 && sum > a.milli) {
		return Amount{}, ErrAmountOverflow
	}
	return Amount{milli: sum}, nil
}

// Mul is a taken quantity times (a cart line's total), or ErrAmountOverflow.
func (a Amount) Mul(quantity int64) (Amount, error) {
	if a.milli == 0 || quantity == 0 {
		return Amount{}, nil
	}
	if (a.milli == math.MinInt64 && quantity == -1) || (quantity == math.MinInt64 && a.milli == -1) {
		return Amount{}, ErrAmountOverflow
	}
	p := a.milli * quantity
	if p/quantity != a.milli {
		return Amount{}, ErrAmountOverflow
	}
	return Amount{milli: p}, nil
}

// String renders the exact decimal in canonical form: no leading zeros, no trailing zeros
// in the decimals and no point without decimals (125.111, 162500, 139.5).
func (a Amount) String() string {
	neg := a.milli < 0
	u := uint64(a.milli)
	if neg {
		u = -u // two's complement: right for math.MinInt64 too
	}
	whole, frac := bits.Div64(0, u, 1000)
	s := strconv.FormatUint(whole, 10)
	if frac != 0 {
		s += "." + strings.TrimRight(strconv.FormatUint(1000+frac, 10)[1:], "0")
	}
	if neg {
		s = "-" + s
	}
	return s
}

// Figure is an amount that may be given as a percentage, as a partner's figures are: the
// cash pattern with an optional trailing percent sign, kept as entered.
type Figure struct {
	Amount  Amount
	Percent bool
}

// ParseFigure validates s against the cash pattern with an optional trailing "%".
func ParseFigure(field, s string) (Figure, error) {
	s = strings.TrimSpace(s)
	body, percent := strings.CutSuffix(s, "%")
	if percent && body == "" {
		return Figure{}, FieldError(field, "The "+humanField(field)+" must be a number.")
	}
	a, err := ParseAmount(field, body)
	if err != nil {
		return Figure{}, err
	}
	if percent && strings.TrimSpace(body) != body {
		return Figure{}, FieldError(field, "The "+humanField(field)+" must be a number.") // "15 %"
	}
	return Figure{Amount: a, Percent: percent}, nil
}

// String renders the canonical amount, with its percent sign when it has one.
func (f Figure) String() string {
	if f.Percent {
		return f.Amount.String() + "%"
	}
	return f.Amount.String()
}
