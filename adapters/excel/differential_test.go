package excel

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// The reader of xmlscan.go must read every part as the former one did (encoding/xml behind
// the guard, oracle_test.go): the same tokens, the same rows, the same refusals. These tests
// compare the two on the fixtures, the fuzz corpus, generated documents and tokens at the
// guard's bound; the fuzz targets compare them on whatever they find.

// xmlTok is a token as both readers give it: RawToken's names as written, prefix and all.
type xmlTok struct {
	kind        xmlKind
	name, local string
	attrs       []string // name, value, name, value…
	text        string
}

func (t xmlTok) String() string {
	return fmt.Sprintf("%d %q/%q %q %q", t.kind, t.name, t.local, t.attrs, t.text)
}

// errClass is what a reader's error comes to: its end, a text run past the bound (a cell
// over its limit when it is a cell's), a context's end, or damage, whatever the decoder said.
func errClass(err error) string {
	switch {
	case err == nil:
		return ""
	case err == io.EOF:
		return "EOF"
	case errors.Is(err, errXMLText):
		return "text too long"
	case errors.Is(err, context.Canceled):
		return "canceled"
	case errors.Is(err, errBoom):
		return "read error"
	}
	return "damaged"
}

// newTokens reads a part with the reader of xmlscan.go.
func newTokens(r io.Reader) ([]xmlTok, string) {
	x := newXMLReader(context.Background(), r)
	var out []xmlTok
	for {
		kind, err := x.next()
		if err != nil {
			return out, errClass(err)
		}
		tok := xmlTok{kind: kind}
		switch kind {
		case xmlStart:
			for _, a := range x.attrs {
				tok.attrs = append(tok.attrs, string(x.abuf[a.name.from:a.name.to]), string(x.abuf[a.value.from:a.value.to]))
			}
			fallthrough
		case xmlEnd:
			tok.name, tok.local = string(x.name), string(x.local)
		case xmlText:
			tok.text = string(x.text)
		}
		out = append(out, tok)
	}
}

func rawName(n xml.Name) string {
	if n.Space != "" {
		return n.Space + ":" + n.Local
	}
	return n.Local
}

// oracleTokens reads a part with the former reader.
func oracleTokens(r io.Reader) ([]xmlTok, string) {
	x := newOracleXMLReader(context.Background(), r)
	var out []xmlTok
	for {
		tok, err := x.next()
		if err != nil {
			return out, errClass(err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			var attrs []string
			for _, a := range t.Attr {
				attrs = append(attrs, rawName(a.Name), a.Value)
			}
			out = append(out, xmlTok{kind: xmlStart, name: rawName(t.Name), local: t.Name.Local, attrs: attrs})
		case xml.EndElement:
			out = append(out, xmlTok{kind: xmlEnd, name: rawName(t.Name), local: t.Name.Local})
		case xml.CharData:
			out = append(out, xmlTok{kind: xmlText, text: string(t)})
		case xml.Comment, xml.ProcInst:
			out = append(out, xmlTok{kind: xmlOther})
		default:
			panic(fmt.Sprintf("a token %T", tok))
		}
	}
}

// chunkReader hands data out in reads of the sizes chunk gives (all of it at once when nil).
type chunkReader struct {
	data  []byte
	chunk func() int
}

func (r *chunkReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, io.EOF
	}
	n := len(p)
	if r.chunk != nil {
		n = min(n, max(r.chunk(), 1))
	}
	n = copy(p, r.data[:min(n, len(r.data))])
	r.data = r.data[n:]
	return n, nil
}

// chunkings are the ways the tests feed a part: whole, a byte at a time, and in random reads.
func chunkings(seed uint64) map[string]func() int {
	rng := rand.New(rand.NewPCG(seed, 7))
	return map[string]func() int{
		"whole":  nil,
		"bytes":  func() int { return 1 },
		"random": func() int { return 1 + rng.IntN(9) + rng.IntN(2)*rng.IntN(5000) },
	}
}

