package bench

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"vitrina/adapters/persistence/dbtest"
)

// The hostile spreadsheets of issue 9 ("Denial of service"), at the sizes the review used,
// uploaded through HTTP one by one: status, time and the peak resident memory each adds.
// The review measured 2.27 GB, 1.25 GB and 663 MB for the first three, a core busy for ever
// for the fourth and a 200 with 2 of 6 rows saved for the fifth.

const (
	xlsxMainNS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
	xlsxRelNS  = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
	xlsxPkgNS  = "http://schemas.openxmlformats.org/package/2006/relationships"
)

// hostileXLSX writes the smallest .xlsx around a sheet's rows (written by rows) and a
// shared-string table (written by sst when it is not nil), deflated.
func hostileXLSX(b *testing.B, rows func(w *bytes.Buffer), sst func(w *bytes.Buffer)) []byte {
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	part := func(name string, write func(w *bytes.Buffer)) {
		var buf bytes.Buffer
		write(&buf)
		w, err := zw.Create(name)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := w.Write(buf.Bytes()); err != nil {
			b.Fatal(err)
		}
	}
	text := func(s string) func(w *bytes.Buffer) { return func(w *bytes.Buffer) { w.WriteString(s) } }
	part("[Content_Types].xml", text(`<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">`+
		`<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>`+
		`<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>`))
	part("_rels/.rels", text(`<Relationships xmlns="`+xlsxPkgNS+`"><Relationship Id="rId1" Type="`+xlsxRelNS+`/officeDocument" Target="xl/workbook.xml"/></Relationships>`))
	part("xl/workbook.xml", text(`<workbook xmlns="`+xlsxMainNS+`" xmlns:r="`+xlsxRelNS+`"><sheets><sheet name="Partners" sheetId="1" r:id="rId1"/></sheets></workbook>`))
	part("xl/_rels/workbook.xml.rels", text(`<Relationships xmlns="`+xlsxPkgNS+`"><Relationship Id="rId1" Type="`+xlsxRelNS+`/worksheet" Target="worksheets/sheet1.xml"/>`+
		`<Relationship Id="rId2" Type="`+xlsxRelNS+`/sharedStrings" Target="sharedStrings.xml"/></Relationships>`))
	part("xl/worksheets/sheet1.xml", func(w *bytes.Buffer) {
		w.WriteString(`<worksheet xmlns="` + xlsxMainNS + `"><sheetData>`)
		rows(w)
		w.WriteString(`</sheetData></worksheet>`)
	})
	if sst != nil {
		part("xl/sharedStrings.xml", func(w *bytes.Buffer) {
			w.WriteString(`<sst xmlns="` + xlsxMainNS + `">`)
			sst(w)
			w.WriteString(`</sst>`)
		})
	}
	if err := zw.Close(); err != nil {
		b.Fatal(err)
	}
	return out.Bytes()
}

// importHeaderRow is the import layout's header as inline strings.
func importHeaderRow(w *bytes.Buffer) {
	w.WriteString(`<row r="1">`)
	for _, h := range []string{"id", "name", "address", "pib", "pdv", "city", "phone", "bonus", "debt", "payment", "toolCash",
		"annualPlan", "moneyCirculation", "categories", "partner_type"} {
		fmt.Fprintf(w, `<c t="inlineStr"><is><t>%s</t></is></c>`, h)
	}
	w.WriteString(`</row>`)
}

// sheetPartnerRow is a valid partner row r with the given name cell (inline or shared).
func sheetPartnerRow(w *bytes.Buffer, r int, nameCell string) {
	sheetPartnerRowWith(w, r, func(w *bytes.Buffer) { w.WriteString(nameCell) })
}

