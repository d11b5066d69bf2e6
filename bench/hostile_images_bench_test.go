package bench

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"vitrina/adapters/storage"
	"vitrina/adapters/storage/imagetest"
	appidentity "vitrina/application/identity"
	"vitrina/bootstrap"
)

// uploadProduct creates a product with the image through a real HTTP connection.
func uploadProduct(url, token string, image []byte, i int) (int, string) {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	_ = mw.WriteField("name", fmt.Sprintf("Slika %d", i))
	_ = mw.WriteField("description", "Velika slika")
	_ = mw.WriteField("price", "10")
	fw, _ := mw.CreateFormFile("image", "slika.png")
	_, _ = fw.Write(image)
	_ = mw.Close()
	req, _ := http.NewRequest("POST", url+"/api/products", &body)
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err.Error()
	}
	defer res.Body.Close()
	msg, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(msg)
}

// BenchmarkHostileImages sends 8 concurrent product uploads of one image to a running
// server and reports the peak resident memory and the time of the batch: the largest 16-bit
// PNG the decode budget accepts, one of half that (two fit the budget at once, the most
// decoded memory in flight) and the review's refused 10000×4000 16-bit PNG.
func BenchmarkHostileImages(b *testing.B) {
	const concurrent = 8
	ctx := context.Background()
	app, cleanup, err := bootstrap.InitApp(ctx, bootstrap.Config{DatabaseURL: "sqlite://" + b.TempDir() + "/bench.db", DataDir: b.TempDir(),
		TokenTTL: time.Hour, LogFormat: "json", LogLevel: "error", AdminUsername: "bench-admin", AdminPassword: "bench-pass"})
	if err != nil {
		b.Fatal(err)
	}
	defer cleanup()
	if err := bootstrap.Prepare(ctx, app); err != nil {
		b.Fatal(err)
	}
	login, err := app.Identity.Login(ctx, "bench-admin", "bench-pass", appidentity.Client{Address: "127.0.0.1"})
	if err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(app.Server.Handler())
	defer srv.Close()
	largest := storage.MaxDecodeBytes / 8 / 10000
	half := (storage.DecodeBudget/2 - storage.WorkingBytes) / 8 / 10000
	for _, c := range []struct {
		name string
		w, h int
	}{
		{fmt.Sprintf("largest-allowed-16bit-png-10000x%d", largest), 10000, largest},
		{fmt.Sprintf("half-budget-16bit-png-10000x%d", half), 10000, half},
		{"refused-16bit-png-10000x4000", 10000, 4000},
	} {
		file := imagetest.Flat16PNG(c.w, c.h)
		b.Run(c.name, func(b *testing.B) {
			b.Logf("file %d KB, decodes to %d MB", len(file)>>10, c.w*c.h*8>>20)
			for i := 0; i < b.N; i++ {
				peak := peakRSS(b)
				statuses := make([]int, concurrent)
				var wg sync.WaitGroup
				t0 := time.Now()
				for j := range concurrent {
					wg.Add(1)
					go func() {
						defer wg.Done()
						var msg string
						statuses[j], msg = uploadProduct(srv.URL, login.Token, file, i*concurrent+j)
						if statuses[j] != http.StatusCreated && !strings.Contains(msg, "The image dimensions are too large.") &&
							!strings.Contains(msg, "The server is busy processing images.") {
							b.Errorf("status %d: %.300s", statuses[j], msg)
						}
					}()
				}
				wg.Wait()
				elapsed := time.Since(t0)
				b.ReportMetric(peak(), "MB-peak-rss")
				b.ReportMetric(elapsed.Seconds(), "s/batch")
				sort.Ints(statuses)
				b.Logf("answers %v in %v", statuses, elapsed)
			}
		})
	}
}
