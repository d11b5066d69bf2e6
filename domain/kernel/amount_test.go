package kernel

import (
	"errors"
	"math"
	"testing"
)

// fieldMessage is the one message err has for field, or "" when err is nil.
func fieldMessage(t *testing.T, err error, field string) string {
	t.Helper()
	if err == nil {
		return ""
	}
	var e *Error
	if !errors.As(err, &e) || e.Kind != KindInvalid || len(e.Fields[field]) != 1 {
		t.Fatalf("want one field error on %s, got %v", field, err)
	}
	return e.Fields[field][0]
}

const (
	required = "The tool cash field is required."
	notANum  = "The tool cash must be a number."
)

func TestParseAmount(t *testing.T) {
	cases := []struct {
		in    string
		milli int64
		want  string // canonical text, or the field error
	}{
		{"0", 0, "0"},
		{"000", 0, "0"},
		{"0.000", 0, "0"},
		{"139", 139000, "139"},
		{"162500", 162500000, "162500"},
		{"125.111", 125111, "125.111"},
		{"1500.5", 1500500, "1500.5"},
		{"1500.500", 1500500, "1500.5"},
		{"0012.340", 12340, "12.34"},
		{"0.001", 1, "0.001"},
		{"12,5", 12500, "12.5"},
		{" 7,25 ", 7250, "7.25"},
		{"9999999999.999", 9999999999999, "9999999999.999"}, // 10 integer digits, 3 decimals
		{"0000000001", 1000, "1"},                           // leading zeros count as digits
		{"", 0, required},
		{"   ", 0, required},
		{"12345678901", 0, notANum}, // 11 integer digits
		{"00000000001", 0, notANum},
		{"1.2345", 0, notANum}, // 4 decimals
		{"15%", 0, notANum},    // a percentage is a Figure, not an amount
		{"-1", 0, notANum},
		{"+1", 0, notANum},
		{"abc", 0, notANum},
		{"1e5", 0, notANum},
		{".5", 0, notANum},
		{"5.", 0, notANum},
		{"1,000.5", 0, notANum}, // no thousands separator
		{"1.000,5", 0, notANum},
		{"1 000", 0, notANum},
		{"١٢", 0, notANum}, // only ASCII digits
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			got, err := ParseAmount("toolCash", c.in)
			if msg := fieldMessage(t, err, "toolCash"); msg != "" {
				if msg != c.want {
					t.Fatalf("ParseAmount(%q) error %q, want %q", c.in, msg, c.want)
				}
				return
			}
			if got.Thousandths() != c.milli || got.String() != c.want {
				t.Fatalf("ParseAmount(%q) = %d (%s), want %d (%s)", c.in, got.Thousandths(), got, c.milli, c.want)
			}
			// The canonical text parses back to the same amount.
			back, err := ParseAmount("toolCash", got.String())
			if err != nil || back != got {
				t.Fatalf("round trip of %q: %v, %v", got, back, err)
			}
		})
	}
}

func TestParseFigure(t *testing.T) {
	cases := []struct {
		in      string
		want    string
		percent bool
	}{
		{"15%", "15%", true},
		{"15,50%", "15.5%", true},
		{" 0012.5% ", "12.5%", true},
		{"9999999999.999%", "9999999999.999%", true},
		{"1200", "1200", false},
		{"", required, false},
		{"%", notANum, false},
		{"15 %", notANum, false},
		{"15%%", notANum, false},
		{"%15", notANum, false},
		{"12345678901%", notANum, false},
		{"1.2345%", notANum, false},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			got, err := ParseFigure("toolCash", c.in)
			if msg := fieldMessage(t, err, "toolCash"); msg != "" {
				if msg != c.want {
					t.Fatalf("ParseFigure(%q) error %q, want %q", c.in, msg, c.want)
				}
				return
			}
			if got.String() != c.want || got.Percent != c.percent {
				t.Fatalf("ParseFigure(%q) = %s (percent %v), want %s", c.in, got, got.Percent, c.want)
			}
			if back, err := ParseFigure("toolCash", got.String()); err != nil || back != got {
				t.Fatalf("round trip of %q: %v, %v", got, back, err)
			}
		})
	}
}

func TestAmountArithmetic(t *testing.T) {
	a := func(milli int64) Amount { return AmountOfThousandths(milli) }
	price, _ := ParseAmount("price", "125.111")
	if line, err := price.Mul(3); err != nil || line.String() != "375.333" {
		t.Fatalf("3 × 125.111 = %s, %v", line, err)
	}
	total, err := price.Add(a(37_889))
	if err != nil || total.String() != "163" || total.Cmp(a(163_000)) != 0 {
		t.Fatalf("125.111 + 37.889 = %s, %v", total, err)
	}
	if !(Amount{}).IsZero() || price.IsZero() {
		t.Fatal("IsZero")
	}
	if price.Cmp(total) != -1 || total.Cmp(price) != 1 {
		t.Fatal("Cmp")
	}
	if z, err := price.Mul(0); err != nil || !z.IsZero() {
		t.Fatalf("× 0 = %s, %v", z, err)
	}

	overflows := []struct {
		name string
		do   func() (Amount, error)
	}{
		{"add past max", func() (Amount, error) { return a(math.MaxInt64).Add(a(1)) }},
		{"add past min", func() (Amount, error) { return a(math.MinInt64).Add(a(-1)) }},
		{"mul past max", func() (Amount, error) { return a(math.MaxInt64/2 + 1).Mul(2) }},
		{"mul largest price", func() (Amount, error) { return a(9999999999999).Mul(1_000_000_000) }},
		{"mul min by -1", func() (Amount, error) { return a(math.MinInt64).Mul(-1) }},
		{"mul -1 by min", func() (Amount, error) { return a(-1).Mul(math.MinInt64) }},
	}
	for _, c := range overflows {
		if got, err := c.do(); !errors.Is(err, ErrAmountOverflow) {
			t.Errorf("%s: %s, %v; want ErrAmountOverflow", c.name, got, err)
		}
	}
	// Right at the edge is fine.
	if got, err := a(math.MaxInt64 - 1).Add(a(1)); err != nil || got.Thousandths() != math.MaxInt64 {
		t.Fatalf("add to max: %s, %v", got, err)
	}
	if got, err := a(9999999999999).Mul(100_000); err != nil || got.String() != "999999999999900" {
		t.Fatalf("largest price × 100000: %s, %v", got, err)
	}
}

func TestAmountString(t *testing.T) {
	for milli, want := range map[int64]string{0: "0", 1: "0.001", 10: "0.01", 100: "0.1", 1000: "1", 1010: "1.01",
		-1500: "-1.5", math.MaxInt64: "9223372036854775.807", math.MinInt64: "-9223372036854775.808"} {
		if got := AmountOfThousandths(milli).String(); got != want {
			t.Errorf("%d: %q, want %q", milli, got, want)
		}
	}
	if got := (Figure{Amount: AmountOfThousandths(15_000), Percent: true}).String(); got != "15%" {
		t.Errorf("figure: %q", got)
	}
}
