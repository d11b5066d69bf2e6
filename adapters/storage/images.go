// Package storage keeps uploaded files: under VITRINA_DATA_DIR, or in an S3-compatible
// bucket when VITRINA_STORAGE_URL names one (ADR 0039).
package storage

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"net/http"
	"regexp"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"golang.org/x/image/draw"

	"vitrina/adapters/limit"
	"vitrina/domain/kernel"
	"vitrina/ports"
)

// Limits of uploaded images (spec §9: 5 MB, jpg/jpeg/png).
//
// A file's size says little about what it costs to decode: a one-colour 10,000 × 4,000 PNG
// with 16 bits per channel is 311 KB and decodes to 305 MiB. So before decoding, Save works
// out from the header the bytes the decoder will allocate (DecodeBytes: per pixel 8 for a
// 16-bit colour PNG, 2 for 16-bit grey, 1 for a paletted one, 1.5 to 3 for a JPEG, five
// times that for a progressive JPEG, which keeps every coefficient) and refuses more than
// MaxDecodeBytes with the dimensions message. A 24-megapixel camera JPEG (6000 × 4000) costs
// 34 MiB, 172 MiB when progressive; a 16-bit colour PNG is accepted up to about 25 megapixels.
// Decodes in flight hold DecodeBytes plus WorkingBytes each against one process-wide budget
// of DecodeBudget (one of the largest images at a time, or many ordinary ones); an upload
// that cannot start within DecodeWait answers 429 (ErrImagesBusy). Measured (ADR 0007): 8
// concurrent uploads of the largest accepted PNG peak at 235 MB resident, whole server.
const (
	MaxImageBytes  = 5 << 20
	MaxSide        = 10000      // pixels on either side
	MaxPixels      = 40_000_000 // a pixel flood is refused before decoding
	MaxDecodeBytes = 192 << 20  // decoded image and decoder state, from the header
	WorkingBytes   = 16 << 20   // the file, the scaled copies and the encoders, measured
	DecodeBudget   = 256 << 20  // all decodes in flight, each counting DecodeBytes + WorkingBytes
	DecodeWait     = 5 * time.Second
	collectAfter   = 32 << 20 // a decode this large is collected at once, not left to the pacer
	MaxStoredSide  = MaxSide  // the most a kind may keep; each kind names its own (ports.ImageKind)
	ThumbSide      = 160
)

// ErrImagesBusy answers an upload that waited DecodeWait for the decode budget in vain.
var ErrImagesBusy = kernel.NewError(kernel.KindThrottled, "images-busy", "The server is busy processing images. Try again in a moment.")

// decodes is the process-wide budget of decodes in flight, in bytes, shared by every store.
var decodes = limit.NewGate(DecodeBudget, DecodeWait, ErrImagesBusy)

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

// Images stores images as the objects images/<kind>/<name> with thumbnails at
// images/<kind>/thumbs/<name>: files under the data directory, or a bucket's objects.
type Images struct {
	blobs   Blobs
	decodes *limit.Gate // weighed in bytes, DecodeBudget in all
}

var _ ports.ImageStore = (*Images)(nil)

// NewImages returns the image store under dataDir; every store shares one decode budget.
func NewImages(dataDir string) *Images { return NewImagesIn(NewDir(dataDir)) }

// NewImagesIn returns the image store over blobs.
func NewImagesIn(blobs Blobs) *Images { return &Images{blobs: blobs, decodes: decodes} }

// storeTimeout bounds a Delete, which the port gives no context.
const storeTimeout = time.Minute

func invalid(field, format string) error {
	return kernel.FieldError(field, fmt.Sprintf(format, field))
}

