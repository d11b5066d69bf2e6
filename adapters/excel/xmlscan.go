package excel

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

// xmlReader reads the tokens of one part of a package. It is a scanner of its own, made
// because encoding/xml spends most of an upload's time handing out a value per token and
// reading a byte at a time; it accepts exactly what the former reader accepted, encoding/xml's
// strict RawToken behind a guard (kept as the oracle in oracle_test.go, and compared with
// this one by differential_test.go and the fuzz targets), and gives the same text:
//
//   - names as RawToken reads them (the prefix kept, at most one colon), entities and
//     character references decoded, "\r\n" and "\r" read as "\n", each text run checked for
//     UTF-8 and XML's characters as a whole, errors found where the decoder finds them;
//   - a token may not pass maxXMLToken bytes (a text run that many, markup that many from
//     its '<' and its closing '>'), and DTDs and other declarations are refused, as the
//     guard refused them;
//   - each end tag closes the element open, at most maxXMLDepth are open, and the part ends
//     with none open; the request's context is checked every ctxEvery tokens.
//
// The token is in the reader's fields until the next call: the element's name and local name,
// a start tag's attributes, a text's decoded bytes. It holds one token (about 2×maxXMLToken
// bytes at most, with its buffer) and the names of the open elements, whatever the part holds.
type xmlReader struct {
	ctx    context.Context
	src    io.Reader
	srcErr error // the source's error (io.EOF at its end) once it has given one

	buf    []byte
	r, w   int   // the next byte to read, the end of what has been read
	end    int   // the end of the bytes the open token may use: w, or its bound
	keep   int   // a refill keeps buf[keep:]: the open tag, or the text not yet taken
	off    int64 // the offset in the part of buf[0]
	bound  int64 // the offset in the part the open token may not reach
	inText bool  // the open token is a text run (its bound is the guard's for text)
	err    error // why reading stopped; every later call returns it

	count     int
	root      bool
	open      [][]byte // the names of the open elements, outermost first, in arrays reused
	depth     int      // how many are open
	tag       span     // the start or end tag just read: its name's place after keep
	closeNext bool     // the start tag just returned closes itself: its end tag comes next
	selfEnd   bool     // the end tag just read is that of a self-closing tag

	// The token.
	name, local []byte    // a start or end tag's name as written and without its prefix
	attrs       []xmlAttr // a start tag's attributes, their names and values in abuf
	abuf        []byte
	text        []byte // a text's or CDATA section's decoded bytes, in tbuf or buf
	tbuf        []byte

	nameCheck xmlNameCheck
}

type xmlKind uint8

const (
	xmlStart xmlKind = iota + 1 // a start tag; a self-closing one is followed by its end tag
	xmlEnd
	xmlText  // a text run or a CDATA section
	xmlOther // a comment or a processing instruction
)

type span struct{ from, to int }

type xmlAttr struct{ name, value span }

// readChunk is what the reader asks of its source at a time; the buffer grows past it only
// for a token longer than the bytes it has free.
const readChunk = 64 << 10

// errXMLSyntax is XML that encoding/xml's strict RawToken refuses.
var errXMLSyntax = errors.New("excel: XML syntax error")

func newXMLReader(ctx context.Context, r io.Reader) *xmlReader {
	return &xmlReader{ctx: ctx, src: r}
}

// next reads the next token, and io.EOF only after a whole document.
func (x *xmlReader) next() (xmlKind, error) {
	if x.count++; x.count%ctxEvery == 0 {
		if err := x.ctx.Err(); err != nil {
			return 0, err
		}
	}
	kind, err := x.raw()
	switch {
	case err == io.EOF && (!x.root || x.depth > 0):
		return 0, ErrDamaged // an empty part, or one cut short
	case err != nil:
		return 0, err
	}
	switch kind {
	case xmlStart:
		x.root = true
		if x.depth >= maxXMLDepth {
			return 0, errXMLMarkup
		}
		if x.depth == len(x.open) {
			x.open = append(x.open, nil)
		}
		x.open[x.depth] = append(x.open[x.depth][:0], x.buf[x.keep+x.tag.from:x.keep+x.tag.to]...)
		x.name = x.open[x.depth]
		x.depth++
	case xmlEnd:
		x.name = x.openName()
		if x.depth == 0 || !x.selfEnd && !bytes.Equal(x.name, x.buf[x.keep+x.tag.from:x.keep+x.tag.to]) {
			return 0, ErrDamaged // an end tag that closes nothing open
		}
		x.depth--
	default:
		return kind, nil
	}
	x.local = x.name
	for i := 1; i < len(x.name)-1; i++ { // RawToken keeps a name such as ":a" or "a:" whole
		if x.name[i] == ':' {
			x.local = x.name[i+1:]
			break
		}
	}
	return kind, nil
}

