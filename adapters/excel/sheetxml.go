package excel

import (
	"context"
	"encoding/xml"
	"errors"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"vitrina/ports"
)

// Bounds of the streaming XML reader. encoding/xml holds one token (a text run, a tag with
// its attributes, a comment, a CDATA section) whole in memory and one entry per open
// element; xmlGuard and xmlReader keep both small whatever a part holds.
const (
	// The raw text of a 32,767-character cell takes at most about 330 KB (numeric
	// character references); a text run or tag longer than this is no spreadsheet's.
	maxXMLToken = 512 << 10
	// SpreadsheetML nests about eight deep (worksheet, sheetData, row, c, is, r, t);
	// extension lists a little more.
	maxXMLDepth = 64
	// What a shared string costs beyond its text: its string header in the table.
	sharedStringOverhead = 16
	// Tokens between checks of the request's context, so a row of endless markup still
	// notices the client leaving.
	ctxEvery = 4096
)

var (
	errXMLText   = errors.New("excel: an XML text run too long")
	errXMLMarkup = errors.New("excel: XML markup too long or too deep, or a DTD")
)

// guardState is where xmlGuard is in the XML: the token it is counting.
type guardState uint8

const (
	gText     guardState = iota
	gOpen                // after '<'
	gTag                 // a start or end tag, up to its '>' outside quotes
	gBang                // after "<!"
	gBangDash            // after "<!-"
	gCDATAIn             // inside "<![CDATA["
	gComment             // up to "-->"
	gCDATA               // up to "]]>"
	gPI                  // up to "?>"
)

// xmlGuard passes a part's bytes to encoding/xml and fails the stream once one token would
// grow past maxXMLToken bytes, before the decoder buffers it; it refuses DTDs (no
// spreadsheet has one) outright. It follows token boundaries the way the decoder does, so
// it never resets its count inside a token the decoder is still buffering.
type xmlGuard struct {
	r     io.Reader
	state guardState
	run   int // bytes of the current token
	seen  int // bytes matched of an opener or a terminator
	quote byte
	err   error
}

