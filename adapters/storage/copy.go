package storage

import (
	"context"
	"errors"
	"fmt"
	"mime"
	"path"
)

// CopiedFolders are the folders of the objects a copy carries: the images and the audit
// archive's workbooks.
var CopiedFolders = []string{"images/", "audit/"}

// CopyOutcome is what became of one object.
type CopyOutcome string

// The outcomes of a copied object.
const (
	Copied  CopyOutcome = "copied"
	Skipped CopyOutcome = "skipped" // already at the destination with the same size
	Failed  CopyOutcome = "failed"
)

// CopyReport counts a copy's objects and their bytes.
type CopyReport struct {
	Copied, Skipped, Failed                int
	CopiedBytes, SkippedBytes, FailedBytes int64
}

func (r CopyReport) String() string {
	return fmt.Sprintf("copied %d (%d bytes), skipped %d (%d bytes), failed %d (%d bytes)",
		r.Copied, r.CopiedBytes, r.Skipped, r.SkippedBytes, r.Failed, r.FailedBytes)
}

// Copy copies every object of CopiedFolders from src to dst under the same key. It can be
// run again after a stop: an object already at the destination with the same size is
// skipped (names are random and never rewritten, so the same size means the same object).
// A failed object is counted, reported to each (when not nil) and the copy goes on; the
// error answered is a listing that failed or the context's end.
func Copy(ctx context.Context, src, dst Blobs, each func(key string, size int64, what CopyOutcome, err error)) (CopyReport, error) {
	var r CopyReport
	for _, folder := range CopiedFolders {
		err := src.List(ctx, folder, func(info BlobInfo) error {
			if err := ctx.Err(); err != nil {
				return err
			}
			what, err := copyOne(ctx, src, dst, info)
			switch what {
			case Copied:
				r.Copied++
				r.CopiedBytes += info.Size
			case Skipped:
				r.Skipped++
				r.SkippedBytes += info.Size
			default:
				r.Failed++
				r.FailedBytes += info.Size
			}
			if each != nil {
				each(info.Key, info.Size, what, err)
			}
			return nil
		})
		if err != nil {
			return r, err
		}
	}
	return r, nil
}

func copyOne(ctx context.Context, src, dst Blobs, info BlobInfo) (CopyOutcome, error) {
	have, err := dst.Stat(ctx, info.Key)
	if err == nil && have.Size == info.Size {
		return Skipped, nil
	}
	if err != nil && !errors.Is(err, ErrNotFound) {
		return Failed, err
	}
	body, opened, err := src.Open(ctx, info.Key)
	if err != nil {
		return Failed, err
	}
	defer body.Close()
	if err := dst.Put(ctx, info.Key, body, opened.Size, typeOf(info.Key)); err != nil {
		return Failed, err
	}
	return Copied, nil
}

// typeOf is the content type an object is stored with, from its name.
func typeOf(key string) string {
	switch path.Ext(key) {
	case ".jpg":
		return "image/jpeg"
	case ".png":
		return "image/png"
	case ".xlsx":
		return xlsxType
	}
	if t := mime.TypeByExtension(path.Ext(key)); t != "" {
		return t
	}
	return "application/octet-stream"
}
