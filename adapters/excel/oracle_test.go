package excel

// The .xlsx reader as it was before its own XML scanner (xmlscan.go): encoding/xml's RawToken
// behind a guard. It is kept here, in a test file only, as the oracle the new reader is
// compared with (differential_test.go); nothing in the adapter uses it.

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"io"
	"math"
	"path"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"vitrina/ports"
)

// oracleRead is Workbooks.Read with the oracle's .xlsx reader.
func oracleRead(ctx context.Context, r io.ReaderAt, size int64, fn func(row int, cells []string) error) error {
	if size > ports.SpreadsheetMaxBytes {
		return ErrTooLarge
	}
	if size < int64(len(oleMagic)) {
		return ErrType
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	head := make([]byte, len(oleMagic))
	if _, err := r.ReadAt(head, 0); err != nil {
		return ErrDamaged
	}
	rows := &rowSink{ctx: ctx, fn: fn}
	switch {
	case bytes.HasPrefix(head, zipMagic):
		return oracleReadXLSX(r, size, rows)
	case bytes.Equal(head, oleMagic):
		data := make([]byte, size)
		if n, _ := r.ReadAt(data, 0); n < len(data) {
			return ErrDamaged
		}
		return readXLS(data, rows)
	default:
		return ErrType
	}
}

// oGuardState is where oracleGuard is in the XML: the token it is counting.
type oGuardState uint8

const (
	ogText     oGuardState = iota
	ogOpen                 // after '<'
	ogTag                  // a start or end tag, up to its '>' outside quotes
	ogBang                 // after "<!"
	ogBangDash             // after "<!-"
	ogCDATAIn              // inside "<![CDATA["
	ogComment              // up to "-->"
	ogCDATA                // up to "]]>"
	ogPI                   // up to "?>"
)

// oracleGuard passes a part's bytes to encoding/xml and fails the stream once one token would
// grow past maxXMLToken bytes, before the decoder buffers it; it refuses DTDs (no
// spreadsheet has one) outright. It follows token boundaries the way the decoder does, so
// it never resets its count inside a token the decoder is still buffering.
type oracleGuard struct {
	r     io.Reader
	state oGuardState
	run   int // bytes of the current token
	seen  int // bytes matched of an opener or a terminator
	quote byte
	err   error
}

func (g *oracleGuard) Read(p []byte) (int, error) {
	if g.err != nil {
		return 0, g.err
	}
	n, err := g.r.Read(p)
	for i := 0; i < n; i++ {
		if ferr := g.step(p[i]); ferr != nil {
			g.err = ferr
			return i, ferr
		}
	}
	return n, err
}

const oracleCDATAOpen = "[CDATA["

func (g *oracleGuard) step(b byte) error {
	end := false
	switch g.state {
	case ogText:
		if b == '<' {
			g.state, g.run = ogOpen, 0
		}
	case ogOpen:
		switch b {
		case '!':
			g.state = ogBang
		case '?':
			g.state, g.seen = ogPI, 0
		default:
			g.state, g.quote = ogTag, 0
			end = b == '>'
			if b == '"' || b == '\'' {
				g.quote = b
			}
		}
	case ogBang:
		switch b {
		case '-':
			g.state = ogBangDash
		case '[':
			g.state, g.seen = ogCDATAIn, 1
		default:
			return errXMLMarkup // <!DOCTYPE and other declarations
		}
	case ogBangDash:
		if b != '-' {
			return errXMLMarkup
		}
		g.state, g.seen = ogComment, 0
	case ogCDATAIn:
		if b != oracleCDATAOpen[g.seen] {
			return errXMLMarkup
		}
		if g.seen++; g.seen == len(oracleCDATAOpen) {
			g.state, g.seen = ogCDATA, 0
		}
	case ogTag:
		switch {
		case g.quote != 0:
			if b == g.quote {
				g.quote = 0
			}
		case b == '"' || b == '\'':
			g.quote = b
		case b == '>':
			end = true
		}
	case ogComment, ogCDATA:
		closer := byte('-')
		if g.state == ogCDATA {
			closer = ']'
		}
		switch {
		case b == closer:
			g.seen++
		case b == '>' && g.seen >= 2:
			end = true
		default:
			g.seen = 0
		}
	case ogPI:
		switch {
		case b == '?':
			g.seen = 1
		case b == '>' && g.seen == 1:
			end = true
		default:
			g.seen = 0
		}
	}
	if end {
		g.state, g.run = ogText, 0
		return nil
	}
	if g.run++; g.run > maxXMLToken {
		if g.state == ogText {
			return errXMLText
		}
		return errXMLMarkup
	}
	return nil
}

// oracleXMLReader reads the tokens of one part through the guard, bounding the depth and
// checking the request's context every ctxEvery tokens. It reads raw tokens (no namespace
// translation, which the readers never needed: they look at local names only) and checks
// itself what the decoder's Token would: each end tag closes the element open, and the part
// ends with none open.
type oracleXMLReader struct {
	ctx   context.Context
	dec   *xml.Decoder
	open  []xml.Name // the elements open, outermost first
	count int
	root  bool
}

func newOracleXMLReader(ctx context.Context, r io.Reader) *oracleXMLReader {
	return &oracleXMLReader{ctx: ctx, dec: xml.NewDecoder(&oracleGuard{r: r})}
}

// next returns the next token, and io.EOF only after a whole document: the decoder itself
// reports an element left open at the end of the part.
func (x *oracleXMLReader) next() (xml.Token, error) {
	if x.count++; x.count%ctxEvery == 0 {
		if err := x.ctx.Err(); err != nil {
			return nil, err
		}
	}
	tok, err := x.dec.RawToken()
	switch {
	case err == io.EOF && (!x.root || len(x.open) > 0):
		return nil, ErrDamaged // an empty part, or one cut short
	case err != nil:
		return nil, err
	}
	switch t := tok.(type) {
	case xml.StartElement:
		x.root = true
		if len(x.open) >= maxXMLDepth {
			return nil, errXMLMarkup
		}
		x.open = append(x.open, t.Name)
	case xml.EndElement:
		if len(x.open) == 0 || x.open[len(x.open)-1] != t.Name {
			return nil, ErrDamaged // an end tag that closes nothing open
		}
		x.open = x.open[:len(x.open)-1]
	}
	return tok, nil
}

func oracleAttr(e xml.StartElement, local string) (string, bool) {
	for _, a := range e.Attr {
		if a.Name.Local == local && a.Name.Space == "" {
			return a.Value, true
		}
	}
	return "", false
}

// oracleSharedStrings reads the shared-string table as a stream: the text of each <si> (its
// plain text or its rich runs, phonetic runs left out), each string within a cell's limit
// and the whole table within the text budget, refused as soon as it goes past.
func oracleSharedStrings(ctx context.Context, r io.Reader) ([]string, error) {
	x := newOracleXMLReader(ctx, r)
	var (
		out   []string
		table int64
		inSI  bool
		inT   bool
		rph   int // depth inside <rPh>, whose text is a reading aid, not the cell's
		text  []byte
	)
	for {
		tok, err := x.next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, xmlFault(err, inT)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "si":
				if inSI {
					return nil, ErrDamaged
				}
				inSI, text = true, text[:0]
			case "rPh":
				if inSI {
					rph++
				}
			case "t":
				inT = inSI && rph == 0
			}
		case xml.CharData:
			if inT {
				if len(text)+len(t) > maxRawCell {
					return nil, ErrCellTooLong
				}
				text = append(text, t...)
			}
		case xml.EndElement:
			switch t.Name.Local {
			case "t":
				inT = false
			case "rPh":
				rph = max(rph-1, 0)
			case "si":
				if !inSI {
					continue
				}
				s := oracleUnescapeBSTR(string(text))
				if utf8.RuneCountInString(s) > ports.SpreadsheetMaxCellChars {
					return nil, ErrCellTooLong
				}
				if table += int64(len(s)) + sharedStringOverhead; table > ports.SpreadsheetMaxTextBytes {
					return nil, ErrTextTooLong
				}
				out = append(out, s)
				inSI = false
			}
		}
	}
}

