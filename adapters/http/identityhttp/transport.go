// Package identityhttp is the HTTP face of the identity context: sign-in, the own profile
// and the users screen (spec §7).
package identityhttp

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/go-kit/kit/endpoint"
	"go.uber.org/zap"

	"vitrina/adapters/http/kit"
	appidentity "vitrina/application/identity"
	"vitrina/domain/identity"
	"vitrina/domain/kernel"
	identityports "vitrina/ports/identity"
)

type loginRequest struct {
	Username string `json:"username"`
	Password string `json:"password"`
}

type loginResponse struct {
	Token     string `json:"token"`
	ExpiresIn int64  `json:"expires_in"`
	PartnerID *int64 `json:"partner_id"`
	// MFAEnrollmentRequired: the role requires two-factor sign-in and the account has none;
	// the token opens only the enrolment until it is set up (ADR 0037).
	MFAEnrollmentRequired bool `json:"mfa_enrollment_required,omitempty"`
}

type partnerRef struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

type userJSON struct {
	ID          int64       `json:"id"`
	Name        string      `json:"name"`
	Username    string      `json:"username"`
	IsActive    bool        `json:"is_active"`
	PartnerID   *int64      `json:"partner_id"`
	Partner     *partnerRef `json:"partner"`
	PartnerName *string     `json:"partner_name"`
	Roles       []string    `json:"roles"`
	CreatedAt   time.Time   `json:"created_at"`
	UpdatedAt   time.Time   `json:"updated_at"`
	Version     int64       `json:"version"`
	MFAEnabled  bool        `json:"mfa_enabled"`
}

// toJSON is a user as every users call answers it.
func toJSON(v identityports.UserView) userJSON {
	out := userJSON{ID: v.ID, Name: v.Name, Username: v.Username, IsActive: v.IsActive, PartnerID: v.PartnerID,
		PartnerName: v.PartnerName, Roles: v.Roles, CreatedAt: v.CreatedAt, UpdatedAt: v.UpdatedAt, Version: int64(v.Version),
		MFAEnabled: v.MFAEnabled}
	if out.Roles == nil {
		out.Roles = []string{}
	}
	if v.PartnerID != nil && v.PartnerName != nil {
		out.Partner = &partnerRef{ID: *v.PartnerID, Name: *v.PartnerName}
	}
	return out
}

type meJSON struct {
	ID        int64    `json:"id"`
	Name      string   `json:"name"`
	Username  string   `json:"username"`
	PartnerID *int64   `json:"partner_id"`
	Roles     []string `json:"roles"`
	Version   int64    `json:"version"`
	// Permissions is what the roles may do, by resource (read, write, pick), from the Casbin
	// policy: the panel shows only what the account may open (ADR 0029).
	Permissions map[string][]string `json:"permissions"`
	// MFAEnabled: the account signs in with two factors; MFARequired: its roles must.
	MFAEnabled  bool `json:"mfa_enabled"`
	MFARequired bool `json:"mfa_required"`
}

type userForm struct {
	Name            string         `json:"name"`
	Username        string         `json:"username"`
	Password        string         `json:"password"`
	ConfirmPassword string         `json:"confirmPassword"`
	PartnerID       kit.OptionalID `json:"partner_id"`
	Roles           []string       `json:"roles"`
}

// input is the domain's form; an id that is not a number becomes 0, which the domain
// refuses with its own message.
func (f userForm) input() identity.UserInput {
	in := identity.UserInput{Name: f.Name, Username: f.Username, Password: f.Password, PartnerID: f.PartnerID.Value, Roles: f.Roles}
	if f.PartnerID.Invalid {
		var zero int64
		in.PartnerID = &zero
	}
	return in
}

// confirmed checks the form's password confirmation, with the domain's checks of the form in
// the same answer (kit.Confirmed).
func (f userForm) confirmed(creating bool) error {
	return kit.Confirmed(f.Password, f.ConfirmPassword, func() error { return f.input().Validate(creating) })
}

type profileForm struct {
	Name            string `json:"name"`
	Username        string `json:"username"`
	Password        string `json:"password"`
	ConfirmPassword string `json:"confirmPassword"`
	CurrentPassword string `json:"current_password"`
}

