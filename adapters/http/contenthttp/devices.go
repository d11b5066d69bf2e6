package contenthttp

import (
	"context"
	"net/http"

	"github.com/go-kit/kit/endpoint"

	"vitrina/adapters/http/kit"
	appcontent "vitrina/application/content"
)

// deviceForm is a device registration; the token is never answered back.
type deviceForm struct {
	Token    string `json:"token"`
	Platform string `json:"platform"`
}

type deviceRequest struct {
	Token string
}

func decodeDeviceToken(_ context.Context, r *http.Request) (any, error) {
	return deviceRequest{Token: r.PathValue("token")}, nil
}

func makeRegisterDeviceEndpoint(d *appcontent.Devices) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		f := req.(deviceForm)
		dev, err := d.Register(ctx, kit.AppPartner(ctx), f.Token, f.Platform)
		if err != nil {
			return nil, err
		}
		return map[string]any{"registered": true, "platform": string(dev.Platform)}, nil
	}
}

func makeRemoveDeviceEndpoint(d *appcontent.Devices) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		return nil, d.Remove(ctx, kit.AppPartner(ctx), req.(deviceRequest).Token)
	}
}

// DeviceRoutes are the partner app's device registrations (issue 13), for the partner the
// app signed in as.
func DeviceRoutes(d *appcontent.Devices) []kit.Route {
	app := kit.Access{App: true}
	return []kit.Route{
		{Method: "POST", Path: "/api/app/devices", Access: app, Decode: kit.DecodeJSON[deviceForm], Encode: kit.EncodeJSON,
			Endpoint: makeRegisterDeviceEndpoint(d)},
		{Method: "DELETE", Path: "/api/app/devices/{token}", Access: app, Decode: decodeDeviceToken, Encode: kit.EncodeNoContent,
			Endpoint: makeRemoveDeviceEndpoint(d)},
	}
}
