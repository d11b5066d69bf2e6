package excel

import (
	"bytes"
	"context"
	"errors"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"vitrina/ports"
)

// Bounds of the streaming XML reader (xmlscan.go). It holds one token (a text run, a tag
// with its attributes, a comment, a CDATA section) whole in memory and one name per open
// element; these keep both small whatever a part holds.
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

// xmlFault is the refusal for an error met while reading a part: a text run past
// maxXMLToken inside a cell's text is a cell over its limit, anything else damage.
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
		kind, err := x.next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, xmlFault(err, inT)
		}
		switch kind {
		case xmlStart:
			switch string(x.local) {
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
		case xmlText:
			if inT {
				if len(text)+len(x.text) > maxRawCell {
					return nil, ErrCellTooLong
				}
				text = append(text, x.text...)
			}
		case xmlEnd:
			switch string(x.local) {
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
	width     int      // the last row's cells, to size the next
	lastCol   int

	col      int      // the open cell's column, 1-based (0 outside one)
	typ      cellType // its t attribute
	inV, inT bool
	inIS     bool
	hasIS    bool
	rph      int
	v, is    []byte
}

// cellType is a cell's t attribute: the values the reader tells apart, any other read as
// a number.
type cellType uint8

const (
	cellNumberType cellType = iota
	cellShared
	cellInline
	cellBool
	cellError
	cellString // "str", a formula's text, and "d", an ISO 8601 date
)

func cellTypeOf(t []byte) cellType {
	switch string(t) {
	case "s":
		return cellShared
	case "inlineStr":
		return cellInline
	case "b":
		return cellBool
	case "e":
		return cellError
	case "str", "d":
		return cellString
	}
	return cellNumberType
}

func readSheetXML(ctx context.Context, r io.Reader, sst []string, sink *rowSink) error {
	s := &sheetReader{x: newXMLReader(ctx, r), sst: sst, sink: sink}
	for {
		kind, err := s.x.next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return xmlFault(err, s.inV || s.inT)
		}
		switch kind {
		case xmlStart:
			err = s.start()
		case xmlText:
			err = s.text(s.x.text)
		case xmlEnd:
			err = s.end(s.x.local)
		}
		if err != nil {
			return err
		}
	}
}

func (s *sheetReader) start() error {
	switch string(s.x.local) {
	case "sheetData":
		s.inData = true
	case "row":
		if !s.inData || s.row != 0 {
			return ErrDamaged
		}
		ref, ok := s.x.attr("r")
		n, err := rowNumber(ref, ok, s.prev)
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
		if ref, ok := s.x.attr("r"); ok {
			var err error
			if col, err = columnOf(ref); err != nil {
				return err
			}
		}
		if col > ports.SpreadsheetMaxColumns {
			return ErrTooManyColumns
		}
		t, _ := s.x.attr("t")
		s.typ = cellTypeOf(t)
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

func (s *sheetReader) text(t []byte) error {
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

func (s *sheetReader) end(name []byte) error {
	switch string(name) {
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
			if s.cells == nil {
				s.cells = make([]string, 0, s.width)
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
		s.cells, s.width = nil, len(cells) // fn may keep the slice
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
	case cellShared:
		raw := bytes.TrimSpace(s.v)
		if len(raw) == 0 {
			return "", nil
		}
		i, err := strconv.Atoi(string(raw))
		if err != nil || i < 0 || i >= len(s.sst) {
			return "", ErrDamaged
		}
		return s.sst[i], nil
	case cellInline:
		if s.hasIS {
			return unescapeBSTR(string(s.is)), nil
		}
		return string(s.v), nil
	case cellBool:
		switch string(s.v) {
		case "1":
			return "TRUE", nil
		case "0":
			return "FALSE", nil
		}
		return string(s.v), nil
	case cellError:
		return "", nil // a failed formula's #DIV/0! and the like, as the .xls reader reads them
	case cellString:
		return string(s.v), nil
	}
	return cellNumber(s.v), nil
}

// rowNumber is a row's r attribute, or the row after prev when it has none.
func rowNumber(ref []byte, ok bool, prev int) (int, error) {
	var (
		n   uint64
		err error
	)
	if ok {
		n, err = strconv.ParseUint(string(ref), 10, 64)
	} else {
		n = uint64(prev) + 1
	}
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
func columnOf(ref []byte) (int, error) {
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
func cellNumber(v []byte) string {
	if shortestDecimal(v) {
		return string(v)
	}
	if bytes.IndexByte(v, '_') >= 0 {
		return string(v)
	}
	f, err := strconv.ParseFloat(string(v), 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return string(v)
	}
	var digits [32]byte
	plain := strconv.AppendFloat(digits[:0], f, 'f', -1, 64)
	if len(plain)-bytes.Count(plain, []byte{'.'}) > 15 {
		return strconv.FormatFloat(f, 'G', 15, 64)
	}
	return string(plain)
}

// shortestDecimal tells whether v is a number as strconv writes it in 'f' format, its
// shortest decimal, in 15 characters at most besides the point: a float64 keeps any 15
// significant digits, so such a number reads back as v and cellNumber gives it unchanged.
func shortestDecimal(v []byte) bool {
	if n := len(v) - bytes.Count(v, []byte{'.'}); n == 0 || n > 15 {
		return false
	}
	if v[0] == '-' {
		v = v[1:]
	}
	intPart, frac, hasFrac := bytes.Cut(v, []byte{'.'})
	switch {
	case !allDigits(string(intPart)), len(intPart) > 1 && intPart[0] == '0':
		return false
	case hasFrac && (!allDigits(string(frac)) || frac[len(frac)-1] == '0'):
		return false
	}
	return true
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
