package storage

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// S3Config is where a bucket is and how to sign in to it (VITRINA_STORAGE_URL and the
// VITRINA_S3_* settings).
type S3Config struct {
	// Endpoint is scheme://host[:port]: the scheme decides TLS. Empty: https://s3.amazonaws.com.
	Endpoint string
	Region   string
	// AccessKeyID and SecretAccessKey sign the requests; without them the credentials of
	// the instance's role (EC2, ECS) are used.
	AccessKeyID, SecretAccessKey, SessionToken string
	// PathStyle addresses the bucket as host/bucket (self-hosted servers) rather than
	// bucket.host.
	PathStyle bool
	Bucket    string
	// Prefix is the folder of the bucket the objects' keys start from, without slashes
	// at either end; empty is the bucket's root.
	Prefix string
}

// String is s3://bucket/prefix.
func (c S3Config) String() string {
	if c.Prefix == "" {
		return "s3://" + c.Bucket
	}
	return "s3://" + c.Bucket + "/" + c.Prefix
}

// Timeouts of one call to the bucket: a server that is down or hangs fails a request in
// seconds rather than holding it (the caller's context bounds the whole call too).
const (
	s3DialTimeout   = 5 * time.Second
	s3HeaderTimeout = 20 * time.Second // a PUT's answer comes once its body is sent
	s3CallTimeout   = time.Minute      // Stat, Delete and one page of a listing
	s3Retries       = 3
)

// ParseEndpoint reads an S3 endpoint, http(s)://host[:port] (the scheme decides TLS); empty
// is AWS's, s3.amazonaws.com over TLS.
func ParseEndpoint(endpoint string) (host string, secure bool, err error) {
	if endpoint == "" {
		return "s3.amazonaws.com", true, nil
	}
	u, err := url.Parse(endpoint)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || strings.Trim(u.Path, "/") != "" || u.RawQuery != "" {
		return "", false, fmt.Errorf("endpoint %q: want http(s)://host[:port], like http://127.0.0.1:7070", endpoint)
	}
	return u.Host, u.Scheme == "https", nil
}

// Bucket keeps objects in an S3-compatible bucket, under Prefix (ADR 0039).
type Bucket struct {
	client *minio.Client
	cfg    S3Config
}

var _ Blobs = (*Bucket)(nil)

// NewBucket returns the store of cfg's bucket; it does not call the server (Check does).
func NewBucket(cfg S3Config) (*Bucket, error) {
	if cfg.Bucket == "" {
		return nil, errors.New("storage: no bucket")
	}
	host, secure, err := ParseEndpoint(cfg.Endpoint)
	if err != nil {
		return nil, fmt.Errorf("storage: %w", err)
	}
	creds := credentials.NewIAM("")
	if cfg.AccessKeyID != "" {
		creds = credentials.NewStaticV4(cfg.AccessKeyID, cfg.SecretAccessKey, cfg.SessionToken)
	}
	transport, err := minio.DefaultTransport(secure)
	if err != nil {
		return nil, err
	}
	transport.DialContext = (&net.Dialer{Timeout: s3DialTimeout, KeepAlive: 30 * time.Second}).DialContext
	transport.ResponseHeaderTimeout = s3HeaderTimeout
	transport.TLSHandshakeTimeout = s3DialTimeout
	lookup := minio.BucketLookupAuto // AWS: virtual hosts
	switch {
	case cfg.PathStyle:
		lookup = minio.BucketLookupPath
	case cfg.Endpoint != "":
		lookup = minio.BucketLookupDNS
	}
	client, err := minio.New(host, &minio.Options{Creds: creds, Secure: secure, Region: cfg.Region, BucketLookup: lookup,
		Transport: transport, MaxRetries: s3Retries})
	if err != nil {
		return nil, err
	}
	cfg.Prefix = strings.Trim(cfg.Prefix, "/")
	return &Bucket{client: client, cfg: cfg}, nil
}

func (b *Bucket) String() string { return b.cfg.String() }

// Check answers an error unless the bucket exists and these credentials may read it. The
// bucket is never created here: its place, policy and lifecycle are the operator's.
func (b *Bucket) Check(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, s3CallTimeout)
	defer cancel()
	ok, err := b.client.BucketExists(ctx, b.cfg.Bucket)
	if err != nil {
		return fmt.Errorf("storage %s: %w", b, err)
	}
	if !ok {
		return fmt.Errorf("storage %s: the bucket %q does not exist; create it first", b, b.cfg.Bucket)
	}
	return nil
}

func (b *Bucket) key(key string) (string, error) {
	if err := checkKey(key); err != nil {
		return "", err
	}
	if b.cfg.Prefix == "" {
		return key, nil
	}
	return b.cfg.Prefix + "/" + key, nil
}