// openName is the name of the element open, as written; nil outside the root.
func (x *xmlReader) openName() []byte {
	if x.depth == 0 {
		return nil
	}
	return x.open[x.depth-1]
}

// attr is the value of the start tag's first attribute named local with no prefix.
func (x *xmlReader) attr(local string) ([]byte, bool) {
	for _, a := range x.attrs {
		if string(x.abuf[a.name.from:a.name.to]) == local {
			return x.abuf[a.value.from:a.value.to], true
		}
	}
	return nil, false
}

// prefixedAttr is the value of the start tag's last attribute named local with a prefix,
// such as r:id.
func (x *xmlReader) prefixedAttr(local string) ([]byte, bool) {
	var value []byte
	found := false
	for _, a := range x.attrs {
		name := x.abuf[a.name.from:a.name.to]
		if i := bytes.IndexByte(name, ':'); i > 0 && string(name[i+1:]) == local {
			value, found = x.abuf[a.value.from:a.value.to], true
		}
	}
	return value, found
}

// raw reads a token as RawToken does, with the guard's bounds.
func (x *xmlReader) raw() (xmlKind, error) {
	if x.err != nil {
		return 0, x.err
	}
	x.selfEnd = x.closeNext
	if x.closeNext {
		x.closeNext = false
		return xmlEnd, nil
	}
	x.keep = x.r
	x.setBound(false)
	b, ok := x.getc()
	if !ok {
		return 0, x.err
	}
	if b != '<' {
		x.r--
		x.setBound(true)
		return x.charData()
	}
	if b, ok = x.mustgetc(); !ok {
		return 0, x.err
	}
	switch b {
	case '/':
		// Most end tags close the open element as written: its name need not be read again.
		if top := x.openName(); len(top) > 0 {
			if e := x.r + len(top); e < x.end && x.buf[e] == '>' && bytes.Equal(x.buf[x.r:e], top) {
				x.tag, x.r = span{x.r - x.keep, e - x.keep}, e+1
				return xmlEnd, nil
			}
		}
		if x.tag, ok = x.nsname(); !ok {
			return 0, x.fail(errXMLSyntax)
		}
		x.space()
		if b, ok = x.mustgetc(); !ok {
			return 0, x.err
		}
		if b != '>' {
			return 0, x.fail(errXMLSyntax)
		}
		return xmlEnd, nil
	case '?':
		return x.procInst()
	case '!':
		return x.bang()
	}
	x.r--
	if x.tag, ok = x.nsname(); !ok {
		return 0, x.fail(errXMLSyntax)
	}
	x.attrs, x.abuf = x.attrs[:0], x.abuf[:0]
	for {
		x.space()
		if b, ok = x.mustgetc(); !ok {
			return 0, x.err
		}
		if b == '/' {
			if b, ok = x.mustgetc(); !ok {
				return 0, x.err
			}
			if b != '>' {
				return 0, x.fail(errXMLSyntax)
			}
			x.closeNext = true
			return xmlStart, nil
		}
		if b == '>' {
			return xmlStart, nil
		}
		x.r--
		var a xmlAttr
		name, ok := x.nsname()
		if !ok {
			return 0, x.fail(errXMLSyntax)
		}
		a.name.from = len(x.abuf)
		x.abuf = append(x.abuf, x.buf[x.keep+name.from:x.keep+name.to]...)
		a.name.to = len(x.abuf)
		x.space()
		if b, ok = x.mustgetc(); !ok {
			return 0, x.err
		}
		if b != '=' {
			return 0, x.fail(errXMLSyntax)
		}
		x.space()
		if b, ok = x.mustgetc(); !ok {
			return 0, x.err
		}
		if b != '"' && b != '\'' {
			return 0, x.fail(errXMLSyntax) // unquoted or missing
		}
		a.value.from = len(x.abuf)
		if i := x.plainUpTo(x.r, &attrPlain); i < x.end && x.buf[i] == b {
			x.abuf = append(x.abuf, x.buf[x.r:i]...) // most values: plain up to the quote
			x.r = i + 1
		} else {
			value, ok := x.readText(int(b), false, x.abuf)
			if !ok {
				return 0, x.err
			}
			x.abuf = value
		}
		a.value.to = len(x.abuf)
		x.attrs = append(x.attrs, a)
	}
}