func sheetPartnerRowWith(w *bytes.Buffer, r int, nameCell func(w *bytes.Buffer)) {
	fmt.Fprintf(w, `<row r="%d"><c><v>%d</v></c>`, r, 900_000+r)
	nameCell(w)
	w.WriteString(`<c/><c/><c/><c t="inlineStr"><is><t>Podgorica</t></is></c><c/>`)
	w.WriteString(`<c><v>1</v></c><c><v>2</v></c><c><v>3</v></c><c><v>4</v></c><c><v>5</v></c><c><v>6</v></c>`)
	w.WriteString(`<c t="inlineStr"><is><t>Rasvjeta</t></is></c></row>`)
}

// sparseLetters is n letters of which one in every 80 is random: text that deflates about
// 40 to 1, under the 100 to 1 past which a part is refused before it is read.
func sparseLetters(n int) []byte {
	rng := rand.New(rand.NewPCG(9, 9))
	out := bytes.Repeat([]byte{'a'}, n)
	for i := 0; i < n; i += 80 {
		out[i] = 'a' + byte(rng.IntN(26))
	}
	return out
}

// xlsCompoundFile wraps one stream, "Workbook", in a version 3 OLE compound file.
func xlsCompoundFile(stream []byte) []byte {
	const ss = 512
	le := binary.LittleEndian
	stream = append(stream, make([]byte, (max(len(stream), 4096)+ss-1)/ss*ss-len(stream))...)
	data := len(stream) / ss
	nFAT := 1
	for nFAT*ss/4 < nFAT+1+data {
		nFAT++
	}
	fat := make([]uint32, nFAT*ss/4)
	for i := range fat {
		fat[i] = 0xFFFFFFFF
	}
	for i := range nFAT {
		fat[i] = 0xFFFFFFFD
	}
	fat[nFAT] = 0xFFFFFFFE // the directory, one sector
	for i := range data {
		fat[nFAT+1+i] = uint32(nFAT + 2 + i)
	}
	fat[nFAT+data] = 0xFFFFFFFE
	head := make([]byte, ss)
	copy(head, []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1})
	le.PutUint16(head[24:], 0x3E)
	le.PutUint16(head[26:], 3)
	le.PutUint16(head[28:], 0xFFFE)
	le.PutUint16(head[30:], 9)
	le.PutUint16(head[32:], 6)
	le.PutUint32(head[44:], uint32(nFAT))
	le.PutUint32(head[48:], uint32(nFAT))
	le.PutUint32(head[56:], 4096)
	le.PutUint32(head[60:], 0xFFFFFFFE)
	le.PutUint32(head[68:], 0xFFFFFFFE)
	for i := range 109 {
		v := uint32(0xFFFFFFFF)
		if i < nFAT {
			v = uint32(i)
		}
		le.PutUint32(head[76+4*i:], v)
	}
	dir := make([]byte, ss)
	entry := func(at int, name string, kind byte, child, start uint32, size int) {
		e := dir[at*128:]
		units := utf16.Encode([]rune(name))
		for j, u := range units {
			le.PutUint16(e[2*j:], u)
		}
		le.PutUint16(e[64:], uint16(2*len(units)+2))
		e[66] = kind
		le.PutUint32(e[68:], 0xFFFFFFFF)
		le.PutUint32(e[72:], 0xFFFFFFFF)
		le.PutUint32(e[76:], child)
		le.PutUint32(e[116:], start)
		le.PutUint64(e[120:], uint64(size))
	}
	entry(0, "Root Entry", 5, 1, 0xFFFFFFFE, 0)
	entry(1, "Workbook", 2, 0xFFFFFFFF, uint32(nFAT+1), len(stream))
	out := bytes.NewBuffer(head)
	for _, v := range fat {
		_ = binary.Write(out, le, v)
	}
	out.Write(dir)
	out.Write(stream)
	return out.Bytes()
}

func biffRecord(typ uint16, parts ...[]byte) []byte {
	body := bytes.Join(parts, nil)
	return append(binary.LittleEndian.AppendUint16(binary.LittleEndian.AppendUint16(nil, typ), uint16(len(body))), body...)
}

