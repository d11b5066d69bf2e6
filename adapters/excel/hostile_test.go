package excel

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"vitrina/ports"
)

// The hostile files of issue 9 ("Denial of service"), small and made here: each is refused at
// once, with its own message, without spending the memory or time it asks for.

// hostileRead reads data and reports how many rows fn saw, the bytes the read allocated and the
// error; it fails the test when the read is still running after limit.
func hostileRead(t *testing.T, ctx context.Context, data []byte, limit time.Duration) (rows int, alloc uint64, err error) {
	t.Helper()
	type result struct {
		rows  int
		err   error
		alloc uint64
	}
	done := make(chan result, 1)
	go func() {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		n := 0
		err := New().Read(ctx, bytes.NewReader(data), int64(len(data)), func(int, []string) error {
			n++
			return nil
		})
		runtime.ReadMemStats(&after)
		done <- result{n, err, after.TotalAlloc - before.TotalAlloc}
	}()
	select {
	case r := <-done:
		return r.rows, r.alloc, r.err
	case <-time.After(limit):
		t.Fatalf("still reading after %s", limit)
		return 0, 0, nil
	}
}

func TestHostileRowNumbersAreRefusedAtOnce(t *testing.T) {
	for name, sheet := range map[string]string{
		// The review's 1.8 KB file: excelize walked nine quintillion empty rows.
		"row 9e18":                  `<row r="1"><c r="A1"><v>1</v></c></row><row r="9000000000000000000"><c r="A9000000000000000000"><v>2</v></c></row>`,
		"an empty row 9e18":         `<row r="1"><c r="A1"><v>1</v></c></row><row r="9000000000000000000"/>`,
		"a row past uint64":         `<row r="1"><c r="A1"><v>1</v></c></row><row r="99999999999999999999999"><c><v>2</v></c></row>`,
		"an empty row past Excel's": `<row r="1048577"/>`,
		"row 100,002 with text":     `<row r="1"><c r="A1"><v>1</v></c></row><row r="100002"><c r="A100002"><v>2</v></c></row>`,
	} {
		t.Run(name, func(t *testing.T) {
			data := buildXLSX(t, zip.Deflate, sheetText(sheet), nil)
			n, alloc, err := hostileRead(t, context.Background(), data, 5*time.Second)
			if !errors.Is(err, ErrTooManyRows) || n > 1 {
				t.Fatalf("%d rows, err = %v", n, err)
			}
			if alloc > 8<<20 {
				t.Errorf("%d MB allocated", alloc>>20)
			}
		})
	}
}

func TestHostileColumnsAreRefused(t *testing.T) {
	many := strings.Repeat(`<c><v>1</v></c>`, ports.SpreadsheetMaxColumns+1)
	for name, c := range map[string]struct {
		sheet string
		want  error
	}{
		"XFE, one past XFD":      {`<row r="1"><c r="XFE1"><v>1</v></c></row>`, ErrTooManyColumns},
		"a reference of letters": {`<row r="1"><c r="` + strings.Repeat("Z", 40) + `1"><v>1</v></c></row>`, ErrTooManyColumns},
		"16,385 cells without r": {`<row r="1">` + many + `</row>`, ErrTooManyColumns},
		"no letters":             {`<row r="1"><c r="12"><v>1</v></c></row>`, ErrDamaged},
		"not a reference":        {`<row r="1"><c r="A1B"><v>1</v></c></row>`, ErrDamaged},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := readRows(t, New(), buildXLSX(t, zip.Deflate, sheetText(c.sheet), nil))
			if !errors.Is(err, c.want) {
				t.Fatalf("err = %v, want %v", err, c.want)
			}
		})
	}
	// XFD, the last column, is read.
	rows, err := readRows(t, New(), buildXLSX(t, zip.Deflate, sheetText(`<row r="1"><c r="XFD1"><v>7</v></c></row>`), nil))
	if err != nil || len(rows) != 1 || len(rows[0].cells) != ports.SpreadsheetMaxColumns || rows[0].cells[ports.SpreadsheetMaxColumns-1] != "7" {
		t.Fatalf("XFD: %v", err)
	}
}

