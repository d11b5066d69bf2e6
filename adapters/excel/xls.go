package excel

import (
	"encoding/binary"
	"errors"
	"math"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	"vitrina/ports"
)

// BIFF8 record types ([MS-XLS] 2.3) that the reader acts on; every other record is skipped.
const (
	recFormula    = 0x0006
	recEOF        = 0x000A
	recFilePass   = 0x002F
	recContinue   = 0x003C
	recBoundSheet = 0x0085
	recMulRK      = 0x00BD
	recSST        = 0x00FC
	recLabelSST   = 0x00FD
	recRString    = 0x00D6
	recNumber     = 0x0203
	recLabel      = 0x0204
	recBoolErr    = 0x0205
	recString     = 0x0207
	recRK         = 0x027E
	recBOF        = 0x0809
)

const (
	biff5Version   = 0x0500
	bofGlobals     = 0x0005
	bofWorksheet   = 0x0010
	sheetWorksheet = 0 // BOUNDSHEET8 dt of a worksheet
	maxColumns     = ports.SpreadsheetMaxColumns
)

var errBIFF = errors.New("excel: damaged BIFF stream")

// readXLS reads the first worksheet of an Excel 97-2003 workbook (BIFF8 in a compound file).
func readXLS(data []byte, rows *rowSink) error {
	cf, err := openCompound(data)
	if err != nil {
		return ErrDamaged
	}
	// An encrypted .xlsx is an OLE file holding the encrypted package.
	if _, ok := cf.rootStream("EncryptionInfo"); ok {
		return ErrEncrypted
	}
	if _, ok := cf.rootStream("EncryptedPackage"); ok {
		return ErrEncrypted
	}
	entry, ok := cf.rootStream("Workbook")
	if !ok {
		if entry, ok = cf.rootStream("Book"); !ok {
			// A Word document or another OLE file: not a spreadsheet at all.
			return ErrType
		}
	}
	stream, err := cf.stream(entry)
	if err != nil {
		return ErrDamaged
	}
	err = readBIFF(stream, rows)
	if errors.Is(err, errBIFF) {
		return ErrDamaged
	}
	return err
}

// biffStream walks the records of a workbook stream. Each step moves forward by a record
// header and the length it declares, which must fit in what is left.
type biffStream struct {
	b   []byte
	pos int
}

func (s *biffStream) next() (typ uint16, body []byte, err error) {
	if len(s.b)-s.pos < 4 {
		return 0, nil, errBIFF
	}
	typ = binary.LittleEndian.Uint16(s.b[s.pos:])
	n := int(binary.LittleEndian.Uint16(s.b[s.pos+2:]))
	if len(s.b)-s.pos-4 < n {
		return 0, nil, errBIFF
	}
	body = s.b[s.pos+4 : s.pos+4+n]
	s.pos += 4 + n
	return typ, body, nil
}

// continued returns body and the bodies of the CONTINUE records that follow it.
func (s *biffStream) continued(body []byte) [][]byte {
	segs := [][]byte{body}
	for len(s.b)-s.pos >= 4 && binary.LittleEndian.Uint16(s.b[s.pos:]) == recContinue {
		_, cont, err := s.next()
		if err != nil {
			break
		}
		segs = append(segs, cont)
	}
	return segs
}

func readBIFF(b []byte, rows *rowSink) error {
	s := &biffStream{b: b}
	typ, body, err := s.next()
	if err != nil || typ != recBOF || len(body) < 4 {
		return errBIFF
	}
	le := binary.LittleEndian
	if le.Uint16(body) == biff5Version {
		return ErrType // Excel 5.0/95: not the Excel 97-2003 format this reader knows
	}
	if le.Uint16(body[2:]) != bofGlobals {
		return errBIFF
	}
	var sst []string
	sheetAt := int64(-1)
globals:
	for {
		typ, body, err := s.next()
		if err != nil {
			return err
		}
		switch typ {
		case recFilePass:
			return ErrEncrypted
		case recBoundSheet:
			if len(body) < 6 {
				return errBIFF
			}
			if sheetAt < 0 && body[5] == sheetWorksheet {
				sheetAt = int64(le.Uint32(body))
			}
		case recSST:
			if sst, err = readSST(s.continued(body)); err != nil {
				return err
			}
		case recEOF:
			break globals
		}
	}
	if sheetAt < 0 {
		return nil // no worksheet: nothing to read
	}
	if sheetAt >= int64(len(b)) {
		return errBIFF
	}
	s.pos = int(sheetAt)
	typ, body, err = s.next()
	if err != nil || typ != recBOF || len(body) < 4 || le.Uint16(body[2:]) != bofWorksheet {
		return errBIFF
	}
	return readSheet(s, sst, rows)
}

