// Package storage keeps uploaded files under VITRINA_DATA_DIR.
package storage

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"

	"golang.org/x/image/draw"

	"vitrina/domain/kernel"
	"vitrina/ports"
)

// Limits of uploaded images (spec §9: 5 MB, jpg/jpeg/png).
const (
	MaxImageBytes = 5 << 20
	MaxSide       = 10000      // pixels on either side
	MaxPixels     = 40_000_000 // a pixel flood is refused before decoding
	MaxStoredSide = 1280       // larger images are scaled down when re-encoded (over 2× the details dialog)
	ThumbSide     = 160
)

// Messages of refused images, in the sentences the panel translates.
const (
	msgTooBig   = "The %s may not be greater than 5120 kilobytes."
	msgType     = "The %s must be a file of type: jpeg, jpg, png."
	msgCorrupt  = "The %s could not be read."
	msgTooLarge = "The %s dimensions are too large."
)

var (
	validName = regexp.MustCompile(`^[a-f0-9]{32}\.(jpg|png)$`)
	validKind = regexp.MustCompile(`^[a-z]+$`)
)

// Images stores images as DATA_DIR/images/<kind>/<name> with thumbnails in
// DATA_DIR/images/<kind>/thumbs/<name>.
type Images struct {
	root string
}

var _ ports.ImageStore = (*Images)(nil)

// NewImages returns the image store under dataDir.
func NewImages(dataDir string) *Images { return &Images{root: filepath.Join(dataDir, "images")} }

func invalid(field, format string) error {
	return kernel.FieldError(field, fmt.Sprintf(format, field))
}

// Save reads at most 5 MB, checks the real content type and the dimensions before decoding,
// decodes, re-encodes without metadata (scaled down past MaxStoredSide), writes a thumbnail
// and returns the generated name. Nothing is stored when anything fails.
func (s *Images) Save(ctx context.Context, kind, field string, r io.Reader) (string, error) {
	if !validKind.MatchString(kind) {
		return "", fmt.Errorf("images: bad kind %q", kind)
	}
	data, err := io.ReadAll(io.LimitReader(r, MaxImageBytes+1))
	if err != nil {
		return "", err
	}
	if len(data) > MaxImageBytes {
		return "", invalid(field, msgTooBig)
	}
	var ext string
	switch http.DetectContentType(data) {
	case "image/jpeg":
		ext = "jpg"
	case "image/png":
		ext = "png"
	default:
		return "", invalid(field, msgType)
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil || (format != "jpeg" && format != "png") {
		return "", invalid(field, msgCorrupt)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width > MaxSide || cfg.Height > MaxSide || cfg.Width*cfg.Height > MaxPixels {
		return "", invalid(field, msgTooLarge)
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return "", invalid(field, msgCorrupt)
	}
	if err := ctx.Err(); err != nil {
		return "", err
	}
	name := randomName() + "." + ext
	dir := filepath.Join(s.root, kind)
	if err := os.MkdirAll(filepath.Join(dir, "thumbs"), 0o750); err != nil {
		return "", err
	}
	// The thumbnail is written while the full image is scaled and encoded.
	thumbErr := make(chan error, 1)
	go func() { thumbErr <- writeImage(filepath.Join(dir, "thumbs", name), fit(img, ThumbSide), ext) }()
	err = writeImage(filepath.Join(dir, name), fit(img, MaxStoredSide), ext)
	if terr := <-thumbErr; err == nil {
		err = terr
	}
	if err != nil {
		_ = s.Delete(kind, name)
		return "", err
	}
	return name, nil
}

// Delete removes an image and its thumbnail.
func (s *Images) Delete(kind, name string) error {
	if !validKind.MatchString(kind) || !validName.MatchString(name) {
		return nil
	}
	for _, p := range []string{filepath.Join(s.root, kind, name), filepath.Join(s.root, kind, "thumbs", name)} {
		if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	return nil
}

// Path returns the file of an image or its thumbnail; ok is false for any name the store
// could not have generated, so a request can never leave the image folder.
func (s *Images) Path(kind, name string, thumb bool) (string, bool) {
	if !validKind.MatchString(kind) || !validName.MatchString(name) {
		return "", false
	}
	if thumb {
		return filepath.Join(s.root, kind, "thumbs", name), true
	}
	return filepath.Join(s.root, kind, name), true
}

// ServeHTTP serves GET /api/images/{kind}/{image}[?size=thumb] with long-lived caching:
// names are random and never reused, so a name always means the same bytes.
func (s *Images) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	path, ok := s.Path(r.PathValue("kind"), r.PathValue("image"), r.URL.Query().Get("size") == "thumb")
	if !ok {
		notFound(w)
		return
	}
	f, err := os.Open(path)
	if err != nil {
		notFound(w)
		return
	}
	defer f.Close()
	ct := "image/jpeg"
	if strings.HasSuffix(path, ".png") {
		ct = "image/png"
	}
	w.Header().Set("Content-Type", ct)
	w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Content-Security-Policy", "default-src 'none'; sandbox")
	http.ServeContent(w, r, "", time.Time{}, f)
}

func notFound(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(http.StatusNotFound)
	_, _ = w.Write([]byte(`{"message":"The image was not found."}` + "\n"))
}

// fit scales img down to at most side pixels on its longer side; smaller images are kept.
func fit(img image.Image, side int) image.Image {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if w <= side && h <= side {
		return img
	}
	if w >= h {
		h = max(1, h*side/w)
		w = side
	} else {
		w = max(1, w*side/h)
		h = side
	}
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	if w*h < 512*512 {
		draw.ApproxBiLinear.Scale(dst, dst.Bounds(), img, b, draw.Src, nil)
		return dst
	}
	// Two bands, one per core: each maps its rows of the source onto its rows of the result.
	mid := h / 2
	srcMid := b.Min.Y + b.Dy()*mid/h
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		draw.ApproxBiLinear.Scale(dst, image.Rect(0, 0, w, mid), img, image.Rect(b.Min.X, b.Min.Y, b.Max.X, srcMid), draw.Src, nil)
	}()
	draw.ApproxBiLinear.Scale(dst, image.Rect(0, mid, w, h), img, image.Rect(b.Min.X, srcMid, b.Max.X, b.Max.Y), draw.Src, nil)
	wg.Wait()
	return dst
}

func writeImage(path string, img image.Image, ext string) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".upload-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // after the rename this finds nothing
	bw := bufio.NewWriterSize(tmp, 256<<10)
	if ext == "png" {
		err = (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(bw, img)
	} else {
		err = jpeg.Encode(bw, img, &jpeg.Options{Quality: 85})
	}
	if err == nil {
		err = bw.Flush()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

func randomName() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