// TestHostileSharedStringUsedByManyCells is the review's 6 KB file: one 1 MB shared string
// used by 1,500 cells took the process to 2.27 GB.
func TestHostileSharedStringUsedByManyCells(t *testing.T) {
	var sheet strings.Builder
	for r := 1; r <= 1500; r++ {
		fmt.Fprintf(&sheet, `<row r="%d"><c r="A%d" t="s"><v>0</v></c></row>`, r, r)
	}
	// Just under the size past which a part's shrinking is checked, as the review's was.
	data := buildXLSX(t, zip.Deflate, sheetText(sheet.String()), []string{strings.Repeat("x", 1_000_000)})
	n, alloc, err := hostileRead(t, context.Background(), data, 10*time.Second)
	if !errors.Is(err, ErrCellTooLong) || n != 0 {
		t.Fatalf("%d rows, err = %v", n, err)
	}
	if alloc > 16<<20 {
		t.Errorf("%d MB allocated", alloc>>20)
	}
}

// TestHostileTextBudgets: strings within a cell's limit still count each time a cell uses
// them, against the row's limit and the file's.
func TestHostileTextBudgets(t *testing.T) {
	long := strings.Repeat("ž", 30_000) // 60,000 bytes
	rowOf := func(r, cells int) string {
		var b strings.Builder
		fmt.Fprintf(&b, `<row r="%d">`, r)
		for range cells {
			b.WriteString(`<c t="s"><v>0</v></c>`)
		}
		b.WriteString(`</row>`)
		return b.String()
	}
	t.Run("row", func(t *testing.T) {
		data := buildXLSX(t, zip.Deflate, sheetText(rowOf(1, 2)+rowOf(2, 3)), []string{long})
		n, _, err := hostileRead(t, context.Background(), data, 5*time.Second)
		if !errors.Is(err, ErrRowTooLong) || n != 1 {
			t.Fatalf("%d rows, err = %v", n, err)
		}
	})
	t.Run("file", func(t *testing.T) {
		var sheet strings.Builder
		rowsN := ports.SpreadsheetMaxTextBytes/(2*len(long)) + 2
		for r := 1; r <= rowsN; r++ {
			sheet.WriteString(rowOf(r, 2))
		}
		data := buildXLSX(t, zip.Deflate, sheetText(sheet.String()), []string{long})
		n, _, err := hostileRead(t, context.Background(), data, 10*time.Second)
		if !errors.Is(err, ErrTextTooLong) || n != ports.SpreadsheetMaxTextBytes/(2*len(long)) {
			t.Fatalf("%d rows, err = %v", n, err)
		}
	})
	t.Run("shared-string table", func(t *testing.T) {
		// 2,300 distinct strings of 30,000 characters: 69 MB of table, each within a cell,
		// zipped small enough (a random head, a repeated tail).
		letters := randomLetters(2300 * 2000)
		tail := strings.Repeat("a", 28_000)
		var sst strings.Builder
		fmt.Fprintf(&sst, `<sst xmlns="%s">`, nsMain)
		for i := range 2300 {
			fmt.Fprintf(&sst, `<si><t>%s%s</t></si>`, letters[2000*i:2000*(i+1)], tail)
		}
		sst.WriteString(`</sst>`)
		table := sst.String()
		data := packageWhole(t, `<worksheet xmlns="`+nsMain+`"><sheetData>`+rowOf(1, 1)+`</sheetData></worksheet>`, &table)
		n, alloc, err := hostileRead(t, context.Background(), data, 10*time.Second)
		if !errors.Is(err, ErrTextTooLong) || n != 0 {
			t.Fatalf("%d rows, err = %v", n, err)
		}
		if alloc > 3*ports.SpreadsheetMaxTextBytes {
			t.Errorf("%d MB allocated", alloc>>20)
		}
	})
}

// randomLetters is n letters that deflate no better than about 1.6 to 1, as real text in
// a file past the zip-bomb check would.
func randomLetters(n int) string {
	rng := rand.New(rand.NewPCG(1, 2))
	b := make([]byte, n)
	for i := range b {
		b[i] = 'a' + byte(rng.IntN(26))
	}
	return string(b)
}

