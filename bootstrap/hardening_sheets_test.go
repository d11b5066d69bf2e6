package bootstrap

import (
	"archive/zip"
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"
)

// sheetPackage is the smallest .xlsx around the given sheetData rows and, when sst is not
// empty, a shared-string table: the hostile files of issue 9 are written by hand.
func sheetPackage(t *testing.T, rows string, sst ...string) []byte {
	t.Helper()
	const (
		main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
		rel  = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
		pkg  = "http://schemas.openxmlformats.org/package/2006/relationships"
	)
	var table strings.Builder
	table.WriteString(`<sst xmlns="` + main + `">`)
	for _, s := range sst {
		table.WriteString("<si><t>" + s + "</t></si>")
	}
	table.WriteString("</sst>")
	parts := []struct{ name, text string }{
		{"[Content_Types].xml", `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
			`<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>` +
			`<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>`},
		{"_rels/.rels", `<Relationships xmlns="` + pkg + `"><Relationship Id="rId1" Type="` + rel + `/officeDocument" Target="xl/workbook.xml"/></Relationships>`},
		{"xl/workbook.xml", `<workbook xmlns="` + main + `" xmlns:r="` + rel + `"><sheets><sheet name="Partners" sheetId="1" r:id="rId1"/></sheets></workbook>`},
		{"xl/_rels/workbook.xml.rels", `<Relationships xmlns="` + pkg + `"><Relationship Id="rId1" Type="` + rel + `/worksheet" Target="worksheets/sheet1.xml"/>` +
			`<Relationship Id="rId2" Type="` + rel + `/sharedStrings" Target="sharedStrings.xml"/></Relationships>`},
		{"xl/worksheets/sheet1.xml", `<worksheet xmlns="` + main + `"><sheetData>` + rows + `</sheetData></worksheet>`},
		{"xl/sharedStrings.xml", table.String()},
	}
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, p := range parts {
		w, err := zw.Create(p.name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte(p.text)); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// partnerSheetRows is the import header and n partners in Podgorica, as inline strings.
func partnerSheetRows(n int) []string {
	cellsOf := func(r int, values ...string) string {
		var b strings.Builder
		fmt.Fprintf(&b, `<row r="%d">`, r)
		for _, v := range values {
			fmt.Fprintf(&b, `<c t="inlineStr"><is><t>%s</t></is></c>`, v)
		}
		b.WriteString(`</row>`)
		return b.String()
	}
	rows := []string{cellsOf(1, "id", "name", "address", "pib", "pdv", "city", "phone", "bonus", "debt", "payment", "toolCash",
		"annualPlan", "moneyCirculation", "categories", "partner_type")}
	for i := 1; i <= n; i++ {
		rows = append(rows, cellsOf(i+1, fmt.Sprint(700+i), fmt.Sprintf("Partner iz tabele %d", i), "", "", "", "Podgorica", "",
			"1", "2", "3", "4", "5", "6", "Alati", ""))
	}
	return rows
}

// TestHostileSheetsAreRefusedAndFreeTheImport: the review's hostile uploads (issue 9) answer
// 422 with the spreadsheet's message at once, save nothing, and leave the import free for
// the next upload.
func TestHostileSheetsAreRefusedAndFreeTheImport(t *testing.T) {
	rows := partnerSheetRows(6)
	// Row 4 of the sheet loses its </v>: excelize read rows 1 to 3 and the import saved 2.
	cut := strings.Join(rows[:3], "") + strings.Replace(rows[3], `</t></is></c>`, `</t></is></c><c><v>1</c>`, 1) + strings.Join(rows[4:], "")
	cases := []struct {
		name, message string
		file          []byte
	}{
		{"row 9e18", "The file may not have more than 100000 rows.",
			sheetPackage(t, strings.Join(rows, "")+`<row r="9000000000000000000"><c r="A9000000000000000000"><v>1</v></c></row>`)},
		{"a row cut short", "The file is damaged or is not a spreadsheet.", sheetPackage(t, cut)},
		{"column XFE", "The file may not have more than 16384 columns.",
			sheetPackage(t, strings.Join(rows, "")+`<row r="8"><c r="XFE8"><v>1</v></c></row>`)},
		{"1 MB shared string in 1,500 cells", "A cell of the file may not have more than 32767 characters.",
			sheetPackage(t, strings.Join(rows, "")+strings.Repeat(`<row><c t="s"><v>0</v></c></row>`, 1500), strings.Repeat("x", 1_000_000))},
	}
	eachEngine(t, func(t *testing.T, a *api) {
		a.partnerWorld()
		for _, c := range cases {
			for _, path := range []string{"/api/saveAddPartnerExcelDoc", "/api/saveAddPartnerExcelDoc?preview=1"} {
				t0 := time.Now()
				r := a.expect(a.uploadFile(path, "Partners.xlsx", c.file), 422)
				if msg := r.fieldErrors(t)["file"]; len(msg) != 1 || msg[0] != c.message {
					t.Fatalf("%s %s: %s", c.name, path, r.body)
				}
				if took := time.Since(t0); took > 5*time.Second {
					t.Errorf("%s: refused after %s", c.name, took)
				}
				if ids, total := a.partnerIDs(""); total != "0" {
					t.Fatalf("%s saved partners %v", c.name, ids)
				}
			}
		}
		// The lock is free: the same six partners, whole, are saved.
		var out importOut
		a.expect(a.uploadFile("/api/saveAddPartnerExcelDoc", "Partners.xlsx", sheetPackage(t, strings.Join(rows, ""))), 200).json(t, &out)
		if _, total := a.partnerIDs(""); out.Added != 6 || total != "6" {
			t.Fatalf("the whole file: %+v, %s partners", out, total)
		}
	})
}