// The identity endpoints other than the sign-ins, one named constructor each (go-kit's
// makeXEndpoint shape): each takes its decoded request, calls one use case and answers the
// JSON view.

func makeMeEndpoint(svc *appidentity.Service) endpoint.Endpoint {
	return func(ctx context.Context, _ any) (any, error) {
		p, _ := kit.Principal(ctx)
		v, err := svc.Me(ctx, p)
		if err != nil {
			return nil, err
		}
		perms, err := svc.Permissions(p)
		if err != nil {
			return nil, err
		}
		mfa, err := svc.MFAStatus(ctx, p)
		if err != nil {
			return nil, err
		}
		return meJSON{ID: v.ID, Name: v.Name, Username: v.Username, PartnerID: v.PartnerID, Roles: toJSON(v).Roles,
			Version: int64(v.Version), Permissions: perms, MFAEnabled: mfa.Enabled, MFARequired: mfa.Required}, nil
	}
}

func makeUpdateOwnEndpoint(svc *appidentity.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		p, _ := kit.Principal(ctx)
		r := req.(kit.Edit[profileForm])
		f := r.Body
		in := identity.ProfileInput{Name: f.Name, Username: f.Username, Password: f.Password, CurrentPassword: f.CurrentPassword}
		if err := kit.Confirmed(f.Password, f.ConfirmPassword, in.Validate); err != nil {
			return nil, err
		}
		v, err := svc.UpdateOwn(ctx, p, r.Version, in, kit.ClientAddress(ctx))
		if err != nil {
			return nil, err
		}
		return map[string]any{"name": v.Name, "username": v.Username, "version": int64(v.Version)}, nil
	}
}

func makeRolesEndpoint(svc *appidentity.Service) endpoint.Endpoint {
	return func(context.Context, any) (any, error) { return svc.Roles(), nil }
}

func makeCreateUserEndpoint(svc *appidentity.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		p, _ := kit.Principal(ctx)
		f := req.(userForm)
		if err := f.confirmed(true); err != nil {
			return nil, err
		}
		v, err := svc.CreateUser(ctx, p, f.input())
		if err != nil {
			return nil, err
		}
		return toJSON(v), nil
	}
}

func makeUpdateUserEndpoint(svc *appidentity.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		r := req.(kit.Edit[userForm])
		if err := r.Body.confirmed(false); err != nil {
			return nil, err
		}
		p, _ := kit.Principal(ctx)
		v, err := svc.UpdateUser(ctx, p, r.ID, r.Version, r.Body.input())
		if err != nil {
			return nil, err
		}
		return toJSON(v), nil
	}
}

func makeToggleUser(svc *appidentity.Service) func(context.Context, kernel.ID) (bool, error) {
	return func(ctx context.Context, id kernel.ID) (bool, error) {
		p, _ := kit.Principal(ctx)
		return svc.ToggleUser(ctx, p, id)
	}
}

