package storage

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"vitrina/ports"
)

// Archive keeps the audit archive's workbooks in one directory (ADR 0031): each is written
// to a hidden temporary file, synced, and linked under its final name, which never
// replaces a file already there (a month archived twice gets name-2.xlsx, name-3.xlsx …).
type Archive struct{ dir string }

var _ ports.ArchiveFiles = (*Archive)(nil)

// NewArchive keeps archive files under dir.
func NewArchive(dir string) *Archive { return &Archive{dir: dir} }

// Dir is where the files are kept.
func (a *Archive) Dir() string { return a.dir }

// Create starts a file that Keep names name.xlsx, or the first free name-N.xlsx.
func (a *Archive) Create(_ context.Context, name string) (ports.ArchiveFile, error) {
	if name == "" || filepath.Base(name) != name || name[0] == '.' {
		return nil, fmt.Errorf("archive: invalid file name %q", name)
	}
	if err := os.MkdirAll(a.dir, 0o750); err != nil {
		return nil, err
	}
	f, err := os.CreateTemp(a.dir, "."+name+"-*.tmp")
	if err != nil {
		return nil, err
	}
	return &archiveFile{File: f, dir: a.dir, name: name}, nil
}

type archiveFile struct {
	*os.File
	dir, name string
}

// Keep syncs and closes the file, then links it under the first free name: a link fails
// rather than replaces, so two writers of one month never lose each other's file.
func (f *archiveFile) Keep() (string, error) {
	tmp := f.File.Name()
	defer os.Remove(tmp)
	if err := f.File.Sync(); err != nil {
		_ = f.File.Close()
		return "", err
	}
	if err := f.File.Close(); err != nil {
		return "", err
	}
	for n := 1; ; n++ {
		name := f.name + ".xlsx"
		if n > 1 {
			name = fmt.Sprintf("%s-%d.xlsx", f.name, n)
		}
		err := os.Link(tmp, filepath.Join(f.dir, name))
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", err
		}
		if d, err := os.Open(f.dir); err == nil { // the new name durable too
			_ = d.Sync()
			_ = d.Close()
		}
		return name, nil
	}
}

// Discard drops an unfinished file.
func (f *archiveFile) Discard() error {
	_ = f.File.Close()
	return os.Remove(f.File.Name())
}

// ObjectArchive keeps the audit archive's workbooks as the objects audit/<name>.xlsx of a
// bucket (ADR 0039). A workbook is written to a local temporary file, then uploaded under
// the first free name. A bucket has no "create unless it exists": the name is found by a
// stat before the put, which is enough because the retention job writes while it holds
// the cluster-wide lock ("audit archive", ADR 0040), so no other writer races it.
type ObjectArchive struct{ blobs Blobs }

var _ ports.ArchiveFiles = (*ObjectArchive)(nil)

// NewObjectArchive keeps archive files under audit/ of blobs.
func NewObjectArchive(blobs Blobs) *ObjectArchive { return &ObjectArchive{blobs: blobs} }

// Create starts a file that Keep names name.xlsx, or the first free name-N.xlsx.
func (a *ObjectArchive) Create(ctx context.Context, name string) (ports.ArchiveFile, error) {
	if name == "" || filepath.Base(name) != name || name[0] == '.' || checkKey(name) != nil {
		return nil, fmt.Errorf("archive: invalid file name %q", name)
	}
	f, err := os.CreateTemp("", "vitrina-archive-*.xlsx")
	if err != nil {
		return nil, err
	}
	return &objectArchiveFile{File: f, ctx: context.WithoutCancel(ctx), blobs: a.blobs, name: name}, nil
}

type objectArchiveFile struct {
	*os.File
	ctx   context.Context
	blobs Blobs
	name  string
}

// Keep uploads the file, streamed from the temporary file, under the first free name.
func (f *objectArchiveFile) Keep() (string, error) {
	defer os.Remove(f.File.Name())
	defer f.File.Close()
	st, err := f.File.Stat()
	if err != nil {
		return "", err
	}
	size := st.Size()
	for n := 1; ; n++ {
		name := f.name + ".xlsx"
		if n > 1 {
			name = fmt.Sprintf("%s-%d.xlsx", f.name, n)
		}
		_, err := f.blobs.Stat(f.ctx, "audit/"+name)
		if err == nil {
			continue
		}
		if !errors.Is(err, ErrNotFound) {
			return "", err
		}
		if _, err := f.File.Seek(0, io.SeekStart); err != nil {
			return "", err
		}
		if err := f.blobs.Put(f.ctx, "audit/"+name, f.File, size, xlsxType); err != nil {
			return "", err
		}
		return name, nil
	}
}

// Discard drops an unfinished file.
func (f *objectArchiveFile) Discard() error {
	_ = f.File.Close()
	return os.Remove(f.File.Name())
}

const xlsxType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
