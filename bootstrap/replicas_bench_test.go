package bootstrap

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// BenchmarkReplicasReadMix is issue 24's figure: a read-heavy mix (partner list pages,
// filtered pages, one partner, an image and its thumbnail) at 32 concurrent clients
// through the round-robin proxy, to one replica and to three, in one run over the same
// database and bucket. Run with PostgreSQL:
//
//	VITRINA_TEST_DATABASE_URL=postgres://… go test ./bootstrap -run '^$' -bench ReplicasReadMix -benchtime 4000x
//
// Everything — the replicas, PostgreSQL, the S3 server, the proxy and the clients — shares
// this machine's cores: the figure says what the replicas add on one machine, not on
// several.
func BenchmarkReplicasReadMix(b *testing.B) {
	dbURL := postgresOnly(b)
	c := startCluster(b, dbURL, 3)
	cl := c.via(c.proxy.url)
	status, _, body, err := cl.call("POST", "/api/login", "", "application/json", []byte(`{"username":"admin","password":"admin-pass"}`))
	var login struct {
		Token string `json:"token"`
	}
	if status != 200 || err != nil || json.Unmarshal(body, &login) != nil {
		b.Fatalf("login: %d %s %v", status, body, err)
	}
	admin := login.Token
	setup := &api{srv: &httptest.Server{URL: c.proxy.url}, admin: admin}
	for _, call := range []struct{ path, body string }{
		{"/api/countries", `{"name": "Crna Gora"}`},
		{"/api/cities", `{"name": "Podgorica", "country_id": 1}`},
		{"/api/categories", `{"name": "Alati"}`},
	} {
		if status, _, body, err := cl.call("POST", call.path, admin, "application/json", []byte(call.body)); status != 201 || err != nil {
			b.Fatalf("%s: %d %s %v", call.path, status, body, err)
		}
	}
	r := setup.tryUpload("/api/saveAddPartnerExcelDoc", "Partners.xlsx", partnerFile(b, "Citalac", 10_000, 20_000))
	var out importOut
	if r.status != 200 || json.Unmarshal(r.body, &out) != nil || out.Added != 20_000 {
		b.Fatalf("import: %d %.300s", r.status, r.body)
	}
	jpeg := testJPEG(b, 640, 480)
	var images []string
	for i := range 20 {
		ct, form := productForm(fmt.Sprintf("Proizvod %d", i), jpeg)
		status, _, body, err := cl.call("POST", "/api/products", admin, ct, form)
		if status != 201 || err != nil {
			b.Fatalf("product: %d %s %v", status, body, err)
		}
		var p struct {
			ImageURL string `json:"image_url"`
			ThumbURL string `json:"thumb_url"`
		}
		_ = json.Unmarshal(body, &p)
		images = append(images, urlPath(p.ImageURL), urlPath(p.ThumbURL))
	}
	paths := func(i int) (string, bool) {
		switch i % 6 {
		case 0:
			return fmt.Sprintf("/api/partners?page=%d&per_page=20", 1+i%500), true
		case 1:
			return fmt.Sprintf("/api/partners?page=1&per_page=20&name=citalac%%20%d", i%2000), true
		case 2:
			return fmt.Sprintf("/api/partners/%d", 10_000+i%20_000), true
		case 3:
			return "/api/partners?page=1&per_page=20&sort=debt&order=desc", true
		default:
			return images[i%len(images)], false
		}
	}
	for _, n := range []int{1, 3} {
		urls := make([]string, n)
		for i := range n {
			urls[i] = c.replicas[i].url
		}
		proxy := newRoundRobin(urls)
		srv := httptest.NewServer(proxy)
		b.Run(fmt.Sprintf("replicas=%d", n), func(b *testing.B) {
			cl := c.via(srv.URL)
			var next, failed atomic.Int64
			var wg sync.WaitGroup
			b.ResetTimer()
			start := time.Now()
			for range 32 {
				wg.Go(func() {
					for {
						i := int(next.Add(1)) - 1
						if i >= b.N {
							return
						}
						path, auth := paths(i)
						tok := ""
						if auth {
							tok = admin
						}
						if status, _, _, err := cl.call("GET", path, tok, "", nil); status != 200 || err != nil {
							failed.Add(1)
						}
					}
				})
			}
			wg.Wait()
			b.StopTimer()
			if failed.Load() > 0 {
				b.Fatalf("%d requests failed", failed.Load())
			}
			b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "req/s")
		})
		srv.Close()
	}
}