// fail stops the reader with err unless a read has stopped it already.
func (x *xmlReader) fail(err error) error {
	if x.err == nil {
		x.err = err
	}
	return x.err
}

// charData reads a text run. Most runs are plain text up to the next tag, whole in the
// buffer: the token is then a slice of it, decoded as it stands.
func (x *xmlReader) charData() (xmlKind, error) {
	if i := x.plainUpTo(x.r, &textPlain); i < x.end && x.buf[i] == '<' {
		x.text, x.r = x.buf[x.r:i], i
		return xmlText, nil
	}
	text, ok := x.readText(-1, false, x.tbuf[:0])
	if !ok {
		return 0, x.err
	}
	x.tbuf, x.text = text, text
	return xmlText, nil
}

// procInst reads a processing instruction after its "<?"; the XML declaration must declare
// version 1.0, if any, and UTF-8, if any.
func (x *xmlReader) procInst() (xmlKind, error) {
	target, _, ok := x.xmlName()
	if !ok {
		return 0, x.fail(errXMLSyntax)
	}
	x.space()
	from := x.r - x.keep
	var b0 byte
	for {
		b, ok := x.mustgetc()
		if !ok {
			return 0, x.err
		}
		if b0 == '?' && b == '>' {
			break
		}
		b0 = b
	}
	if string(x.buf[x.keep+target.from:x.keep+target.to]) == "xml" {
		content := string(x.buf[x.keep+from : x.r-2])
		if ver := procInst("version", content); ver != "" && ver != "1.0" {
			return 0, x.fail(errXMLSyntax)
		}
		if enc := procInst("encoding", content); enc != "" && !strings.EqualFold(enc, "utf-8") {
			return 0, x.fail(errXMLSyntax) // encoding/xml reads other charsets only through a CharsetReader
		}
	}
	return xmlOther, nil
}

// bang reads a comment or a CDATA section after its "<!"; a declaration (a DTD, an entity)
// is refused, as no spreadsheet has one.
func (x *xmlReader) bang() (xmlKind, error) {
	b, ok := x.mustgetc()
	if !ok {
		return 0, x.err
	}
	switch b {
	case '-':
		if b, ok = x.mustgetc(); !ok {
			return 0, x.err
		}
		if b != '-' {
			return 0, x.fail(errXMLMarkup)
		}
		var b0, b1 byte
		for {
			if b, ok = x.mustgetc(); !ok {
				return 0, x.err
			}
			if b0 == '-' && b1 == '-' {
				if b != '>' {
					return 0, x.fail(errXMLSyntax) // "--" inside a comment
				}
				return xmlOther, nil
			}
			b0, b1 = b1, b
		}
	case '[':
		for i := range len("CDATA[") {
			if b, ok = x.mustgetc(); !ok {
				return 0, x.err
			}
			if b != "CDATA["[i] {
				return 0, x.fail(errXMLMarkup)
			}
		}
		text, ok := x.readText(-1, true, x.tbuf[:0])
		if !ok {
			return 0, x.err
		}
		x.tbuf, x.text = text, text
		return xmlText, nil
	}
	return 0, x.fail(errXMLMarkup)
}

// Which bytes the fast path of readText copies as they are, before a tag ends the text or in
// an attribute value: the ASCII ones that need no check. The others it leaves to the slow
// path: markup, '&', '\r', ']' and '>' (for "]]>"), controls, and characters of several
// bytes it cannot check whole.
var textPlain, attrPlain = plainBytes("<&]>"), plainBytes("<&\"'")

func plainBytes(special string) (plain [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		plain[c] = !strings.ContainsRune(special, rune(c))
	}
	plain['\t'], plain['\n'] = true, true
	return plain
}

// plainUpTo is the index, from i on, of the first byte the fast path leaves to the slow one.
func (x *xmlReader) plainUpTo(i int, plain *[256]bool) int {
	buf := x.buf[:x.end]
	for i < len(buf) {
		c := buf[i]
		if plain[c] {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			return i
		}
		r, n := utf8.DecodeRune(buf[i:])
		if n == 1 || !xmlChar(r) {
			return i
		}
		i += n
	}
	return i
}

