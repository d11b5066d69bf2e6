package identityhttp

import (
	"context"
	"net/http"
	"time"

	"vitrina/adapters/http/kit"
	appidentity "vitrina/application/identity"
	"vitrina/domain/kernel"
)

// Two-factor sign-in and the sessions lists (issue 23, ADR 0037).

// mfaChallengeResponse is the password step's answer for an account with two-factor on:
// no token, a challenge for POST /api/login/mfa.
type mfaChallengeResponse struct {
	MFARequired bool   `json:"mfa_required"`
	Challenge   string `json:"challenge"`
	ExpiresIn   int64  `json:"expires_in"`
}

type mfaLoginRequest struct {
	Challenge string `json:"challenge"`
	Code      string `json:"code"`
}

type codeRequest struct {
	Code string `json:"code"`
}

type disableRequest struct {
	Code     string `json:"code"`
	Password string `json:"password"`
}

type securitySettings struct {
	MFARequiredRoles []string `json:"mfa_required_roles"`
	Version          int64    `json:"version"`
}

type sessionJSON struct {
	ID         string    `json:"id"`
	CreatedAt  time.Time `json:"created_at"`
	LastUsedAt time.Time `json:"last_used_at"`
	Address    string    `json:"address"`
	UserAgent  string    `json:"user_agent"`
	Current    bool      `json:"current"`
}

func sessionsJSON(list []appidentity.SessionView) []sessionJSON {
	out := make([]sessionJSON, 0, len(list))
	for _, v := range list {
		out = append(out, sessionJSON{ID: v.ID, CreatedAt: v.CreatedAt, LastUsedAt: v.LastUsedAt, Address: v.Address,
			UserAgent: v.UserAgent, Current: v.Current})
	}
	return out
}

// decodeUserID reads the {id} of /api/users/{id}/….
func decodeUserID(_ context.Context, r *http.Request) (any, error) { return kit.PathID(r, "id") }

// decodeSessionID reads the {session} of /api/sessions/{session}: a session's public id.
func decodeSessionID(_ context.Context, r *http.Request) (any, error) {
	return r.PathValue("session"), nil
}

// principal is the caller of a guarded route.
func principal(ctx context.Context) kernel.Principal {
	p, _ := kit.Principal(ctx)
	return p
}

