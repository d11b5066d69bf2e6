package kit

import (
	"context"
	"net/http"

	"github.com/go-kit/kit/endpoint"
	httptransport "github.com/go-kit/kit/transport/http"

	"vitrina/ports"
)

// Access says who may call a route.
type Access struct {
	Public     bool   // no token needed (login)
	AnyAccount bool   // partner-linked accounts too (logout)
	Resource   string // Casbin resource; "" = any signed-in admin account
	Action     string // read | write
}

// Route is one call of the API.
type Route struct {
	Method   string
	Path     string
	Access   Access
	Endpoint endpoint.Endpoint
	Decode   httptransport.DecodeRequestFunc
	Encode   httptransport.EncodeResponseFunc
}

// Router registers routes on a ServeMux with the shared server options and remembers
// them, so the OpenAPI test can check that every call is described.
type Router struct {
	mux    *http.ServeMux
	auth   Authenticator
	authz  ports.Authorizer
	routes []Route
}

// NewRouter returns a router on mux.
func NewRouter(mux *http.ServeMux, auth Authenticator, authz ports.Authorizer) *Router {
	return &Router{mux: mux, auth: auth, authz: authz}
}

// Handle registers routes: authentication, the partner-account refusal and the role check
// run once here, before the body is read, never in an endpoint.
func (rt *Router) Handle(routes ...Route) {
	for _, r := range routes {
		server := httptransport.NewServer(r.Endpoint, r.Decode, r.Encode,
			httptransport.ServerErrorEncoder(EncodeError),
		)
		rt.mux.Handle(r.Method+" "+r.Path, guard(rt.auth, rt.authz, r.Access, server))
		rt.routes = append(rt.routes, r)
	}
}

// HandlePlain registers a plain handler (no go-kit endpoint) and remembers it; access is
// the handler's own business (public images).
func (rt *Router) HandlePlain(method, path string, h http.Handler) {
	rt.mux.Handle(method+" "+path, h)
	rt.routes = append(rt.routes, Route{Method: method, Path: path, Access: Access{Public: true}})
}

// Routes lists what was registered.
func (rt *Router) Routes() []Route { return rt.routes }

// NoRequest decodes nothing.
func NoRequest(_ context.Context, _ *http.Request) (any, error) { return nil, nil }