// oracleSheetReader reads the rows of a worksheet part as a stream and hands each over
// through the sink once it is whole. Row and column numbers past Excel's are refused when
// read, without walking the rows in between; a cell's text is counted once complete.
type oracleSheetReader struct {
	x      *oracleXMLReader
	sst    []string
	sink   *rowSink
	inData bool

	row, prev int      // the open row's number (0 outside one) and the last row's
	cells     []string // the open row's cells
	lastCol   int

	col      int    // the open cell's column, 1-based (0 outside one)
	typ      string // its t attribute
	inV, inT bool
	inIS     bool
	hasIS    bool
	rph      int
	v, is    []byte
}

func oracleSheetXML(ctx context.Context, r io.Reader, sst []string, sink *rowSink) error {
	s := &oracleSheetReader{x: newOracleXMLReader(ctx, r), sst: sst, sink: sink}
	for {
		tok, err := s.x.next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return xmlFault(err, s.inV || s.inT)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			err = s.start(t)
		case xml.CharData:
			err = s.text(t)
		case xml.EndElement:
			err = s.end(t.Name.Local)
		}
		if err != nil {
			return err
		}
	}
}

func (s *oracleSheetReader) start(t xml.StartElement) error {
	switch t.Name.Local {
	case "sheetData":
		s.inData = true
	case "row":
		if !s.inData || s.row != 0 {
			return ErrDamaged
		}
		n, err := oracleRowNumber(t, s.prev)
		if err != nil {
			return err
		}
		if err := s.x.ctx.Err(); err != nil {
			return err
		}
		s.row, s.lastCol = n, 0
	case "c":
		if s.row == 0 || s.col != 0 {
			return ErrDamaged
		}
		col := s.lastCol + 1
		if ref, ok := oracleAttr(t, "r"); ok {
			var err error
			if col, err = oracleColumnOf(ref); err != nil {
				return err
			}
		}
		if col > ports.SpreadsheetMaxColumns {
			return ErrTooManyColumns
		}
		s.typ, _ = oracleAttr(t, "t")
		s.col, s.v, s.is, s.hasIS = col, s.v[:0], s.is[:0], false
	case "v":
		s.inV = s.col != 0 && !s.inIS
	case "is":
		s.inIS = s.col != 0
		s.hasIS = s.hasIS || s.inIS
	case "rPh":
		if s.inIS {
			s.rph++
		}
	case "t":
		s.inT = s.inIS && s.rph == 0
	}
	return nil
}

