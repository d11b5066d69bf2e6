package partner

import (
	"errors"
	"testing"

	"vitrina/domain/kernel"
)

func amt(milli int64) kernel.Figure { return kernel.Figure{Amount: kernel.AmountOfThousandths(milli)} }

func threshold(t *testing.T, s string) DebtRiseThreshold {
	t.Helper()
	th, err := ParseDebtRiseThreshold(s)
	if err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	return th
}

func TestParseDebtRiseThreshold(t *testing.T) {
	for _, c := range []struct {
		in, want string
		ok       bool
	}{
		{"20", "20", true}, {"12,5", "12.5", true}, {"0.001", "0.001", true}, {"1000", "1000", true},
		{"0", "", false}, {"0.000", "", false}, {"1000.001", "", false}, {"-5", "", false},
		{"", "", false}, {"abc", "", false}, {"20%", "", false}, {"1e3", "", false}, {"12.3456", "", false},
	} {
		got, err := ParseDebtRiseThreshold(c.in)
		if c.ok != (err == nil) {
			t.Errorf("%q: err %v, want ok=%v", c.in, err, c.ok)
			continue
		}
		if err != nil {
			var e *kernel.Error
			if !errors.As(err, &e) || e.Kind != kernel.KindInvalid || len(e.Fields[ThresholdField]) == 0 {
				t.Errorf("%q: %v is not a threshold field error", c.in, err)
			}
			continue
		}
		if got.String() != c.want {
			t.Errorf("%q: %s, want %s", c.in, got, c.want)
		}
	}
	if DefaultDebtRiseThreshold.String() != "20" {
		t.Errorf("default %s", DefaultDebtRiseThreshold)
	}
}

func TestDebtRiseExceeds(t *testing.T) {
	twenty := threshold(t, "20")
	for _, c := range []struct {
		name      string
		then, now int64 // thousandths
		th        DebtRiseThreshold
		want      bool
	}{
		{"exactly 20 % is not more", 100_000, 120_000, twenty, false},
		{"a thousandth past 20 %", 100_000, 120_001, twenty, true},
		{"fell", 100_000, 50_000, twenty, false},
		{"stayed", 100_000, 100_000, twenty, false},
		{"from zero to something", 0, 1, twenty, true},
		{"zero stayed zero", 0, 0, twenty, false},
		{"12.5 % past 12.5", 80_000, 90_001, threshold(t, "12.5"), true},
		{"12.5 % exactly", 80_000, 90_000, threshold(t, "12.5"), false},
		{"1000 % of the largest debts, no overflow", 999_000_000_000, 9_999_999_999_999, threshold(t, "1000"), false},
		{"past 1000 %", 900_000_000_000, 9_999_999_999_999, threshold(t, "1000"), true},
		{"the smallest threshold", 1_000_000, 1_000_011, threshold(t, "0.001"), true},
		{"just under the smallest threshold", 1_000_000, 1_000_010, threshold(t, "0.001"), false},
	} {
		r, ok := NewDebtRise(amt(c.then), amt(c.now))
		if !ok {
			t.Fatalf("%s: not a rise", c.name)
		}
		if got := r.Exceeds(c.th); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

func TestDebtRisePercentagesHaveNone(t *testing.T) {
	pct := kernel.Figure{Amount: kernel.AmountOfThousandths(15_000), Percent: true}
	if _, ok := NewDebtRise(pct, amt(1)); ok {
		t.Error("a percentage then is a rise")
	}
	if _, ok := NewDebtRise(amt(1), pct); ok {
		t.Error("a percentage now is a rise")
	}
}

func TestDebtRisePercent(t *testing.T) {
	for _, c := range []struct {
		then, now int64
		want      string
		ok        bool
	}{
		{100_000, 125_000, "25", true},
		{300_000, 400_000, "33.333", true}, // rounded down
		{100_000, 100_000, "", false},
		{0, 5_000, "", false}, // from zero: no percentage
		{1, 9_999_999_999_999, "999999999999800", true},
	} {
		r, _ := NewDebtRise(amt(c.then), amt(c.now))
		got, ok := r.Percent()
		if ok != c.ok || (ok && got.String() != c.want) {
			t.Errorf("%d→%d: %s %v, want %s %v", c.then, c.now, got, ok, c.want, c.ok)
		}
	}
}

func TestCompareRise(t *testing.T) {
	rise := func(then, now int64) DebtRise { r, _ := NewDebtRise(amt(then), amt(now)); return r }
	for _, c := range []struct {
		a, b DebtRise
		want int
	}{
		{rise(100, 150), rise(200, 300), 0},  // both 50 %
		{rise(100, 151), rise(200, 300), 1},  // 51 % > 50 %
		{rise(300, 400), rise(100, 134), -1}, // 33.3 % < 34 %
		{rise(0, 1), rise(1, 9_999_999), 1},  // from zero is above any percentage
		{rise(0, 5), rise(0, 7), -1},         // two from zero: by the amount
		{rise(100, 200), rise(0, 1), -1},
		{rise(9_999_999_999_998, 9_999_999_999_999), rise(9_999_999_999_997, 9_999_999_999_998), -1},
	} {
		if got := c.a.CompareRise(c.b); got != c.want {
			t.Errorf("%+v vs %+v: %d, want %d", c.a, c.b, got, c.want)
		}
		if got := c.b.CompareRise(c.a); got != -c.want {
			t.Errorf("%+v vs %+v (swapped): %d, want %d", c.b, c.a, got, -c.want)
		}
	}
}