// TestHostileLongCells: Excel's limit is 32,767 characters a cell. The review's 6.3 MB file
// held one 246 MB cell (1.25 GB of memory); a few megabytes show the cap the same way.
func TestHostileLongCells(t *testing.T) {
	atLimit := strings.Repeat("ć", ports.SpreadsheetMaxCellChars)
	over := strings.Repeat("a", 40_000)
	huge := randomLetters(6 << 20)
	cases := map[string]struct {
		sheet string
		sst   []string
		want  error
	}{
		"a shared string of 40,000":        {`<row r="1"><c t="s"><v>0</v></c></row>`, []string{over}, ErrCellTooLong},
		"an inline string of 40,000":       {`<row r="1"><c t="inlineStr"><is><t>` + over + `</t></is></c></row>`, nil, ErrCellTooLong},
		"rich inline runs of 40,000":       {`<row r="1"><c t="inlineStr"><is><r><t>` + over[:20_000] + `</t></r><r><t>` + over[20_000:] + `</t></r></is></c></row>`, nil, ErrCellTooLong},
		"a formula text of 40,000":         {`<row r="1"><c t="str"><v>` + over + `</v></c></row>`, nil, ErrCellTooLong},
		"a number cell of 40,000 digits":   {`<row r="1"><c><v>` + strings.Repeat("1", 40_000) + `</v></c></row>`, nil, ErrCellTooLong},
		"6 MB in one inline cell":          {`<row r="1"><c t="inlineStr"><is><t>` + huge + `</t></is></c></row>`, nil, ErrCellTooLong},
		"6 MB in one value":                {`<row r="1"><c t="str"><v>` + huge + `</v></c></row>`, nil, ErrCellTooLong},
		"6 MB in one shared string":        {`<row r="1"><c t="s"><v>0</v></c></row>`, []string{huge}, ErrCellTooLong},
		"6 MB split by comments":           {`<row r="1"><c t="str"><v>` + strings.Join(strings.SplitAfter(huge[:1<<20], "q"), "<!---->") + `</v></c></row>`, nil, ErrCellTooLong},
		"6 MB of blanks between rows":      {strings.Repeat(" ", 6<<20) + `<row r="1"><c><v>1</v></c></row>`, nil, ErrDamaged},
		"6 MB in an attribute":             {`<row r="1" x="` + huge + `"><c><v>1</v></c></row>`, nil, ErrDamaged},
		"6 MB of CDATA outside any cell":   {`<![CDATA[` + huge + `]]><row r="1"><c><v>1</v></c></row>`, nil, ErrDamaged},
		"6 MB in a comment":                {`<!--` + huge + `--><row r="1"><c><v>1</v></c></row>`, nil, ErrDamaged},
		"32,767 characters, Excel's limit": {`<row r="1"><c t="s"><v>0</v></c><c t="inlineStr"><is><t>x</t></is></c></row>`, []string{atLimit}, nil},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			// Stored, not deflated: a part that shrinks a hundredfold is refused before it is read.
			data := buildXLSX(t, zip.Store, sheetText(c.sheet), c.sst)
			if len(data) > ports.SpreadsheetMaxBytes {
				t.Fatalf("%d bytes", len(data))
			}
			n, alloc, err := hostileRead(t, context.Background(), data, 10*time.Second)
			if !errors.Is(err, c.want) || (c.want == nil) != (n == 1) {
				t.Fatalf("%d rows, err = %v, want %v", n, err, c.want)
			}
			if alloc > 16<<20 {
				t.Errorf("%d MB allocated", alloc>>20)
			}
		})
	}
}

// longSST is an SST record and its CONTINUE records holding one Latin-1 string of n
// characters, used by cells cells.
func longSST(n, cells int, c byte) [][]byte {
	chars := bytes.Repeat([]byte{c}, n)
	first := bytes.Join([][]byte{u32(uint32(cells)), u32(1), u16(n), {0}}, nil)
	k := min(len(chars), 8224-len(first))
	parts := [][]byte{append(first, chars[:k]...)}
	for chars = chars[k:]; len(chars) > 0; {
		k = min(len(chars), 8223)
		parts = append(parts, append([]byte{0}, chars[:k]...))
		chars = chars[k:]
	}
	return sstRecords(parts...)
}