func (s *oracleSheetReader) text(t xml.CharData) error {
	switch {
	case s.inV:
		if len(s.v)+len(t) > maxRawCell {
			return ErrCellTooLong
		}
		s.v = append(s.v, t...)
	case s.inT:
		if len(s.is)+len(t) > maxRawCell {
			return ErrCellTooLong
		}
		s.is = append(s.is, t...)
	}
	return nil
}

func (s *oracleSheetReader) end(name string) error {
	switch name {
	case "v":
		s.inV = false
	case "t":
		s.inT = false
	case "rPh":
		s.rph = max(s.rph-1, 0)
	case "is":
		s.inIS = false
	case "c":
		if s.col == 0 {
			return nil
		}
		value, err := s.value()
		if err != nil {
			return err
		}
		if value != "" {
			if err := s.sink.cell(value); err != nil {
				return err
			}
			for len(s.cells) < s.col {
				s.cells = append(s.cells, "")
			}
			s.cells[s.col-1] = value
		}
		s.lastCol, s.col, s.rph = s.col, 0, 0
	case "row":
		if s.row == 0 {
			return nil
		}
		cells := s.cells
		s.cells = nil // fn may keep the slice
		if err := s.sink.emit(s.row, cells); err != nil {
			return err
		}
		s.prev, s.row = s.row, 0
	case "sheetData":
		s.inData = false
	}
	return nil
}

// value is the open cell's text as the port gives it: shared and inline strings as stored,
// numbers as their shortest decimal, booleans as TRUE and FALSE, errors as nothing.
func (s *oracleSheetReader) value() (string, error) {
	switch s.typ {
	case "s":
		raw := strings.TrimSpace(string(s.v))
		if raw == "" {
			return "", nil
		}
		i, err := strconv.Atoi(raw)
		if err != nil || i < 0 || i >= len(s.sst) {
			return "", ErrDamaged
		}
		return s.sst[i], nil
	case "inlineStr":
		if s.hasIS {
			return oracleUnescapeBSTR(string(s.is)), nil
		}
		return string(s.v), nil
	case "b":
		switch string(s.v) {
		case "1":
			return "TRUE", nil
		case "0":
			return "FALSE", nil
		}
		return string(s.v), nil
	case "e":
		return "", nil // a failed formula's #DIV/0! and the like, as the .xls reader reads them
	case "str", "d":
		return string(s.v), nil
	}
	return oracleCellNumber(string(s.v)), nil
}