// assertSameTokens compares the two readers on data, read whole and in pieces.
func assertSameTokens(t *testing.T, data []byte) {
	t.Helper()
	want, wantErr := oracleTokens(bytes.NewReader(data))
	for name, chunk := range chunkings(uint64(len(data))) {
		if name == "bytes" && len(data) > 64<<10 {
			continue
		}
		got, gotErr := newTokens(&chunkReader{data: data, chunk: chunk})
		if gotErr != wantErr || !reflect.DeepEqual(got, want) {
			t.Fatalf("read %s: %s\n%q\n got %d tokens, %q\nwant %d tokens, %q%s", name, clip(data), data[:min(len(data), 300)],
				len(got), gotErr, len(want), wantErr, firstDifference(got, want))
		}
	}
}

func clip(data []byte) string {
	if len(data) <= 300 {
		return fmt.Sprintf("%d bytes", len(data))
	}
	return fmt.Sprintf("%d bytes ending %q", len(data), data[len(data)-300:])
}

func firstDifference(got, want []xmlTok) string {
	for i := range min(len(got), len(want)) {
		if !reflect.DeepEqual(got[i], want[i]) {
			return fmt.Sprintf("\nfirst difference at token %d:\n got %v\nwant %v", i, clipTok(got[i]), clipTok(want[i]))
		}
	}
	return ""
}

func clipTok(t xmlTok) string {
	s := t.String()
	if len(s) > 400 {
		s = s[:200] + "…" + s[len(s)-200:]
	}
	return s
}

// sheetResult is what readSheetXML gave: the rows and the error.
type sheetResult struct {
	rows []sheetRow
	err  error
}

func recordingSink(res *sheetResult) *rowSink {
	return &rowSink{ctx: context.Background(), fn: func(n int, cells []string) error {
		res.rows = append(res.rows, sheetRow{n, append([]string(nil), cells...)})
		return nil
	}}
}

// assertSameSheet compares the two sheet readers on data with the shared strings sst.
func assertSameSheet(t *testing.T, data []byte, sst []string) {
	t.Helper()
	var want, got sheetResult
	want.err = oracleSheetXML(context.Background(), bytes.NewReader(data), sst, recordingSink(&want))
	got.err = readSheetXML(context.Background(), &chunkReader{data: data, chunk: chunkings(3)["random"]}, sst, recordingSink(&got))
	if got.err != want.err || !reflect.DeepEqual(got.rows, want.rows) {
		t.Fatalf("sheet of %s: got %d rows, %v; want %d rows, %v%s", clip(data), len(got.rows), got.err, len(want.rows), want.err,
			firstRowDifference(got.rows, want.rows))
	}
}

func firstRowDifference(got, want []sheetRow) string {
	for i := range min(len(got), len(want)) {
		if !reflect.DeepEqual(got[i], want[i]) {
			return fmt.Sprintf("\nfirst difference at row %d:\n got %v\nwant %v", i, got[i], want[i])
		}
	}
	return ""
}

// assertSameSharedStrings compares the two shared-string readers on data.
func assertSameSharedStrings(t *testing.T, data []byte) {
	t.Helper()
	want, wantErr := oracleSharedStrings(context.Background(), bytes.NewReader(data))
	got, gotErr := readSharedStrings(context.Background(), &chunkReader{data: data, chunk: chunkings(5)["random"]})
	if gotErr != wantErr || !reflect.DeepEqual(got, want) {
		t.Fatalf("shared strings of %s: got %d, %v; want %d, %v", clip(data), len(got), gotErr, len(want), wantErr)
	}
}

// assertSameFile compares Read with the oracle's on a whole file.
func assertSameFile(t *testing.T, data []byte) {
	t.Helper()
	read := func(read func(context.Context, io.ReaderAt, int64, func(int, []string) error) error) sheetResult {
		var res sheetResult
		res.err = read(context.Background(), bytes.NewReader(data), int64(len(data)), func(n int, cells []string) error {
			res.rows = append(res.rows, sheetRow{n, append([]string(nil), cells...)})
			if len(res.rows) == 5000 {
				return errStop
			}
			return nil
		})
		return res
	}
	want, got := read(oracleRead), read(New().Read)
	if got.err != want.err || !reflect.DeepEqual(got.rows, want.rows) {
		t.Fatalf("file of %s: got %d rows, %v; want %d rows, %v%s", clip(data), len(got.rows), got.err, len(want.rows), want.err,
			firstRowDifference(got.rows, want.rows))
	}
}

