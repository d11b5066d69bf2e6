package excel

import (
	"encoding/binary"
	"errors"
	"strings"
	"unicode/utf16"
)

// compoundFile reads the OLE2 compound file (MS-CFB) that wraps an .xls workbook or an
// encrypted .xlsx. The whole file is in memory (at most 10 MB), and every count, size and
// sector number taken from it is checked against what is really there, so a crafted file
// can neither make it allocate more than its own size nor walk a sector chain forever.
type compoundFile struct {
	data       []byte
	sectorSize int
	sectors    int // full sectors after the header
	v3         bool
	fat        []uint32
	miniFAT    []uint32
	miniStream []byte
	entries    []dirEntry
}

type dirEntry struct {
	name               string
	kind               byte // 1 storage, 2 stream, 5 root
	left, right, child uint32
	start              uint32
	size               uint64
}

const (
	sectEnd      = 0xFFFFFFFE
	sectMaxReg   = 0xFFFFFFFA
	noStream     = 0xFFFFFFFF
	miniCutoff   = 4096
	miniSectSize = 64
	dirEntrySize = 128
)

var errCompound = errors.New("excel: damaged compound file")

func openCompound(data []byte) (*compoundFile, error) {
	if len(data) < 512 {
		return nil, errCompound
	}
	le := binary.LittleEndian
	var ss int
	switch le.Uint16(data[30:]) {
	case 9:
		ss = 512
	case 12:
		ss = 4096
	default:
		return nil, errCompound
	}
	if len(data) < ss {
		return nil, errCompound
	}
	c := &compoundFile{
		data:       data,
		sectorSize: ss,
		sectors:    (len(data) - ss) / ss,
		v3:         le.Uint16(data[26:]) == 3,
	}
	if err := c.readFAT(); err != nil {
		return nil, err
	}
	dir, err := c.readChain(c.fat, le.Uint32(data[48:]), -1)
	if err != nil {
		return nil, err
	}
	for off := 0; off+dirEntrySize <= len(dir); off += dirEntrySize {
		c.entries = append(c.entries, c.parseEntry(dir[off:off+dirEntrySize]))
	}
	if len(c.entries) == 0 || c.entries[0].kind != 5 {
		return nil, errCompound
	}
	if err := c.readMini(); err != nil {
		return nil, err
	}
	return c, nil
}

// sector returns sector n, which must lie whole inside the file.
func (c *compoundFile) sector(n uint32) ([]byte, bool) {
	if int64(n) >= int64(c.sectors) {
		return nil, false
	}
	off := (int(n) + 1) * c.sectorSize
	return c.data[off : off+c.sectorSize], true
}

// readFAT gathers the FAT from the sector numbers in the header's DIFAT and the DIFAT chain.
func (c *compoundFile) readFAT() error {
	le := binary.LittleEndian
	numFAT := int64(le.Uint32(c.data[44:]))
	if numFAT > int64(c.sectors) {
		return errCompound
	}
	perSector := c.sectorSize / 4
	locs := make([]uint32, 0, numFAT)
	for i := 0; i < 109 && int64(len(locs)) < numFAT; i++ {
		locs = append(locs, le.Uint32(c.data[76+4*i:]))
	}
	next := le.Uint32(c.data[68:])
	for steps := 0; int64(len(locs)) < numFAT; steps++ {
		sec, ok := c.sector(next)
		if !ok || steps > c.sectors {
			return errCompound
		}
		for i := 0; i < perSector-1 && int64(len(locs)) < numFAT; i++ {
			locs = append(locs, le.Uint32(sec[4*i:]))
		}
		next = le.Uint32(sec[c.sectorSize-4:])
	}
	c.fat = make([]uint32, 0, len(locs)*perSector)
	for _, loc := range locs {
		sec, ok := c.sector(loc)
		if !ok {
			return errCompound
		}
		for i := 0; i < perSector; i++ {
			c.fat = append(c.fat, le.Uint32(sec[4*i:]))
		}
	}
	return nil
}

