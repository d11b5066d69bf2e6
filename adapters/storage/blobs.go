package storage

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// ErrNotFound answers Open and Stat of a key the store does not hold.
var ErrNotFound = errors.New("storage: no such object")

// BlobInfo describes a stored object; Key is relative to the store's root or prefix.
type BlobInfo struct {
	Key     string
	Size    int64
	ModTime time.Time
}

// Blobs keeps the uploaded files under slash-separated keys (ADR 0039): images/<kind>/<name>,
// images/<kind>/thumbs/<name>, audit/<name>.xlsx. Dir keeps them under the data directory,
// Bucket in an S3-compatible bucket, with the same relative keys, so a copy maps key to key.
type Blobs interface {
	// Put stores size bytes of r under key, replacing what was there; a reader of the key
	// sees the old object or the new one, never a part.
	Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error
	// Open reads an object; a missing one is ErrNotFound.
	Open(ctx context.Context, key string) (io.ReadSeekCloser, BlobInfo, error)
	// Stat describes an object; a missing one is ErrNotFound.
	Stat(ctx context.Context, key string) (BlobInfo, error)
	// Delete removes an object; a missing one is not an error.
	Delete(ctx context.Context, key string) error
	// List calls fn with every object whose key starts with prefix (a folder, "images/"),
	// in no promised order; an error of fn stops the walk and is returned.
	List(ctx context.Context, prefix string, fn func(BlobInfo) error) error
	// String says where the store is, for messages: a directory or s3://bucket/prefix.
	String() string
}

// checkKey refuses a key that could leave the store's root: each segment is a plain name.
func checkKey(key string) error {
	if key == "" || len(key) > 1024 {
		return fmt.Errorf("storage: bad key %q", key)
	}
	for _, seg := range strings.Split(key, "/") {
		if seg == "" || seg == "." || seg == ".." || strings.ContainsAny(seg, "\\\x00") {
			return fmt.Errorf("storage: bad key %q", key)
		}
	}
	return nil
}

// Dir keeps objects as files under a directory (VITRINA_DATA_DIR): key a/b/c is the file
// a/b/c. A file is written to a hidden temporary file beside it and renamed into place, so
// a reader never sees half of one; hidden files are not objects.
type Dir struct{ root string }

var _ Blobs = (*Dir)(nil)

// NewDir keeps objects under root.
func NewDir(root string) *Dir { return &Dir{root: root} }

func (d *Dir) String() string { return d.root }

func (d *Dir) path(key string) (string, error) {
	if err := checkKey(key); err != nil {
		return "", err
	}
	return filepath.Join(d.root, filepath.FromSlash(key)), nil
}

// Put writes r to a temporary file beside the key's and renames it into place.
func (d *Dir) Put(_ context.Context, key string, r io.Reader, size int64, _ string) error {
	p, err := d.path(key)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o750); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(p), ".upload-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // after the rename this finds nothing
	n, err := io.Copy(tmp, r)
	if err == nil && size >= 0 && n != size {
		err = fmt.Errorf("storage: %s: wrote %d bytes, want %d", key, n, size)
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	return os.Rename(tmp.Name(), p)
}

// Open opens the key's file.
func (d *Dir) Open(_ context.Context, key string) (io.ReadSeekCloser, BlobInfo, error) {
	p, err := d.path(key)
	if err != nil {
		return nil, BlobInfo{}, ErrNotFound
	}
	f, err := os.Open(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, BlobInfo{}, ErrNotFound
	}
	if err != nil {
		return nil, BlobInfo{}, err
	}
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		_ = f.Close()
		if err == nil {
			err = ErrNotFound
		}
		return nil, BlobInfo{}, err
	}
	return f, BlobInfo{Key: key, Size: st.Size(), ModTime: st.ModTime()}, nil
}

// Stat describes the key's file.
func (d *Dir) Stat(_ context.Context, key string) (BlobInfo, error) {
	p, err := d.path(key)
	if err != nil {
		return BlobInfo{}, ErrNotFound
	}
	st, err := os.Stat(p)
	if errors.Is(err, fs.ErrNotExist) || err == nil && !st.Mode().IsRegular() {
		return BlobInfo{}, ErrNotFound
	}
	if err != nil {
		return BlobInfo{}, err
	}
	return BlobInfo{Key: key, Size: st.Size(), ModTime: st.ModTime()}, nil
}

// Delete removes the key's file.
func (d *Dir) Delete(_ context.Context, key string) error {
	p, err := d.path(key)
	if err != nil {
		return err
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// List walks the files under prefix, leaving out hidden ones (files being written).
func (d *Dir) List(ctx context.Context, prefix string, fn func(BlobInfo) error) error {
	start := d.root
	if p := strings.TrimSuffix(prefix, "/"); p != "" {
		var err error
		if start, err = d.path(p); err != nil {
			return err
		}
	}
	err := filepath.WalkDir(start, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			return err
		}
		if strings.HasPrefix(e.Name(), ".") && p != start {
			if e.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if !e.Type().IsRegular() {
			return nil
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		rel, err := filepath.Rel(d.root, p)
		if err != nil {
			return err
		}
		key := filepath.ToSlash(rel)
		if !strings.HasPrefix(key, prefix) {
			return nil
		}
		st, err := e.Info()
		if errors.Is(err, fs.ErrNotExist) { // deleted while listed
			return nil
		}
		if err != nil {
			return err
		}
		return fn(BlobInfo{Key: key, Size: st.Size(), ModTime: st.ModTime()})
	})
	return err
}