// Routes are the identity calls.
func Routes(svc *appidentity.Service) []kit.Route {
	read := kit.Access{Resource: "users", Action: "read"}
	write := kit.Access{Resource: "users", Action: "write"}
	own := kit.Access{} // the caller's own account: any signed-in back-office user, whatever the roles
	users := kit.Found(svc.Users())
	routes := append(kit.ListRoutes("/api/users", read, svc.Users(), toJSON), mfaRoutes(svc, users)...)
	return append(routes, []kit.Route{
		kit.ListRoute("/api/partnerUsers", read, svc.PartnerUsers(), toJSON, nil),
		{Method: "POST", Path: "/api/login", Access: kit.Access{Public: true},
			Decode: decodeSignIn[loginRequest], Encode: encodeSignedIn,
			Endpoint: func(ctx context.Context, req any) (any, error) {
				r := req.(signIn[loginRequest])
				res, err := svc.Login(ctx, r.Body.Username, r.Body.Password, r.client(ctx))
				logLogin(ctx, r.Body.Username, err)
				if err != nil {
					return nil, err
				}
				return signedIn(res, "/api/login"), nil
			}},
		{Method: "POST", Path: "/api/logout", Access: kit.Access{AnyAccount: true, Enrolling: true},
			Decode: kit.NoRequest, Encode: kit.EncodeNoContent,
			Endpoint: func(ctx context.Context, _ any) (any, error) {
				p, _ := kit.Principal(ctx)
				return nil, svc.Logout(ctx, p)
			}},
		{Method: "GET", Path: "/api/getLogedUserData", Access: kit.Access{Enrolling: true}, Decode: kit.NoRequest, Encode: kit.EncodeJSON,
			Endpoint: makeMeEndpoint(svc)},
		{Method: "POST", Path: "/api/userUpdate", Access: own, Decode: kit.DecodeOwnEdit[profileForm], Encode: kit.EncodeJSON,
			Endpoint: makeUpdateOwnEndpoint(svc)},
		{Method: "GET", Path: "/api/roles", Access: read, Decode: kit.NoRequest, Encode: kit.EncodeJSON,
			Endpoint: makeRolesEndpoint(svc)},
		{Method: "POST", Path: "/api/users", Access: write, Decode: kit.DecodeJSON[userForm], Encode: kit.EncodeCreated,
			Endpoint: makeCreateUserEndpoint(svc)},
		{Method: "PUT", Path: "/api/users/{id}", Access: write, Record: users, Decode: kit.DecodeEdit[userForm], Encode: kit.EncodeJSON,
			Endpoint: makeUpdateUserEndpoint(svc)},
		kit.ToggleRoute("/api/users", write, users, makeToggleUser(svc)),
	}...)
}

// appLoginRequest is the partner app's sign-in: the partner's id or a linked user's username.
type appLoginRequest struct {
	PartnerID kit.OptionalID `json:"partner_id"`
	Username  string         `json:"username"`
	Password  string         `json:"password"`
}

// input is the domain's form; a partner id that is not a number becomes 0, which the domain
// refuses with its own message.
func (r appLoginRequest) input() identity.AppSignIn {
	in := identity.AppSignIn{PartnerID: r.PartnerID.Value, Username: r.Username, Password: r.Password}
	if r.PartnerID.Invalid {
		var zero int64
		in.PartnerID = &zero
	}
	return in
}

// who names the sign-in's account in the log.
func (r appLoginRequest) who() string {
	if r.PartnerID.Value != nil {
		return "partner " + strconv.FormatInt(*r.PartnerID.Value, 10)
	}
	return r.Username
}

// AppRoutes are the partner app's sign-in calls (ADR 0017): sign-in by the partner's id and
// app password or by a linked user's username and password, and sign-out.
func AppRoutes(svc *appidentity.Service) []kit.Route {
	return []kit.Route{
		{Method: "POST", Path: "/api/app/login", Access: kit.Access{Public: true, App: true},
			Decode: decodeSignIn[appLoginRequest], Encode: encodeSignedIn,
			Endpoint: func(ctx context.Context, req any) (any, error) {
				r := req.(signIn[appLoginRequest])
				res, err := svc.AppLogin(ctx, r.Body.input(), r.client(ctx))
				logLogin(ctx, "app: "+r.Body.who(), err)
				if err != nil {
					return nil, err
				}
				return signedIn(res, "/api/app/login"), nil
			}},
		{Method: "POST", Path: "/api/app/logout", Access: kit.Access{App: true},
			Decode: kit.NoRequest, Encode: kit.EncodeNoContent,
			Endpoint: func(ctx context.Context, _ any) (any, error) {
				p, _ := kit.Principal(ctx)
				return nil, svc.Logout(ctx, p)
			}},
	}
}

// logLogin records failed and throttled sign-ins; never the password.
func logLogin(ctx context.Context, username string, err error) {
	switch kernel.KindOf(err) {
	case kernel.KindUnauthenticated:
		kit.Logger(ctx).Warn("login failed", zap.String("username", username), zap.String("remote", kit.ClientAddress(ctx)))
	case kernel.KindThrottled:
		msg := "login throttled"
		if !errors.Is(err, identity.ErrThrottled) {
			msg = "login refused: password checks saturated"
		}
		kit.Logger(ctx).Warn(msg, zap.String("username", username), zap.String("remote", kit.ClientAddress(ctx)))
	}
}