// readChain concatenates the sectors of the chain from start: size bytes of it, or, when
// size is negative, the whole chain. The walk ends after as many steps as there are sectors,
// so a cycle is an error, not a hang.
func (c *compoundFile) readChain(fat []uint32, start uint32, size int64) ([]byte, error) {
	if size > int64(len(c.data)) {
		return nil, errCompound
	}
	var out []byte
	if size >= 0 {
		out = make([]byte, 0, size)
	}
	for n, steps := start, 0; size < 0 || int64(len(out)) < size; steps++ {
		if n == sectEnd && size < 0 {
			return out, nil
		}
		if n > sectMaxReg || int64(n) >= int64(len(fat)) || steps > c.sectors {
			return nil, errCompound
		}
		sec, ok := c.sector(n)
		if !ok {
			return nil, errCompound
		}
		if size >= 0 && int64(len(out)+len(sec)) > size {
			sec = sec[:size-int64(len(out))]
		}
		out = append(out, sec...)
		n = fat[n]
	}
	return out, nil
}

func (c *compoundFile) parseEntry(b []byte) dirEntry {
	le := binary.LittleEndian
	e := dirEntry{
		kind:  b[66],
		left:  le.Uint32(b[68:]),
		right: le.Uint32(b[72:]),
		child: le.Uint32(b[76:]),
		start: le.Uint32(b[116:]),
		size:  le.Uint64(b[120:]),
	}
	if c.v3 {
		// Version 3 files may leave garbage in the high half of the size.
		e.size &= 0xFFFFFFFF
	}
	n := int(le.Uint16(b[64:]))/2 - 1
	if n > 31 {
		n = 31
	}
	if n > 0 {
		units := make([]uint16, n)
		for i := range units {
			units[i] = le.Uint16(b[2*i:])
		}
		e.name = string(utf16.Decode(units))
	}
	return e
}

// readMini loads the mini stream (kept in the root entry's chain) and the mini FAT.
func (c *compoundFile) readMini() error {
	le := binary.LittleEndian
	root := c.entries[0]
	if root.size == 0 {
		return nil
	}
	if root.size > uint64(len(c.data)) {
		return errCompound
	}
	var err error
	if c.miniStream, err = c.readChain(c.fat, root.start, int64(root.size)); err != nil {
		return err
	}
	numMini := int64(le.Uint32(c.data[64:]))
	if numMini > int64(c.sectors) {
		return errCompound
	}
	raw, err := c.readChain(c.fat, le.Uint32(c.data[60:]), numMini*int64(c.sectorSize))
	if err != nil {
		return err
	}
	c.miniFAT = make([]uint32, len(raw)/4)
	for i := range c.miniFAT {
		c.miniFAT[i] = le.Uint32(raw[4*i:])
	}
	return nil
}

// rootStream finds a stream directly under the root storage by name, case-insensitively
// as the format wants, walking the directory's sibling tree with each entry visited once.
func (c *compoundFile) rootStream(name string) (dirEntry, bool) {
	seen := make([]bool, len(c.entries))
	stack := []uint32{c.entries[0].child}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if i == noStream || int64(i) >= int64(len(c.entries)) || seen[i] {
			continue
		}
		seen[i] = true
		e := c.entries[i]
		if e.kind == 2 && strings.EqualFold(e.name, name) {
			return e, true
		}
		stack = append(stack, e.left, e.right)
	}
	return dirEntry{}, false
}

// stream returns the content of a stream entry.
func (c *compoundFile) stream(e dirEntry) ([]byte, error) {
	if e.size >= miniCutoff {
		return c.readChain(c.fat, e.start, int64(e.size))
	}
	out := make([]byte, 0, e.size)
	for n, steps := e.start, 0; uint64(len(out)) < e.size; steps++ {
		if int64(n) >= int64(len(c.miniFAT)) || steps > len(c.miniFAT) {
			return nil, errCompound
		}
		off := int64(n) * miniSectSize
		if off+miniSectSize > int64(len(c.miniStream)) {
			return nil, errCompound
		}
		chunk := c.miniStream[off : off+miniSectSize]
		if rest := e.size - uint64(len(out)); rest < miniSectSize {
			chunk = chunk[:rest]
		}
		out = append(out, chunk...)
		n = c.miniFAT[n]
	}
	return out, nil
}
