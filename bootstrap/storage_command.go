package bootstrap

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"vitrina/adapters/storage"
)

const storageUsage = `usage: vitrina storage copy --from DIR|s3://bucket/prefix --to DIR|s3://bucket/prefix [-v]`

// storageCommand is `vitrina storage copy` (ADR 0039): every object of images/ and audit/
// from one store to another, key for key, skipping those already there with their size.
// It needs no database: a directory is a data directory, a bucket takes its endpoint and
// credentials from the VITRINA_S3_* settings.
func storageCommand(ctx context.Context, cfg Config, args []string, stdout io.Writer) error {
	if len(args) == 0 || args[0] != "copy" {
		return errors.New(storageUsage)
	}
	fs := flag.NewFlagSet("storage copy", flag.ContinueOnError)
	fs.SetOutput(stdout)
	from := fs.String("from", "", "the data directory or s3://bucket/prefix to copy from")
	to := fs.String("to", "", "the data directory or s3://bucket/prefix to copy to")
	verbose := fs.Bool("v", false, "print a line for each object")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if *from == "" || *to == "" || fs.NArg() > 0 {
		return errors.New(storageUsage)
	}
	if *from == *to {
		return errors.New("storage copy: --from and --to are the same store")
	}
	src, err := openStore(ctx, cfg, *from, true)
	if err != nil {
		return fmt.Errorf("storage copy --from: %w", err)
	}
	dst, err := openStore(ctx, cfg, *to, false)
	if err != nil {
		return fmt.Errorf("storage copy --to: %w", err)
	}
	r, err := storage.Copy(ctx, src, dst, func(key string, size int64, what storage.CopyOutcome, err error) {
		switch {
		case err != nil:
			fmt.Fprintf(stdout, "%s %s (%d bytes): %v\n", what, key, size, err)
		case *verbose:
			fmt.Fprintf(stdout, "%s %s (%d bytes)\n", what, key, size)
		}
	})
	fmt.Fprintf(stdout, "storage copy from %s to %s: %s\n", src, dst, r)
	if err != nil {
		return fmt.Errorf("storage copy: %w", err)
	}
	if r.Failed > 0 {
		return fmt.Errorf("storage copy: %d objects failed; run it again to copy the rest", r.Failed)
	}
	return nil
}

// openStore opens s3://bucket/prefix, which must exist, or a directory: a source one must
// exist, a destination one is made as needed.
func openStore(ctx context.Context, cfg Config, where string, source bool) (storage.Blobs, error) {
	if !strings.HasPrefix(where, "s3://") {
		if strings.Contains(where, "://") {
			return nil, fmt.Errorf("want a directory or s3://bucket/prefix, got %q", where)
		}
		if source {
			if st, err := os.Stat(where); err != nil || !st.IsDir() {
				return nil, fmt.Errorf("%s is not a directory", where)
			}
		}
		return storage.NewDir(where), nil
	}
	s3 := cfg.S3
	var err error
	if s3.Bucket, s3.Prefix, err = ParseStorageURL(where); err != nil {
		return nil, err
	}
	b, err := storage.NewBucket(s3)
	if err != nil {
		return nil, err
	}
	if err := b.Check(ctx); err != nil {
		return nil, err
	}
	return b, nil
}
