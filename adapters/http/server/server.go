// Package server assembles the HTTP API, the health checks and the single-page app into
// one handler.
package server

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io/fs"
	"mime"
	"net/http"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"go.uber.org/zap"

	"vitrina/adapters/http/activityhttp"
	"vitrina/adapters/http/campaignhttp"
	"vitrina/adapters/http/cataloghttp"
	"vitrina/adapters/http/contenthttp"
	"vitrina/adapters/http/identityhttp"
	"vitrina/adapters/http/kit"
	"vitrina/adapters/http/partnerhttp"
	"vitrina/adapters/limit"
	appactivity "vitrina/application/activity"
	appcampaign "vitrina/application/campaign"
	appcatalog "vitrina/application/catalog"
	appcontent "vitrina/application/content"
	appidentity "vitrina/application/identity"
	apppartner "vitrina/application/partner"
	"vitrina/ports"
	partnerports "vitrina/ports/partner"
)

// Deps is what the server needs.
type Deps struct {
	Log        *zap.Logger
	TrustProxy bool // X-Forwarded-For and X-Forwarded-Proto come from a proxy we trust
	HSTS       bool // Strict-Transport-Security on every answer, not only over TLS
	Exports    int  // spreadsheet downloads written at once; 0 means 1
	Identity   *appidentity.Service
	Catalog    *appcatalog.Service
	Partner    *apppartner.Service
	Content    *appcontent.Service
	Campaign   *appcampaign.Service
	Sheets     *appcampaign.Sheets  // the campaign's Excel round trip
	Activity   *appactivity.Service // the activity log (issue 21)
	Bulk       *appactivity.Bulk    // bulk actions and their undo (issue 25)
	// BulkPaths are the bulk actions' paths by list (POST /api/partners/bulk).
	BulkPaths     map[string]string
	Zone          ports.BusinessZone        // the calendar of the activity log's date filters
	Devices       *appcontent.Devices       // the partner app's push devices
	Notifications *appcontent.Notifications // push notifications and their deliveries
	Overview      partnerports.OverviewLists
	Images        http.Handler // GET /api/images/{kind}/{image}
	Authz         ports.Authorizer
	Pinger        ports.Pinger
	Readiness     Readiness
	Meter         kit.Meter // hears every request and import (ADR 0038); nil: none
	SPA           fs.FS
	Map           MapSettings
}

// Readiness is what /readyz checks beside the database answering.
type Readiness struct {
	// Schema answers the database's schema version, the binary's, and whether the database
	// lacks any of the binary's migrations. Nil: not checked.
	Schema func(ctx context.Context) (current, expected int64, behind bool, err error)
	// PushSender answers PushRunning, PushStopped or PushNotConfigured. Nil: not checked.
	PushSender func() string
}

// The push sender's states in /readyz. Stopped (push configured, its sender not running)
// is not ready; not configured is.
const (
	PushRunning       = "running"
	PushStopped       = "stopped"
	PushNotConfigured = "not_configured"
)

// ReadyAnswer is /readyz's answer.
type ReadyAnswer struct {
	Status     string            `json:"status"`
	Message    string            `json:"message,omitempty"`
	Database   string            `json:"database"`
	Migrations *MigrationsAnswer `json:"migrations,omitempty"`
	PushSender string            `json:"push_sender,omitempty"`
}

// MigrationsAnswer is the schema's version and the binary's.
type MigrationsAnswer struct {
	Current  int64 `json:"current"`
	Expected int64 `json:"expected"`
}

// MapSettings tell the store map where its tiles come from.
type MapSettings struct {
	Tiles       string `json:"tiles"`
	Attribution string `json:"attribution"`
}

// Server is the whole HTTP face of Vitrina.
type Server struct {
	handler http.Handler
	router  *kit.Router
}

