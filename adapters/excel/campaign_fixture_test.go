package excel

import (
	"bytes"
	"fmt"
	"os"
	"testing"
)

// campaignXLS is testdata/campaign.xls, a campaign's partner file in Excel 97-2003 made with
// the BIFF8 builders: the header "ID", "Name", "Cash" (matched case-insensitively) and
// partners 1002 and 1003 with a cash each, ids and cash as NUMBER records. The bootstrap's
// campaign Excel test uploads it.
func campaignXLS() []byte {
	label := func(row, col int, s string) []byte { return rec(recLabel, cell(row, col), xlString(s)) }
	number := func(row, col int, v float64) []byte { return rec(recNumber, cell(row, col), f64(v)) }
	return xlsFile(nil, [][]byte{
		label(0, 0, "ID"), label(0, 1, "Name"), label(0, 2, "Cash"),
		number(1, 0, 1002), label(1, 1, "Boje Bar"), number(1, 2, 150.25),
		number(2, 0, 1003), label(2, 1, "Alatnica Đurić"), number(2, 2, 40),
	})
}

// TestCampaignXLSFixture keeps testdata/campaign.xls what campaignXLS builds
// (VITRINA_WRITE_FIXTURES=1 writes it again) and reads it.
func TestCampaignXLSFixture(t *testing.T) {
	const path = "testdata/campaign.xls"
	if os.Getenv("VITRINA_WRITE_FIXTURES") != "" {
		if err := os.WriteFile(path, campaignXLS(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(data, campaignXLS()) {
		t.Fatal("testdata/campaign.xls is stale: run with VITRINA_WRITE_FIXTURES=1")
	}
	rows, err := readRows(t, New(), data)
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(rows); got != `[1 ["ID" "Name" "Cash"] 2 ["1002" "Boje Bar" "150.25"] 3 ["1003" "Alatnica Đurić" "40"]]` {
		t.Fatal(got)
	}
}
