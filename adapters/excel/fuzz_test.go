package excel

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"testing"
	"unicode/utf8"

	"vitrina/ports"
)

var errStop = errors.New("fn stops here")

// fuzzRead reads data and fails on anything but rows that keep the port's promises and the
// adapter's own errors.
func fuzzRead(t *testing.T, data []byte) {
	t.Helper()
	privateTemp(t)
	var rows []sheetRow
	err := New().Read(context.Background(), bytes.NewReader(data), int64(len(data)), func(n int, cells []string) error {
		if err := checkRow(rows, n, cells); err != nil {
			t.Fatal(err)
		}
		rows = append(rows, sheetRow{n: n})
		if len(rows) == 5000 {
			return errStop
		}
		return nil
	})
	checkFuzzError(t, err)
	assertEmptyDir(t, os.TempDir())
}

// checkFuzzError fails on any error but fn's own stop and the adapter's refusals.
func checkFuzzError(t *testing.T, err error) {
	t.Helper()
	if err != nil && err != errStop && !isFileError(err) {
		t.Fatalf("unexpected error %T: %v", err, err)
	}
}

// fuzzSink is a sink that checks every row against the port's promises and the budgets.
func fuzzSink(t *testing.T) *rowSink {
	var rows []sheetRow
	text := 0
	return &rowSink{ctx: context.Background(), fn: func(n int, cells []string) error {
		if err := checkRow(rows, n, cells); err != nil {
			t.Fatal(err)
		}
		if len(cells) > ports.SpreadsheetMaxColumns {
			t.Fatalf("row %d: %d cells", n, len(cells))
		}
		chars := 0
		for _, c := range cells {
			k := utf8.RuneCountInString(c)
			if k > ports.SpreadsheetMaxCellChars {
				t.Fatalf("row %d: a cell of %d characters", n, k)
			}
			chars += k
			text += len(c)
		}
		if chars > ports.SpreadsheetMaxRowChars || text > ports.SpreadsheetMaxTextBytes {
			t.Fatalf("row %d: %d characters, %d bytes so far", n, chars, text)
		}
		rows = append(rows, sheetRow{n: n})
		return nil
	}}
}

// FuzzSheetXML reads the input as a worksheet part, with a small shared-string table: the
// streaming reader must end (no hang, no panic) with rows that keep the port's promises and
// the budgets, or with one of the adapter's refusals, and read the tokens and rows the
// former reader (oracle_test.go) read.
func FuzzSheetXML(f *testing.F) {
	for _, s := range []string{
		`<worksheet xmlns="` + nsMain + `"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1"><v>1.5</v></c></row></sheetData></worksheet>`,
		`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\n" + `<worksheet xmlns="` + nsMain + `"><dimension ref="A1:D3"/><sheetData>` +
			`<row r="1" spans="1:4"><c r="A1" t="inlineStr"><is><r><t>ri</t></r><r><t xml:space="preserve">ch </t></r><rPh><t>x</t></rPh></is></c>` +
			`<c r="B1" t="b"><v>1</v></c><c r="C1" t="e"><f>1/0</f><v>#DIV/0!</v></c><c r="D1" t="str"><f>A1</f><v>_x0041__x005F_x0041_</v></c></row>` +
			`<row r="3"><c r="A3"><v>0.10000000000000001</v></c><c r="B3"><v>1E+2</v></c><c><v>12345678901234567890</v></c></row>` +
			`<row r="100001"><c r="XFD100001" t="s"><v>1</v></c></row><row r="100002"/></sheetData></worksheet>`,
		`<worksheet><sheetData><row><c><v>1</v></c><c><v><![CDATA[x<y]]></v></c><!-- note --></row><row><c t="s"><v> 2 </v></c></row></sheetData></worksheet>`,
		`<worksheet><sheetData><row r="2"><c r="B2"><v>1</c></row></sheetData></worksheet>`,
		`<worksheet><sheetData><row r="9000000000000000000"><c r="XFE1"><v>1</v></c></row></sheetData></worksheet>`,
		`<!DOCTYPE x><worksheet/>`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		sst := []string{"one", "", "dva č"}
		err := readSheetXML(context.Background(), bytes.NewReader(data), sst, fuzzSink(t))
		checkFuzzError(t, err)
		assertSameTokens(t, data)
		assertSameSheet(t, data, sst)
	})
}

