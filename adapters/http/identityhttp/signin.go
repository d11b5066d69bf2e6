package identityhttp

import (
	"context"
	"net/http"
	"time"

	"vitrina/adapters/http/kit"
	appidentity "vitrina/application/identity"
)

// DeviceCookie is the cookie of a browser that signed in to an account before (ADR 0025):
// its attempts on that account count per device, not per address. Each door sends it only
// to its own sign-in (the cookie's Path), HttpOnly, SameSite=Strict, Secure over TLS.
const DeviceCookie = "vitrina_device"

// deviceCookieAge is how long a device cookie lives; every sign-in gives a new one.
const deviceCookieAge = 90 * 24 * time.Hour

// signIn is a sign-in form with the device cookie the client carried.
type signIn[T any] struct {
	Body      T
	Device    string
	UserAgent string
}

func (r signIn[T]) client(ctx context.Context) appidentity.Client {
	return appidentity.Client{Address: kit.ClientAddress(ctx), Device: r.Device, UserAgent: r.UserAgent}
}

// decodeSignIn reads the sign-in form T and the device cookie.
func decodeSignIn[T any](ctx context.Context, r *http.Request) (any, error) {
	body, err := kit.DecodeJSON[T](ctx, r)
	if err != nil {
		return nil, err
	}
	in := signIn[T]{Body: body.(T), UserAgent: r.UserAgent()}
	if c, err := r.Cookie(DeviceCookie); err == nil {
		in.Device = c.Value
	}
	return in, nil
}

// signedInResponse is the answer to a sign-in and the device cookie to set on path.
type signedInResponse struct {
	body   any
	device string
	path   string
}

// signedIn is a sign-in's answer: the session, or the challenge of the second factor.
func signedIn(res appidentity.LoginResult, path string) signedInResponse {
	if res.MFARequired {
		return signedInResponse{body: mfaChallengeResponse{MFARequired: true, Challenge: res.Challenge, ExpiresIn: res.ExpiresIn}}
	}
	return signedInResponse{body: loginResponse{Token: res.Token, ExpiresIn: res.ExpiresIn, PartnerID: res.PartnerID,
		MFAEnrollmentRequired: res.EnrolmentRequired}, device: res.Device, path: path}
}

// encodeSignedIn sets the device cookie and writes the answer.
func encodeSignedIn(ctx context.Context, w http.ResponseWriter, response any) error {
	r := response.(signedInResponse)
	if r.device != "" {
		http.SetCookie(w, &http.Cookie{Name: DeviceCookie, Value: r.device, Path: r.path, MaxAge: int(deviceCookieAge / time.Second),
			HttpOnly: true, Secure: kit.Secure(ctx), SameSite: http.SameSiteStrictMode})
	}
	return kit.EncodeJSON(ctx, w, r.body)
}
