package bootstrap

import (
	"testing"
	"time"

	"vitrina/adapters/storage/imagetest"
)

// The review's image is within the size and side limits but too dear to decode: the
// product form answers 422 on the image field at once, and nothing is stored.
func TestProductImageTooDearToDecode(t *testing.T) {
	flood := imagetest.Flat16PNG(10000, 4000)
	if len(flood) > 400<<10 {
		t.Fatalf("the crafted PNG is %d bytes", len(flood))
	}
	eachEngine(t, func(t *testing.T, a *api) {
		fields := map[string]string{"name": "Plakat", "description": "Veliki plakat", "price": "10"}
		t0 := time.Now()
		r := a.expect(a.upload("/api/products", fields, "plakat.png", flood), 422)
		if got := r.fieldErrors(t)["image"]; len(got) != 1 || got[0] != "The image dimensions are too large." {
			t.Fatalf("errors: %s", r.body)
		}
		if d := time.Since(t0); d > 2*time.Second {
			t.Fatalf("answered after %v: the image was decoded", d)
		}
		if files := storedImages(t, a); len(files) != 0 {
			t.Fatalf("stored %v", files)
		}
		if n := a.expect(a.do("GET", "/api/products?page=1", a.admin, nil), 200).header.Get("X-Total-Count"); n != "0" {
			t.Fatalf("a product was created: %s", n)
		}
	})
}
