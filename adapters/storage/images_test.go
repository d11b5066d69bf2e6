package storage

import (
	"bytes"
	"context"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math/rand/v2"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"vitrina/domain/kernel"
)

func noisy(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	r := rand.New(rand.NewPCG(1, 2))
	for i := range img.Pix {
		img.Pix[i] = uint8(r.IntN(256))
	}
	return img
}

func encodeJPEG(t testing.TB, img image.Image, q int) []byte {
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: q}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func encodePNG(t testing.TB, img image.Image) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// pngClaiming is a PNG whose header claims w×h pixels: a pixel flood in a few bytes.
func pngClaiming(t *testing.T, w, h uint32) []byte {
	b := encodePNG(t, image.NewGray(image.Rect(0, 0, 1, 1)))
	ihdr := b[8+8 : 8+8+13] // after signature, length and type
	binary.BigEndian.PutUint32(ihdr[0:4], w)
	binary.BigEndian.PutUint32(ihdr[4:8], h)
	binary.BigEndian.PutUint32(b[8+8+13:], crc32.ChecksumIEEE(b[8+4:8+8+13]))
	return b
}

func files(t *testing.T, dir string) []string {
	var out []string
	_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			out = append(out, p)
		}
		return nil
	})
	return out
}

func TestSaveAcceptsRealImagesAndThumbnailsThem(t *testing.T) {
	dir := t.TempDir()
	s := NewImages(dir)
	src := image.NewRGBA(image.Rect(0, 0, 1200, 600))
	for i := range src.Pix {
		src.Pix[i] = 200
	}
	for _, c := range []struct {
		data []byte
		ext  string
	}{{encodeJPEG(t, src, 90), ".jpg"}, {encodePNG(t, src), ".png"}} {
		name, err := s.Save(context.Background(), "products", "image", bytes.NewReader(c.data))
		if err != nil {
			t.Fatal(err)
		}
		if !validName.MatchString(name) || !strings.HasSuffix(name, c.ext) {
			t.Fatalf("name %q", name)
		}
		full, _ := s.Path("products", name, false)
		thumb, _ := s.Path("products", name, true)
		for p, want := range map[string]int{full: 1200, thumb: ThumbSide} {
			f, err := os.Open(p)
			if err != nil {
				t.Fatal(err)
			}
			cfg, _, err := image.DecodeConfig(f)
			f.Close()
			if err != nil || cfg.Width != want || cfg.Height != want/2 {
				t.Fatalf("%s: %v %dx%d, want width %d", p, err, cfg.Width, cfg.Height, want)
			}
		}
		if err := s.Delete("products", name); err != nil {
			t.Fatal(err)
		}
	}
	if left := files(t, dir); len(left) != 0 {
		t.Fatalf("Delete left %v", left)
	}
}