// TestHostileXLSStrings is the review's 173 KB .xls: a 65,000-character string in 500 rows
// took 663 MB.
func TestHostileXLSStrings(t *testing.T) {
	sheet := func(rows int) [][]byte {
		var recs [][]byte
		for r := range rows {
			recs = append(recs, rec(recLabelSST, cell(r, 0), u32(0)))
		}
		return recs
	}
	label := func(n int) [][]byte {
		text := bytes.Repeat([]byte{'y'}, n)
		k := min(n, 8224-9)
		recs := [][]byte{rec(recLabel, cell(0, 0), u16(n), []byte{0}, text[:k])}
		for text = text[k:]; len(text) > 0; {
			k = min(len(text), 8223)
			recs = append(recs, rec(recContinue, []byte{0}, text[:k]))
			text = text[k:]
		}
		return recs
	}
	for name, c := range map[string]struct {
		data []byte
		want error
	}{
		"an SST string of 65,000 in 500 rows":   {xlsFile(longSST(65_000, 500, 'x'), sheet(500)), ErrCellTooLong},
		"a LABEL of 65,000":                     {xlsFile(nil, label(65_000)), ErrCellTooLong},
		"a LABEL of 32,767":                     {xlsFile(nil, label(ports.SpreadsheetMaxCellChars)), nil},
		"an SST string of 32,767 in 500 rows":   {xlsFile(longSST(ports.SpreadsheetMaxCellChars, 500, 'x'), sheet(500)), nil},
		"an SST string of 32,767 in 2,100 rows": {xlsFile(longSST(ports.SpreadsheetMaxCellChars, 2100, 'x'), sheet(2100)), ErrTextTooLong},
	} {
		t.Run(name, func(t *testing.T) {
			n, alloc, err := hostileRead(t, context.Background(), c.data, 5*time.Second)
			if !errors.Is(err, c.want) {
				t.Fatalf("%d rows, err = %v, want %v", n, err, c.want)
			}
			if alloc > 16<<20 {
				t.Errorf("%d MB allocated", alloc>>20)
			}
		})
	}
}

// TestHostileDamagedSheetXML: excelize swallowed XML errors inside a sheet, so a row with an
// unclosed <v> saved 2 of 6 rows and answered 200.
func TestHostileDamagedSheetXML(t *testing.T) {
	var six strings.Builder
	for r := 1; r <= 6; r++ {
		fmt.Fprintf(&six, `<row r="%d"><c r="A%d" t="inlineStr"><is><t>row %d</t></is></c><c r="B%d"><v>%d</v></c></row>`, r, r, r, r, r)
	}
	good := six.String()
	unclosedV := strings.Replace(good, `<c r="B3"><v>3</v></c>`, `<c r="B3"><v>3</c>`, 1)
	if unclosedV == good {
		t.Fatal("no row 3 to break")
	}
	sheets := map[string]string{
		"an unclosed <v>":           unclosedV,
		"cut in a row":              good[:len(good)/2],
		"cut in a tag":              good[:strings.Index(good, `<row r="4"`)+7],
		"cut after sheetData":       good + `</sheetData>`,
		"an unknown entity":         strings.Replace(good, "row 5", "row &five;", 1),
		"a DOCTYPE":                 "",
		"rows out of order":         strings.Replace(good, `<row r="4"`, `<row r="2"`, 1),
		"a shared string past SST":  good + `<row r="7"><c t="s"><v>5</v></c></row>`,
		"a shared string not index": good + `<row r="7"><c t="s"><v>x</v></c></row>`,
		"a row outside sheetData":   "",
		"a nest 100 deep":           good + strings.Repeat("<x>", 100) + strings.Repeat("</x>", 100),
		"a row closed as another":   strings.Replace(good, `</c></row><row r="5"`, `</c></rows><row r="5"`, 1),
		"a cell closed by a prefix": strings.Replace(good, `<v>4</v></c>`, `<v>4</v></x:c>`, 1),
	}
	for name, sheet := range sheets {
		t.Run(name, func(t *testing.T) {
			var data []byte
			switch name {
			case "a DOCTYPE":
				data = packageWhole(t, `<!DOCTYPE worksheet [<!ENTITY a "aaaa">]><worksheet xmlns="`+nsMain+`"><sheetData>`+good+`</sheetData></worksheet>`, nil)
			case "a row outside sheetData":
				data = packageWhole(t, `<worksheet xmlns="`+nsMain+`"><sheetData/>`+good+`</worksheet>`, nil)
			case "cut in a row", "cut in a tag", "cut after sheetData":
				data = packageWhole(t, `<worksheet xmlns="`+nsMain+`"><sheetData>`+sheet, nil)
			default:
				data = buildXLSX(t, zip.Deflate, sheetText(sheet), []string{"one"})
			}
			_, _, err := hostileRead(t, context.Background(), data, 5*time.Second)
			if !errors.Is(err, ErrDamaged) {
				t.Fatalf("err = %v", err)
			}
		})
	}
	// The same six rows whole are read whole, and so are they written with a namespace
	// prefix (as some generators write SpreadsheetML).
	rows, err := readRows(t, New(), buildXLSX(t, zip.Deflate, sheetText(good), nil))
	if err != nil || len(rows) != 6 {
		t.Fatalf("%d rows, %v", len(rows), err)
	}
	prefixed := regexp.MustCompile(`<(/?)(row|c|is|t|v)\b`).ReplaceAllString(good, "<${1}x:$2")
	data := packageWhole(t, `<x:worksheet xmlns:x="`+nsMain+`"><x:sheetData>`+prefixed+`</x:sheetData></x:worksheet>`, nil)
	if rows, err = readRows(t, New(), data); err != nil || len(rows) != 6 || rows[5].cells[0] != "row 6" || rows[5].cells[1] != "6" {
		t.Fatalf("prefixed: %v, %v", rows, err)
	}
}

