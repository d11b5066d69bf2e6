package excel

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"vitrina/domain/kernel"
	"vitrina/ports"
)

type sheetRow struct {
	n     int
	cells []string
}

func (r sheetRow) String() string { return fmt.Sprintf("%d %q", r.n, r.cells) }

// readRows reads data with x and checks the promises every reader keeps on the way.
func readRows(t testing.TB, x *Workbooks, data []byte) ([]sheetRow, error) {
	t.Helper()
	var rows []sheetRow
	err := x.Read(context.Background(), bytes.NewReader(data), int64(len(data)), func(n int, cells []string) error {
		if err := checkRow(rows, n, cells); err != nil {
			t.Fatal(err)
		}
		rows = append(rows, sheetRow{n, cells})
		return nil
	})
	return rows, err
}

func checkRow(before []sheetRow, n int, cells []string) error {
	switch {
	case n < 1 || n > ports.SpreadsheetMaxRows+1:
		return fmt.Errorf("row number %d out of range", n)
	case len(before) > 0 && n <= before[len(before)-1].n:
		return fmt.Errorf("row %d after row %d", n, before[len(before)-1].n)
	case len(cells) == 0 || cells[len(cells)-1] == "":
		return fmt.Errorf("row %d: empty or with a trailing empty cell: %q", n, cells)
	}
	return nil
}

func fixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func assertRows(t *testing.T, got []sheetRow, want []sheetRow) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%d rows, want %d", len(got), len(want))
	}
	for i := range min(len(got), len(want)) {
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Errorf("row %d:\n got %v\nwant %v", i, got[i], want[i])
		}
	}
}

// privateTemp points os.TempDir at an empty directory of the test's own and returns it, so
// a test can see every temporary file excelize leaves.
func privateTemp(t *testing.T) string {
	dir := t.TempDir()
	t.Setenv("TMPDIR", dir)
	if os.TempDir() != dir {
		t.Fatalf("os.TempDir() = %q, want %q", os.TempDir(), dir)
	}
	return dir
}

func assertEmptyDir(t *testing.T, dir string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		t.Errorf("left behind in the temporary directory: %s", e.Name())
	}
}

func TestErrorsAreFileFieldErrorsTellingThemselvesApart(t *testing.T) {
	all := []*kernel.Error{ErrType, ErrTooLarge, ErrTooManyRows, ErrEncrypted, ErrDamaged}
	want := []string{
		"The file must be a file of type: xlsx, xls.",
		"The file may not be greater than 10 MB.",
		"The file may not have more than 100000 rows.",
		"The file is password protected.",
		"The file is damaged or is not a spreadsheet.",
	}
	for i, e := range all {
		if e.Kind != kernel.KindInvalid || !reflect.DeepEqual(e.Fields, map[string][]string{"file": {want[i]}}) || e.Message != want[i] {
			t.Errorf("%d: %+v", i, e)
		}
		for j, other := range all {
			if (i == j) != errors.Is(e, other) {
				t.Errorf("errors.Is(%q, %q) = %v", e.Message, other.Message, i != j)
			}
		}
	}
}

var partnersHeader = []string{"id", "name", "address", "pib", "pdv", "city", "phone", "bonus", "debt", "payment",
	"toolCash", "annualPlan", "moneyCirculation", "categories", "partner_type"}

func TestReadPartnersXLS(t *testing.T) {
	rows, err := readRows(t, New(), fixture(t, "partners.xls"))
	if err != nil {
		t.Fatal(err)
	}
	want := []sheetRow{{1, partnersHeader}}
	for i, name := range []string{"Xls Partner Jedan", "Xls Partner Dva", "Xls Partner Tri", "Xls Partner Četiri", "Xls Partner Pet"} {
		want = append(want, sheetRow{i + 2, []string{fmt.Sprint(5001 + i), name, "Njegoševa 1", "02345678", "30/31-01234-5",
			"Podgorica", "+382 67 123 456", "10.5", "1200", "0", "99.999", "50000", "15%", "Alati, Boje i lakovi", "Veleprodaja"}})
	}
	assertRows(t, rows, want)
}

var (
	wideText   = strings.Repeat("čćšžđ ČĆŠŽĐ ", 800)
	narrowText = strings.Repeat("abcdefghij", 1000)
)

