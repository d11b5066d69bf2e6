// Package imagetest makes images that tests and benchmarks upload, generated in code so that
// no large file is committed.
package imagetest

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
)

// Flat16PNG is a one-colour w×h PNG with 16 bits per channel and alpha (8 bytes a pixel
// decoded), written row by row: the review's 10000×4000 one is about 300 KB and decodes to
// 320 MB.
func Flat16PNG(w, h int) []byte {
	var out bytes.Buffer
	chunk := func(typ string, data []byte) {
		_ = binary.Write(&out, binary.BigEndian, uint32(len(data)))
		out.WriteString(typ)
		out.Write(data)
		_ = binary.Write(&out, binary.BigEndian, crc32.ChecksumIEEE(append([]byte(typ), data...)))
	}
	out.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 16, 6
	chunk("IHDR", ihdr)
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
	_, _ = zw.Write(append([]byte{0}, bytes.Repeat([]byte{0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xff, 0xff}, w)...))
	up := make([]byte, 1+8*w) // every further row repeats the one above (filter Up, all zero)
	up[0] = 2
	for range h - 1 {
		_, _ = zw.Write(up)
	}
	_ = zw.Close() // writing to memory cannot fail
	chunk("IDAT", z.Bytes())
	chunk("IEND", nil)
	return out.Bytes()
}
