// Package s3test runs a real S3-compatible server for tests: the Versity S3 gateway
// (versitygw, Apache-2.0) over a posix directory of the test's own.
//
// Start builds the gateway once per machine with `go install` into the user's cache
// directory (os.UserCacheDir()/vitrina/versitygw-<version>/; the first build needs the Go
// module proxy and takes a few minutes), or takes the binary VITRINA_TEST_VERSITYGW names.
// It starts one gateway per call on a free loopback port, makes a fresh bucket, and stops
// the gateway at the test's cleanup. When the gateway cannot be built the test is skipped,
// unless CI is set, where it fails.
//
//	srv := s3test.Start(t)
//	env := srv.Env("vitrina") // VITRINA_STORAGE_URL=s3://<bucket>/vitrina, VITRINA_S3_*
package s3test

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// Version is the versitygw release the tests run.
const Version = "v1.8.0"

// Server is a running gateway.
type Server struct {
	Endpoint  string // http://127.0.0.1:port
	AccessKey string
	SecretKey string
	Region    string
	Bucket    string // made by Start, empty
	Root      string // the posix directory behind the gateway: <Root>/<bucket>/<key>

	cmd  *exec.Cmd
	done chan struct{}
	stop sync.Once
}

var (
	buildOnce sync.Once
	binary    string
	buildErr  error
)

// Binary answers the gateway's executable, building it the first time.
func Binary(t testing.TB) string {
	t.Helper()
	buildOnce.Do(func() { binary, buildErr = build() })
	if buildErr != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("s3test: %v", buildErr)
		}
		t.Skipf("s3test: %v (set CI to fail instead)", buildErr)
	}
	return binary
}

func build() (string, error) {
	if p := os.Getenv("VITRINA_TEST_VERSITYGW"); p != "" {
		return p, nil
	}
	cache := os.Getenv("XDG_CACHE_HOME")
	if cache == "" {
		var err error
		if cache, err = os.UserCacheDir(); err != nil {
			return "", err
		}
	}
	dir := filepath.Join(cache, "vitrina", "versitygw-"+Version)
	bin := filepath.Join(dir, "versitygw")
	if st, err := os.Stat(bin); err == nil && st.Mode().IsRegular() {
		return bin, nil
	}
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return "", err
	}
	// Built into a directory of its own and renamed into place: two test binaries
	// building at once both succeed and neither sees half a file.
	gobin, err := os.MkdirTemp(dir, ".build-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(gobin)
	goTool, err := exec.LookPath("go")
	if err != nil {
		goTool = filepath.Join(os.Getenv("GOROOT"), "bin", "go")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, goTool, "install", "github.com/versity/versitygw/cmd/versitygw@"+Version)
	cmd.Dir = gobin
	cmd.Env = append(os.Environ(), "GOBIN="+gobin, "GOWORK=off", "GOFLAGS=", "CGO_ENABLED=0")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("building versitygw %s: %w\n%s", Version, err, tail(out.Bytes()))
	}
	if err := os.Rename(filepath.Join(gobin, "versitygw"), bin); err != nil {
		return "", err
	}
	return bin, nil
}

func tail(b []byte) []byte {
	if len(b) > 4000 {
		return b[len(b)-4000:]
	}
	return b
}

// Start runs a gateway over a fresh directory, with a fresh bucket, until the test ends.
func Start(t testing.TB) *Server {
	t.Helper()
	bin := Binary(t)
	root := t.TempDir()
	s := &Server{AccessKey: "vitrina-" + random(4), SecretKey: random(20), Region: "us-east-1", Root: root, done: make(chan struct{})}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	_ = ln.Close()
	s.Endpoint = "http://" + addr
	logPath := filepath.Join(t.TempDir(), "versitygw.log")
	logFile, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	s.cmd = exec.Command(bin, "--access", s.AccessKey, "--secret", s.SecretKey, "--region", s.Region,
		"--port", addr, "--quiet", "posix", root)
	s.cmd.Stdout, s.cmd.Stderr = logFile, logFile
	if err := s.cmd.Start(); err != nil {
		_ = logFile.Close()
		t.Fatalf("s3test: starting versitygw: %v", err)
	}
	go func() {
		_ = s.cmd.Wait()
		_ = logFile.Close()
		close(s.done)
	}()
	t.Cleanup(s.Stop)
	if err := s.waitReady(30 * time.Second); err != nil {
		s.Stop()
		log, _ := os.ReadFile(logPath)
		t.Fatalf("s3test: versitygw on %s: %v\n%s", addr, err, tail(log))
	}
	s.Bucket = s.NewBucket(t)
	return s
}

// waitReady polls until the gateway answers HTTP, the process ends, or the time is up.
func (s *Server) waitReady(limit time.Duration) error {
	deadline := time.Now().Add(limit)
	client := &http.Client{Timeout: time.Second}
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		resp, err := client.Get(s.Endpoint + "/")
		if err == nil {
			_ = resp.Body.Close()
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("no answer within %s: %w", limit, err)
		}
		select {
		case <-s.done:
			return errors.New("the gateway exited")
		case <-tick.C:
		}
	}
}

// Stop ends the gateway (a bucket that is down); cleanup calls it too.
func (s *Server) Stop() {
	s.stop.Do(func() {
		_ = s.cmd.Process.Kill()
		<-s.done
	})
}

// Client is a client of the gateway with the root credentials.
func (s *Server) Client(t testing.TB) *minio.Client {
	t.Helper()
	c, err := minio.New(s.Endpoint[len("http://"):], &minio.Options{Creds: credentials.NewStaticV4(s.AccessKey, s.SecretKey, ""),
		Region: s.Region, BucketLookup: minio.BucketLookupPath})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// NewBucket makes an empty bucket with a random name and answers the name.
func (s *Server) NewBucket(t testing.TB) string {
	t.Helper()
	name := "vitrina-" + random(6)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := s.Client(t).MakeBucket(ctx, name, minio.MakeBucketOptions{Region: s.Region}); err != nil {
		t.Fatalf("s3test: making bucket %s: %v", name, err)
	}
	return name
}

// Env is the environment that points Vitrina at the server's Bucket under prefix (empty:
// the bucket's root): VITRINA_STORAGE_URL and the VITRINA_S3_* settings.
func (s *Server) Env(prefix string) map[string]string {
	u := "s3://" + s.Bucket
	if prefix != "" {
		u += "/" + prefix
	}
	return map[string]string{
		"VITRINA_STORAGE_URL":          u,
		"VITRINA_S3_ENDPOINT":          s.Endpoint,
		"VITRINA_S3_REGION":            s.Region,
		"VITRINA_S3_ACCESS_KEY_ID":     s.AccessKey,
		"VITRINA_S3_SECRET_ACCESS_KEY": s.SecretKey,
		"VITRINA_S3_PATH_STYLE":        "true",
	}
}

func random(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
