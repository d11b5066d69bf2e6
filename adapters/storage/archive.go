package storage

import (
	"context"
	"errors"
	"fmt"
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
