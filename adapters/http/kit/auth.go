package kit

import (
	"context"
	"net/http"
	"strings"

	"vitrina/domain/audit"
	"vitrina/domain/identity"
	"vitrina/domain/kernel"
	"vitrina/ports"
)

// Authenticator resolves bearer tokens.
type Authenticator interface {
	Authenticate(ctx context.Context, token string) (kernel.Principal, error)
}

// bearer is the request's bearer token, "" when there is none.
func bearer(r *http.Request) string {
	h := r.Header.Get("Authorization")
	if len(h) > 7 && strings.EqualFold(h[:7], "bearer ") {
		return strings.TrimSpace(h[7:])
	}
	return ""
}

// guard checks who may call a route before its body is read or decoded, so that an
// unauthenticated or unauthorised caller costs a token lookup and no more. It puts the
// principal in the request's context for the endpoint.
func guard(auth Authenticator, authz ports.Authorizer, access Access, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Answers of the API are per user and may carry tokens: no cache may keep them.
		w.Header().Set("Cache-Control", "no-store")
		if access.Public {
			next.ServeHTTP(w, r)
			return
		}
		ctx := r.Context()
		p, err := auth.Authenticate(ctx, bearer(r))
		if err == nil {
			err = allowed(authz, p, access)
		}
		if err != nil {
			if r.ContentLength != 0 {
				// The body will not be read: answer now and close, rather than let net/http
				// drain up to 256 KB of it first, waiting for a client that is still sending.
				w.Header().Set("Connection", "close")
			}
			EncodeError(ctx, err, w)
			return
		}
		ctx = ports.WithAuditSource(context.WithValue(ctx, keyPrincipal, p),
			ports.AuditSource{Actor: AuditActor(p), RequestID: RequestID(ctx), Address: ClientAddress(ctx)})
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// AuditActor is who the audit log names for a principal (ADR 0031): the partner an app
// session acts for, under the account's name, or the back-office user.
func AuditActor(p kernel.Principal) audit.Actor {
	if id, ok := p.AppPartner(); ok {
		return audit.Actor{Kind: audit.ActorPartner, ID: id, Name: p.Username}
	}
	return audit.Actor{Kind: audit.ActorUser, ID: p.UserID, Name: p.Username}
}

// allowed applies a route's access rule to an authenticated principal: app calls to app
// sessions only and panel calls to panel sessions only, partner-linked accounts only where
// the route says so, and the role check through Casbin.
func allowed(authz ports.Authorizer, p kernel.Principal, access Access) error {
	if access.App {
		if _, ok := p.AppPartner(); !ok {
			return identity.ErrNotAppSession
		}
		return nil
	}
	if p.IsApp() {
		return identity.ErrAppSession
	}
	if !access.AnyAccount && p.IsPartnerLinked() {
		return identity.ErrPartnerAccount
	}
	if p.MFAEnrolment && !access.Enrolling {
		return identity.ErrMFAEnrolment
	}
	if access.Resource == "" {
		return nil
	}
	ok, err := authz.Allowed(p.Roles, access.Resource, access.Action)
	if err != nil {
		return err
	}
	if !ok {
		return identity.ErrForbidden
	}
	return nil
}