// sheetRows gathers the cells of the current row; BIFF writes cells row after row.
type sheetRows struct {
	sink  *rowSink
	row   int // 0-based, -1 before the first cell
	cells []string
}

func (r *sheetRows) set(row, col int, value string) error {
	if row != r.row {
		if row < r.row {
			return errBIFF
		}
		if err := r.flush(); err != nil {
			return err
		}
		r.row = row
	}
	if col >= maxColumns {
		return ErrTooManyColumns
	}
	if value == "" {
		return nil
	}
	if err := r.sink.cell(value); err != nil {
		return err
	}
	for len(r.cells) <= col {
		r.cells = append(r.cells, "")
	}
	r.cells[col] = value
	return nil
}

// setAt sets the cell whose row and column open the record body.
func (r *sheetRows) setAt(body []byte, value string) error {
	row, col := cellAt(body)
	return r.set(row, col, value)
}

func (r *sheetRows) flush() error {
	if r.row < 0 || len(r.cells) == 0 {
		return nil
	}
	cells := r.cells
	r.cells = nil // fn may keep the slice
	return r.sink.emit(r.row+1, cells)
}

func readSheet(s *biffStream, sst []string, sink *rowSink) error {
	le := binary.LittleEndian
	rows := &sheetRows{sink: sink, row: -1}
	// A formula with a text result is followed by a STRING record holding the text.
	pendingRow, pendingCol := -1, -1
	depth := 1 // embedded charts open substreams of their own, BOF to EOF
	for depth > 0 {
		typ, body, err := s.next()
		if err != nil {
			return err
		}
		switch typ {
		case recBOF:
			depth++
			continue
		case recEOF:
			depth--
			continue
		case recFilePass:
			return ErrEncrypted
		}
		if depth != 1 {
			continue
		}
		isCell := true
		switch typ {
		case recLabelSST:
			if len(body) < 10 {
				return errBIFF
			}
			i := le.Uint32(body[6:])
			if int64(i) >= int64(len(sst)) {
				return errBIFF
			}
			err = rows.setAt(body, sst[i])
		case recLabel, recRString:
			if len(body) < 6 {
				return errBIFF
			}
			segs := s.continued(body[6:])
			var text string
			if text, err = (&segReader{segs: segs}).unicodeString(); err == nil {
				err = rows.setAt(body, text)
			}
		case recNumber:
			if len(body) < 14 {
				return errBIFF
			}
			err = rows.setAt(body, formatNumber(math.Float64frombits(le.Uint64(body[6:]))))
		case recRK:
			if len(body) < 10 {
				return errBIFF
			}
			err = rows.setAt(body, formatNumber(rkValue(le.Uint32(body[6:]))))
		case recMulRK:
			if len(body) < 6 {
				return errBIFF
			}
			row, first := int(le.Uint16(body)), int(le.Uint16(body[2:]))
			for i := 0; 4+6*i+6 <= len(body)-2 && err == nil; i++ {
				err = rows.set(row, first+i, formatNumber(rkValue(le.Uint32(body[4+6*i+2:]))))
			}
		case recBoolErr:
			if len(body) < 8 {
				return errBIFF
			}
			value := ""
			if body[7] == 0 {
				value = boolText(body[6] != 0)
			}
			err = rows.setAt(body, value)
		case recFormula:
			if len(body) < 14 {
				return errBIFF
			}
			row, col := cellAt(body)
			v := body[6:14]
			value := ""
			if v[6] == 0xFF && v[7] == 0xFF {
				switch v[0] {
				case 0: // text, in the STRING record that follows
					if err = rows.set(row, col, ""); err != nil {
						return err
					}
					pendingRow, pendingCol = row, col
					continue
				case 1:
					value = boolText(v[2] != 0)
				}
				// 2 is an error (#DIV/0! and the like), 3 an empty text: both read as empty.
			} else {
				value = formatNumber(math.Float64frombits(le.Uint64(v)))
			}
			err = rows.set(row, col, value)
		case recString:
			isCell = false
			segs := s.continued(body)
			text, serr := (&segReader{segs: segs}).unicodeString()
			if serr != nil {
				return serr
			}
			if pendingRow >= 0 && pendingRow == rows.row {
				err = rows.set(pendingRow, pendingCol, text)
			}
			pendingRow, pendingCol = -1, -1
		default:
			isCell = false
		}
		if err != nil {
			return err
		}
		if isCell {
			pendingRow, pendingCol = -1, -1
		}
	}
	return rows.flush()
}