func notFoundErr(err error) bool {
	r := minio.ToErrorResponse(err)
	return r.StatusCode == http.StatusNotFound || r.Code == "NoSuchKey"
}

// Put uploads r; objects of up to 64 MiB go in one request.
func (b *Bucket) Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error {
	k, err := b.key(key)
	if err != nil {
		return err
	}
	_, err = b.client.PutObject(ctx, b.cfg.Bucket, k, r, size, minio.PutObjectOptions{ContentType: contentType, PartSize: 64 << 20})
	if err != nil {
		return fmt.Errorf("storage %s: put %s: %w", b, key, err)
	}
	return nil
}

// Open states the object, then reads it lazily: a Seek costs nothing and a Read starts a
// ranged GET at the offset, so a 304 or HEAD reads no body and a Range reads only its part.
func (b *Bucket) Open(ctx context.Context, key string) (io.ReadSeekCloser, BlobInfo, error) {
	info, err := b.Stat(ctx, key)
	if err != nil {
		return nil, BlobInfo{}, err
	}
	k, _ := b.key(key) // Stat checked it
	return &objectReader{ctx: ctx, b: b, key: k, size: info.Size}, info, nil
}

// Stat is a HEAD of the object.
func (b *Bucket) Stat(ctx context.Context, key string) (BlobInfo, error) {
	k, err := b.key(key)
	if err != nil {
		return BlobInfo{}, ErrNotFound
	}
	ctx, cancel := context.WithTimeout(ctx, s3CallTimeout)
	defer cancel()
	st, err := b.client.StatObject(ctx, b.cfg.Bucket, k, minio.StatObjectOptions{})
	if notFoundErr(err) {
		return BlobInfo{}, ErrNotFound
	}
	if err != nil {
		return BlobInfo{}, fmt.Errorf("storage %s: stat %s: %w", b, key, err)
	}
	return BlobInfo{Key: key, Size: st.Size, ModTime: st.LastModified}, nil
}

// Delete removes the object; S3 answers a missing one as deleted.
func (b *Bucket) Delete(ctx context.Context, key string) error {
	k, err := b.key(key)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, s3CallTimeout)
	defer cancel()
	if err := b.client.RemoveObject(ctx, b.cfg.Bucket, k, minio.RemoveObjectOptions{}); err != nil && !notFoundErr(err) {
		return fmt.Errorf("storage %s: delete %s: %w", b, key, err)
	}
	return nil
}

// List lists the objects under the prefix, page by page.
func (b *Bucket) List(ctx context.Context, prefix string, fn func(BlobInfo) error) error {
	full := prefix
	if b.cfg.Prefix != "" {
		full = b.cfg.Prefix + "/" + prefix
	}
	ctx, cancel := context.WithCancel(ctx) // stops the listing when fn stops it
	defer cancel()
	for obj := range b.client.ListObjects(ctx, b.cfg.Bucket, minio.ListObjectsOptions{Prefix: full, Recursive: true}) {
		if obj.Err != nil {
			return fmt.Errorf("storage %s: list %s: %w", b, prefix, obj.Err)
		}
		key := strings.TrimPrefix(obj.Key, b.cfg.Prefix+"/")
		if b.cfg.Prefix == "" {
			key = obj.Key
		}
		if strings.HasSuffix(key, "/") { // a folder marker some tools leave
			continue
		}
		if err := fn(BlobInfo{Key: key, Size: obj.Size, ModTime: obj.LastModified}); err != nil {
			return err
		}
	}
	return ctx.Err()
}

// objectReader reads an object of known size from an offset, one ranged GET per position.
type objectReader struct {
	ctx       context.Context
	b         *Bucket
	key       string
	size, off int64
	body      io.ReadCloser
}

func (r *objectReader) Read(p []byte) (int, error) {
	if r.off >= r.size {
		return 0, io.EOF
	}
	if r.body == nil {
		opts := minio.GetObjectOptions{}
		if r.off > 0 {
			if err := opts.SetRange(r.off, 0); err != nil {
				return 0, err
			}
		}
		obj, err := r.b.client.GetObject(r.ctx, r.b.cfg.Bucket, r.key, opts)
		if err != nil {
			return 0, err
		}
		r.body = obj
	}
	n, err := r.body.Read(p)
	r.off += int64(n)
	return n, err
}

func (r *objectReader) Seek(offset int64, whence int) (int64, error) {
	switch whence {
	case io.SeekCurrent:
		offset += r.off
	case io.SeekEnd:
		offset += r.size
	}
	if offset < 0 {
		return 0, errors.New("storage: seek before the start")
	}
	if offset != r.off && r.body != nil {
		_ = r.body.Close()
		r.body = nil
	}
	r.off = offset
	return offset, nil
}

func (r *objectReader) Close() error {
	if r.body == nil {
		return nil
	}
	err := r.body.Close()
	r.body = nil
	return err
}