// mixedRows is testdata/mixed.xls as read; the .xlsx LibreOffice made of it differs where noted.
func mixedRows() []sheetRow {
	return []sheetRow{
		{1, []string{"name", "amount", "count", "note"}},
		{2, []string{"Čačak šuma žđ", "12.345", "100", "=SUM(A1)"}},
		{3, []string{"+381 67", "0.5", "-7", "-5"}},
		{4, []string{"@x", "1234567890.125", "1000000000", "0012"}},
		{5, []string{"gap", "", "", "last"}},
		{7, []string{"formulas", "24.69", "Čačak šuma žđ!", "TRUE"}},
		{8, []string{"error", "", "", "TRUE"}},
		{9, []string{wideText, narrowText, "-0.25", "3.14159265358979"}},
		{10, []string{"", "", "only C"}},
		{11, []string{"bold and plain đ", "42"}},
	}
}

func TestReadMixedXLS(t *testing.T) {
	rows, err := readRows(t, New(), fixture(t, "mixed.xls"))
	if err != nil {
		t.Fatal(err)
	}
	assertRows(t, rows, mixedRows())
}

func TestReadLibreOfficeXLSX(t *testing.T) {
	dir := privateTemp(t)
	rows, err := readRows(t, New(), fixture(t, "mixed.xlsx"))
	if err != nil {
		t.Fatal(err)
	}
	want := mixedRows()
	want[5].cells[3] = "1" // LibreOffice stores the boolean formula result as the number 1
	assertRows(t, rows, want)
	assertEmptyDir(t, dir)
}

func TestReadBigXLS(t *testing.T) {
	rows, err := readRows(t, New(), fixture(t, "big.xls"))
	if err != nil {
		t.Fatal(err)
	}
	want := []sheetRow{{1, []string{"code", "name", "price", "qty"}}}
	for i := 1; i <= 3000; i++ {
		want = append(want, sheetRow{i + 1, []string{fmt.Sprintf("P%05d", i),
			fmt.Sprintf("Proizvod broj %d – šifra ž%d", i, i*7), fmt.Sprintf("%d.125", i), fmt.Sprint(i)}})
	}
	assertRows(t, rows, want)
}

func TestReadRefusesEncryptedFiles(t *testing.T) {
	cases := map[string][]byte{
		"LibreOffice .xls":  fixture(t, "encrypted.xls"),
		"agile .xlsx":       fixture(t, "encrypted.xlsx"),
		"EncryptionInfo":    buildCompound(oleStream{"EncryptionInfo", []byte{4, 0, 4, 0}}, oleStream{"EncryptedPackage", []byte{1}}),
		"only the package":  buildCompound(oleStream{"encryptedpackage", nil}),
		"FILEPASS in BIFF8": xlsFile([][]byte{rec(recFilePass, u16(1), make([]byte, 52))}, [][]byte{rec(recNumber, cell(0, 0), f64(1))}),
	}
	for name, data := range cases {
		t.Run(name, func(t *testing.T) {
			called := false
			err := New().Read(context.Background(), bytes.NewReader(data), int64(len(data)), func(int, []string) error {
				called = true
				return nil
			})
			if !errors.Is(err, ErrEncrypted) || called {
				t.Fatalf("err = %v, fn called %v", err, called)
			}
		})
	}
}