func cellAt(body []byte) (row, col int) {
	return int(binary.LittleEndian.Uint16(body)), int(binary.LittleEndian.Uint16(body[2:]))
}

func boolText(b bool) string {
	if b {
		return "TRUE"
	}
	return "FALSE"
}

// formatNumber renders a number as its shortest exact decimal: 12.345, 100, 0.1.
func formatNumber(f float64) string {
	switch {
	case math.IsNaN(f) || math.IsInf(f, 0):
		return ""
	case f == 0:
		return "0" // not "-0"
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// rkValue decodes an RK number ([MS-XLS] 2.5.218): a 30-bit integer or the high 30 bits of
// a double, either possibly multiplied by 100.
func rkValue(rk uint32) float64 {
	var f float64
	if rk&0x02 != 0 {
		f = float64(int32(rk) >> 2)
	} else {
		f = math.Float64frombits(uint64(rk&0xFFFFFFFC) << 32)
	}
	if rk&0x01 != 0 {
		f /= 100
	}
	return f
}

// readSST reads the shared string table, a record followed by CONTINUE records.
func readSST(segs [][]byte) ([]string, error) {
	r := &segReader{segs: segs}
	for _, seg := range segs {
		r.left += len(seg)
	}
	head, err := r.raw(8)
	if err != nil {
		return nil, err
	}
	unique := int64(binary.LittleEndian.Uint32(head[4:]))
	// Every string takes at least three bytes, so what is left bounds the count.
	out := make([]string, 0, min(unique, int64(r.left/3)))
	table := int64(0)
	for i := int64(0); i < unique && r.left > 0; i++ {
		s, err := r.richString()
		if err != nil {
			return nil, err
		}
		// The table is held whole, apart from the text of the cells that use it.
		if table += int64(len(s)) + sharedStringOverhead; table > ports.SpreadsheetMaxTextBytes {
			return nil, ErrTextTooLong
		}
		out = append(out, s)
	}
	return out, nil
}

// segReader reads across a record and its CONTINUE records. Plain bytes run on from one
// record to the next; the characters of a string split across records start again in the
// next record with a flags byte that says whether they go on as one or two bytes each.
type segReader struct {
	segs [][]byte
	i    int // current segment
	pos  int // position in it
	left int // bytes left in all segments; set by readSST, computed by unicodeString
	buf  []byte
}

func (r *segReader) raw(n int) ([]byte, error) {
	if n > r.left {
		return nil, errBIFF
	}
	r.left -= n
	if seg := r.segs[r.i]; len(seg)-r.pos >= n {
		r.pos += n
		return seg[r.pos-n : r.pos], nil
	}
	out := make([]byte, 0, n)
	for len(out) < n {
		for r.pos == len(r.segs[r.i]) {
			r.i++
			r.pos = 0
		}
		seg := r.segs[r.i]
		k := min(n-len(out), len(seg)-r.pos)
		out = append(out, seg[r.pos:r.pos+k]...)
		r.pos += k
	}
	return out, nil
}

func (r *segReader) skip(n int) error {
	if n < 0 || n > r.left {
		return errBIFF
	}
	r.left -= n
	for n > 0 {
		for r.pos == len(r.segs[r.i]) {
			r.i++
			r.pos = 0
		}
		k := min(n, len(r.segs[r.i])-r.pos)
		r.pos += k
		n -= k
	}
	return nil
}

// unicodeString reads an XLUnicodeString: a count of characters, a flags byte, characters.
func (r *segReader) unicodeString() (string, error) {
	r.left = 0
	for _, seg := range r.segs[r.i:] {
		r.left += len(seg)
	}
	r.left -= r.pos
	head, err := r.raw(3)
	if err != nil {
		return "", err
	}
	n := int(binary.LittleEndian.Uint16(head))
	if n > ports.SpreadsheetMaxCellChars {
		return "", ErrCellTooLong
	}
	return r.chars(n, head[2]&0x01 != 0)
}

// richString reads an XLUnicodeRichExtendedString of the SST, skipping its formatting runs
// and its phonetic (extended) data.
func (r *segReader) richString() (string, error) {
	head, err := r.raw(3)
	if err != nil {
		return "", err
	}
	cch, flags := int(binary.LittleEndian.Uint16(head)), head[2]
	if cch > ports.SpreadsheetMaxCellChars {
		return "", ErrCellTooLong // Excel writes none longer; refused before it is decoded
	}
	runs, ext := 0, 0
	if flags&0x08 != 0 {
		b, err := r.raw(2)
		if err != nil {
			return "", err
		}
		runs = int(binary.LittleEndian.Uint16(b))
	}
	if flags&0x04 != 0 {
		b, err := r.raw(4)
		if err != nil {
			return "", err
		}
		ext = int(int32(binary.LittleEndian.Uint32(b)))
	}
	s, err := r.chars(cch, flags&0x01 != 0)
	if err != nil {
		return "", err
	}
	if err := r.skip(4 * runs); err != nil {
		return "", err
	}
	if err := r.skip(ext); err != nil {
		return "", err
	}
	return s, nil
}

// chars reads n characters, one byte each (Latin-1) or two (UTF-16LE) as wide says, and
// re-reads the flags byte wherever the characters cross into the next record.
func (r *segReader) chars(n int, wide bool) (string, error) {
	r.buf = r.buf[:0]
	var high uint16 // a UTF-16 high surrogate waiting for its pair
	for n > 0 {
		if r.pos == len(r.segs[r.i]) {
			if r.i+1 >= len(r.segs) || len(r.segs[r.i+1]) == 0 {
				return "", errBIFF
			}
			r.i++
			wide = r.segs[r.i][0]&0x01 != 0
			r.pos = 1
			r.left--
		}
		seg := r.segs[r.i][r.pos:]
		if len(seg) == 0 {
			continue // a record holding nothing but the flags byte
		}
		if wide {
			k := min(n, len(seg)/2)
			if k == 0 {
				return "", errBIFF // half a character at the end of a record
			}
			for j := 0; j < k; j++ {
				u := binary.LittleEndian.Uint16(seg[2*j:])
				switch {
				case high != 0 && u >= 0xDC00 && u < 0xE000:
					r.buf = utf8.AppendRune(r.buf, utf16.DecodeRune(rune(high), rune(u)))
					high = 0
					continue
				case high != 0:
					r.buf = utf8.AppendRune(r.buf, utf8.RuneError)
					high = 0
				}
				if u >= 0xD800 && u < 0xDC00 {
					high = u
				} else if u >= 0xDC00 && u < 0xE000 {
					r.buf = utf8.AppendRune(r.buf, utf8.RuneError)
				} else {
					r.buf = utf8.AppendRune(r.buf, rune(u))
				}
			}
			r.pos += 2 * k
			r.left -= 2 * k
			n -= k
		} else {
			k := min(n, len(seg))
			for _, c := range seg[:k] {
				if c < utf8.RuneSelf {
					r.buf = append(r.buf, c)
				} else {
					r.buf = utf8.AppendRune(r.buf, rune(c))
				}
			}
			r.pos += k
			r.left -= k
			n -= k
		}
	}
	if high != 0 {
		r.buf = utf8.AppendRune(r.buf, utf8.RuneError)
	}
	return string(r.buf), nil
}