// xmlChar tells whether a character past ASCII is one XML allows.
func xmlChar(r rune) bool {
	return r <= 0xD7FF || 0xE000 <= r && r <= 0xFFFD || 0x10000 <= r && r <= unicode.MaxRune
}

// readText reads character data as encoding/xml's text does, appending it to dst: up to the
// next '<' (quote < 0), to the closing quote of an attribute value, or to "]]>" (cdata).
// Entities and character references are decoded outside CDATA, "\r\n" and "\r" become "\n",
// and the text is refused as a whole at its end when it holds a byte that is not UTF-8 or a
// character XML does not allow. A text the part cuts short ends there; x.err says why, for the
// next token.
func (x *xmlReader) readText(quote int, cdata bool, dst []byte) ([]byte, bool) {
	plain := &textPlain
	if quote >= 0 {
		plain = &attrPlain
	}
	bad := false
	brackets := 0 // how many ']' end the raw text read so far
	for {
		if i := x.plainUpTo(x.r, plain); i > x.r {
			dst = append(dst, x.buf[x.r:i]...)
			x.r, brackets = i, 0
		}
		if x.inText {
			x.keep = x.r
		}
		b, ok := x.getc()
		if !ok {
			if cdata {
				if x.err == io.EOF {
					x.err = errXMLSyntax
				}
				return nil, false
			}
			break
		}
		if quote < 0 && b == '>' && brackets >= 2 {
			if cdata {
				dst = dst[:len(dst)-2]
				break
			}
			x.fail(errXMLSyntax) // "]]>" outside CDATA
			return nil, false
		}
		if b == '<' && !cdata {
			if quote >= 0 {
				x.fail(errXMLSyntax)
				return nil, false
			}
			x.r--
			break
		}
		if quote >= 0 && b == byte(quote) {
			break
		}
		if b == '&' && !cdata {
			var entityBad bool
			if dst, entityBad, ok = x.entity(dst); !ok {
				return nil, false
			}
			bad = bad || entityBad
			brackets = 0
			continue
		}
		switch {
		case b == '\r':
			dst, brackets = append(dst, '\n'), 0
			if b, ok = x.getc(); ok && b != '\n' {
				x.r--
			}
		case b < utf8.RuneSelf:
			bad = bad || b < 0x20 && b != '\t' && b != '\n'
			dst = append(dst, b)
			if b == ']' {
				brackets++
			} else {
				brackets = 0
			}
		default:
			// A character the fast path left: cut by the end of the buffer, or not allowed.
			x.r--
			x.runeAhead()
			r, n := utf8.DecodeRune(x.buf[x.r:x.end])
			bad = bad || n == 1 || !xmlChar(r)
			dst = append(dst, x.buf[x.r:x.r+n]...)
			x.r, brackets = x.r+n, 0
		}
	}
	if bad {
		x.err = errXMLSyntax // as the decoder, over a read's error that ended the text
		return nil, false
	}
	return dst, true
}

// runeAhead makes the bytes of the character at x.r visible, as far as the part and the
// token's bound have them.
func (x *xmlReader) runeAhead() {
	for !utf8.FullRune(x.buf[x.r:x.end]) && x.end == x.w && x.off+int64(x.w) < x.bound && x.fill() {
	}
}

// entity reads a reference after its '&' as encoding/xml does and appends what it stands
// for: one of XML's five entities or a character reference. bad is a character reference to
// a character XML does not allow, which the decoder refuses with the rest of the text.
func (x *xmlReader) entity(dst []byte) (out []byte, bad, ok bool) {
	b, ok := x.mustgetc()
	if !ok {
		return nil, false, false
	}
	if b == '#' {
		if b, ok = x.mustgetc(); !ok {
			return nil, false, false
		}
		base := uint64(10)
		if b == 'x' {
			base = 16
			if b, ok = x.mustgetc(); !ok {
				return nil, false, false
			}
		}
		var n uint64
		digits := 0
		for {
			d := digitValue(b)
			if d >= base {
				break
			}
			digits++
			n = min(n*base+d, unicode.MaxRune+1) // past the last character it is refused however big
			if b, ok = x.mustgetc(); !ok {
				return nil, false, false
			}
		}
		if b != ';' || digits == 0 || n > unicode.MaxRune {
			x.fail(errXMLSyntax)
			return nil, false, false
		}
		r := rune(n)
		if !utf8.ValidRune(r) {
			r = utf8.RuneError // a surrogate, which Go's string(rune(n)) makes U+FFFD
		}
		bad = r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r >= utf8.RuneSelf && !xmlChar(r)
		return utf8.AppendRune(dst, r), bad, true
	}
	x.r--
	// The name, as readName reads it: name bytes, and any byte past ASCII.
	var name [5]byte
	size := 0
	for {
		if b, ok = x.mustgetc(); !ok {
			return nil, false, false
		}
		if nameClass[b] == 0 {
			x.r--
			break
		}
		if size < len(name) {
			name[size] = b
		}
		size++
	}
	if b, ok = x.mustgetc(); !ok {
		return nil, false, false
	}
	if b == ';' && size <= len(name) {
		switch string(name[:size]) {
		case "lt":
			return append(dst, '<'), false, true
		case "gt":
			return append(dst, '>'), false, true
		case "amp":
			return append(dst, '&'), false, true
		case "apos":
			return append(dst, '\''), false, true
		case "quot":
			return append(dst, '"'), false, true
		}
	}
	x.fail(errXMLSyntax)
	return nil, false, false
}