func TestRoundTrip(t *testing.T) {
	dir := privateTemp(t)
	header := []string{"Naziv", "Iznos", "Napomena"}
	text := func(s string) ports.SheetCell { return ports.SheetCell{Value: s} }
	number := func(s string) ports.SheetCell { return ports.SheetCell{Value: s, Number: true} }
	rows := [][]ports.SheetCell{
		{text("čćšžđ ČĆŠŽĐ"), number("0"), text("=SUM(A1)")},
		{text("+381 67"), number("12.345"), text("-5")},
		{text("@x"), number("1234567890.125"), text("=1+1")},
		{text("  spaces kept  "), number("-0.5"), text("line\nbreak")},
		{text("tail empty"), text(""), text("")},
		{},
		{text(""), text(""), text("only the third")},
		{text("not a number"), number("15%")},
		{text("_x0041_ literal"), number("100")},
	}
	var out bytes.Buffer
	err := New().Write(context.Background(), &out, "Partneri", header, func(emit func([]ports.SheetCell) error) error {
		for _, r := range rows {
			if err := emit(r); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	assertEmptyDir(t, dir)

	got, err := readRows(t, New(), out.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	assertRows(t, got, []sheetRow{
		{1, header},
		{2, []string{"čćšžđ ČĆŠŽĐ", "0", "=SUM(A1)"}},
		{3, []string{"+381 67", "12.345", "-5"}},
		{4, []string{"@x", "1234567890.125", "=1+1"}},
		{5, []string{"  spaces kept  ", "-0.5", "line\nbreak"}},
		{6, []string{"tail empty"}},
		{8, []string{"", "", "only the third"}},
		{9, []string{"not a number", "15%"}},
		{10, []string{"_x0041_ literal", "100"}},
	})
	assertEmptyDir(t, dir)

	sheet := zipPart(t, out.Bytes(), "xl/worksheets/sheet1.xml")
	if strings.Contains(sheet, "<f") {
		t.Errorf("the sheet has a formula:\n%s", sheet)
	}
	for _, want := range []string{`<cols><col min="1" max="1" width="17" customWidth="1"/><col min="2" max="2" width="16" customWidth="1"/><col min="3" max="3" width="16" customWidth="1"/></cols>`,
		`<pane activePane="bottomLeft" state="frozen" topLeftCell="A2" ySplit="1">`, `<v>12.345</v>`, `<v>1234567890.125</v>`, `<v>0</v>`, `t="inlineStr"><is><t>=SUM(A1)</t>`, `<is><t>+381 67</t>`} {
		if !strings.Contains(sheet, want) {
			t.Errorf("the sheet lacks %s", want)
		}
	}
	workbook := zipPart(t, out.Bytes(), "xl/workbook.xml")
	if !strings.Contains(workbook, `name="Partneri"`) {
		t.Errorf("sheet not named: %s", workbook)
	}
}

func zipPart(t *testing.T, data []byte, name string) string {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	f, err := zr.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b, err := io.ReadAll(f)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestWriteMakesSheetNamesExcelAccepts(t *testing.T) {
	for in, want := range map[string]string{
		"":                       "Sheet1",
		"a/b:c*d?e[f]g\\h":       "a_b_c_d_e_f_g_h",
		"'quoted'":               "quoted",
		strings.Repeat("ž", 40):  strings.Repeat("ž", 31),
		"Kampanje i proizvodi 1": "Kampanje i proizvodi 1",
	} {
		var out bytes.Buffer
		err := New().Write(context.Background(), &out, in, []string{"h"}, func(func([]ports.SheetCell) error) error { return nil })
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		if wb := zipPart(t, out.Bytes(), "xl/workbook.xml"); !strings.Contains(wb, `name="`+want+`"`) {
			t.Errorf("%q: want sheet %q in %s", in, want, wb)
		}
	}
}

func TestWriteReturnsErrorsAndCancellationAndCleansUp(t *testing.T) {
	dir := privateTemp(t)
	boom := errors.New("boom")
	row := []ports.SheetCell{{Value: "x"}}
	err := New().Write(context.Background(), io.Discard, "S", []string{"h"}, func(emit func([]ports.SheetCell) error) error {
		for range 500 {
			if err := emit(row); err != nil {
				return err
			}
		}
		return boom
	})
	if err != boom {
		t.Fatalf("err = %v, want the rows' error unchanged", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	emitted := 0
	err = New().Write(ctx, io.Discard, "S", []string{"h"}, func(emit func([]ports.SheetCell) error) error {
		for {
			if emitted == 1000 {
				cancel()
			}
			if err := emit(row); err != nil {
				return err
			}
			emitted++
		}
	})
	if !errors.Is(err, context.Canceled) || emitted != 1000 {
		t.Fatalf("err = %v after %d rows", err, emitted)
	}
	assertEmptyDir(t, dir)
}

func TestReadReturnsFnErrorsAndCancellation(t *testing.T) {
	boom := errors.New("boom")
	for _, name := range []string{"partners.xls", "mixed.xlsx"} {
		data := fixture(t, name)
		err := New().Read(context.Background(), bytes.NewReader(data), int64(len(data)), func(n int, _ []string) error {
			if n == 2 {
				return boom
			}
			return nil
		})
		if err != boom {
			t.Errorf("%s: err = %v, want fn's error unchanged", name, err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		calls := 0
		err = New().Read(ctx, bytes.NewReader(data), int64(len(data)), func(int, []string) error {
			calls++
			cancel()
			return nil
		})
		if !errors.Is(err, context.Canceled) || calls != 1 {
			t.Errorf("%s: err = %v after %d rows", name, err, calls)
		}
	}
}

// failingReader fails the test if anything is read: refusals by size come first.
type failingReader struct{ t *testing.T }

func (r failingReader) ReadAt([]byte, int64) (int, error) {
	r.t.Error("read a file that should have been refused by its size")
	return 0, io.EOF
}

func TestReadRefusals(t *testing.T) {
	x := New()
	err := x.Read(context.Background(), failingReader{t}, ports.SpreadsheetMaxBytes+1, nil)
	if !errors.Is(err, ErrTooLarge) {
		t.Errorf("11 MB: %v", err)
	}

	xlsx := fixture(t, "mixed.xlsx")
	xls := fixture(t, "partners.xls")
	random := make([]byte, 4096)
	for i := range random {
		random[i] = byte(i*7 + i/13)
	}
	var plainZip bytes.Buffer
	zw := zip.NewWriter(&plainZip)
	w, _ := zw.Create("readme.txt")
	_, _ = io.WriteString(w, "not a workbook")
	_ = zw.Close()
	notSheets := zipParts(t, zip.Deflate,
		xlsxPart{name: "[Content_Types].xml", text: `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`},
		xlsxPart{name: "_rels/.rels", text: `<Relationships xmlns="` + nsPkg + `"><Relationship Id="rId1" Type="` + nsRel + `/officeDocument" Target="word/document.xml"/></Relationships>`},
		xlsxPart{name: "word/document.xml", text: `<document/>`})

	cases := []struct {
		name string
		data []byte
		want error
	}{
		{"empty", nil, ErrType},
		{"short", []byte("PK\x03"), ErrType},
		{"text", []byte("id,name\n1,Partner\n"), ErrType},
		{"random bytes", random, ErrType},
		{"a zip that is not a workbook", plainZip.Bytes(), ErrType},
		{"a package without sheets", notSheets, ErrType},
		{"an OLE file without a workbook", buildCompound(oleStream{"WordDocument", []byte("not a sheet")}), ErrType},
		{"Excel 95", buildCompound(oleStream{"Book", biffWorkbookVersion(0x0500)}), ErrType},
		{"OLE magic alone", append(append([]byte(nil), oleMagic...), make([]byte, 100)...), ErrDamaged},
		{"zip magic alone", append([]byte("PK\x03\x04"), make([]byte, 100)...), ErrDamaged},
	}
	for _, n := range []int{8, 100, 1000, len(xlsx) / 2, len(xlsx) - 100, len(xlsx) - 1} {
		cases = append(cases, struct {
			name string
			data []byte
			want error
		}{fmt.Sprintf("xlsx cut at %d", n), xlsx[:n], ErrDamaged})
	}
	for _, n := range []int{8, 511, 512, 1024, 2000, len(xls) / 2, len(xls) - 512, len(xls) - 1} {
		cases = append(cases, struct {
			name string
			data []byte
			want error
		}{fmt.Sprintf("xls cut at %d", n), xls[:n], ErrDamaged})
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := privateTemp(t)
			called := false
			err := x.Read(context.Background(), bytes.NewReader(c.data), int64(len(c.data)), func(int, []string) error {
				called = true
				return nil
			})
			if !errors.Is(err, c.want) {
				t.Errorf("err = %v, want %v", err, c.want)
			}
			if called {
				t.Error("fn saw a row of a refused file")
			}
			assertEmptyDir(t, dir)
		})
	}
}

// biffWorkbookVersion is a workbook stream whose BOF gives the version.
func biffWorkbookVersion(version int) []byte {
	b := biffWorkbook(nil, [][]byte{rec(recNumber, cell(0, 0), f64(1))})
	copy(b[4:], u16(version))
	return b
}
