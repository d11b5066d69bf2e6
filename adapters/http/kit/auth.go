package kit

import (
	"context"
	"net/http"
	"strings"

	"github.com/go-kit/kit/endpoint"

	appidentity "vitrina/application/identity"
	"vitrina/domain/identity"
	"vitrina/ports"
)

// Authenticator resolves bearer tokens.
type Authenticator interface {
	Authenticate(ctx context.Context, token string) (appidentity.Principal, error)
}

// captureToken is a server "before" function that puts the bearer token in the context.
func captureToken(ctx context.Context, r *http.Request) context.Context {
	h := r.Header.Get("Authorization")
	if len(h) > 7 && strings.EqualFold(h[:7], "bearer ") {
		return context.WithValue(ctx, keyToken, strings.TrimSpace(h[7:]))
	}
	return ctx
}

// Authenticated requires a valid session and puts the principal in the context.
func Authenticated(auth Authenticator) endpoint.Middleware {
	return func(next endpoint.Endpoint) endpoint.Endpoint {
		return func(ctx context.Context, req any) (any, error) {
			p, err := auth.Authenticate(ctx, bearerToken(ctx))
			if err != nil {
				return nil, err
			}
			return next(context.WithValue(ctx, keyPrincipal, p), req)
		}
	}
}

// AdminOnly refuses partner-linked accounts: they sign in, but the admin API is not theirs.
func AdminOnly() endpoint.Middleware {
	return func(next endpoint.Endpoint) endpoint.Endpoint {
		return func(ctx context.Context, req any) (any, error) {
			if p, ok := Principal(ctx); !ok || p.IsPartnerLinked() {
				return nil, identity.ErrPartnerAccount
			}
			return next(ctx, req)
		}
	}
}

// Authorized requires that one of the caller's roles may perform action on resource.
func Authorized(authz ports.Authorizer, resource, action string) endpoint.Middleware {
	return func(next endpoint.Endpoint) endpoint.Endpoint {
		return func(ctx context.Context, req any) (any, error) {
			p, _ := Principal(ctx)
			ok, err := authz.Allowed(p.Roles, resource, action)
			if err != nil {
				return nil, err
			}
			if !ok {
				return nil, identity.ErrForbidden
			}
			return next(ctx, req)
		}
	}
}
