package bootstrap

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"vitrina/adapters/persistence/dbtest"
	"vitrina/adapters/push/fakefcm"
	"vitrina/adapters/storage/s3test"
)

// The harness of the replica tests (issue 24, ADR 0040): the real binary, built once per
// test process, serving as several replicas over one PostgreSQL database and one
// S3-compatible bucket, behind a small round-robin proxy.

var built struct {
	once sync.Once
	path string
	err  error
}

// vitrinaBinary builds bin/vitrina's command into a directory of the test process and
// answers its path.
func vitrinaBinary(tb testing.TB) string {
	tb.Helper()
	built.once.Do(func() {
		dir, err := os.MkdirTemp("", "vitrina-bin-")
		if err != nil {
			built.err = err
			return
		}
		built.path = filepath.Join(dir, "vitrina")
		out, err := exec.Command("go", "build", "-o", built.path, "./cmd/vitrina").CombinedOutput()
		if err != nil {
			built.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if built.err != nil {
		tb.Fatal(built.err)
	}
	return built.path
}

// postgresOnly answers the URL of a fresh PostgreSQL database, or skips: several replicas
// need PostgreSQL (SQLite is one process's database by design).
func postgresOnly(tb testing.TB) string {
	tb.Helper()
	if os.Getenv("VITRINA_TEST_DATABASE_URL") == "" {
		tb.Skip("several replicas need PostgreSQL: set VITRINA_TEST_DATABASE_URL")
	}
	return dbtest.PostgresURL(tb)
}

// replica is one serving process of the binary.
type replica struct {
	name string
	url  string
	cmd  *exec.Cmd
	logs *syncBuffer
}

// syncBuffer keeps a process's standard error for the failure message.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// cluster is n replicas over one database and bucket, with fake FCM behind their push.
type cluster struct {
	tb       testing.TB
	env      []string
	replicas []*replica
	proxy    *roundRobin
	fcm      *fakefcm.Server
	s3       *s3test.Server
}

// clusterSecret is the replicas' VITRINA_SECRET_KEY: two-factor sign-in can be required.
const clusterSecret = "8f1c2d3e4b5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff0"

// startCluster starts n replicas at once over dbURL, all creating the first admin
// (admin / admin-pass), and a round-robin proxy in front of them.
func startCluster(tb testing.TB, dbURL string, n int) *cluster {
	tb.Helper()
	bin := vitrinaBinary(tb)
	s3 := s3test.Start(tb)
	fcm := fakefcm.Start(tb)
	c := &cluster{tb: tb, fcm: fcm, s3: s3}
	c.env = append(os.Environ(),
		"VITRINA_ADDR=127.0.0.1:0", "VITRINA_DATABASE_URL="+dbURL, "VITRINA_LOG_LEVEL=warn", "VITRINA_LOG_FORMAT=json",
		"VITRINA_ADMIN_USERNAME=admin", "VITRINA_ADMIN_PASSWORD=admin-pass", "VITRINA_SECRET_KEY="+clusterSecret,
		"VITRINA_TRUST_PROXY=true", "VITRINA_FCM_CREDENTIALS="+fcm.WriteCredentials(tb), "VITRINA_FCM_ENDPOINT="+fcm.URL,
		"VITRINA_PUSH_WAIT=100ms", "VITRINA_PUSH_TIMEOUT=500ms", "VITRINA_METRICS_ADDR=")
	for k, v := range s3.Env("vitrina") {
		c.env = append(c.env, k+"="+v)
	}
	started := make(chan *replica, n)
	errs := make(chan error, n)
	for i := range n {
		go func() {
			r, err := c.start(bin, fmt.Sprintf("replica-%d", i+1))
			if err != nil {
				errs <- err
				return
			}
			started <- r
		}()
	}
	for range n {
		select {
		case r := <-started:
			c.replicas = append(c.replicas, r)
		case err := <-errs:
			tb.Fatal(err)
		}
	}
	urls := make([]string, len(c.replicas))
	for i, r := range c.replicas {
		urls[i] = r.url
	}
	c.proxy = newRoundRobin(urls)
	srv := httptest.NewServer(c.proxy)
	tb.Cleanup(srv.Close)
	c.proxy.url = srv.URL
	return c
}

// start runs the binary as `vitrina serve` with a data directory of its own and waits
// until it says where it serves.
func (c *cluster) start(bin, name string) (*replica, error) {
	dataDir, err := os.MkdirTemp("", "vitrina-"+name+"-")
	if err != nil {
		return nil, err
	}
	c.tb.Cleanup(func() { _ = os.RemoveAll(dataDir) })
	cmd := exec.Command(bin, "serve")
	cmd.Env = append(append([]string{}, c.env...), "VITRINA_DATA_DIR="+dataDir)
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	r := &replica{name: name, cmd: cmd, logs: &syncBuffer{}}
	cmd.Stderr = r.logs
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	c.tb.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		if c.tb.Failed() {
			c.tb.Logf("%s's log:\n%s", name, r.logs.String())
		}
	})
	a, err := servingAddress(out, 90*time.Second)
	if err != nil {
		return nil, fmt.Errorf("%s: %w; its log:\n%s", name, err, r.logs.String())
	}
	r.url = a
	return r, nil
}

// servingAddress reads a serving process's standard output until it says where it serves
// ("Vitrina is serving on …"), within the wait.
func servingAddress(out io.Reader, within time.Duration) (string, error) {
	addr := make(chan string, 1)
	go func() {
		lines := bufio.NewScanner(out)
		for lines.Scan() {
			if a, ok := strings.CutPrefix(lines.Text(), "Vitrina is serving on "); ok {
				addr <- a
			}
		}
	}()
	select {
	case a := <-addr:
		return a, nil
	case <-time.After(within):
		return "", fmt.Errorf("did not start serving within %s", within)
	}
}

// kill ends a replica at once (SIGKILL): nothing of it runs after.
func (c *cluster) kill(r *replica) {
	c.tb.Helper()
	if err := r.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		c.tb.Fatal(err)
	}
	_ = r.cmd.Wait()
}

