package partner

import (
	"math/bits"

	"vitrina/domain/kernel"
)

// The home page's debt rise (issue 25, ADR 0042): the partners whose debt rose by more than a
// threshold since a date. A debt then and a debt now are compared exactly, in thousandths,
// never through a float.

// ThresholdField is the field a threshold's problems are reported on.
const ThresholdField = "threshold"

// MsgThresholdRange answers a threshold outside (0, 1000].
const MsgThresholdRange = "The threshold must be more than 0 and at most 1000."

// maxThreshold is the largest threshold, 1000 %, in thousandths of a percent.
const maxThreshold = 1000 * 1000

// DebtRiseThreshold is a rise of a debt in percent, an exact decimal of up to three places,
// more than 0 and at most 1000.
type DebtRiseThreshold struct{ pct kernel.Amount }

// DefaultDebtRiseThreshold is 20 %, the threshold until a director sets another.
var DefaultDebtRiseThreshold = DebtRiseThreshold{pct: kernel.AmountOfThousandths(20_000)}

// ParseDebtRiseThreshold reads a threshold as typed ("20", "12,5"): the cash pattern, more
// than 0 and at most 1000.
func ParseDebtRiseThreshold(s string) (DebtRiseThreshold, error) {
	a, err := kernel.ParseAmount(ThresholdField, s)
	if err != nil {
		return DebtRiseThreshold{}, err
	}
	if a.Thousandths() <= 0 || a.Thousandths() > maxThreshold {
		return DebtRiseThreshold{}, kernel.FieldError(ThresholdField, MsgThresholdRange)
	}
	return DebtRiseThreshold{pct: a}, nil
}

// Percent is the threshold in percent.
func (t DebtRiseThreshold) Percent() kernel.Amount { return t.pct }

// String is the canonical decimal ("20", "12.5").
func (t DebtRiseThreshold) String() string { return t.pct.String() }

// DebtRise is a partner's debt at a date and now, both amounts (a debt entered as a
// percentage is not an amount and has no rise).
type DebtRise struct{ then, now kernel.Amount }

// NewDebtRise pairs the debt then with the debt now; false when either is a percentage.
func NewDebtRise(then, now kernel.Figure) (DebtRise, bool) {
	if then.Percent || now.Percent {
		return DebtRise{}, false
	}
	return DebtRise{then: then.Amount, now: now.Amount}, true
}

// Then is the debt at the date.
func (r DebtRise) Then() kernel.Amount { return r.then }

// Now is the debt now.
func (r DebtRise) Now() kernel.Amount { return r.now }

// FromNothing tells a debt that rose from zero: a rise no percentage measures, so it is
// more than any threshold.
func (r DebtRise) FromNothing() bool { return r.then.IsZero() && r.now.Thousandths() > 0 }

// Exceeds tells whether the debt rose by more than t: (now − then) / then > t / 100, tested
// as (now − then) × 100 000 > t × then in 128 bits (t in thousandths of a percent). A debt
// that rose from zero exceeds every threshold; one that fell or stayed exceeds none.
func (r DebtRise) Exceeds(t DebtRiseThreshold) bool {
	then, now := r.then.Thousandths(), r.now.Thousandths()
	if now <= then || now < 0 || then < 0 {
		return false
	}
	if then == 0 {
		return true
	}
	return cmp128(mul(uint64(now-then), 100_000), mul(uint64(t.pct.Thousandths()), uint64(then))) > 0
}

// Percent is the rise in percent, rounded down to thousandths; false for a rise from zero
// (no percentage) and for a debt that did not rise.
func (r DebtRise) Percent() (kernel.Amount, bool) {
	then, now := r.then.Thousandths(), r.now.Thousandths()
	if then <= 0 || now <= then {
		return kernel.Amount{}, false
	}
	hi, lo := bits.Mul64(uint64(now-then), 100_000)
	if hi >= uint64(then) { // the quotient would not fit 64 bits: a debt cannot rise that far
		return kernel.Amount{}, false
	}
	q, _ := bits.Div64(hi, lo, uint64(then))
	if q > 1<<62 {
		return kernel.Amount{}, false
	}
	return kernel.AmountOfThousandths(int64(q)), true
}

// CompareRise orders two rises by their relative size: -1 when r rose less than o, +1 when
// more, 0 when alike. A rise from zero is above every percentage; two of them compare by the
// amount risen. Exact: the fractions are cross-multiplied in 128 bits.
func (r DebtRise) CompareRise(o DebtRise) int {
	rz, oz := r.then.Thousandths() == 0, o.then.Thousandths() == 0
	switch {
	case rz && oz:
		return r.now.Cmp(o.now)
	case rz:
		return 1
	case oz:
		return -1
	}
	// (r.now − r.then) / r.then vs (o.now − o.then) / o.then, rises of at least 0 here.
	rd, od := r.now.Thousandths()-r.then.Thousandths(), o.now.Thousandths()-o.then.Thousandths()
	if rd < 0 || od < 0 {
		switch {
		case rd < 0 && od < 0:
			return 0
		case rd < 0:
			return -1
		default:
			return 1
		}
	}
	return cmp128(mul(uint64(rd), uint64(o.then.Thousandths())), mul(uint64(od), uint64(r.then.Thousandths())))
}

type u128 struct{ hi, lo uint64 }

func mul(a, b uint64) u128 {
	hi, lo := bits.Mul64(a, b)
	return u128{hi, lo}
}

func cmp128(a, b u128) int {
	switch {
	case a.hi < b.hi:
		return -1
	case a.hi > b.hi:
		return 1
	case a.lo < b.lo:
		return -1
	case a.lo > b.lo:
		return 1
	}
	return 0
}