// Save reads at most 5 MB, checks the real content type and the dimensions before decoding,
// decodes, re-encodes without metadata (scaled down past the kind's MaxSide), writes a
// thumbnail and returns the generated name. Nothing is stored when anything fails.
func (s *Images) Save(ctx context.Context, kind ports.ImageKind, field string, r io.Reader) (string, error) {
	if !validKind.MatchString(kind.Folder) || kind.MaxSide < ThumbSide || kind.MaxSide > MaxStoredSide {
		return "", fmt.Errorf("images: bad kind %+v", kind)
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
	cost := DecodeBytes(data, cfg, format)
	if cost > MaxDecodeBytes {
		return "", invalid(field, msgTooLarge)
	}
	release, err := s.decodes.Enter(ctx, cost+WorkingBytes)
	if err != nil {
		return "", err
	}
	defer release() // on every path, a panic included
	name, err := s.store(ctx, kind, field, ext, data)
	if cost >= collectAfter {
		// Collect and hand the pages back before the next decode starts, so that the
		// process never holds this decode's memory and the next one's at once, however
		// late a busy machine's background scavenger would have run.
		debug.FreeOSMemory()
	}
	return name, err
}

// store decodes, scales and writes the image and its thumbnail; nothing is left on failure.
func (s *Images) store(ctx context.Context, kind ports.ImageKind, field, ext string, data []byte) (string, error) {
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return "", invalid(field, msgCorrupt)
	}
	if err := ctx.Err(); err != nil {
		return "", err
	}
	name := randomName() + "." + ext
	// The thumbnail is encoded while the full image is scaled and encoded.
	type encoded struct {
		data []byte
		err  error
	}
	thumbc := make(chan encoded, 1)
	go func() {
		b, err := encodeImage(fit(img, ThumbSide), ext)
		thumbc <- encoded{b, err}
	}()
	full, err := encodeImage(fit(img, kind.MaxSide), ext)
	thumb := <-thumbc
	if err == nil {
		err = thumb.err
	}
	if err != nil {
		return "", err
	}
	ct := contentType(name)
	err = s.blobs.Put(ctx, imageKey(kind.Folder, name, false), bytes.NewReader(full), int64(len(full)), ct)
	if err == nil {
		err = s.blobs.Put(ctx, imageKey(kind.Folder, name, true), bytes.NewReader(thumb.data), int64(len(thumb.data)), ct)
	}
	if err != nil {
		// Removed even when the upload's request was cancelled: either write may have landed.
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), storeTimeout)
		defer cancel()
		_ = s.delete(cctx, kind.Folder, name)
		return "", err
	}
	return name, nil
}

// DecodeBytes is what decoding the image will allocate, read from its header: the pixels
// in the decoder's own layout, plus an interlaced PNG's passes and a progressive JPEG's
// coefficients (4 bytes per sample) and conversions to RGBA or CMYK.
func DecodeBytes(data []byte, cfg image.Config, format string) int64 {
	px := int64(cfg.Width) * int64(cfg.Height)
	if format == "png" {
		if bpp, interlaced, ok := pngLayout(data); ok {
			if interlaced {
				return 2 * px * bpp
			}
			return px * bpp
		}
		return 2 * px * 8 // unreadable header: the dearest layout
	}
	planes, progressive, ok := jpegLayout(data)
	if !ok {
		planes, progressive = 4*px, true // the dearest layout: four full planes
	}
	cost := planes
	if progressive {
		cost += 4 * planes
	}
	if cfg.ColorModel == color.RGBAModel || cfg.ColorModel == color.CMYKModel {
		cost += 4 * px // converted into a new image
	}
	return cost
}

// pngLayout reads the chunks before the image data: the bytes per decoded pixel (a grey or
// colour image with a transparent colour decodes with alpha) and whether it is interlaced.
func pngLayout(data []byte) (bpp int64, interlaced, ok bool) {
	var colorType, depth byte
	seenHeader, transparent := false, false
	for p := 8; p+8 <= len(data); {
		n := int(binary.BigEndian.Uint32(data[p:]))
		typ := string(data[p+4 : p+8])
		if n < 0 || n > len(data)-p-12 {
			return 0, false, false
		}
		switch typ {
		case "IHDR":
			if n < 13 {
				return 0, false, false
			}
			depth, colorType, interlaced, seenHeader = data[p+16], data[p+17], data[p+20] == 1, true
		case "tRNS":
			transparent = true
		case "IDAT":
			if !seenHeader {
				return 0, false, false
			}
			wide := int64(1)
			if depth == 16 {
				wide = 2
			}
			switch colorType {
			case 0: // grey
				bpp = wide
				if transparent {
					bpp = 4 * wide
				}
			case 3: // paletted
				bpp = 1
			default: // colour, grey with alpha, colour with alpha
				bpp = 4 * wide
			}
			return bpp, interlaced, true
		}
		p += n + 12
	}
	return 0, false, false
}