// corpusInputs reads the inputs of a fuzz corpus directory.
func corpusInputs(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	inputs := map[string][]byte{}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.SplitN(string(b), "\n", 3)
		if len(lines) < 2 || lines[0] != "go test fuzz v1" || !strings.HasPrefix(lines[1], "[]byte(") {
			t.Fatalf("%s: not a corpus file", e.Name())
		}
		s, err := strconv.Unquote(strings.TrimSuffix(strings.TrimPrefix(lines[1], "[]byte("), ")"))
		if err != nil {
			t.Fatalf("%s: %v", e.Name(), err)
		}
		inputs[e.Name()] = []byte(s)
	}
	return inputs
}

// TestReadersAgreeOnTestdata: every file of testdata, every part of each workbook, and every
// input of the fuzz corpus, read by both.
func TestReadersAgreeOnTestdata(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.xls*"))
	if err != nil || len(files) == 0 {
		t.Fatal(files, err)
	}
	for _, name := range files {
		t.Run(filepath.Base(name), func(t *testing.T) {
			data := fixture(t, filepath.Base(name))
			assertSameFile(t, data)
			if !bytes.HasPrefix(data, zipMagic) {
				return
			}
			for _, p := range repack(t, data, func(_, text string) string { return text }) {
				assertSameTokens(t, []byte(p.text))
				switch {
				case strings.HasPrefix(p.name, "xl/worksheets/"):
					assertSameSheet(t, []byte(p.text), []string{"a", "b"})
				case p.name == "xl/sharedStrings.xml":
					assertSameSharedStrings(t, []byte(p.text))
				}
			}
		})
	}
	sst := []string{"one", "", "dva č"}
	for _, dir := range []string{"FuzzSheetXML", "FuzzSharedStrings", "FuzzReadXLSX"} {
		for name, data := range corpusInputs(t, filepath.Join("testdata", "fuzz", dir)) {
			t.Run(dir+"/"+name, func(t *testing.T) {
				switch dir {
				case "FuzzReadXLSX":
					if bytes.HasPrefix(data, zipMagic) {
						assertSameFile(t, data)
						return
					}
					sheet, shared, _ := bytes.Cut(data, []byte{0})
					assertSameTokens(t, sheet)
					assertSameTokens(t, shared)
					assertSameSheet(t, sheet, sst)
					assertSameSharedStrings(t, shared)
				default:
					assertSameTokens(t, data)
					assertSameSheet(t, data, sst)
					assertSameSharedStrings(t, data)
				}
			})
		}
	}
}

