package bootstrap

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/minio/minio-go/v7"

	"vitrina/adapters/persistence/dbtest"
	"vitrina/adapters/storage"
	"vitrina/adapters/storage/s3test"
	"vitrina/ports"
)

func TestStorageConfig(t *testing.T) {
	cfg, err := LoadConfig(env(nil))
	if err != nil || cfg.S3 != (storage.S3Config{}) {
		t.Fatalf("without settings the files stay in the data directory: %+v %v", cfg.S3, err)
	}
	cfg, err = LoadConfig(env(map[string]string{"VITRINA_STORAGE_URL": "s3://vitrina-files/prod/eu/", "VITRINA_S3_ENDPOINT": "http://127.0.0.1:7070/",
		"VITRINA_S3_REGION": "eu-central-1", "VITRINA_S3_ACCESS_KEY_ID": "id", "VITRINA_S3_SECRET_ACCESS_KEY": "secret"}))
	if err != nil || cfg.S3 != (storage.S3Config{Endpoint: "http://127.0.0.1:7070", Region: "eu-central-1", AccessKeyID: "id", SecretAccessKey: "secret",
		PathStyle: true, Bucket: "vitrina-files", Prefix: "prod/eu"}) {
		t.Fatalf("a bucket with an endpoint: %+v %v", cfg.S3, err)
	}
	// The AWS variables stand in for the missing ones; without an endpoint, AWS's virtual hosts.
	cfg, err = LoadConfig(env(map[string]string{"VITRINA_STORAGE_URL": "s3://vitrina", "AWS_REGION": "eu-west-1", "AWS_DEFAULT_REGION": "us-east-2",
		"AWS_ACCESS_KEY_ID": "aid", "AWS_SECRET_ACCESS_KEY": "asecret", "AWS_SESSION_TOKEN": "tok"}))
	if err != nil || cfg.S3 != (storage.S3Config{Region: "eu-west-1", AccessKeyID: "aid", SecretAccessKey: "asecret", SessionToken: "tok", Bucket: "vitrina"}) {
		t.Fatalf("AWS fallbacks: %+v %v", cfg.S3, err)
	}
	cfg, err = LoadConfig(env(map[string]string{"VITRINA_STORAGE_URL": "s3://vitrina", "AWS_ENDPOINT_URL": "https://objects.example.com",
		"AWS_ENDPOINT_URL_S3": "https://s3.example.com", "AWS_DEFAULT_REGION": "us-east-2", "VITRINA_S3_PATH_STYLE": "false"}))
	if err != nil || cfg.S3.Endpoint != "https://s3.example.com" || cfg.S3.Region != "us-east-2" || cfg.S3.PathStyle {
		t.Fatalf("AWS endpoint, explicit virtual hosts: %+v %v", cfg.S3, err)
	}
	for _, bad := range []struct{ env, want string }{
		{"VITRINA_STORAGE_URL=file:///var/lib/vitrina", "VITRINA_STORAGE_URL"},
		{"VITRINA_STORAGE_URL=gs://bucket", "VITRINA_STORAGE_URL"},
		{"VITRINA_STORAGE_URL=s3://", "VITRINA_STORAGE_URL"},
		{"VITRINA_STORAGE_URL=s3:///prefix", "VITRINA_STORAGE_URL"},
		{"VITRINA_STORAGE_URL=s3://Upper_Case", "VITRINA_STORAGE_URL"},
		{"VITRINA_STORAGE_URL=s3://bucket/../up", "VITRINA_STORAGE_URL"},
		{"VITRINA_STORAGE_URL=s3://bucket//twice", "VITRINA_STORAGE_URL"},
		{"VITRINA_STORAGE_URL=s3://key:secret@bucket", "VITRINA_STORAGE_URL"},
		{"VITRINA_STORAGE_URL=s3://bucket?region=x", "VITRINA_STORAGE_URL"},
		{"VITRINA_S3_ENDPOINT=127.0.0.1:7070", "VITRINA_S3_ENDPOINT"},
		{"VITRINA_S3_ENDPOINT=ftp://host", "VITRINA_S3_ENDPOINT"},
		{"VITRINA_S3_ENDPOINT=http://host/path", "VITRINA_S3_ENDPOINT"},
		{"AWS_ENDPOINT_URL=nonsense", "VITRINA_S3_ENDPOINT"},
		{"VITRINA_S3_ACCESS_KEY_ID=id", "VITRINA_S3_SECRET_ACCESS_KEY"},
		{"AWS_SECRET_ACCESS_KEY=secret", "VITRINA_S3_ACCESS_KEY_ID"},
		{"VITRINA_S3_PATH_STYLE=sometimes", "VITRINA_S3_PATH_STYLE"},
	} {
		k, v, _ := strings.Cut(bad.env, "=")
		_, err := LoadConfig(env(map[string]string{k: v}))
		if err == nil || !strings.Contains(err.Error(), bad.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v, want one line naming %s", bad.env, err, bad.want)
		}
	}
}