// New registers every route.
func New(d Deps) *Server {
	mux := http.NewServeMux()
	router := kit.NewRouter(mux, d.Identity, d.Authz)
	router.LimitDownloads(limit.NewGate(int64(d.Exports), 0, kit.ErrDownloadsBusy))
	if d.Meter != nil {
		router.Measure(d.Meter)
	}
	router.Handle(identityhttp.Routes(d.Identity)...)
	router.Handle(cataloghttp.Routes(d.Catalog)...)
	router.Handle(partnerhttp.Routes(d.Partner)...)
	router.Handle(partnerhttp.OverviewRoutes(d.Overview)...)
	router.Handle(contenthttp.Routes(d.Content)...)
	router.Handle(contenthttp.NotificationRoutes(d.Notifications)...)
	router.Handle(campaignhttp.Routes(d.Campaign)...)
	router.Handle(campaignhttp.SheetRoutes(d.Sheets)...)
	router.Handle(activityhttp.Routes(d.Activity, d.Bulk, d.Zone)...)
	router.Handle(activityhttp.BulkRoutes(d.Activity, d.Bulk, d.BulkPaths)...)
	// The partner app's calls (ADR 0017): each context declares its own under kit.AppPrefix
	// with kit.Access{App: true}.
	router.Handle(identityhttp.AppRoutes(d.Identity)...)
	router.Handle(partnerhttp.AppRoutes(d.Partner)...)
	router.Handle(contenthttp.AppRoutes(d.Content)...)
	router.Handle(contenthttp.DeviceRoutes(d.Devices)...)
	router.Handle(campaignhttp.AppRoutes(d.Campaign)...)
	// Images are public: their names are random 128-bit values, and <img> cannot send a token.
	router.HandlePlain("GET", "/api/images/{kind}/{image}", d.Images)
	router.Handle(kit.Route{Method: "GET", Path: "/api/mapSettings", Access: kit.Access{}, Decode: kit.NoRequest, Encode: kit.EncodeJSON,
		Endpoint: func(context.Context, any) (any, error) { return d.Map, nil }})

	mux.Handle("GET /healthz", kit.MarkRoute("/healthz", http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"status":"ok"}` + "\n"))
	})))
	mux.Handle("GET /readyz", kit.MarkRoute("/readyz", ready(d.Pinger, d.Readiness)))
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		// The catch-all matches every method, so ServeMux never says 405 under /api/ by
		// itself: a known path asked with another method is told which ones it takes.
		if allow := allowedMethods(mux, r); len(allow) > 0 {
			w.Header().Set("Allow", strings.Join(allow, ", "))
			kit.EncodeError(r.Context(), kit.ErrMethodNotAllowed, w)
			return
		}
		kit.EncodeError(r.Context(), kit.ErrBadID, w)
	})
	mux.Handle("/", spa(d.SPA))
	var imgOrigins []string
	if u, err := url.Parse(d.Map.Tiles); err == nil && u.Host != "" {
		imgOrigins = append(imgOrigins, u.Scheme+"://"+u.Host)
	}
	handler := kit.Middleware(d.Log, kit.Edge{TrustProxy: d.TrustProxy, HSTS: d.HSTS}, kit.SecurityHeaders(imgOrigins...), mux)
	if d.Meter != nil {
		handler = kit.Metered(d.Meter, handler)
	}
	return &Server{handler: handler, router: router}
}

// Check answers /readyz's verdict and body: ready when the database answers, has every
// migration of this binary and, with push configured, the push sender runs.
func (checks Readiness) Check(ctx context.Context, pinger ports.Pinger) (bool, ReadyAnswer) {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	out := ReadyAnswer{Status: "ready", Database: "ok"}
	var problems []string
	if err := pinger.Ping(ctx); err != nil {
		kit.Logger(ctx).Warn("not ready: database", zap.Error(err))
		out.Database = "unreachable"
		problems = append(problems, "Database unreachable.")
	} else if checks.Schema != nil {
		current, expected, behind, err := checks.Schema(ctx)
		switch {
		case err != nil:
			kit.Logger(ctx).Warn("not ready: migrations", zap.Error(err))
			problems = append(problems, "The database's migrations could not be read.")
		case behind:
			problems = append(problems, "The database lacks migrations of this version: run vitrina migrate.")
		}
		if err == nil {
			out.Migrations = &MigrationsAnswer{Current: current, Expected: expected}
		}
	}
	if checks.PushSender != nil {
		out.PushSender = checks.PushSender()
		if out.PushSender == PushStopped {
			problems = append(problems, "The push sender is not running.")
		}
	}
	if len(problems) > 0 {
		out.Status, out.Message = "not_ready", strings.Join(problems, " ")
		return false, out
	}
	return true, out
}

// ready is /readyz: 200 with Check's body, or 503 saying what is wrong, with Retry-After.
func ready(pinger ports.Pinger, checks Readiness) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ok, out := checks.Check(r.Context(), pinger)
		w.Header().Set("Content-Type", "application/json")
		if !ok {
			w.Header().Set("Retry-After", "5")
			w.WriteHeader(http.StatusServiceUnavailable)
		}
		_ = json.NewEncoder(w).Encode(out)
	})
}

// allowedMethods are the methods a route of the API answers at r's path, none when the path
// is unknown.
func allowedMethods(mux *http.ServeMux, r *http.Request) []string {
	var allow []string
	for _, m := range []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete} {
		probe := r.Clone(r.Context())
		probe.Method = m
		if _, pattern := mux.Handler(probe); pattern != "" && pattern != "/api/" {
			allow = append(allow, m)
		}
	}
	return allow
}

// Handler is the root handler.
func (s *Server) Handler() http.Handler { return s.handler }

// Routes lists the API calls registered.
func (s *Server) Routes() []kit.Route { return s.router.Routes() }

// spa serves the built app: files as they are (hashed assets cached for a year, gzip when
// the client takes it) and index.html for every client route.
func spa(dist fs.FS) http.Handler {
	files := http.FileServerFS(dist)
	gz := precompress(dist)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		path := strings.TrimPrefix(r.URL.Path, "/")
		if path != "" && path != "index.html" {
			if st, err := fs.Stat(dist, path); err == nil && !st.IsDir() {
				if strings.HasPrefix(path, "assets/") {
					w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				}
				w.Header().Add("Vary", "Accept-Encoding")
				if body, ok := gz[path]; ok && strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
					if ct := mime.TypeByExtension(filepath.Ext(path)); ct != "" {
						w.Header().Set("Content-Type", ct)
					}
					w.Header().Set("Content-Encoding", "gzip")
					w.Header().Set("Content-Length", strconv.Itoa(len(body)))
					if r.Method == http.MethodGet {
						_, _ = w.Write(body)
					}
					return
				}
				files.ServeHTTP(w, r)
				return
			}
		}
		index, err := fs.ReadFile(dist, "index.html")
		if err != nil {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = w.Write([]byte("The front end is not built into this binary: run `go tool task build`.\n"))
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		_, _ = w.Write(index)
	})
}

// precompress gzips the text assets of the app once, at start.
func precompress(dist fs.FS) map[string][]byte {
	out := map[string][]byte{}
	_ = fs.WalkDir(dist, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		switch filepath.Ext(path) {
		case ".js", ".css", ".svg", ".json", ".html", ".txt", ".map", ".ttf", ".woff":
		default:
			return nil
		}
		raw, err := fs.ReadFile(dist, path)
		if err != nil || len(raw) < 1024 {
			return nil
		}
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		_, _ = zw.Write(raw)
		_ = zw.Close()
		out[path] = buf.Bytes()
		return nil
	})
	return out
}
