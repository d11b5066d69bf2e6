package bootstrap

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"testing"
	"time"
)

// oneColour16BitPNG is a w×h PNG with 16 bits per channel and alpha, written row by row:
// the review's 10000×4000 one is about 300 KB and decodes to 320 MB.
func oneColour16BitPNG(t *testing.T, w, h int) []byte {
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
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	chunk("IDAT", z.Bytes())
	chunk("IEND", nil)
	return out.Bytes()
}

// The review's image is within the size and side limits but too dear to decode: the
// product form answers 422 on the image field at once, and nothing is stored.
func TestProductImageTooDearToDecode(t *testing.T) {
	flood := oneColour16BitPNG(t, 10000, 4000)
	if len(flood) > 400<<10 {
		t.Fatalf("the crafted PNG is %d bytes", len(flood))
	}
	eachEngine(t, func(t *testing.T, a *api) {
		fields := map[string]string{"name": "Plakat", "description": "Veliki plakat", "price": "10"}
		t0 := time.Now()
		r := a.expect(a.upload("/api/products", fields, "plakat.png", flood), 422)
		if got := r.fieldErrors(t)["image"]; len(got) != 1 || got[0] != "The image dimensions are too large." {
			t.Fatalf("errors: %s", r.body)
		}
		if d := time.Since(t0); d > 2*time.Second {
			t.Fatalf("answered after %v: the image was decoded", d)
		}
		if files := storedImages(t, a); len(files) != 0 {
			t.Fatalf("stored %v", files)
		}
		if n := a.expect(a.do("GET", "/api/products?page=1", a.admin, nil), 200).header.Get("X-Total-Count"); n != "0" {
			t.Fatalf("a product was created: %s", n)
		}
	})
}
