package server

import (
	"compress/gzip"
	"io"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

func TestSPAServesFilesAndFallsBackToIndex(t *testing.T) {
	js := strings.Repeat("console.log('vitrina');", 200)
	h := spa(fstest.MapFS{
		"index.html":        {Data: []byte("<!doctype html><div id=root></div>")},
		"assets/app-abc.js": {Data: []byte(js)},
		"assets/tiny.css":   {Data: []byte("a{}")},
		"favicon.svg":       {Data: []byte("<svg/>")},
	})
	get := func(path, enc string) *httptest.ResponseRecorder {
		r := httptest.NewRequest("GET", path, nil)
		if enc != "" {
			r.Header.Set("Accept-Encoding", enc)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w
	}
	for _, route := range []string{"/", "/login", "/users", "/dashboard/anything"} {
		w := get(route, "")
		if w.Code != 200 || !strings.Contains(w.Body.String(), "id=root") || w.Header().Get("Cache-Control") != "no-cache" {
			t.Fatalf("%s: %d %q", route, w.Code, w.Body.String())
		}
	}
	w := get("/assets/app-abc.js", "gzip, br")
	if w.Header().Get("Content-Encoding") != "gzip" || !strings.Contains(w.Header().Get("Cache-Control"), "immutable") ||
		!strings.HasPrefix(w.Header().Get("Content-Type"), "text/javascript") {
		t.Fatalf("asset headers %v", w.Header())
	}
	zr, err := gzip.NewReader(w.Body)
	if err != nil {
		t.Fatal(err)
	}
	if body, _ := io.ReadAll(zr); string(body) != js {
		t.Fatal("gzip body differs from the file")
	}
	if w := get("/assets/app-abc.js", ""); w.Header().Get("Content-Encoding") != "" || w.Body.String() != js {
		t.Fatal("clients without gzip get the plain file")
	}
	if w := get("/assets/tiny.css", "gzip"); w.Body.String() != "a{}" {
		t.Fatal("tiny files are served as they are")
	}
	if w := httptest.NewRecorder(); true {
		h.ServeHTTP(w, httptest.NewRequest("POST", "/users", nil))
		if w.Code != 405 {
			t.Fatalf("POST to a client route = %d", w.Code)
		}
	}
}