func digitValue(b byte) uint64 {
	switch {
	case '0' <= b && b <= '9':
		return uint64(b - '0')
	case 'a' <= b && b <= 'f':
		return uint64(b-'a') + 10
	case 'A' <= b && b <= 'F':
		return uint64(b-'A') + 10
	}
	return 16
}

// nsname reads an element's or attribute's name: an XML name with at most one colon. Its
// place is counted from keep, which a refill moves with the bytes. ok is false, with x.err
// unset, when there is no name.
func (x *xmlReader) nsname() (span, bool) {
	s, colons, ok := x.xmlName()
	return s, ok && colons <= 1
}

// xmlName reads a name as encoding/xml's name does: the bytes up to the first ASCII byte
// that cannot be in a name, which must make an XML name. It counts the colons in it.
func (x *xmlReader) xmlName() (s span, colons int, ok bool) {
	b, ok := x.mustgetc()
	if !ok {
		return span{}, 0, false
	}
	if nameClass[b] == 0 {
		x.r--
		return span{}, 0, false
	}
	s.from = x.r - 1 - x.keep
	seen := nameClass[b]
	for {
		i := x.r
		for i < x.end {
			class := nameClass[x.buf[i]]
			if class == 0 {
				break
			}
			seen |= class
			i++
		}
		x.r = i
		if i < x.end {
			break
		}
		if !x.more() {
			if x.err == io.EOF {
				x.err = errXMLSyntax
			}
			return span{}, 0, false
		}
	}
	s.to = x.r - x.keep
	name := x.buf[x.keep+s.from : x.keep+s.to]
	if seen&nameColon != 0 {
		colons = bytes.Count(name, []byte{':'})
	}
	// In ASCII a name may not start with a digit, '.' or '-'; past it, encoding/xml's tables say.
	if c := name[0]; seen&nameWide != 0 && !x.nameCheck.isName(name) ||
		seen&nameWide == 0 && !('A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || c == '_' || c == ':') {
		x.err = errXMLSyntax
		return span{}, 0, false
	}
	return s, colons, true
}

// nameClass sorts the bytes readName takes into a name (the ASCII ones of names and any past
// ASCII) from those that end it (0), marking the two that need a second look.
const (
	nameASCII = 1 << iota
	nameColon
	nameWide
)

var nameClass = func() (t [256]uint8) {
	for c := range t {
		switch {
		case c >= utf8.RuneSelf:
			t[c] = nameWide
		case c == ':':
			t[c] = nameColon
		case isNameByte(byte(c)):
			t[c] = nameASCII
		}
	}
	return t
}()

func isNameByte(c byte) bool {
	return 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' ||
		c == '_' || c == ':' || c == '.' || c == '-'
}

// xmlNameCheck asks encoding/xml whether a name with bytes past ASCII is an XML name, as the
// tables of XML 1.0's name characters it checks them by are not exported: one decoder reads a
// processing instruction "<?name?>" for each.
type xmlNameCheck struct {
	dec  *xml.Decoder
	doc  []byte
	next []byte
}

func (c *xmlNameCheck) Read(p []byte) (int, error) {
	if len(c.next) == 0 {
		return 0, io.EOF
	}
	n := copy(p, c.next)
	c.next = c.next[n:]
	return n, nil
}