// oracleRowNumber is a row's r attribute, or the row after prev when it has none.
func oracleRowNumber(t xml.StartElement, prev int) (int, error) {
	ref, ok := oracleAttr(t, "r")
	if !ok {
		ref = strconv.Itoa(prev + 1)
	}
	n, err := strconv.ParseUint(ref, 10, 64)
	switch {
	case errors.Is(err, strconv.ErrRange), err == nil && n > excelMaxRows:
		return 0, ErrTooManyRows
	case err != nil, n <= uint64(prev):
		return 0, ErrDamaged // rows go down the sheet, each once
	}
	return int(n), nil
}

// oracleColumnOf is the column of a cell reference such as "AB12", refused once its letters
// pass the last column, however many there are.
func oracleColumnOf(ref string) (int, error) {
	col, i := 0, 0
	for ; i < len(ref); i++ {
		c := ref[i] &^ 0x20 // upper case
		if c < 'A' || c > 'Z' {
			break
		}
		if col = col*26 + int(c-'A'+1); col > ports.SpreadsheetMaxColumns {
			return 0, ErrTooManyColumns
		}
	}
	if i == 0 || i == len(ref) {
		return 0, ErrDamaged
	}
	for ; i < len(ref); i++ {
		if ref[i] < '0' || ref[i] > '9' {
			return 0, ErrDamaged
		}
	}
	return col, nil
}

// oracleCellNumber renders a number cell as excelize did with number formats off: its
// shortest decimal, or 15 significant digits when it has more (as Excel shows it); anything
// that is not a number stays as stored.
func oracleCellNumber(v string) string {
	if strings.Contains(v, "_") {
		return v
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return v
	}
	plain := strconv.FormatFloat(f, 'f', -1, 64)
	if len(plain)-strings.Count(plain, ".") > 15 {
		return strconv.FormatFloat(f, 'G', 15, 64)
	}
	return plain
}

// oracleUnescapeBSTR decodes the _xHHHH_ escapes of SpreadsheetML strings ([ECMA-376]
// 22.9.2.19): _x000D_ is a carriage return, _x005F_ a literal underscore; an escape of a lone
// surrogate is dropped.
func oracleUnescapeBSTR(s string) string {
	i := strings.Index(s, "_x")
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i >= 0 {
		b.WriteString(s[:i])
		s = s[i:]
		if len(s) >= 7 && s[6] == '_' && oracleIsHex4(s[2:6]) {
			if u, _ := strconv.ParseUint(s[2:6], 16, 32); utf8.ValidRune(rune(u)) {
				b.WriteRune(rune(u))
			}
			s = s[7:]
			i = strings.Index(s, "_x")
			continue
		}
		b.WriteString(s[:1])
		s = s[1:]
		i = strings.Index(s, "_x")
	}
	b.WriteString(s)
	return b.String()
}

func oracleIsHex4(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}

// oracleReadXLSX is readXLSX as it was: the package's relationships lead to the sheet and
// its shared strings, the shared strings are read first (bounded), then the sheet's rows.
func oracleReadXLSX(r io.ReaderAt, size int64, rows *rowSink) error {
	zr, err := zip.NewReader(r, size)
	if err != nil {
		return ErrDamaged
	}
	pkg, err := oracleOpenPackage(rows.ctx, zr)
	if err != nil {
		return err
	}
	sheet, shared, err := oracleFirstSheet(pkg)
	if err != nil {
		return err
	}
	var sst []string
	if shared != nil {
		err = pkg.read(shared, func(r io.Reader) error {
			sst, err = oracleSharedStrings(rows.ctx, r)
			return err
		})
		if err != nil {
			return err
		}
	}
	return pkg.read(sheet, func(r io.Reader) error { return oracleSheetXML(rows.ctx, r, sst, rows) })
}