// client is a panel or app caller of one address: the proxy or one replica.
type client struct {
	base string
	http *http.Client
}

var callClient = &http.Client{Timeout: 60 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 64}}

func (c *cluster) via(base string) client { return client{base: base, http: callClient} }

// call sends a request; a transport failure answers status 0 and the error.
func (cl client) call(method, path, token, contentType string, body []byte, header ...string) (int, http.Header, []byte, error) {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequest(method, cl.base+path, rd)
	if err != nil {
		return 0, nil, nil, err
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res, err := cl.http.Do(req)
	if err != nil {
		return 0, nil, nil, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return res.StatusCode, res.Header, b, err
}

// roundRobin is a load balancer of the simplest kind: each request goes to the next
// replica; a replica that refuses the connection is marked down and the request goes to
// the next one (nothing of it reached the dead one), as a proxy's "next upstream on
// error" does. Anything else that fails on the way is the client's 502.
type roundRobin struct {
	url string

	mu       sync.Mutex
	backends []string
	down     map[string]bool
	next     int
	served   map[string]int
}

func newRoundRobin(backends []string) *roundRobin {
	return &roundRobin{backends: backends, down: map[string]bool{}, served: map[string]int{}}
}

var proxyTransport = &http.Transport{MaxIdleConnsPerHost: 64, DialContext: (&net.Dialer{Timeout: 2 * time.Second}).DialContext}

func (p *roundRobin) pick() (string, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for range p.backends {
		b := p.backends[p.next%len(p.backends)]
		p.next++
		if !p.down[b] {
			return b, true
		}
	}
	return "", false
}

func (p *roundRobin) markDown(b string) {
	p.mu.Lock()
	p.down[b] = true
	p.mu.Unlock()
}

// Served is how many requests each backend answered.
func (p *roundRobin) Served() map[string]int {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := map[string]int{}
	for k, v := range p.served {
		out[k] = v
	}
	return out
}

func (p *roundRobin) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	for {
		backend, ok := p.pick()
		if !ok {
			http.Error(w, "no replica is up", http.StatusBadGateway)
			return
		}
		req, _ := http.NewRequestWithContext(r.Context(), r.Method, backend+r.URL.RequestURI(), bytes.NewReader(body))
		req.Header = r.Header.Clone()
		req.Header.Set("X-Forwarded-For", "127.0.0.1")
		res, err := proxyTransport.RoundTrip(req)
		var op *net.OpError
		if err != nil && errors.As(err, &op) && op.Op == "dial" {
			p.markDown(backend)
			continue
		}
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		p.mu.Lock()
		p.served[backend]++
		p.mu.Unlock()
		for k, vs := range res.Header {
			w.Header()[k] = vs
		}
		w.WriteHeader(res.StatusCode)
		_, _ = io.Copy(w, res.Body)
		_ = res.Body.Close()
		return
	}
}

// waitFor polls cond until it holds or within passes.
func waitFor(tb testing.TB, within time.Duration, what string, cond func() bool) {
	tb.Helper()
	deadline := time.Now().Add(within)
	for !cond() {
		if time.Now().After(deadline) {
			tb.Fatalf("not within %s: %s", within, what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// clusterCtx is a context for the cluster's database reads.
func clusterCtx(tb testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	tb.Cleanup(cancel)
	return ctx
}