// hostileXLS is the review's .xls: one SST string of 65,000 wide characters, split over
// CONTINUE records, in 500 rows.
func hostileXLS() []byte {
	le := binary.LittleEndian
	u16 := func(v int) []byte { return le.AppendUint16(nil, uint16(v)) }
	u32 := func(v int) []byte { return le.AppendUint32(nil, uint32(v)) }
	bof := func(dt int) []byte { return biffRecord(0x0809, u16(0x0600), u16(dt), make([]byte, 12)) }
	var chars []byte
	for range 65_000 {
		chars = le.AppendUint16(chars, 'ž')
	}
	first := bytes.Join([][]byte{u32(500), u32(1), u16(65_000), {1}}, nil)
	k := (8224 - len(first)) &^ 1 // whole characters in each record
	sst := biffRecord(0x00FC, first, chars[:k])
	for chars = chars[k:]; len(chars) > 0; {
		k = min(len(chars), 8222)
		sst = append(sst, biffRecord(0x003C, []byte{1}, chars[:k])...)
		chars = chars[k:]
	}
	boundSheet := func(at int) []byte { return biffRecord(0x0085, u32(at), []byte{0, 0}, []byte{1, 0}, []byte("S")) }
	globals := append(bof(0x0005), sst...)
	at := len(globals) + len(boundSheet(0)) + 4
	stream := append(append(globals, boundSheet(at)...), biffRecord(0x000A)...)
	stream = append(stream, bof(0x0010)...)
	for r := range 500 {
		stream = append(stream, biffRecord(0x00FD, u16(r), u16(1), u16(15), u32(0))...)
	}
	return xlsCompoundFile(append(stream, biffRecord(0x000A)...))
}

type hostileSheetFile struct {
	name string
	data []byte
}

