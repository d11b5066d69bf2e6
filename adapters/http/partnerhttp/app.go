package partnerhttp

import (
	"context"

	"github.com/go-kit/kit/endpoint"

	"vitrina/adapters/http/kit"
	apppartner "vitrina/application/partner"
	partnerports "vitrina/ports/partner"
)

// appPartnerJSON is the partner's own record as the partner app sees it: what the panel
// shows of it, without what only staff need (the active flag, the version, the ids beside
// the references). The figures are the panel's exact strings (figureJSON).
type appPartnerJSON struct {
	appPartnerHead
	Figures figureJSON
}

type appPartnerHead struct {
	ID            int64  `json:"id"`
	Name          string `json:"name"`
	Address       string `json:"address"`
	PIB           string `json:"pib"`
	PDV           string `json:"pdv"`
	Phone         string `json:"phone"`
	City          *ref   `json:"city"`
	Categories    []ref  `json:"categories"`
	CategoryNames string `json:"category_names"`
	PartnerType   *ref   `json:"partner_type"`
}

// MarshalJSON writes one object: the head's fields, then the figures.
func (p appPartnerJSON) MarshalJSON() ([]byte, error) {
	return joinObjects(p.appPartnerHead, p.Figures)
}

// appPartner is built from the panel's encoding, so both always show the same figures.
func appPartner(v partnerports.PartnerView) appPartnerJSON {
	full := toJSON(v)
	return appPartnerJSON{Figures: full.Figures, appPartnerHead: appPartnerHead{ID: full.ID, Name: full.Name, Address: full.Address,
		PIB: full.PIB, PDV: full.PDV, Phone: full.Phone, City: full.City, Categories: full.Categories,
		CategoryNames: full.CategoryNames, PartnerType: full.PartnerType}}
}

// supportForm is a customer-support message sent from the partner app.
type supportForm struct {
	TypeID  kit.OptionalID `json:"type_id"`
	Message string         `json:"message"`
}

func makeAppMeEndpoint(svc *apppartner.Service) endpoint.Endpoint {
	return func(ctx context.Context, _ any) (any, error) {
		v, err := svc.AppProfile(ctx, kit.AppPartner(ctx))
		return kit.JSONOr(appPartner, v, err)
	}
}

func makeAppSupportEndpoint(svc *apppartner.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		f := req.(supportForm) // a type that is not a number reads as 0, which the domain refuses as missing
		v, err := svc.SendSupportMessage(ctx, kit.AppPartner(ctx), id(f.TypeID), f.Message)
		return kit.JSONOr(support, v, err)
	}
}

// AppRoutes are the partner app's calls of the partner context. Each acts for the partner
// the app signed in as (kit.AppPartner) and takes no partner id from the request, so no
// caller reaches another partner's data.
func AppRoutes(svc *apppartner.Service) []kit.Route {
	app := kit.Access{App: true}
	return []kit.Route{
		{Method: "GET", Path: "/api/app/me", Access: app, Decode: kit.NoRequest, Encode: kit.EncodeJSON, Endpoint: makeAppMeEndpoint(svc)},
		{Method: "POST", Path: "/api/app/support", Access: app, Decode: kit.DecodeJSON[supportForm], Encode: kit.EncodeCreated,
			Endpoint: makeAppSupportEndpoint(svc)},
	}
}
