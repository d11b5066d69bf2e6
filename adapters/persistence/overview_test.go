package persistence

import "testing"

// A sum of thousandths is exact even past an int64, and written like a figure.
func TestExactSumText(t *testing.T) {
	for _, c := range []struct {
		sum  exactSum
		want string
	}{
		{exactSum{0, 0}, "0"},
		{exactSum{0, 1}, "0.001"},
		{exactSum{0, 1_200_500}, "1200.5"},
		{exactSum{1, 999_999}, "1999.999"},
		{exactSum{9_999_999, 3_999_997}, "10000002999.997"},
		// 9.3e18 thousandths: more than an int64 holds.
		{exactSum{9_300_000_000_000, 5}, "9300000000000000.005"},
	} {
		if got := c.sum.text(); got != c.want {
			t.Errorf("%+v: %s, want %s", c.sum, got, c.want)
		}
	}
}