func (c *xmlNameCheck) isName(name []byte) bool {
	if c.dec == nil {
		c.dec = xml.NewDecoder(c)
	}
	c.doc = append(append(append(c.doc[:0], "<?"...), name...), "?>"...)
	c.next = c.doc
	_, err := c.dec.RawToken()
	if err != nil || len(c.next) > 0 {
		c.dec, c.next = nil, nil // a decoder that has failed fails for good
		return false
	}
	return true
}

// space skips white space, as the decoder's space does.
func (x *xmlReader) space() {
	for x.r < x.end || x.more() {
		switch x.buf[x.r] {
		case ' ', '\r', '\n', '\t':
			x.r++
		default:
			return
		}
	}
}

func (x *xmlReader) getc() (byte, bool) {
	if x.r < x.end {
		x.r++
		return x.buf[x.r-1], true
	}
	return x.getcMore(false)
}

// mustgetc is getc inside a token, where the end of the part is an error.
func (x *xmlReader) mustgetc() (byte, bool) {
	if x.r < x.end {
		x.r++
		return x.buf[x.r-1], true
	}
	return x.getcMore(true)
}

func (x *xmlReader) getcMore(must bool) (byte, bool) {
	if !x.more() {
		if must && x.err == io.EOF {
			x.err = errXMLSyntax
		}
		return 0, false
	}
	x.r++
	return x.buf[x.r-1], true
}

// setBound sets the bound of the token starting at keep as the guard counted it: a text run
// may hold maxXMLToken bytes; markup as many from its '<', and its closing '>'.
func (x *xmlReader) setBound(text bool) {
	x.inText = text
	x.bound = x.off + int64(x.keep) + maxXMLToken
	if !text {
		x.bound++
	}
	x.end = x.visibleEnd()
}

func (x *xmlReader) visibleEnd() int {
	if n := x.bound - x.off; n < int64(x.w) {
		return int(n)
	}
	return x.w
}

// more makes at least one more byte visible to the token, or fails with x.err set: at the
// end of the part (io.EOF), on a read error, or at the token's bound (where a text run may
// still meet the '<' that ends it).
func (x *xmlReader) more() bool {
	for x.r == x.end {
		if x.err != nil {
			return false
		}
		if x.off+int64(x.r) < x.bound {
			if !x.fill() {
				x.err = x.srcErr
				return false
			}
			continue
		}
		if !x.inText {
			x.err = errXMLMarkup
			return false
		}
		if x.r == x.w && !x.fill() {
			x.err = x.srcErr
			return false
		}
		if x.buf[x.r] != '<' {
			x.err = errXMLText
			return false
		}
		x.bound++
		x.end = x.r + 1
	}
	return true
}

// fill reads more of the part into the buffer, keeping buf[keep:], and tells whether it got
// any. A token longer than the buffer has free grows it, to about twice maxXMLToken at most.
func (x *xmlReader) fill() bool {
	if x.srcErr != nil {
		return false
	}
	if x.keep > 0 && len(x.buf)-x.w < readChunk/4 { // once in a while, not on every read a source cuts small
		n := copy(x.buf, x.buf[x.keep:x.w])
		x.r -= x.keep
		x.off += int64(x.keep)
		x.w, x.keep = n, 0
	}
	if x.w == len(x.buf) {
		grown := make([]byte, max(2*len(x.buf), readChunk))
		copy(grown, x.buf[:x.w])
		x.buf = grown
	}
	before := x.w
	for range 100 { // as bufio.Reader, give up on a source that keeps returning nothing
		n, err := x.src.Read(x.buf[x.w:])
		x.w += n
		if err != nil {
			x.srcErr = err
		}
		if n > 0 || err != nil {
			break
		}
	}
	if x.w == before && x.srcErr == nil {
		x.srcErr = io.ErrNoProgress
	}
	x.end = x.visibleEnd()
	return x.w > before
}

// procInst is encoding/xml's reading of a parameter of the XML declaration: the value of
// param="…" or param='…', or "" when there is none.
func procInst(param, s string) string {
	param += "="
	lenp := len(param)
	i := 0
	var sep byte
	for i < len(s) {
		sub := s[i:]
		k := strings.Index(sub, param)
		if k < 0 || lenp+k >= len(sub) {
			return ""
		}
		i += lenp + k + 1
		if c := sub[lenp+k]; c == '\'' || c == '"' {
			sep = c
			break
		}
	}
	if sep == 0 {
		return ""
	}
	j := strings.IndexByte(s[i:], sep)
	if j < 0 {
		return ""
	}
	return s[i : i+j]
}
