package bootstrap

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"

	"vitrina/adapters/http/kit"
	"vitrina/adapters/persistence"
	"vitrina/adapters/persistence/dbtest"
	catalogports "vitrina/ports/catalog"
	partnerports "vitrina/ports/partner"
)

// countingBody counts what the server reads of a request body.
type countingBody struct {
	r    io.Reader
	read int
}

func (b *countingBody) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	b.read += n
	return n, err
}

func (b *countingBody) Close() error { return nil }

func TestAccessIsCheckedBeforeTheBodyIsRead(t *testing.T) {
	a := startAPI(t, dbtest.SQLiteURL(t))
	engineer := a.createUser(userBody("Eng Ineer", "engineer1", "engineer"))
	engToken := a.login(engineer.Username, "pass1234")
	cases := []struct {
		name, method, path, token, contentType string
		want                                   int
	}{
		{"upload without a token", "POST", "/api/saveAddPartnerExcelDoc", "", "multipart/form-data; boundary=x", 401},
		{"upload with a bad token", "POST", "/api/products", "not-a-token", "multipart/form-data; boundary=x", 401},
		{"JSON without a token", "POST", "/api/countries", "", "application/json", 401},
		{"a role without the right", "POST", "/api/users", engToken, "application/json", 403},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			body := &countingBody{r: strings.NewReader(strings.Repeat("x", 11<<20))}
			req := httptest.NewRequest(c.method, c.path, nil)
			req.Body = body
			req.ContentLength = -1
			req.Header.Set("Content-Type", c.contentType)
			if c.token != "" {
				req.Header.Set("Authorization", "Bearer "+c.token)
			}
			rec := httptest.NewRecorder()
			a.app.Server.Handler().ServeHTTP(rec, req)
			if rec.Code != c.want {
				t.Fatalf("status %d, want %d: %s", rec.Code, c.want, rec.Body)
			}
			if body.read != 0 {
				t.Fatalf("the server read %d bytes of the body before refusing the caller", body.read)
			}
		})
	}
}

func TestAPIAnswersAreNotCached(t *testing.T) {
	a := startAPI(t, dbtest.SQLiteURL(t))
	for _, r := range []resp{
		a.do("GET", "/api/users", a.admin, nil),
		a.do("GET", "/api/getLogedUserData", a.admin, nil),
		a.do("POST", "/api/login", "", map[string]string{"username": "admin", "password": "admin-pass"}),
		a.do("GET", "/api/users", "", nil),
	} {
		if got := r.header.Get("Cache-Control"); got != "no-store" {
			t.Fatalf("Cache-Control %q on %d %s", got, r.status, r.body)
		}
	}
}

func TestListQueryLimits(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		w := a.partnerWorld()
		a.createPartner(partnerBody(5001, "Gradnja Vujović", w.city, "10", w.alati))
		cases := []struct {
			query, field, message string
		}{
			{"page=9223372036854775807", "page", "The page must be between 1 and 100000000."},
			{"page=100000001", "page", "The page must be between 1 and 100000000."},
			{"page=0", "page", "The page must be between 1 and 100000000."},
			{"page=1&per_page=101", "per_page", "The per page must be between 1 and 100."},
			{"page=1&name=" + strings.Repeat("a", 201), "name", "The filter may not be greater than 200 characters."},
			{"page=1&name=" + strings.Repeat("š", 201), "name", "The filter may not be greater than 200 characters."},
			{"page=1&name=" + strings.Repeat("a", 100_000), "name", "The filter may not be greater than 200 characters."},
			{"page=1&name=ab%00cd", "name", "The filter contains characters that are not allowed."},
			{"name=ab%00cd", "name", "The filter contains characters that are not allowed."},
			{"page=1&address=%ff%fe", "address", "The filter contains characters that are not allowed."},
		}
		for _, c := range cases {
			r := a.expect(a.do("GET", "/api/partners?"+c.query, a.admin, nil), 422)
			if got := r.fieldErrors(t)[c.field]; len(got) != 1 || got[0] != c.message {
				t.Fatalf("%.60s: errors %s", c.query, r.body)
			}
		}
		// At the limit the filter runs as usual, here on the trigram index.
		r := a.expect(a.do("GET", "/api/partners?page=1&name="+url.QueryEscape(strings.Repeat("š", 200)), a.admin, nil), 200)
		if string(r.body) != "[]\n" || r.header.Get("X-Total-Count") != "0" {
			t.Fatalf("200-character filter: %s %v", r.body, r.header)
		}
		r = a.expect(a.do("GET", "/api/partners?page=1&name="+url.QueryEscape("Gradnja Vujović"), a.admin, nil), 200)
		if r.header.Get("X-Total-Count") != "1" {
			t.Fatalf("ordinary filter: %s", r.body)
		}
		// Every list call shares the rule.
		a.expect(a.do("GET", "/api/users?page=1&name=a%00", a.admin, nil), 422)
		a.expect(a.do("GET", "/api/countries?page=9223372036854775807", a.admin, nil), 422)
	})
}