// packageWhole is a package whose sheet part is exactly sheet, and whose shared strings
// part, when sst is not nil, is exactly *sst.
func packageWhole(t *testing.T, sheet string, sst *string) []byte {
	parts := repack(t, buildXLSX(t, zip.Store, sheetText(""), nil), func(name, text string) string {
		if name == "xl/worksheets/sheet1.xml" {
			return sheet
		}
		return text
	})
	if sst != nil {
		parts = append(parts, xlsxPart{name: "xl/sharedStrings.xml", text: *sst})
	}
	return zipParts(t, zip.Deflate, parts...)
}

func TestHostileDamagedSharedStrings(t *testing.T) {
	sheet := `<worksheet xmlns="` + nsMain + `"><sheetData><row r="1"><c t="s"><v>0</v></c></row></sheetData></worksheet>`
	whole := `<sst xmlns="` + nsMain + `"><si><t>one</t></si><si><r><t>t</t></r><r><t>wo</t></r><rPh><t>ignored</t></rPh></si></sst>`
	for name, sst := range map[string]string{
		"cut":             whole[:len(whole)-10],
		"an unclosed <t>": strings.Replace(whole, "one</t>", "one", 1),
		"a nested <si>":   strings.Replace(whole, "<t>one</t>", "<si><t>one</t></si>", 1),
		"empty":           "",
		"not XML":         "one, two",
	} {
		t.Run(name, func(t *testing.T) {
			_, _, err := hostileRead(t, context.Background(), packageWhole(t, sheet, &sst), 5*time.Second)
			if !errors.Is(err, ErrDamaged) {
				t.Fatalf("err = %v", err)
			}
		})
	}
	got, err := readSharedStrings(context.Background(), strings.NewReader(whole))
	if err != nil || strings.Join(got, "|") != "one|two" {
		t.Fatalf("%q, %v", got, err)
	}
}

// countdown is a context that ends after its Err has been asked n times: it shows where the
// reader looks.
type countdown struct {
	context.Context
	n int
}

func (c *countdown) Err() error {
	if c.n--; c.n < 0 {
		return context.Canceled
	}
	return nil
}

func TestHostileReadStopsWithTheRequest(t *testing.T) {
	// Between rows: cancelled while fn handles row 10 of 1,000.
	data := buildXLSX(t, zip.Deflate, numberedRows(1, 1000), nil)
	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	err := New().Read(ctx, bytes.NewReader(data), int64(len(data)), func(int, []string) error {
		if calls++; calls == 10 {
			cancel()
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) || calls != 10 {
		t.Fatalf("err = %v after %d rows", err, calls)
	}
	// Inside one row of endless markup, where no row ends.
	endless := `<row r="1">` + strings.Repeat(`<x/><!---->`, 100_000) + `</row>`
	data = buildXLSX(t, zip.Store, sheetText(endless), nil)
	n, _, err := hostileRead(t, &countdown{Context: context.Background(), n: 20}, data, 5*time.Second)
	if !errors.Is(err, context.Canceled) || n != 0 {
		t.Fatalf("%d rows, err = %v", n, err)
	}
}