// mfaRoutes are the calls of two-factor sign-in, the sessions and the security settings.
func mfaRoutes(svc *appidentity.Service, users kit.Exists) []kit.Route {
	own := kit.Access{}
	enrolling := kit.Access{Enrolling: true}
	// Only an admin may reset another's second factor, see and end another's sessions and
	// change the policy: no role but admin's "*" names the resource security.
	security := kit.Access{Resource: "security", Action: "write"}
	securityRead := kit.Access{Resource: "security", Action: "read"}
	return []kit.Route{
		{Method: "POST", Path: "/api/login/mfa", Access: kit.Access{Public: true},
			Decode: decodeSignIn[mfaLoginRequest], Encode: encodeSignedIn,
			Endpoint: func(ctx context.Context, req any) (any, error) {
				r := req.(signIn[mfaLoginRequest])
				res, err := svc.LoginMFA(ctx, r.Body.Challenge, r.Body.Code, r.client(ctx))
				logLogin(ctx, "second factor", err)
				if err != nil {
					return nil, err
				}
				return signedIn(res, "/api/login"), nil
			}},
		{Method: "POST", Path: "/api/mfa/enroll", Access: enrolling, Decode: kit.NoRequest, Encode: kit.EncodeJSON,
			Endpoint: func(ctx context.Context, _ any) (any, error) {
				e, err := svc.EnrolMFA(ctx, principal(ctx))
				if err != nil {
					return nil, err
				}
				return map[string]string{"secret": e.Secret, "otpauth_url": e.OTPAuthURL}, nil
			}},
		{Method: "POST", Path: "/api/mfa/confirm", Access: enrolling, Decode: kit.DecodeJSON[codeRequest], Encode: kit.EncodeJSON,
			Endpoint: func(ctx context.Context, req any) (any, error) {
				codes, err := svc.ConfirmMFA(ctx, principal(ctx), req.(codeRequest).Code)
				if err != nil {
					return nil, err
				}
				return map[string][]string{"recovery_codes": codes}, nil
			}},
		{Method: "DELETE", Path: "/api/mfa", Access: own, Decode: kit.DecodeJSON[disableRequest], Encode: kit.EncodeNoContent,
			Endpoint: func(ctx context.Context, req any) (any, error) {
				r := req.(disableRequest)
				return nil, svc.DisableMFA(ctx, principal(ctx), r.Code, r.Password, clientOf(ctx))
			}},
		{Method: "DELETE", Path: "/api/users/{id}/mfa", Access: security, Record: users, Decode: decodeUserID, Encode: kit.EncodeNoContent,
			Endpoint: func(ctx context.Context, req any) (any, error) {
				return nil, svc.ResetMFA(ctx, principal(ctx), req.(kernel.ID))
			}},
		{Method: "GET", Path: "/api/settings/security", Access: securityRead, Decode: kit.NoRequest, Encode: kit.EncodeJSON,
			Endpoint: func(ctx context.Context, _ any) (any, error) {
				roles, version, err := svc.SecurityPolicy(ctx)
				return securitySettings{MFARequiredRoles: roles, Version: int64(version)}, err
			}},
		{Method: "PUT", Path: "/api/settings/security", Access: security, Decode: kit.DecodeOwnEdit[securitySettings], Encode: kit.EncodeJSON,
			Endpoint: func(ctx context.Context, req any) (any, error) {
				r := req.(kit.Edit[securitySettings])
				roles, version, err := svc.SetSecurityPolicy(ctx, r.Body.MFARequiredRoles, r.Version)
				return securitySettings{MFARequiredRoles: roles, Version: int64(version)}, err
			}},
		{Method: "GET", Path: "/api/sessions", Access: own, Decode: kit.NoRequest, Encode: kit.EncodeJSON,
			Endpoint: func(ctx context.Context, _ any) (any, error) {
				list, err := svc.Sessions(ctx, principal(ctx))
				return sessionsJSON(list), err
			}},
		{Method: "DELETE", Path: "/api/sessions/{session}", Access: own, Decode: decodeSessionID, Encode: kit.EncodeNoContent,
			Endpoint: func(ctx context.Context, req any) (any, error) {
				return nil, svc.EndSession(ctx, principal(ctx), req.(string))
			}},
		{Method: "DELETE", Path: "/api/sessions", Access: own, Decode: kit.NoRequest, Encode: kit.EncodeNoContent,
			Endpoint: func(ctx context.Context, _ any) (any, error) {
				return nil, svc.EndOtherSessions(ctx, principal(ctx))
			}},
		{Method: "GET", Path: "/api/users/{id}/sessions", Access: securityRead, Record: users, Decode: decodeUserID, Encode: kit.EncodeJSON,
			Endpoint: func(ctx context.Context, req any) (any, error) {
				list, err := svc.UserSessions(ctx, principal(ctx), req.(kernel.ID))
				return sessionsJSON(list), err
			}},
		{Method: "DELETE", Path: "/api/users/{id}/sessions", Access: security, Record: users, Decode: decodeUserID, Encode: kit.EncodeNoContent,
			Endpoint: func(ctx context.Context, req any) (any, error) {
				return nil, svc.EndUserSessions(ctx, principal(ctx), req.(kernel.ID))
			}},
	}
}

// clientOf is the caller as the sign-in's throttle counts it, for checks made outside the
// sign-in (turning two-factor off): the address, no device cookie (it is sent to the
// sign-in's path only).
func clientOf(ctx context.Context) appidentity.Client {
	return appidentity.Client{Address: kit.ClientAddress(ctx)}
}