func TestListQueriesEndWithTheirRequest(t *testing.T) {
	for _, e := range dbtest.Engines() {
		t.Run(e.Name, func(t *testing.T) {
			a := startAPI(t, e.Open(t))
			w := a.partnerWorld()
			a.createPartner(partnerBody(5001, "Gradnja Vujović", w.city, "10", w.alati))
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			q, err := kit.DecodeListQuery(httptest.NewRequest("GET", "/api/partners?page=1&name=gradnja", nil))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := a.app.Partner.Lists().Partners.List(ctx, q); !errors.Is(err, context.Canceled) {
				t.Fatalf("a list whose request has ended answered %v, want context.Canceled", err)
			}
			if err := a.app.Partner.Lists().Partners.Stream(ctx, q, func(partnerports.PartnerView) error { return nil }); !errors.Is(err, context.Canceled) {
				t.Fatalf("a list whose request has ended answered %v, want context.Canceled", err)
			}
		})
	}
}

// A request still running when the grace is over is cancelled: its transaction rolls back,
// and the stop is still an orderly one.
func TestShutdownCancelsWhatOutlivesTheGrace(t *testing.T) {
	for _, e := range dbtest.Engines() {
		t.Run(e.Name, func(t *testing.T) {
			a := startAPI(t, e.Open(t))
			saving := make(chan struct{})
			handlerDone := make(chan error, 1)
			h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				err := persistence.NewTxManager(a.app.DB).WithinTx(r.Context(), func(ctx context.Context) error {
					if _, err := a.app.Catalog.CreateNamed(ctx, catalogports.Countries, "Cut Off"); err != nil {
						return err
					}
					close(saving)
					<-ctx.Done() // a save longer than the grace
					return ctx.Err()
				})
				handlerDone <- err
				w.WriteHeader(http.StatusServiceUnavailable)
			})
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			base, cancelRequests := context.WithCancel(context.Background())
			defer cancelRequests()
			srv := &http.Server{Handler: h, BaseContext: func(net.Listener) context.Context { return base }}
			go func() { _ = srv.Serve(ln) }()
			go func() {
				res, err := http.Post("http://"+ln.Addr().String()+"/", "application/json", nil)
				if err == nil {
					res.Body.Close()
				}
			}()
			<-saving
			start := time.Now()
			if err := shutdown(srv, cancelRequests, 200*time.Millisecond, zap.NewNop()); err != nil {
				t.Fatalf("shutdown: %v", err)
			}
			if took := time.Since(start); took > 10*time.Second {
				t.Fatalf("shutdown took %v", took)
			}
			if err := <-handlerDone; !errors.Is(err, context.Canceled) {
				t.Fatalf("the cut-off save ended with %v", err)
			}
			var n int
			if err := a.app.DB.NewRaw("SELECT count(*) FROM countries WHERE name = 'Cut Off'").Scan(context.Background(), &n); err != nil || n != 0 {
				t.Fatalf("the cut-off save left %d rows (%v)", n, err)
			}
		})
	}
}

func TestShutdownGraceCoversTheLongestRequest(t *testing.T) {
	longest := max(kit.ReadHeaderTimeout+kit.ReadTimeout, kit.MaxRequestDuration)
	if shutdownGrace <= longest {
		t.Fatalf("grace %v must exceed the longest request %v", shutdownGrace, longest)
	}
}