func hostileSheetFiles(b *testing.B) []hostileSheetFile {
	nameCell := func(r int) string { return fmt.Sprintf(`<c t="inlineStr"><is><t>Partner %d</t></is></c>`, r) }
	six := func(w *bytes.Buffer, broken int) {
		importHeaderRow(w)
		for r := 2; r <= 7; r++ {
			if r == broken {
				// an unclosed <v>: excelize ended the sheet there and the import saved the rows before
				fmt.Fprintf(w, `<row r="%d"><c><v>%d</c></row>`, r, 900_000+r)
				continue
			}
			sheetPartnerRow(w, r, nameCell(r))
		}
	}
	huge := sparseLetters(246 << 20)
	budget := func(w *bytes.Buffer) {
		importHeaderRow(w)
		for r := 2; r <= 47_001; r++ {
			sheetPartnerRow(w, r, fmt.Sprintf(`<c t="s"><v>%d</v></c>`, r-2))
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	budgetSST := func(w *bytes.Buffer) {
		tail := strings.Repeat("a", 970)
		for range 47_000 {
			w.WriteString("<si><t>")
			for range 30 {
				w.WriteByte('a' + byte(rng.IntN(26)))
			}
			w.WriteString(tail + "</t></si>")
		}
	}
	// Valid partners with long names and addresses, near the text budget: the worst an
	// accepted file can hold.
	filler := func(w *bytes.Buffer, n int) {
		for i := range n {
			if i%20 == 0 {
				w.WriteByte('a' + byte(rng.IntN(26)))
			} else {
				w.WriteByte('a')
			}
		}
	}
	longValid := func(w *bytes.Buffer) {
		importHeaderRow(w)
		for r := 2; r <= 100_001; r++ {
			fmt.Fprintf(w, `<row r="%d"><c><v>%d</v></c><c t="inlineStr"><is><t>Partner %06d `, r, 900_000+r, r)
			filler(w, 160)
			w.WriteString(`</t></is></c><c t="inlineStr"><is><t>`)
			filler(w, 250)
			w.WriteString(`</t></is></c><c/><c/><c t="inlineStr"><is><t>Podgorica</t></is></c><c/>`)
			w.WriteString(`<c><v>1</v></c><c><v>2</v></c><c><v>3</v></c><c><v>4</v></c><c><v>5</v></c><c><v>6</v></c>`)
			w.WriteString(`<c t="inlineStr"><is><t>Rasvjeta</t></is></c></row>`)
		}
	}
	return []hostileSheetFile{
		{"shared string 1 MB x 1,500 cells", hostileXLSX(b, func(w *bytes.Buffer) {
			importHeaderRow(w)
			for r := 2; r <= 1501; r++ {
				sheetPartnerRow(w, r, `<c t="s"><v>0</v></c>`)
			}
		}, func(w *bytes.Buffer) { w.WriteString("<si><t>" + strings.Repeat("x", 1_000_000) + "</t></si>") })},
		{"one cell of 246 MB", hostileXLSX(b, func(w *bytes.Buffer) {
			importHeaderRow(w)
			sheetPartnerRowWith(w, 2, func(w *bytes.Buffer) {
				w.WriteString(`<c t="inlineStr"><is><t>`)
				w.Write(huge)
				w.WriteString(`</t></is></c>`)
			})
		}, nil)},
		{".xls 65,000 characters x 500 rows", hostileXLS()},
		{"row 9e18", hostileXLSX(b, func(w *bytes.Buffer) {
			six(w, 0)
			w.WriteString(`<row r="9000000000000000000"><c r="A9000000000000000000"><v>1</v></c></row>`)
		}, nil)},
		{"unclosed <v> in row 4 of 7", hostileXLSX(b, func(w *bytes.Buffer) { six(w, 4) }, nil)},
		{"at both text budgets: 47,000 rows of 1,000-character names (read, rows refused)", hostileXLSX(b, budget, budgetSST)},
		{"100,000 valid partners of 440 characters, 45 MB of text (saved)", hostileXLSX(b, longValid, nil)},
	}
}

// benchHostileSheets uploads each hostile file once and reports what it cost the server.
func benchHostileSheets(b *testing.B, dbURL string) {
	app, token, cleanup := startPartners(b, dbURL)
	defer cleanup()
	h := app.Server.Handler()
	files := hostileSheetFiles(b)
	b.ResetTimer()
	for _, f := range files {
		b.Run(strings.NewReplacer(" ", "_", ",", "").Replace(f.name), func(b *testing.B) {
			for range b.N {
				peak := peakRSS(b)
				before := procStatus("VmRSS")
				t0 := time.Now()
				w := post(b, h, token, "/api/saveAddPartnerExcelDoc", f.data)
				elapsed := time.Since(t0)
				delta := peak() - before
				b.ReportMetric(elapsed.Seconds(), "s/upload")
				b.ReportMetric(delta, "MB-peak-rss-delta")
				b.ReportMetric(float64(w.Code), "status")
				b.Logf("| %s | %.1f KB | %d | %.2f s | +%.0f MB (%.0f MB before) | %.120s |", f.name, float64(len(f.data))/1024, w.Code,
					elapsed.Seconds(), delta, before, strings.TrimSpace(w.Body.String()))
				if w.Code == http.StatusOK && !strings.HasPrefix(f.name, "100,000 valid") {
					b.Errorf("a hostile file was accepted")
				}
			}
		})
	}
}

func BenchmarkHostileSheetsSQLite(b *testing.B) {
	benchHostileSheets(b, "sqlite://"+b.TempDir()+"/bench.db")
}

func BenchmarkHostileSheetsPostgres(b *testing.B) {
	if os.Getenv("VITRINA_TEST_DATABASE_URL") == "" {
		b.Skip("VITRINA_TEST_DATABASE_URL not set")
	}
	benchHostileSheets(b, dbtest.PostgresURL(b))
}