// storageConfig points cfg at the server's bucket under prefix, as the environment would.
func storageConfig(t *testing.T, srv *s3test.Server, prefix string) func(*Config) {
	loaded, err := LoadConfig(env(srv.Env(prefix)))
	if err != nil {
		t.Fatal(err)
	}
	return func(c *Config) { c.S3 = loaded.S3 }
}

func bucketKeys(t *testing.T, srv *s3test.Server, prefix string) []string {
	var out []string
	for o := range srv.Client(t).ListObjects(context.Background(), srv.Bucket, minio.ListObjectsOptions{Prefix: prefix, Recursive: true}) {
		if o.Err != nil {
			t.Fatal(o.Err)
		}
		out = append(out, o.Key)
	}
	slices.Sort(out)
	return out
}

func TestStorageImagesInABucket(t *testing.T) {
	srv := s3test.Start(t)
	a := startAPIWith(t, dbtest.SQLiteURL(t), storageConfig(t, srv, "vitrina"))
	r := a.expect(a.upload("/api/products", map[string]string{"name": "Bušilica", "description": "Udarna", "price": "129.990"}, "b.jpg", testJPEG(t, 800, 600)), 201)
	var p struct {
		Image    string `json:"image"`
		ImageURL string `json:"image_url"`
	}
	r.json(t, &p)
	if got, want := bucketKeys(t, srv, ""), []string{"vitrina/images/products/" + p.Image, "vitrina/images/products/thumbs/" + p.Image}; !slices.Equal(got, want) {
		t.Fatalf("bucket holds %v, want %v", got, want)
	}
	if files := storedImages(t, a); len(files) != 0 {
		t.Fatalf("images written to the data directory too: %v", files)
	}
	img, err := http.Get(a.srv.URL + p.ImageURL)
	if err != nil {
		t.Fatal(err)
	}
	_ = img.Body.Close()
	if img.StatusCode != 200 || img.Header.Get("ETag") != `"`+p.Image+`"` || img.Header.Get("Content-Type") != "image/jpeg" {
		t.Fatalf("image answer %d %v", img.StatusCode, img.Header)
	}
	req, _ := http.NewRequest("GET", a.srv.URL+p.ImageURL, nil)
	req.Header.Set("If-None-Match", img.Header.Get("ETag"))
	again, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_ = again.Body.Close()
	if again.StatusCode != 304 {
		t.Fatalf("If-None-Match answered %d", again.StatusCode)
	}
	srv.Stop()
	down, err := http.Get(a.srv.URL + p.ImageURL)
	if err != nil {
		t.Fatal(err)
	}
	var body struct{ Message string }
	_ = json.NewDecoder(down.Body).Decode(&body)
	_ = down.Body.Close()
	if down.StatusCode != 503 || body.Message == "" {
		t.Fatalf("with the bucket down: %d %q", down.StatusCode, body.Message)
	}
	// An upload meanwhile is refused as unavailable, and saves no product.
	r = a.upload("/api/products", map[string]string{"name": "Brusilica", "description": "Kutna", "price": "59"}, "c.jpg", testJPEG(t, 80, 60))
	if r.status != 503 || r.header.Get("Retry-After") == "" {
		t.Fatalf("an upload with the bucket down: %d %s", r.status, r.body)
	}
	if total := a.expect(a.do("GET", "/api/products?page=1&name=brusilica", a.admin, nil), 200).header.Get("X-Total-Count"); total != "0" {
		t.Fatalf("a product was saved without its image: %s", total)
	}
}