// Pieces of generated documents: what spreadsheets hold, what the decoder refuses, and what
// sits on the edge of either.
var (
	genNames = []string{"row", "c", "v", "t", "is", "si", "r", "rPh", "f", "sheetData", "worksheet", "sst", "x:row", "x:c",
		"x:v", "x:is", "x:t", "x:si", ":c", "c:", "a:b:c", "1a", ".a", "-a", "_a", "é", "aé", "a·b", "ĉ", "\u0300a", "a\u0300",
		"a\xff", "\xc3", "xml", "ab.c-d_e", "A", "Z9"}
	genAttrNames = []string{"r", "t", "s", "x:r", "r:id", "xml:space", "spans", ":r", "r:", "a:b:c", "1", "é", "Id", "Type",
		"Target", "ContentType", "TargetMode", "x14ac:dyDescent"}
	genText = []string{"", "a", "1", "12.5", "-0", "1E-3", "0.10000000000000001", " ", "\t", "\n", "\r", "\r\n", "\n\r",
		"\r\r\n", "Čačak", "ž", "\u00a0", "&amp;", "&lt;", "&gt;", "&apos;", "&quot;", "&#269;", "&#x10D;", "&#X10D;",
		"&#x10FFFF;", "&#x110000;", "&#0;", "&#9;", "&#13;", "&#xD800;", "&#xFFFE;", "&#xFFFD;", "&#;", "&#x;", "&#12a;",
		"&#99999999999999999999999;", "&bogus;", "&amp", "&", "& ", "&;", "&é;", "<", ">", "]", "]]", "]]>", "] ]>",
		"]]]>", "\x00", "\x01", "\x1f", "\x7f", "\xff", "\xc3", "\xc3\xa9", "\xe2\x82", "\xe2\x82\xac", "\xed\xa0\x80",
		"\xef\xbf\xbe", "\xef\xbf\xbf", "\xef\xbf\xbd", "\xf0\x9f\x98\x80", "\xf4\x90\x80\x80", "_x0041_", "_x005F_x0041_",
		"'", "\"", "=", "/", "?", "!", "-", "--"}
	genMarkup = []string{"<!-- note -->", "<!---->", "<!--->", "<!-- -- -->", "<!--a-->", "<!-x>", "<!x>", "<!DOCTYPE x>",
		"<![CDATA[x<y&z]]>", "<![CDATA[]]>", "<![CDATA[a]]b]]>", "<![CDATA[\r\n]]]>", "<![CDATA[\xff]]>", "<![CDAT[x]]>",
		"<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>", "<?xml version='1.1'?>", "<?xml encoding='latin1'?>",
		"<?xml encoding=\"utf-8\"?>", "<?xml version=1.0?>", "<?pi data?>", "<?pi?>", "<??>", "<?1?>", "<?a:b:c x?>",
		"<?xml?>", "<?XML version='2'?>", "<?pi a?b>c?>", "<>", "</>", "< a/>", "<a", "</a", "<a b>", "<a b=>", "<a b=c>",
		"<a b='x\"y'/>", "<a b=\"x<y\"/>", "<a b=\"x>y\"/>", "<a b = 'v' />", "<a\tb\n=\r'v'\r\n/>", "<a b='1'c='2'/>",
		"<a/ >", "</a >", "</a b>", "<a b='&#x0;'/>", "<a b='\r\n'/>"}
	genSpace = []string{"", " ", "  ", "\t", "\n", "\r\n", "\r"}
)

// genDocument is a random document of those pieces, nested up to depth, sometimes cut,
// sometimes with a byte changed.
func genDocument(rng *rand.Rand) []byte {
	pick := func(s []string) string { return s[rng.IntN(len(s))] }
	var b strings.Builder
	var element func(depth int)
	element = func(depth int) {
		name := pick(genNames)
		if rng.IntN(4) > 0 {
			name = pick(genNames[:17])
		}
		b.WriteString("<" + name)
		for range rng.IntN(4) {
			q := `"`
			if rng.IntN(3) == 0 {
				q = "'"
			}
			value := ""
			for range rng.IntN(3) {
				value += pick(genText)
			}
			b.WriteString(pick(genSpace[1:]) + pick(genAttrNames) + pick(genSpace[:2]) + "=" + pick(genSpace[:2]) + q + value + q)
		}
		b.WriteString(pick(genSpace[:3]))
		if rng.IntN(5) == 0 {
			b.WriteString("/>")
			return
		}
		b.WriteString(">")
		for range rng.IntN(5) {
			switch k := rng.IntN(10); {
			case k < 4 && depth > 0:
				element(depth - 1)
			case k < 8:
				b.WriteString(pick(genText))
			default:
				b.WriteString(pick(genMarkup))
			}
		}
		end := name
		if rng.IntN(30) == 0 {
			end = pick(genNames)
		}
		b.WriteString("</" + end + pick(genSpace[:2]) + ">")
	}
	if rng.IntN(3) == 0 {
		b.WriteString(pick(genMarkup))
	}
	element(3 + rng.IntN(3))
	if rng.IntN(4) == 0 {
		b.WriteString(pick(genText) + pick(genMarkup))
	}
	doc := []byte(b.String())
	switch rng.IntN(8) {
	case 0:
		doc = doc[:rng.IntN(len(doc)+1)]
	case 1:
		if len(doc) > 0 {
			doc[rng.IntN(len(doc))] = byte(rng.IntN(256))
		}
	}
	return doc
}