// FuzzSharedStrings reads the input as a shared-string table: each string within a cell's
// limit and the table within the text budget, or a refusal; the same as the former reader.
func FuzzSharedStrings(f *testing.F) {
	for _, s := range []string{
		`<sst xmlns="` + nsMain + `" count="3" uniqueCount="3"><si><t>one</t></si><si><t/></si><si><t xml:space="preserve"> dva č </t></si></sst>`,
		`<sst><si><r><rPr><b/></rPr><t>ri</t></r><r><t>ch</t></r><rPh sb="0" eb="1"><t>ph</t></rPh><phoneticPr fontId="1"/></si><si><t>_x000D__x005F_x0041_&amp;&#x10000;</t></si></sst>`,
		`<sst><si><t>cut`,
		`<sst><si><si><t>nested</t></si></si></sst>`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := readSharedStrings(context.Background(), bytes.NewReader(data))
		checkFuzzError(t, err)
		table := 0
		for _, s := range got {
			if k := utf8.RuneCountInString(s); k > ports.SpreadsheetMaxCellChars {
				t.Fatalf("a string of %d characters", k)
			}
			table += len(s) + sharedStringOverhead
		}
		if table > ports.SpreadsheetMaxTextBytes {
			t.Fatalf("a table of %d bytes", table)
		}
		assertSameSharedStrings(t, data)
	})
}

// FuzzReadXLS reads an input that starts with the OLE signature as a file; any other input
// is taken as a BIFF8 workbook stream and wrapped in a compound file, so the mutations reach
// the record reader as well as the compound file reader.
func FuzzReadXLS(f *testing.F) {
	// Small seeds only: the fuzzer minimizes every new input, slowly for big ones.
	f.Add(fixture(f, "partners.xls"))
	f.Add(fixture(f, "encrypted.xls"))
	for _, name := range []string{"partners.xls", "mixed.xls"} {
		cf, err := openCompound(fixture(f, name))
		if err != nil {
			f.Fatal(err)
		}
		e, _ := cf.rootStream("Workbook")
		stream, err := cf.stream(e)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(stream)
	}
	f.Add(biffWorkbook(sstRecords(bytes.Join([][]byte{u32(2), u32(2), u16(3), {0x0D}, u16(1), u32(2), latin1("ab")}, nil),
		bytes.Join([][]byte{{1}, utf16le("č"), make([]byte, 6), u16(1), {0}, latin1("x")}, nil)),
		[][]byte{
			rec(recLabelSST, cell(0, 0), u32(0)), rec(recLabelSST, cell(0, 1), u32(1)),
			rec(recMulRK, u16(1), u16(0), u16(15), rk(7<<2|2), u16(15), rk(rkFloat(0.25)|1), u16(1)),
			rec(recFormula, cell(2, 0), []byte{0, 0, 0, 0, 0, 0, 0xFF, 0xFF}, u16(0), u32(0), u16(0)),
			rec(recString, xlString("formula")), rec(recBoolErr, cell(2, 1), []byte{1, 0}),
			rec(recLabel, cell(3, 0), u16(4), []byte{0}, latin1("ab")), rec(recContinue, []byte{1}, utf16le("cd")),
		}))
	f.Fuzz(func(t *testing.T, data []byte) {
		if !bytes.HasPrefix(data, oleMagic) {
			data = buildCompound(oleStream{"Workbook", data})
		}
		fuzzRead(t, data)
	})
}

// FuzzReadXLSX reads an input that starts with the zip signature as a file; any other input
// is taken as the sheet XML of a package that is otherwise sound, stored without
// compression, with the text after a NUL as its shared strings part. The rows and the
// refusal must be the former reader's.
func FuzzReadXLSX(f *testing.F) {
	f.Add(fixture(f, "mixed.xlsx"))
	var written bytes.Buffer
	if err := New().Write(context.Background(), &written, "S", []string{"a", "b"}, partnerRows(20)); err != nil {
		f.Fatal(err)
	}
	f.Add(written.Bytes())
	f.Add(buildXLSX(f, zip.Store, sheetText(`<row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1"><v>1.5</v></c></row>`), []string{"stored"}))
	f.Add([]byte(`<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><t>x</t></is></c><c r="C1" t="b"><v>1</v></c></row>` +
		`<row r="3"><c r="B3" t="e"><v>#N/A</v></c><c r="C3"><v>1E+2</v></c></row><row r="1048576"><c r="A1048576"><v>1</v></c></row>` +
		"\x00" + `<sst xmlns="` + nsMain + `"><si><r><t>ri</t></r><r><t>ch</t></r></si><si><t>plain</t></si></sst>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if !bytes.HasPrefix(data, zipMagic) {
			sheet, sst, hasSST := bytes.Cut(data, []byte{0})
			parts := []xlsxPart{}
			if hasSST {
				parts = append(parts, xlsxPart{name: "xl/sharedStrings.xml", text: string(sst)})
			}
			data = packageOf(t, string(sheet), parts...)
		}
		fuzzRead(t, data)
		assertSameFile(t, data)
	})
}

// packageOf is buildXLSX with the sheet XML given whole and other parts replacing its own.
func packageOf(t testing.TB, sheet string, extra ...xlsxPart) []byte {
	parts := repack(t, buildXLSX(t, zip.Store, sheetText(""), nil), func(name, text string) string {
		if name == "xl/worksheets/sheet1.xml" {
			return fmt.Sprintf(`<worksheet xmlns="%s"><sheetData>%s</sheetData></worksheet>`, nsMain, sheet)
		}
		return text
	})
	return zipParts(t, zip.Store, append(parts, extra...)...)
}