func TestStorageMissingBucketStopsTheStart(t *testing.T) {
	srv := s3test.Start(t)
	srv.Bucket = "not-made-yet"
	cfg := Config{DatabaseURL: dbtest.SQLiteURL(t), DataDir: t.TempDir(), TokenTTL: 3600e9, LogFormat: "json", LogLevel: "error"}
	storageConfig(t, srv, "")(&cfg)
	_, cleanup, err := InitApp(context.Background(), cfg)
	if err == nil {
		cleanup()
		t.Fatal("started without its bucket")
	}
	if msg := err.Error(); !strings.HasPrefix(msg, "VITRINA_STORAGE_URL: ") || !strings.Contains(msg, `"not-made-yet" does not exist`) {
		t.Fatalf("error %q", msg)
	}
}

func TestStorageCopyCommand(t *testing.T) {
	ctx := context.Background()
	srv := s3test.Start(t)
	dataDir := t.TempDir()
	images := storage.NewImages(dataDir)
	var data []byte
	for range 2 {
		if _, err := images.Save(ctx, ports.ImageKind{Folder: "products", MaxSide: 1280}, "image", bytes.NewReader(testJPEG(t, 300, 200))); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(dataDir, "audit"), 0o750); err != nil {
		t.Fatal(err)
	}
	data = []byte("workbook")
	if err := os.WriteFile(filepath.Join(dataDir, "audit", "2024-01.xlsx"), data, 0o600); err != nil {
		t.Fatal(err)
	}
	environ := srv.Env("")
	run := func(args ...string) (string, error) {
		var out bytes.Buffer
		err := Run(ctx, append([]string{"storage", "copy"}, args...), env(environ), nil, &out)
		return out.String(), err
	}
	bucket := "s3://" + srv.Bucket + "/eu"
	out, err := run("--from", dataDir, "--to", bucket)
	if err != nil || !strings.Contains(out, "copied 5 (") || !strings.Contains(out, "skipped 0 (0 bytes), failed 0 (0 bytes)") || strings.Count(out, "\n") != 1 {
		t.Fatalf("dir → bucket: %v\n%s", err, out)
	}
	if keys := bucketKeys(t, srv, "eu/"); len(keys) != 5 || !slices.Contains(keys, "eu/audit/2024-01.xlsx") {
		t.Fatalf("bucket holds %v", keys)
	}
	back := t.TempDir()
	if err := os.MkdirAll(filepath.Join(back, "audit"), 0o750); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(back, "audit", "2024-01.xlsx"), data, 0o600); err != nil { // a copy stopped after one file
		t.Fatal(err)
	}
	out, err = run("-v", "--from", bucket, "--to", back)
	if err != nil || !strings.Contains(out, "copied 4 (") || !strings.Contains(out, fmt.Sprintf("skipped 1 (%d bytes)", len(data))) ||
		!strings.Contains(out, "skipped audit/2024-01.xlsx") || strings.Count(out, "\n") != 6 {
		t.Fatalf("bucket → dir, resumed, verbose: %v\n%s", err, out)
	}
	if got, want := dirFiles(t, back), dirFiles(t, dataDir); !slices.Equal(got, want) {
		t.Fatalf("round trip: %v, want %v", got, want)
	}
	for _, bad := range [][]string{
		{"--from", dataDir},
		{"--from", dataDir, "--to", dataDir},
		{"--from", filepath.Join(dataDir, "missing"), "--to", bucket},
		{"--from", dataDir, "--to", "s3://not-made-yet"},
		{"--from", dataDir, "--to", "gs://bucket"},
	} {
		if _, err := run(bad...); err == nil {
			t.Errorf("%v: no error", bad)
		}
	}
}

// dirFiles lists the files under dir with their sizes.
func dirFiles(t *testing.T, dir string) []string {
	var out []string
	_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			st, _ := d.Info()
			rel, _ := filepath.Rel(dir, p)
			out = append(out, fmt.Sprintf("%s %d", rel, st.Size()))
		}
		return nil
	})
	slices.Sort(out)
	return out
}