func TestReadersAgreeOnGeneratedDocuments(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	n := 20_000
	if testing.Short() {
		n = 2_000
	}
	for range n {
		doc := genDocument(rng)
		assertSameTokens(t, doc)
		assertSameSheet(t, []byte("<worksheet><sheetData><row>"+string(doc)+"</row></sheetData></worksheet>"), []string{"a"})
		assertSameSheet(t, doc, []string{"a"})
		assertSameSharedStrings(t, doc)
	}
}

// TestReadersAgreeAtTheBound: tokens of about maxXMLToken bytes, each kind, cut on either
// side of the bound, with entities and characters of several bytes across it, in a cell and
// outside one.
func TestReadersAgreeAtTheBound(t *testing.T) {
	fillers := []string{"a", "ž", "€", "\xf0\x9f\x98\x80", "&#9;", "&amp;", "\r\n", "]"}
	type shape struct {
		open, close string
		markup      int // the bytes of the token before the body, when the body is in markup
	}
	shapes := []shape{
		{"<c t=\"str\"><v>", "</v></c>", 0},                // a cell's value
		{"<c t=\"inlineStr\"><is><t>", "</t></is></c>", 0}, // a cell's inline string
		{"<x>", "</x>", 0},                                 // text outside any cell
		{"<c t=\"str\"><v><![CDATA[", "]]></v></c>", 9},    // CDATA in a cell
		{"<!--", "-->", 4},
		{"<?pi ", "?>", 5},
		{"<c t=\"str\" x=\"", "\"><v>1</v></c>", 14},  // an attribute value
		{"<c t=\"str\" x", "=\"1\"><v>1</v></c>", 12}, // an attribute name
	}
	for i, sh := range shapes {
		fillers, tails := fillers, []string{"", "x", "&am", "\xc5"}
		if testing.Short() {
			fillers = []string{"ž", "&#9;"}
		}
		if sh.markup > 0 && i != 3 {
			fillers, tails = fillers[:2], tails[:1] // in markup any overrun is damage
		}
		for _, filler := range fillers {
			for _, delta := range []int{-1, 0, 1} {
				for _, tail := range tails {
					body := strings.Repeat(filler, (maxXMLToken+delta)/len(filler)+1)
					body = body[:maxXMLToken+delta-len(tail)] + tail
					body = body[sh.markup:] // markup counts from its '<'
					doc := "<worksheet><sheetData><row r=\"1\">" + sh.open + body + sh.close + "</row></sheetData></worksheet>"
					assertSameTokens(t, []byte(doc))
					if sh.markup == 0 || i == 3 { // in markup an overrun is damage, as the tokens show
						assertSameSheet(t, []byte(doc), nil)
					}
					if delta == 0 && tail == "" {
						sst := "<sst><si><t>" + body + "</t></si></sst>"
						assertSameSharedStrings(t, []byte(sst))
					}
				}
			}
		}
	}
}

var errBoom = errors.New("boom")

// failingAfter hands out data, then fails with errBoom, as a zip entry with a wrong checksum
// or a broken deflate stream does.
type failingAfter struct{ data []byte }

func (r *failingAfter) Read(p []byte) (int, error) {
	n := copy(p, r.data[:min(len(r.data), 7)])
	r.data = r.data[n:]
	if len(r.data) == 0 {
		return n, errBoom
	}
	return n, nil
}