func TestSaveRefusesBadImagesAndStoresNothing(t *testing.T) {
	good := encodeJPEG(t, image.NewGray(image.Rect(0, 0, 64, 64)), 90)
	big := make([]byte, 6<<20)
	copy(big, good)
	cases := map[string]struct {
		data []byte
		want string
	}{
		"html renamed to png": {[]byte("<!doctype html><html><script>alert(1)</script></html>"), "The image must be a file of type: jpeg, jpg, png."},
		"gif":                 {[]byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;"), "The image must be a file of type: jpeg, jpg, png."},
		"svg":                 {[]byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`), "The image must be a file of type: jpeg, jpg, png."},
		"pixel flood":         {pngClaiming(t, 20000, 20000), "The image dimensions are too large."},
		"truncated jpeg":      {encodeJPEG(t, noisy(300, 300), 90)[:4000], "The image could not be read."},
		"6 MB file":           {big, "The image may not be greater than 5120 kilobytes."},
		"empty":               {nil, "The image must be a file of type: jpeg, jpg, png."},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			_, err := NewImages(dir).Save(context.Background(), "products", "image", bytes.NewReader(c.data))
			var e *kernel.Error
			if err == nil || kernel.KindOf(err) != kernel.KindInvalid {
				t.Fatalf("want a validation error, got %v", err)
			}
			e = err.(*kernel.Error)
			if e.Fields["image"][0] != c.want {
				t.Fatalf("message %q, want %q", e.Fields["image"][0], c.want)
			}
			if left := files(t, dir); len(left) != 0 {
				t.Fatalf("stored %v", left)
			}
		})
	}
}

func TestServeOnlyNamesTheStoreMade(t *testing.T) {
	dir := t.TempDir()
	s := NewImages(dir)
	name, err := s.Save(context.Background(), "products", "image", bytes.NewReader(encodePNG(t, image.NewGray(image.Rect(0, 0, 300, 200)))))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "secret.txt"), []byte("secret"), 0o600); err != nil {
		t.Fatal(err)
	}
	get := func(kind, image, query string) *httptest.ResponseRecorder {
		r := httptest.NewRequest("GET", "/api/images/"+kind+"/"+image+query, nil)
		r.SetPathValue("kind", kind)
		r.SetPathValue("image", image)
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		return w
	}
	w := get("products", name, "")
	if w.Code != 200 || w.Header().Get("Content-Type") != "image/png" || !strings.Contains(w.Header().Get("Cache-Control"), "immutable") ||
		w.Header().Get("X-Content-Type-Options") != "nosniff" {
		t.Fatalf("%d %v", w.Code, w.Header())
	}
	thumb := get("products", name, "?size=thumb")
	if thumb.Code != 200 || thumb.Body.Len() >= w.Body.Len() {
		t.Fatalf("thumbnail %d bytes vs full %d", thumb.Body.Len(), w.Body.Len())
	}
	for _, bad := range [][2]string{{"products", "../../secret.txt"}, {"products", "..%2F..%2Fsecret.txt"}, {"..", name}, {"products", "abc.jpg"}, {"products", strings.Repeat("a", 32) + ".jpg"}} {
		if w := get(bad[0], bad[1], ""); w.Code != 404 || strings.Contains(w.Body.String(), "secret") {
			t.Fatalf("%v answered %d", bad, w.Code)
		}
	}
}

// photoLike is smooth colour gradients with fine grain, which compresses like a photograph.
func photoLike(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	r := rand.New(rand.NewPCG(3, 4))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			i := img.PixOffset(x, y)
			g := r.IntN(48)
			img.Pix[i] = uint8((x*255/w + g) % 256)
			img.Pix[i+1] = uint8((y*255/h + g) % 256)
			img.Pix[i+2] = uint8(((x+y)*255/(w+h) + g) % 256)
			img.Pix[i+3] = 255
		}
	}
	return img
}

func benchSave(b *testing.B, gen func(w, h int) *image.RGBA, w, h, q int) {
	src := gen(w, h)
	data := encodeJPEG(b, src, q)
	for len(data) < 4<<20 {
		w, h = w*51/50, h*51/50 // grow slowly, to land just over 4 MiB
		src = gen(w, h)
		data = encodeJPEG(b, src, q)
	}
	b.Logf("input %.1f MB, %dx%d", float64(len(data))/(1<<20), w, h)
	s := NewImages(b.TempDir())
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		name, err := s.Save(context.Background(), "products", "image", bytes.NewReader(data))
		if err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		_ = s.Delete("products", name)
		b.StartTimer()
	}
}

// A 4 MB JPEG stored and thumbnailed. Peak memory is bounded by the bytes allocated per op.
func BenchmarkSave4MBJPEG(b *testing.B) {
	b.Run("photo", func(b *testing.B) { benchSave(b, photoLike, 3000, 2250, 92) })
	b.Run("noise", func(b *testing.B) { benchSave(b, noisy, 2600, 1900, 80) })
}

var _ = color.Black