// jpegLayout reads the frame header: the bytes of the decoded planes (each component at its
// own sampling, rounded up to whole blocks) and whether the file is progressive.
func jpegLayout(data []byte) (planes int64, progressive, ok bool) {
	for p := 2; p+4 <= len(data); {
		if data[p] != 0xff || data[p+1] == 0xff { // stray and fill bytes, skipped as the decoder does
			p++
			continue
		}
		marker := data[p+1]
		if marker == 0x01 || marker >= 0xd0 && marker <= 0xd7 { // markers without a length
			p += 2
			continue
		}
		n := int(binary.BigEndian.Uint16(data[p+2:]))
		if n < 2 || p+2+n > len(data) {
			return 0, false, false
		}
		if marker >= 0xc0 && marker <= 0xcf && marker != 0xc4 && marker != 0xc8 && marker != 0xcc {
			seg := data[p+4 : p+2+n]
			if len(seg) < 6 {
				return 0, false, false
			}
			h, w, nc := int64(binary.BigEndian.Uint16(seg[1:])), int64(binary.BigEndian.Uint16(seg[3:])), int(seg[5])
			if nc == 0 || len(seg) < 6+3*nc {
				return 0, false, false
			}
			if nc == 1 { // the decoder ignores a lone component's sampling
				return ((w + 7) / 8 * 8) * ((h + 7) / 8 * 8), marker == 0xc2, true
			}
			hmax, vmax := int64(1), int64(1)
			for i := range nc {
				hmax, vmax = max(hmax, int64(seg[7+3*i]>>4)), max(vmax, int64(seg[7+3*i]&15))
			}
			mxx, myy := (w+8*hmax-1)/(8*hmax), (h+8*vmax-1)/(8*vmax)
			for i := range nc {
				planes += 8 * int64(seg[7+3*i]>>4) * mxx * 8 * int64(seg[7+3*i]&15) * myy
			}
			return planes, marker == 0xc2, true
		}
		p += 2 + n
	}
	return 0, false, false
}

// Delete removes an image and its thumbnail.
func (s *Images) Delete(kind, name string) error {
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	return s.delete(ctx, kind, name)
}

func (s *Images) delete(ctx context.Context, kind, name string) error {
	if !validKind.MatchString(kind) || !validName.MatchString(name) {
		return nil
	}
	return errors.Join(s.blobs.Delete(ctx, imageKey(kind, name, false)), s.blobs.Delete(ctx, imageKey(kind, name, true)))
}

// Key returns the object of an image or its thumbnail; ok is false for any name the store
// could not have generated, so a request can never leave the images' folder.
func (s *Images) Key(kind, name string, thumb bool) (string, bool) {
	if !validKind.MatchString(kind) || !validName.MatchString(name) {
		return "", false
	}
	return imageKey(kind, name, thumb), true
}

func imageKey(kind, name string, thumb bool) string {
	if thumb {
		return "images/" + kind + "/thumbs/" + name
	}
	return "images/" + kind + "/" + name
}

func contentType(name string) string {
	if strings.HasSuffix(name, ".png") {
		return "image/png"
	}
	return "image/jpeg"
}

// ServeHTTP serves GET /api/images/{kind}/{image}[?size=thumb] with long-lived caching:
// names are random and never reused, so a name always means the same bytes, and the name
// is a strong ETag. The bytes are streamed from the store, a Range read as a part.
func (s *Images) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	name, thumb := r.PathValue("image"), r.URL.Query().Get("size") == "thumb"
	key, ok := s.Key(r.PathValue("kind"), name, thumb)
	if !ok {
		notFound(w)
		return
	}
	body, _, err := s.blobs.Open(r.Context(), key)
	if errors.Is(err, ErrNotFound) {
		notFound(w)
		return
	}
	if err != nil {
		unavailable(w)
		return
	}
	defer body.Close()
	etag := `"` + name + `"`
	if thumb {
		etag = `"thumb-` + name + `"`
	}
	h := w.Header()
	h.Set("Content-Type", contentType(name))
	h.Set("ETag", etag)
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
	http.ServeContent(w, r, "", time.Time{}, body)
}

func notFound(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(http.StatusNotFound)
	_, _ = w.Write([]byte(`{"message":"The image was not found."}` + "\n"))
}

// unavailable answers a GET the store could not answer (a bucket down or unreachable).
func unavailable(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Retry-After", "5")
	w.WriteHeader(http.StatusServiceUnavailable)
	_, _ = w.Write([]byte(`{"message":"The image store is unavailable. Try again in a moment."}` + "\n"))
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

// encodeImage encodes img without metadata. The bytes stay in memory until stored: the
// kinds in use keep at most 1,920 px a side, a few megabytes encoded, within WorkingBytes.
func encodeImage(img image.Image, ext string) ([]byte, error) {
	var b bytes.Buffer
	var err error
	if ext == "png" {
		err = (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&b, img)
	} else {
		err = jpeg.Encode(&b, img, &jpeg.Options{Quality: 85})
	}
	return b.Bytes(), err
}

func randomName() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