// TestReadersAgreeOnReadErrors: a part whose reading fails anywhere, in a tag, in a cell's
// text, between tokens.
func TestReadersAgreeOnReadErrors(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	docs := [][]byte{[]byte(`<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Njegoševa &amp; 1</t></is></c>` +
		`<c r="B1" t="str"><v>a&#269;b` + "\r\n" + `c</v></c><c r="C1"><v>12.5</v></c><!-- x --><?p x?></row></sheetData></worksheet>`)}
	for range 300 {
		docs = append(docs, genDocument(rng))
	}
	for _, doc := range docs {
		for cut := range len(doc) + 1 {
			if len(doc) > 200 && rng.IntN(10) > 0 {
				continue
			}
			data := doc[:cut]
			want, wantErr := oracleTokens(&failingAfter{data})
			got, gotErr := newTokens(&failingAfter{data})
			if gotErr != wantErr || !reflect.DeepEqual(got, want) {
				t.Fatalf("%q cut at %d: got %d tokens, %s; want %d, %s%s", doc, cut, len(got), gotErr, len(want), wantErr, firstDifference(got, want))
			}
			var wantRows, gotRows sheetResult
			wantRows.err = oracleSheetXML(context.Background(), &failingAfter{data}, []string{"a"}, recordingSink(&wantRows))
			gotRows.err = readSheetXML(context.Background(), &failingAfter{data}, []string{"a"}, recordingSink(&gotRows))
			if gotRows.err != wantRows.err || !reflect.DeepEqual(gotRows.rows, wantRows.rows) {
				t.Fatalf("%q cut at %d: got %v, %v; want %v, %v", doc, cut, gotRows.rows, gotRows.err, wantRows.rows, wantRows.err)
			}
		}
	}
}

// TestReadersAgreeOnCancellation: both look at the context after as many tokens.
func TestReadersAgreeOnCancellation(t *testing.T) {
	var sheet strings.Builder
	sheet.WriteString(`<worksheet><sheetData>`)
	for r := 1; r <= 600; r++ {
		fmt.Fprintf(&sheet, `<row r="%d"><c r="A%d"><v>%d</v></c><c r="B%d" t="inlineStr"><is><t>x</t></is></c></row>`, r, r, r, r)
	}
	sheet.WriteString(`</sheetData></worksheet>`)
	data := []byte(sheet.String())
	for n := range 12 {
		var want, got sheetResult
		wantSink, gotSink := recordingSink(&want), recordingSink(&got)
		wantSink.ctx, gotSink.ctx = &countdown{Context: context.Background(), n: n}, &countdown{Context: context.Background(), n: n}
		want.err = oracleSheetXML(wantSink.ctx, bytes.NewReader(data), nil, wantSink)
		got.err = readSheetXML(gotSink.ctx, bytes.NewReader(data), nil, gotSink)
		if got.err != want.err || len(got.rows) != len(want.rows) {
			t.Fatalf("cancelled after %d looks: got %d rows, %v; want %d rows, %v", n, len(got.rows), got.err, len(want.rows), want.err)
		}
	}
}

// TestCellNumberAsBefore: numbers, near-numbers and their edges read as the former reader
// read them, the shortest decimals taken as they stand included.
func TestCellNumberAsBefore(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	cases := []string{"", "0", "-0", "00", "0.0", "1.", ".5", "-.5", "1.50", "100", "123456789012345", "-12345678901234",
		"1234567890123456", "0.12345678901234", "0.123456789012345", "99.999", "1E+2", "1e-3", "0x1p-2", "1_000", "NaN", "Inf",
		"-Inf", "+1", "9007199254740993", "0.1", "0.30000000000000004", "1.7976931348623157e308", "2e308", " 1", "1 "}
	for range 300_000 {
		n := 1 + rng.IntN(18)
		b := make([]byte, n)
		for i := range b {
			b[i] = "0123456789012345678901234567890123456789.-eE+_x"[rng.IntN(47)]
		}
		cases = append(cases, string(b))
	}
	digits := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte('0' + rng.IntN(10))
		}
		return string(b)
	}
	for range 300_000 { // decimals of up to 17 digits, most of them shortest
		c := digits(1 + rng.IntN(9))
		if rng.IntN(2) == 0 {
			c += "." + digits(rng.IntN(9))
		}
		if rng.IntN(4) == 0 {
			c = "-" + c
		}
		cases = append(cases, c, strings.TrimRight(strings.TrimLeft(c, "0"), "0"))
	}
	for _, c := range cases {
		if got, want := cellNumber([]byte(c)), oracleCellNumber(c); got != want {
			t.Fatalf("%q: got %q, want %q", c, got, want)
		}
	}
}