func (g *xmlGuard) Read(p []byte) (int, error) {
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

const cdataOpen = "[CDATA["

func (g *xmlGuard) step(b byte) error {
	end := false
	switch g.state {
	case gText:
		if b == '<' {
			g.state, g.run = gOpen, 0
		}
	case gOpen:
		switch b {
		case '!':
			g.state = gBang
		case '?':
			g.state, g.seen = gPI, 0
		default:
			g.state, g.quote = gTag, 0
			end = b == '>'
			if b == '"' || b == '\'' {
				g.quote = b
			}
		}
	case gBang:
		switch b {
		case '-':
			g.state = gBangDash
		case '[':
			g.state, g.seen = gCDATAIn, 1
		default:
			return errXMLMarkup // <!DOCTYPE and other declarations
		}
	case gBangDash:
		if b != '-' {
			return errXMLMarkup
		}
		g.state, g.seen = gComment, 0
	case gCDATAIn:
		if b != cdataOpen[g.seen] {
			return errXMLMarkup
		}
		if g.seen++; g.seen == len(cdataOpen) {
			g.state, g.seen = gCDATA, 0
		}
	case gTag:
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
	case gComment, gCDATA:
		closer := byte('-')
		if g.state == gCDATA {
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
	case gPI:
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
		g.state, g.run = gText, 0
		return nil
	}
	if g.run++; g.run > maxXMLToken {
		if g.state == gText {
			return errXMLText
		}
		return errXMLMarkup
	}
	return nil
}

// xmlReader reads the tokens of one part through the guard, bounding the depth and checking
// the request's context every ctxEvery tokens. It reads raw tokens (no namespace
// translation, which the readers never needed: they look at local names only) and checks
// itself what the decoder's Token would: each end tag closes the element open, and the part
// ends with none open.
type xmlReader struct {
	ctx   context.Context
	dec   *xml.Decoder
	open  []xml.Name // the elements open, outermost first
	count int
	root  bool
}

func newXMLReader(ctx context.Context, r io.Reader) *xmlReader {
	return &xmlReader{ctx: ctx, dec: xml.NewDecoder(&xmlGuard{r: r})}
}

// next returns the next token, and io.EOF only after a whole document: the decoder itself
// reports an element left open at the end of the part.
func (x *xmlReader) next() (xml.Token, error) {
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

// xmlFault is the refusal for an error met while reading a part: a text run too long for
// the guard inside a cell's text is a cell over its limit, anything else damage.
func xmlFault(err error, inCellText bool) error {
	switch {
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded), isFileError(err):
		return err
	case errors.Is(err, errXMLText) && inCellText:
		return ErrCellTooLong
	}
	return ErrDamaged
}

// isFileError tells the adapter's own refusals from decoder and zip errors.
func isFileError(err error) bool {
	for _, e := range []error{ErrType, ErrTooLarge, ErrTooManyRows, ErrEncrypted, ErrDamaged,
		ErrTooManyColumns, ErrCellTooLong, ErrRowTooLong, ErrTextTooLong} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}

func attr(e xml.StartElement, local string) (string, bool) {
	for _, a := range e.Attr {
		if a.Name.Local == local && a.Name.Space == "" {
			return a.Value, true
		}
	}
	return "", false
}

// maxRawCell bounds a cell's raw text as it is gathered: past it no decoding can bring it
// under the cell's limit of characters (a _xHHHH_ escape, the longest, is 7 bytes).
const maxRawCell = 8 * ports.SpreadsheetMaxCellChars

// readSharedStrings reads the shared-string table as a stream: the text of each <si> (its
// plain text or its rich runs, phonetic runs left out), each string within a cell's limit
// and the whole table within the text budget, refused as soon as it goes past.
func readSharedStrings(ctx context.Context, r io.Reader) ([]string, error) {
	x := newXMLReader(ctx, r)
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
				s := unescapeBSTR(string(text))
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

// sheetReader reads the rows of a worksheet part as a stream and hands each over through
// the sink once it is whole. Row and column numbers past Excel's are refused when read,
// without walking the rows in between; a cell's text is counted as soon as it is complete.
type sheetReader struct {
	x      *xmlReader
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

func readSheetXML(ctx context.Context, r io.Reader, sst []string, sink *rowSink) error {
	s := &sheetReader{x: newXMLReader(ctx, r), sst: sst, sink: sink}
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

func (s *sheetReader) start(t xml.StartElement) error {
	switch t.Name.Local {
	case "sheetData":
		s.inData = true
	case "row":
		if !s.inData || s.row != 0 {
			return ErrDamaged
		}
		n, err := rowNumber(t, s.prev)
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
		if ref, ok := attr(t, "r"); ok {
			var err error
			if col, err = columnOf(ref); err != nil {
				return err
			}
		}
		if col > ports.SpreadsheetMaxColumns {
			return ErrTooManyColumns
		}
		s.typ, _ = attr(t, "t")
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

func (s *sheetReader) text(t xml.CharData) error {
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

func (s *sheetReader) end(name string) error {
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
func (s *sheetReader) value() (string, error) {
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
			return unescapeBSTR(string(s.is)), nil
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
	return cellNumber(string(s.v)), nil
}

// rowNumber is a row's r attribute, or the row after prev when it has none.
func rowNumber(t xml.StartElement, prev int) (int, error) {
	ref, ok := attr(t, "r")
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

// columnOf is the column of a cell reference such as "AB12", refused once its letters pass
// the last column, however many there are.
func columnOf(ref string) (int, error) {
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

// cellNumber renders a number cell as excelize did with number formats off: its shortest
// decimal, or 15 significant digits when it has more (as Excel shows it); anything that is
// not a number stays as stored.
func cellNumber(v string) string {
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

// unescapeBSTR decodes the _xHHHH_ escapes of SpreadsheetML strings ([ECMA-376] 22.9.2.19):
// _x000D_ is a carriage return, _x005F_ a literal underscore; an escape of a lone surrogate
// is dropped.
func unescapeBSTR(s string) string {
	i := strings.Index(s, "_x")
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i >= 0 {
		b.WriteString(s[:i])
		s = s[i:]
		if len(s) >= 7 && s[6] == '_' && isHex4(s[2:6]) {
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

func isHex4(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}
