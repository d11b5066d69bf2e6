package excel

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"context"
	"errors"
	"fmt"
	"io"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"vitrina/ports"
)

func TestXLSXCellValues(t *testing.T) {
	dir := privateTemp(t)
	data := buildXLSX(t, zip.Deflate, sheetText(
		`<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><t>inline č</t></is></c><c r="C1" t="str"><f>A1</f><v>formula text</v></c></row>`+
			// Excel's 17-digit doubles and exponents read as their shortest decimal
			`<row r="2"><c r="A2"><v>0.10000000000000001</v></c><c r="B2" t="n"><v>99.998999999999995</v></c><c r="C2"><v>1E-3</v></c><c r="D2"><v>1250.125</v></c></row>`+
			`<row r="3"><c r="A3" t="b"><v>1</v></c><c r="B3" t="b"><v>0</v></c><c r="C3" t="e"><f>1/0</f><v>#DIV/0!</v></c><c r="D3" t="e"><v>#N/A</v></c><c r="E3" t="s"><v>1</v></c></row>`+
			// a styled number (percent) and a styled text with leading zeros stay as stored
			`<row r="5"><c r="A5" s="1"><v>0.15</v></c><c r="B5" s="2" t="s"><v>2</v></c><c r="D5" t="s"><v>3</v></c><c r="F5" t="s"><v>3</v></c></row>`+
			`<row r="6"><c r="A6" t="s"><v>3</v></c></row>`,
	), []string{"shared", "tail", "02345678", ""})
	data = withStyles(t, data)
	rows, err := readRows(t, New(), data)
	if err != nil {
		t.Fatal(err)
	}
	assertRows(t, rows, []sheetRow{
		{1, []string{"shared", "inline č", "formula text"}},
		{2, []string{"0.1", "99.999", "0.001", "1250.125"}},
		{3, []string{"TRUE", "FALSE", "", "", "tail"}},
		{5, []string{"0.15", "02345678"}},
	})
	assertEmptyDir(t, dir)
}

// withStyles adds a styles part with a percent format (s="1") and a text format (s="2").
func withStyles(t *testing.T, data []byte) []byte {
	parts := repack(t, data, func(name, text string) string {
		switch name {
		case "[Content_Types].xml":
			return strings.Replace(text, "</Types>", `<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`, 1)
		case "xl/_rels/workbook.xml.rels":
			return strings.Replace(text, "</Relationships>", `<Relationship Id="rId3" Type="`+nsRel+`/styles" Target="styles.xml"/></Relationships>`, 1)
		}
		return text
	})
	parts = append(parts, xlsxPart{name: "xl/styles.xml", text: `<styleSheet xmlns="` + nsMain + `">` +
		`<fonts count="1"><font/></fonts><fills count="1"><fill/></fills><borders count="1"><border/></borders>` +
		`<cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="10" applyNumberFormat="1"/><xf numFmtId="49" applyNumberFormat="1"/></cellXfs></styleSheet>`})
	return zipParts(t, zip.Deflate, parts...)
}

// numberedRows writes rows first..last, one number cell each.
func numberedRows(first, last int) func(io.Writer) error {
	return func(w io.Writer) error {
		for n := first; n <= last; n++ {
			if _, err := fmt.Fprintf(w, `<row r="%d"><c r="A%d"><v>%d</v></c></row>`, n, n, n); err != nil {
				return err
			}
		}
		return nil
	}
}