// oracleFirstSheet finds the first sheet of the workbook and the shared-string table, if
// any, by the package's relationships as Excel does: _rels/.rels names the workbook, the
// workbook lists its sheets in order, its relationships name each sheet's part.
func oracleFirstSheet(p *xlsxPackage) (sheet, shared *zip.File, err error) {
	workbook := "xl/workbook.xml"
	err = oracleRelationships(p, "_rels/.rels", func(r relationship) bool {
		if strings.HasSuffix(r.typ, "/officeDocument") {
			workbook = r.target
			return true
		}
		return false
	})
	if err != nil {
		return nil, nil, err
	}
	wb, ok := p.parts[workbook]
	if !ok {
		return nil, nil, ErrDamaged
	}
	id := ""
	err = p.read(wb, func(r io.Reader) error {
		x := newOracleXMLReader(p.ctx, r)
		for id == "" {
			tok, err := x.next()
			if err == io.EOF {
				return ErrType // a workbook without sheets
			}
			if err != nil {
				return xmlFault(err, false)
			}
			if t, ok := tok.(xml.StartElement); ok && t.Name.Local == "sheet" {
				for _, a := range t.Attr {
					if a.Name.Local == "id" && a.Name.Space != "" {
						id = a.Value
					}
				}
				if id == "" {
					return ErrDamaged
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	dir, base := path.Split(workbook)
	sheetName, sharedName := "", ""
	err = oracleRelationships(p, dir+"_rels/"+base+".rels", func(r relationship) bool {
		switch {
		case r.id == id:
			sheetName = r.target
		case strings.HasSuffix(r.typ, "/sharedStrings") && sharedName == "":
			sharedName = r.target
		}
		return false
	})
	if err != nil {
		return nil, nil, err
	}
	if sheet, ok = p.parts[sheetName]; !ok {
		return nil, nil, ErrDamaged
	}
	if sharedName == "" {
		sharedName = dir + "sharedstrings.xml" // where excelize, too, looks when no relationship names it
	}
	return sheet, p.parts[sharedName], nil
}

// oracleRelationships streams the relationships of a .rels part (none when the part is
// missing) to fn until fn returns true, the targets resolved against the source's folder.
func oracleRelationships(p *xlsxPackage, name string, fn func(relationship) bool) error {
	f, ok := p.parts[partName(name)]
	if !ok {
		return nil
	}
	source := path.Dir(path.Dir(name)) // "xl/_rels/workbook.xml.rels" is about "xl/"
	return p.read(f, func(r io.Reader) error {
		x := newOracleXMLReader(p.ctx, r)
		for {
			tok, err := x.next()
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return xmlFault(err, false)
			}
			t, ok := tok.(xml.StartElement)
			if !ok || t.Name.Local != "Relationship" {
				continue
			}
			if mode, _ := oracleAttr(t, "TargetMode"); strings.EqualFold(mode, "External") {
				continue
			}
			id, _ := oracleAttr(t, "Id")
			typ, _ := oracleAttr(t, "Type")
			target, _ := oracleAttr(t, "Target")
			target = strings.ReplaceAll(target, "\\", "/")
			if !strings.HasPrefix(target, "/") {
				target = path.Join(source, target)
			}
			if fn(relationship{id: id, typ: typ, target: partName(target)}) {
				return nil
			}
		}
	})
}

func oracleCheckContentTypes(p *xlsxPackage, f *zip.File) error {
	found := false
	err := p.read(f, func(r io.Reader) error {
		x := newOracleXMLReader(p.ctx, r)
		for !found {
			tok, err := x.next()
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return xmlFault(err, false)
			}
			if t, ok := tok.(xml.StartElement); ok {
				ct, _ := oracleAttr(t, "ContentType")
				found = slices.Contains(workbookTypes, strings.ToLower(ct))
			}
		}
		return nil
	})
	switch {
	case err != nil:
		return err
	case !found:
		return ErrType
	}
	return nil
}

// oracleOpenPackage is openPackage as it was: it refuses from the zip's central directory
// alone what is not a workbook or would inflate beyond the bounds, then checks the content
// types.
func oracleOpenPackage(ctx context.Context, zr *zip.Reader) (*xlsxPackage, error) {
	p := &xlsxPackage{ctx: ctx, parts: make(map[string]*zip.File, len(zr.File))}
	var total uint64
	for _, f := range zr.File {
		n := f.UncompressedSize64
		total += n
		if total > maxUnzipped || n > ratioFloor && n/maxRatio > f.CompressedSize64 {
			return nil, ErrDamaged
		}
		if name := partName(f.Name); p.parts[name] == nil {
			p.parts[name] = f
		}
	}
	contentTypes, ok := p.parts["[content_types].xml"]
	if !ok {
		return nil, ErrType
	}
	if err := oracleCheckContentTypes(p, contentTypes); err != nil {
		return nil, err
	}
	return p, nil
}
