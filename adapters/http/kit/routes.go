package kit

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/go-kit/kit/endpoint"
	httptransport "github.com/go-kit/kit/transport/http"

	"vitrina/adapters/limit"
	"vitrina/ports"
)

// Access says who may call a route.
//
// Panel and partner app calls never share a token (ADR 0017): a route with App set is a
// partner app call, under AppPrefix, which only an app session may make (a panel token gets
// 403); every other route is a panel call, which an app session may not make (403). An app
// route needs no Resource: what it reaches is the caller's own partner's data
// (AppPartner), never a role's.
type Access struct {
	Public     bool   // no token needed (login)
	AnyAccount bool   // partner-linked accounts too (logout)
	App        bool   // a partner app call: app sessions only
	Resource   string // Casbin resource; "" = any signed-in admin account
	Action     string // read | write
	// Enrolling: open to an account whose role requires two-factor sign-in before it has set
	// it up (the own profile's answer, sign-out, enrolment); every other call refuses it
	// (ADR 0037).
	Enrolling bool
}

// AppPrefix is where the partner app's calls live; only App routes may live there.
const AppPrefix = "/api/app/"

// checkAppRoute refuses, when the server is assembled, a route whose App flag and path
// disagree, so that an app call cannot be registered as a panel one or the other way round.
func checkAppRoute(r Route) {
	under := strings.HasPrefix(r.Path, AppPrefix)
	switch {
	case under && !r.Access.App:
		panic(fmt.Sprintf("kit: %s %s is under %s but not marked Access.App", r.Method, r.Path, AppPrefix))
	case !under && r.Access.App:
		panic(fmt.Sprintf("kit: %s %s is marked Access.App but not under %s", r.Method, r.Path, AppPrefix))
	case r.Access.App && (r.Access.Resource != "" || r.Access.AnyAccount):
		panic(fmt.Sprintf("kit: the app call %s %s names a panel rule (Resource or AnyAccount)", r.Method, r.Path))
	}
}

// Route is one call of the API.
type Route struct {
	Method   string
	Path     string
	Access   Access
	Endpoint endpoint.Endpoint
	Decode   httptransport.DecodeRequestFunc
	Encode   httptransport.EncodeResponseFunc
	// Record looks up the record the path names ({id}, {campaignId}; RecordParam) before the
	// query or body is read: an unknown one is 404 whatever else the request says. Required
	// exactly when the path names a record.
	Record Exists
	// Import, on the route of an upload (DecodeUpload, ImportAnswer), names its kind in the
	// metrics: how long saving imports take and the rows they save.
	Import string
	// List, on a list call, is the list a saved view may name (ADR 0041): ListRoute sets it
	// from the lister's own configuration.
	List *ListInfo
}

// ListInfo names a list call for saved views and says what it accepts.
type ListInfo struct {
	Name string // the call's path under /api/ ("partners"), or a tab's own name
	Keys ports.ListKeys
}

// ListOf is the ListInfo of a lister that describes itself (ports.Described); nil otherwise.
func ListOf(name string, lister any) *ListInfo {
	if d, ok := lister.(ports.Described); ok {
		return &ListInfo{Name: name, Keys: d.ListKeys()}
	}
	return nil
}

// Router registers routes on a ServeMux with the shared server options and remembers
// them, so the OpenAPI test can check that every call is described.
type Router struct {
	mux       *http.ServeMux
	auth      Authenticator
	authz     ports.Authorizer
	routes    []Route
	downloads *limit.Gate
	meter     Meter
}

// Measure tells m about the imports of the routes registered after it (Route.Import).
func (rt *Router) Measure(m Meter) { rt.meter = m }

// LimitDownloads bounds the spreadsheets written at once: every answer that is a Download,
// whatever its route, enters gate before its first row is read, and a full gate answers its
// busy error (429 with Retry-After). Without it downloads are not bounded.
func (rt *Router) LimitDownloads(gate *limit.Gate) { rt.downloads = gate }

// gated is encode with every Download answer passing the router's download gate.
func (rt *Router) gated(encode httptransport.EncodeResponseFunc) httptransport.EncodeResponseFunc {
	return func(ctx context.Context, w http.ResponseWriter, response any) error {
		if _, ok := response.(Download); ok && rt.downloads != nil {
			release, err := rt.downloads.Enter(ctx, 1)
			if err != nil {
				return err
			}
			defer release()
		}
		return encode(ctx, w, response)
	}
}

// NewRouter returns a router on mux.
func NewRouter(mux *http.ServeMux, auth Authenticator, authz ports.Authorizer) *Router {
	return &Router{mux: mux, auth: auth, authz: authz}
}

// Handle registers routes: authentication, the split of panel and app sessions, the
// partner-account refusal and the role check run once here, before the body is read, never
// in an endpoint.
func (rt *Router) Handle(routes ...Route) {
	for _, r := range routes {
		checkAppRoute(r)
		checkRecordRoute(r)
		ep := r.Endpoint
		if r.Import != "" && rt.meter != nil {
			ep = meterImport(rt.meter, r.Import, ep)
		}
		var server http.Handler = httptransport.NewServer(ep, r.Decode, rt.gated(r.Encode),
			httptransport.ServerErrorEncoder(EncodeError),
		)
		if r.Record != nil {
			server = withRecord(RecordParam(r.Path), r.Record, server)
		}
		rt.mux.Handle(r.Method+" "+r.Path, MarkRoute(r.Path, guard(rt.auth, rt.authz, r.Access, server)))
		rt.routes = append(rt.routes, r)
	}
}

// HandlePlain registers a plain handler (no go-kit endpoint) and remembers it; access is
// the handler's own business (public images).
func (rt *Router) HandlePlain(method, path string, h http.Handler) {
	checkAppRoute(Route{Method: method, Path: path})
	rt.mux.Handle(method+" "+path, MarkRoute(path, h))
	rt.routes = append(rt.routes, Route{Method: method, Path: path, Access: Access{Public: true}})
}

// Routes lists what was registered.
func (rt *Router) Routes() []Route { return rt.routes }

// NoRequest decodes nothing.
func NoRequest(_ context.Context, _ *http.Request) (any, error) { return nil, nil }