func TestXLSXRowLimit(t *testing.T) {
	count := func(data []byte) (int, error) {
		n := 0
		err := New().Read(context.Background(), bytes.NewReader(data), int64(len(data)), func(int, []string) error {
			n++
			return nil
		})
		return n, err
	}
	if n, err := count(buildXLSX(t, zip.Deflate, numberedRows(1, ports.SpreadsheetMaxRows+1), nil)); err != nil || n != ports.SpreadsheetMaxRows+1 {
		t.Errorf("header and 100,000 rows: %d rows, %v", n, err)
	}
	if n, err := count(buildXLSX(t, zip.Deflate, numberedRows(1, ports.SpreadsheetMaxRows+2), nil)); !errors.Is(err, ErrTooManyRows) || n != ports.SpreadsheetMaxRows+1 {
		t.Errorf("100,002 rows: %d rows, %v", n, err)
	}
	// Rows far down the sheet: nothing is held for the missing rows in between.
	for _, last := range []int{1_048_576, 1_048_577, 200_000} {
		data := buildXLSX(t, zip.Deflate, sheetText(fmt.Sprintf(`<row r="1"><c r="A1"><v>1</v></c></row><row r="%d"><c r="A%d"><v>2</v></c></row>`, last, last)), nil)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		n, err := count(data)
		runtime.ReadMemStats(&after)
		if !errors.Is(err, ErrTooManyRows) || n > 1 {
			t.Errorf("row %d: %d rows, %v", last, n, err)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 32<<20 {
			t.Errorf("row %d: %d MB allocated", last, alloc>>20)
		}
	}
	// Formatted but empty rows past the limit are no rows at all.
	data := buildXLSX(t, zip.Deflate, sheetText(`<row r="1"><c r="A1"><v>1</v></c></row><row r="1048576" s="1"><c r="A1048576" s="1"/></row>`), nil)
	if n, err := count(data); err != nil || n != 1 {
		t.Errorf("empty last row: %d rows, %v", n, err)
	}
}

func TestXLSXBigPartsAreReadWhole(t *testing.T) {
	dir := privateTemp(t)
	const rowsN, cols = 40_000, 5
	sst := make([]string, 0, rowsN*cols)
	for i := range rowsN * cols {
		sst = append(sst, fmt.Sprintf("text %d ž", i))
	}
	sheet := func(w io.Writer) error {
		for r := 1; r <= rowsN; r++ {
			fmt.Fprintf(w, `<row r="%d">`, r)
			for c := range cols {
				fmt.Fprintf(w, `<c r="%c%d" t="s"><v>%d</v></c>`, 'A'+c, r, (r-1)*cols+c)
			}
			if _, err := io.WriteString(w, `</row>`); err != nil {
				return err
			}
		}
		return nil
	}
	data := buildXLSX(t, zip.Deflate, sheet, sst)
	// Both the sheet and the shared strings are several megabytes.
	zr, _ := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	for _, f := range zr.File {
		if strings.HasPrefix(f.Name, "xl/worksheets/") || f.Name == "xl/sharedStrings.xml" {
			if f.UncompressedSize64 <= 4<<20 {
				t.Fatalf("%s: only %d bytes", f.Name, f.UncompressedSize64)
			}
		}
	}
	rows, err := readRows(t, New(), data)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != rowsN {
		t.Fatalf("%d rows", len(rows))
	}
	for _, r := range []int{0, 1, rowsN / 2, rowsN - 1} {
		want := []string{}
		for c := range cols {
			want = append(want, sst[r*cols+c])
		}
		assertRows(t, rows[r:r+1], []sheetRow{{r + 1, want}})
	}
	assertEmptyDir(t, dir)

	// Stopping half way removes them too.
	stop := errors.New("stop")
	err = New().Read(context.Background(), bytes.NewReader(data), int64(len(data)), func(n int, _ []string) error {
		if n == 100 {
			return stop
		}
		return nil
	})
	if err != stop {
		t.Fatal(err)
	}
	assertEmptyDir(t, dir)
}

// bombXLSX is a small .xlsx whose sheet inflates to size bytes: a deflate stream of one
// compressed megabyte of XML whitespace, repeated. declared is the size the zip states.
func bombXLSX(t *testing.T, size, declared uint64) []byte {
	const chunk = 1 << 20
	var block bytes.Buffer
	fw, _ := flate.NewWriter(&block, flate.BestCompression)
	_, _ = fw.Write(bytes.Repeat([]byte(" "), chunk))
	_ = fw.Flush() // ends byte-aligned: copies of the block make one valid stream
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, p := range []struct{ name, text string }{
		{"[Content_Types].xml", `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>`},
		{"_rels/.rels", `<Relationships xmlns="` + nsPkg + `"><Relationship Id="rId1" Type="` + nsRel + `/officeDocument" Target="xl/workbook.xml"/></Relationships>`},
		{"xl/workbook.xml", `<workbook xmlns="` + nsMain + `" xmlns:r="` + nsRel + `"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`},
		{"xl/_rels/workbook.xml.rels", `<Relationships xmlns="` + nsPkg + `"><Relationship Id="rId1" Type="` + nsRel + `/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`},
	} {
		w, _ := zw.Create(p.name)
		_, _ = io.WriteString(w, p.text)
	}
	n := size / chunk
	w, err := zw.CreateRaw(&zip.FileHeader{
		Name: "xl/worksheets/sheet1.xml", Method: zip.Deflate,
		CompressedSize64: n*uint64(block.Len()) + 2, UncompressedSize64: declared,
	})
	if err != nil {
		t.Fatal(err)
	}
	for range n {
		_, _ = w.Write(block.Bytes())
	}
	_, _ = w.Write([]byte{3, 0}) // a final empty block
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestXLSXZipBombsAreRefusedCheaply(t *testing.T) {
	for _, c := range []struct {
		name           string
		size, declared uint64
	}{
		{"says it holds 8 GB", 8 << 30, 8 << 30},
		{"says 1 KB, inflates to 4 GB", 4 << 30, 1 << 10},
		{"says 3 MB, inflates to 4 GB", 4 << 30, 3 << 20},
		{"honest 200 MB of blanks", 200 << 20, 200 << 20},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := privateTemp(t)
			data := bombXLSX(t, c.size, c.declared)
			if len(data) > ports.SpreadsheetMaxBytes {
				t.Fatalf("bomb of %d bytes", len(data))
			}
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			_, err := readRows(t, New(), data)
			runtime.ReadMemStats(&after)
			if !errors.Is(err, ErrDamaged) {
				t.Fatalf("err = %v", err)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20 {
				t.Errorf("%d MB allocated", alloc>>20)
			}
			assertEmptyDir(t, dir)
		})
	}
}

// TestXLSXAsExcelAndLibreOfficeSaveIt: the SpreadsheetML that files saved by Excel and
// LibreOffice hold, with and without a namespace prefix on every element.
func TestXLSXAsExcelAndLibreOfficeSaveIt(t *testing.T) {
	sheet := `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\r\n" +
		`<worksheet xmlns="` + nsMain + `" xmlns:r="` + nsRel + `" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" ` +
		`xmlns:x14ac="http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac" mc:Ignorable="x14ac">` +
		`<dimension ref="A1:G4"/><sheetViews><sheetView workbookViewId="0"/></sheetViews><sheetFormatPr defaultRowHeight="15" x14ac:dyDescent="0.25"/>` +
		`<sheetData>` +
		// shared strings, styled, with spans
		`<row r="1" spans="1:7" x14ac:dyDescent="0.25"><c r="A1" s="1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c>` +
		`<c r="C1" t="s"><v>2</v></c><c r="D1" t="s"><v> 3 </v></c><c r="E1" t="s"><v>4</v></c></row>` + "\r\n" +
		// rich inline runs with a phonetic run, entities and references, CDATA, a formula's text, a date
		`<row r="2" spans="1:7"><c r="A2" t="inlineStr"><is><r><rPr><b/><sz val="11"/></rPr><t>Bo</t></r><r><t xml:space="preserve"> ld &#269;&#x10D;&lt;&gt;</t></r>` +
		`<rPh sb="0" eb="1"><t>skip</t></rPh><phoneticPr fontId="1"/></is></c>` +
		`<c r="B2" t="str"><f>A1&amp;"!"</f><v>Čačak &amp; co</v></c><c r="C2" t="n"><v><![CDATA[12.50]]></v></c>` +
		`<c r="D2" t="d"><v>2024-01-31T00:00:00</v></c><c r="E2" t="e"><f>1/0</f><v>#DIV/0!</v></c><c r="F2" t="b"><v>0</v></c>` +
		`<c r="G2" t="inlineStr"><is><t>line` + "\r\n" + `break_x000D_</t></is></c></row>` +
		// gaps: a cell without r after an empty one, an empty styled cell, a row without r
		`<row r="4"><c r="B4" s="2"/><c><v>4</v></c><c r="E4" s="3"/><c t="str"><v><![CDATA[<&>]]></v></c></row>` +
		`<row><c><v>1.0E+2</v></c><c r="C5" t="inlineStr"><is><t xml:space="preserve">  spaced  </t></is></c></row>` +
		`</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>`
	sst := `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\n" +
		`<sst xmlns="` + nsMain + `" count="5" uniqueCount="5">` +
		`<si><t>id</t></si>` +
		`<si><r><rPr><b/></rPr><t>na</t></r><r><t xml:space="preserve">me </t></r><rPh sb="0" eb="2"><t>ネーム</t></rPh><phoneticPr fontId="1" type="noConversion"/></si>` +
		`<si><t>&#x161;ifra &amp; &quot;PIB&quot;</t></si>` +
		`<si><t xml:space="preserve"> Njegoševa 1 </t></si>` +
		`<si><t><![CDATA[a<y]]>_x005F_x0041_</t></si>` +
		`</sst>`
	want := []sheetRow{
		{1, []string{"id", "name ", "šifra & \"PIB\"", " Njegoševa 1 ", "a<y_x0041_"}},
		{2, []string{"Bo ld čč<>", "Čačak & co", "12.5", "2024-01-31T00:00:00", "", "FALSE", "line\nbreak\r"}},
		{4, []string{"", "", "4", "", "", "<&>"}},
		{5, []string{"100", "", "  spaced  "}},
	}
	prefix := regexp.MustCompile(`<(/?)(worksheet|dimension|sheetViews|sheetView|sheetFormatPr|sheetData|row|c|v|f|is|r|rPr|b|sz|t|rPh|phoneticPr|pageMargins|sst|si)\b`)
	for name, prefixed := range map[string]bool{"plain": false, "prefixed": true} {
		t.Run(name, func(t *testing.T) {
			sheet, sst := sheet, sst
			if prefixed {
				sheet = strings.Replace(prefix.ReplaceAllString(sheet, "<${1}x:$2"), `xmlns="`, `xmlns:x="`, 1)
				sst = strings.Replace(prefix.ReplaceAllString(sst, "<${1}x:$2"), `xmlns="`, `xmlns:x="`, 1)
			}
			data := packageWhole(t, sheet, &sst)
			rows, err := readRows(t, New(), data)
			if err != nil {
				t.Fatal(err)
			}
			assertRows(t, rows, want)
			assertSameFile(t, data)
		})
	}
}
