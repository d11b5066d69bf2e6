package storage

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"net"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"vitrina/adapters/storage/s3test"
)

// backend is one kind of store the same tests run against.
type backend struct {
	name string
	open func(t *testing.T) Blobs
}

// backends are the data directory and a bucket of a real S3-compatible server, under a
// prefix of a few folders.
var backends = []backend{
	{"dir", func(t *testing.T) Blobs { return NewDir(t.TempDir()) }},
	{"s3", func(t *testing.T) Blobs { return bucketOf(t, s3test.Start(t), "vitrina/test") }},
}

func bucketOf(t *testing.T, srv *s3test.Server, prefix string) *Bucket {
	t.Helper()
	b, err := NewBucket(S3Config{Endpoint: srv.Endpoint, Region: srv.Region, AccessKeyID: srv.AccessKey, SecretAccessKey: srv.SecretKey,
		PathStyle: true, Bucket: srv.Bucket, Prefix: prefix})
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Check(context.Background()); err != nil {
		t.Fatal(err)
	}
	return b
}

func eachBackend(t *testing.T, fn func(t *testing.T, blobs Blobs)) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) { fn(t, b.open(t)) })
	}
}

// keys lists every object under prefix, sorted.
func keys(t *testing.T, blobs Blobs, prefix string) []string {
	t.Helper()
	var out []string
	if err := blobs.List(context.Background(), prefix, func(i BlobInfo) error { out = append(out, i.Key); return nil }); err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

func serve(s *Images, kind, name, query string, header map[string]string) *httptest.ResponseRecorder {
	r := httptest.NewRequest("GET", "/api/images/"+kind+"/"+name+query, nil)
	r.SetPathValue("kind", kind)
	r.SetPathValue("image", name)
	for k, v := range header {
		r.Header.Set(k, v)
	}
	w := httptest.NewRecorder()
	s.ServeHTTP(w, r)
	return w
}

func TestImagesSaveServeDelete(t *testing.T) {
	eachBackend(t, func(t *testing.T, blobs Blobs) {
		s := NewImagesIn(blobs)
		name, err := s.Save(context.Background(), products, "image", bytes.NewReader(encodePNG(t, noisy(400, 300))))
		if err != nil {
			t.Fatal(err)
		}
		if got, want := keys(t, blobs, "images/"), []string{"images/products/" + name, "images/products/thumbs/" + name}; !slices.Equal(got, want) {
			t.Fatalf("stored %v, want %v", got, want)
		}
		full := serve(s, "products", name, "", nil)
		h := full.Header()
		if full.Code != 200 || h.Get("Content-Type") != "image/png" || h.Get("ETag") != `"`+name+`"` ||
			h.Get("Cache-Control") != "public, max-age=31536000, immutable" || h.Get("X-Content-Type-Options") != "nosniff" ||
			h.Get("Content-Security-Policy") != "default-src 'none'; sandbox" || h.Get("Content-Length") != fmt.Sprint(full.Body.Len()) {
			t.Fatalf("%d %v", full.Code, h)
		}
		if cfg, _, err := image.DecodeConfig(bytes.NewReader(full.Body.Bytes())); err != nil || cfg.Width != 400 {
			t.Fatalf("served %v %+v", err, cfg)
		}
		if w := serve(s, "products", name, "", map[string]string{"If-None-Match": `"` + name + `"`}); w.Code != 304 || w.Body.Len() != 0 {
			t.Fatalf("If-None-Match: %d, %d bytes", w.Code, w.Body.Len())
		}
		if w := serve(s, "products", name, "", map[string]string{"If-None-Match": `"thumb-` + name + `"`}); w.Code != 200 {
			t.Fatalf("the thumbnail's ETag matched the image: %d", w.Code)
		}
		part := serve(s, "products", name, "", map[string]string{"Range": "bytes=10-109"})
		if part.Code != 206 || !bytes.Equal(part.Body.Bytes(), full.Body.Bytes()[10:110]) ||
			part.Header().Get("Content-Range") != fmt.Sprintf("bytes 10-109/%d", full.Body.Len()) {
			t.Fatalf("Range: %d %v, %d bytes", part.Code, part.Header(), part.Body.Len())
		}
		last := serve(s, "products", name, "", map[string]string{"Range": "bytes=-5"})
		if last.Code != 206 || !bytes.Equal(last.Body.Bytes(), full.Body.Bytes()[full.Body.Len()-5:]) {
			t.Fatalf("suffix Range: %d, %q", last.Code, last.Body.Bytes())
		}
		thumb := serve(s, "products", name, "?size=thumb", nil)
		if thumb.Code != 200 || thumb.Header().Get("ETag") != `"thumb-`+name+`"` || thumb.Body.Len() >= full.Body.Len() {
			t.Fatalf("thumb: %d %v, %d bytes", thumb.Code, thumb.Header(), thumb.Body.Len())
		}
		if cfg, _, err := image.DecodeConfig(bytes.NewReader(thumb.Body.Bytes())); err != nil || cfg.Width != ThumbSide {
			t.Fatalf("thumb %v %+v", err, cfg)
		}
		if err := s.Delete("products", name); err != nil {
			t.Fatal(err)
		}
		if err := s.Delete("products", name); err != nil {
			t.Fatalf("deleting a missing image: %v", err)
		}
		for _, q := range []string{"", "?size=thumb"} {
			if w := serve(s, "products", name, q, nil); w.Code != 404 || w.Body.String() != `{"message":"The image was not found."}`+"\n" {
				t.Fatalf("after delete%s: %d %s", q, w.Code, w.Body)
			}
		}
		if left := keys(t, blobs, ""); len(left) != 0 {
			t.Fatalf("Delete left %v", left)
		}
		for _, bad := range [][2]string{{"products", "../../secret.txt"}, {"..", name}, {"products", "thumbs"}, {"products", strings.Repeat("a", 32) + ".gif"}} {
			if w := serve(s, bad[0], bad[1], "", nil); w.Code != 404 {
				t.Fatalf("%v answered %d", bad, w.Code)
			}
		}
	})
}

// failingPut fails the Put of the keys that match.
type failingPut struct {
	Blobs
	match func(key string) bool
}

var errDiskFull = errors.New("disk full")

func (f failingPut) Put(ctx context.Context, key string, r io.Reader, size int64, ct string) error {
	if f.match(key) {
		return errDiskFull
	}
	return f.Blobs.Put(ctx, key, r, size, ct)
}

func TestImagesFailedWriteLeavesNothing(t *testing.T) {
	eachBackend(t, func(t *testing.T, blobs Blobs) {
		for what, match := range map[string]func(string) bool{
			"thumbnail": func(k string) bool { return strings.Contains(k, "/thumbs/") },
			"image":     func(k string) bool { return !strings.Contains(k, "/thumbs/") },
		} {
			s := NewImagesIn(failingPut{blobs, match})
			if _, err := s.Save(context.Background(), products, "image", bytes.NewReader(encodeJPEG(t, noisy(300, 200), 90))); !errors.Is(err, errDiskFull) {
				t.Fatalf("%s write failed: Save answered %v", what, err)
			}
			if left := keys(t, blobs, ""); len(left) != 0 {
				t.Fatalf("%s write failed, left %v", what, left)
			}
		}
	})
}

// A bucket that does not answer makes a GET fail fast with 503, not hang, and the store's
// start-up check fail.
func TestImagesStoreDownIsUnavailable(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	_ = ln.Close() // nothing listens there now
	b, err := NewBucket(S3Config{Endpoint: "http://" + addr, Region: "us-east-1", AccessKeyID: "k", SecretAccessKey: "s", PathStyle: true, Bucket: "vitrina"})
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Check(context.Background()); err == nil {
		t.Fatal("Check passed without a server")
	}
	w := serve(NewImagesIn(b), "products", strings.Repeat("a", 32)+".jpg", "", nil)
	if w.Code != 503 || !strings.Contains(w.Body.String(), "unavailable") || w.Header().Get("Content-Type") != "application/json; charset=utf-8" {
		t.Fatalf("%d %s", w.Code, w.Body)
	}
}

func TestBucketCheckNamesAMissingBucket(t *testing.T) {
	srv := s3test.Start(t)
	srv.Bucket = "no-such-bucket"
	b, err := NewBucket(S3Config{Endpoint: srv.Endpoint, Region: srv.Region, AccessKeyID: srv.AccessKey, SecretAccessKey: srv.SecretKey,
		PathStyle: true, Bucket: srv.Bucket})
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Check(context.Background()); err == nil || !strings.Contains(err.Error(), `"no-such-bucket" does not exist`) {
		t.Fatalf("Check: %v", err)
	}
}

func TestArchiveNeverOverwrites(t *testing.T) {
	type file interface {
		io.Writer
		Keep() (string, error)
		Discard() error
	}
	run := func(t *testing.T, create func(name string) (file, error), read func(name string) string, list func() []string) {
		for i, want := range []string{"2024-01.xlsx", "2024-01-2.xlsx", "2024-01-3.xlsx"} {
			f, err := create("2024-01")
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(f, "workbook %d", i)
			got, err := f.Keep()
			if err != nil || got != want {
				t.Fatalf("Keep: %q %v, want %q", got, err, want)
			}
		}
		f, err := create("2024-01")
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprint(f, "half")
		if err := f.Discard(); err != nil {
			t.Fatal(err)
		}
		for i, name := range []string{"2024-01.xlsx", "2024-01-2.xlsx", "2024-01-3.xlsx"} {
			if got := read(name); got != fmt.Sprintf("workbook %d", i) {
				t.Fatalf("%s holds %q", name, got)
			}
		}
		if got := list(); !slices.Equal(got, []string{"2024-01-2.xlsx", "2024-01-3.xlsx", "2024-01.xlsx"}) {
			t.Fatalf("archive holds %v", got)
		}
		if _, err := create("../x"); err == nil {
			t.Fatal("a name out of the folder was accepted")
		}
	}
	t.Run("dir", func(t *testing.T) {
		dir := t.TempDir()
		a := NewArchive(filepath.Join(dir, "audit"))
		run(t, func(name string) (file, error) { return a.Create(context.Background(), name) },
			func(name string) string { b, _ := os.ReadFile(filepath.Join(dir, "audit", name)); return string(b) },
			func() []string {
				var out []string
				for _, k := range keys(t, NewDir(dir), "audit/") {
					out = append(out, strings.TrimPrefix(k, "audit/"))
				}
				return out
			})
	})
	t.Run("s3", func(t *testing.T) {
		blobs := bucketOf(t, s3test.Start(t), "vitrina")
		a := NewObjectArchive(blobs)
		run(t, func(name string) (file, error) { return a.Create(context.Background(), name) },
			func(name string) string { return readObject(t, blobs, "audit/"+name) },
			func() []string {
				var out []string
				for _, k := range keys(t, blobs, "audit/") {
					out = append(out, strings.TrimPrefix(k, "audit/"))
				}
				return out
			})
	})
}

func readObject(t *testing.T, blobs Blobs, key string) string {
	t.Helper()
	r, _, err := blobs.Open(context.Background(), key)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// tree is every object of a store with its bytes.
func tree(t *testing.T, blobs Blobs) map[string]string {
	out := map[string]string{}
	for _, k := range keys(t, blobs, "") {
		out[k] = readObject(t, blobs, k)
	}
	return out
}

func TestCopyDirToBucketToDirResumes(t *testing.T) {
	ctx := context.Background()
	dataDir := t.TempDir()
	src := NewDir(dataDir)
	images := NewImagesIn(src)
	for range 3 {
		if _, err := images.Save(ctx, products, "image", bytes.NewReader(encodeJPEG(t, noisy(300, 200), 90))); err != nil {
			t.Fatal(err)
		}
	}
	a := NewArchive(filepath.Join(dataDir, "audit"))
	f, _ := a.Create(ctx, "2024-01")
	fmt.Fprint(f, "workbook")
	if _, err := f.Keep(); err != nil {
		t.Fatal(err)
	}
	// Neither a file being written nor one outside the two folders is copied.
	if err := os.WriteFile(filepath.Join(dataDir, "images", "products", ".upload-123"), []byte("half"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dataDir, "vitrina.db"), []byte("db"), 0o600); err != nil {
		t.Fatal(err)
	}
	want := tree(t, src)
	delete(want, "vitrina.db")
	if len(want) != 3*2+1 {
		t.Fatalf("source holds %v", want)
	}
	var total int64
	for _, v := range want {
		total += int64(len(v))
	}

	bucket := bucketOf(t, s3test.Start(t), "vitrina/prod")
	var lines []string
	r, err := Copy(ctx, src, bucket, func(key string, size int64, what CopyOutcome, err error) {
		lines = append(lines, fmt.Sprintf("%s %s", what, key))
	})
	if err != nil || r != (CopyReport{Copied: 7, CopiedBytes: total}) || len(lines) != 7 {
		t.Fatalf("dir → bucket: %+v %v %v", r, err, lines)
	}
	if got := tree(t, bucket); !mapsEqual(got, want) {
		t.Fatalf("bucket holds %v", got)
	}

	back := NewDir(t.TempDir())
	// A first copy stopped part way: two objects arrived, one of them cut short.
	var seen []string
	for k := range want {
		seen = append(seen, k)
	}
	slices.Sort(seen)
	if err := back.Put(ctx, seen[0], strings.NewReader(want[seen[0]]), -1, ""); err != nil {
		t.Fatal(err)
	}
	if err := back.Put(ctx, seen[1], strings.NewReader(want[seen[1]][:10]), -1, ""); err != nil {
		t.Fatal(err)
	}
	r, err = Copy(ctx, bucket, back, nil)
	if err != nil || r.Copied != 6 || r.Skipped != 1 || r.SkippedBytes != int64(len(want[seen[0]])) || r.Failed != 0 ||
		r.CopiedBytes+r.SkippedBytes != total {
		t.Fatalf("bucket → dir, resumed: %+v %v", r, err)
	}
	if got := tree(t, back); !mapsEqual(got, want) {
		t.Fatalf("the round trip changed the objects: %d vs %d", len(got), len(want))
	}
	r, err = Copy(ctx, bucket, back, nil)
	if err != nil || r != (CopyReport{Skipped: 7, SkippedBytes: total}) {
		t.Fatalf("a second run copied again: %+v %v", r, err)
	}
	// A failed object is counted and the others still go.
	failing := failingPut{NewDir(t.TempDir()), func(k string) bool { return strings.HasPrefix(k, "audit/") }}
	r, err = Copy(ctx, src, failing, nil)
	if err != nil || r.Copied != 6 || r.Failed != 1 {
		t.Fatalf("copy with a failure: %+v %v", r, err)
	}
	if !strings.Contains(r.String(), "failed 1") {
		t.Fatalf("report %q", r)
	}
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// The store's own checks keep keys inside it.
func TestKeysStayInside(t *testing.T) {
	d := NewDir(t.TempDir())
	for _, k := range []string{"", "../x", "a/../../x", "/etc/passwd", "a//b", "a/./b", `a\..\b`} {
		if err := d.Put(context.Background(), k, strings.NewReader("x"), 1, ""); err == nil {
			t.Errorf("Put %q accepted", k)
		}
	}
}
