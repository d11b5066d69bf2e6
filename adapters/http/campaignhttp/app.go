package campaignhttp

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"github.com/go-kit/kit/endpoint"

	"vitrina/adapters/http/kit"
	appcampaign "vitrina/application/campaign"
	"vitrina/domain/campaign"
	"vitrina/domain/kernel"
	campaignports "vitrina/ports/campaign"
)

// appCampaignJSON is a campaign as the partner app shows it, with the partner's money there.
type appCampaignJSON struct {
	ID          int64       `json:"id"`
	Name        string      `json:"name"`
	Description string      `json:"description"`
	ImageURL    string      `json:"image_url"`
	Cash        json.Number `json:"cash"`
	Spent       json.Number `json:"spent"`
	Remaining   json.Number `json:"remaining"`
}

func appCampaign(v campaignports.PartnerCampaignView) appCampaignJSON {
	return appCampaignJSON{ID: v.ID, Name: v.Name, Description: v.Description, ImageURL: appcampaign.ImageLink(v.Image),
		Cash: money(v.Cash), Spent: money(v.Spent), Remaining: money(v.Remaining)}
}

// appItemJSON is a line of the partner's cart; delivered lines can no longer be withdrawn.
type appItemJSON struct {
	ID        int64       `json:"id"`
	CreatedAt time.Time   `json:"created_at"`
	ProductID int64       `json:"product_id"`
	Product   string      `json:"product"`
	Price     json.Number `json:"price"`
	Quantity  int64       `json:"quantity"`
	Value     json.Number `json:"value"`
	Delivered bool        `json:"delivered"`
}

func appItem(v campaignports.CartItemView) appItemJSON {
	c := cartRow(v)
	return appItemJSON{ID: c.ID, CreatedAt: c.CreatedAt, ProductID: c.ProductID, Product: c.Product, Price: c.Price, Quantity: c.Quantity,
		Value: c.Value, Delivered: v.Delivered}
}

// orderBody is an order from the app: {"product_id": 9, "quantity": 3}, numbers or numeric texts.
type orderBody struct {
	ProductID kit.OptionalID  `json:"product_id"`
	Quantity  json.RawMessage `json:"quantity"`
}

type orderRequest struct {
	ID        kernel.ID
	ProductID kernel.ID
	Quantity  int64
}

func decodeOrder(ctx context.Context, r *http.Request) (any, error) {
	id, err := kit.PathID(r, "id")
	if err != nil {
		return nil, err
	}
	raw, err := kit.DecodeJSON[orderBody](ctx, r)
	if err != nil {
		return nil, err
	}
	b := raw.(orderBody)
	var val kernel.Validation
	if b.ProductID.Invalid || b.ProductID.Value == nil || *b.ProductID.Value <= 0 {
		val.Add("product_id", "The product id field is required.")
	}
	q := strings.Trim(strings.TrimSpace(string(b.Quantity)), `"`)
	if q == "null" {
		q = ""
	}
	n, err := campaign.ParseQuantity(q)
	val.Merge(err)
	if err := val.Err(); err != nil {
		return nil, err
	}
	return orderRequest{ID: id, ProductID: kernel.ID(*b.ProductID.Value), Quantity: n}, nil
}

type itemRequest struct {
	ID     kernel.ID
	ItemID kernel.ID
}

func decodeItem(_ context.Context, r *http.Request) (any, error) {
	id, err := kit.PathID(r, "id")
	if err != nil {
		return nil, err
	}
	item, err := kit.PathID(r, "itemId")
	if err != nil {
		return nil, err
	}
	return itemRequest{ID: id, ItemID: item}, nil
}

// appCart is the partner's cart in a campaign it sees, as the app shows it.
func appCart(ctx context.Context, svc *appcampaign.Service, id kernel.ID) (any, error) {
	items, err := svc.PartnerCart(ctx, kit.AppPartner(ctx), id)
	if err != nil {
		return nil, err
	}
	out := make([]appItemJSON, 0, len(items))
	for _, v := range items {
		out = append(out, appItem(v))
	}
	return out, nil
}

func makeAppCampaignsEndpoint(svc *appcampaign.Service) endpoint.Endpoint {
	return func(ctx context.Context, _ any) (any, error) {
		vs, err := svc.PartnerCampaigns(ctx, kit.AppPartner(ctx))
		if err != nil {
			return nil, err
		}
		out := make([]appCampaignJSON, 0, len(vs))
		for _, v := range vs {
			out = append(out, appCampaign(v))
		}
		return out, nil
	}
}

func makeAppProductsEndpoint(svc *appcampaign.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		ps, err := svc.PartnerProducts(ctx, kit.AppPartner(ctx), req.(kit.IDRequest).ID)
		if err != nil {
			return nil, err
		}
		out := make([]productJSON, 0, len(ps))
		for _, p := range ps {
			out = append(out, productRow(p))
		}
		return out, nil
	}
}

func makeAppCartEndpoint(svc *appcampaign.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) { return appCart(ctx, svc, req.(kit.IDRequest).ID) }
}

func makeAppOrderEndpoint(svc *appcampaign.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		r := req.(orderRequest)
		if _, err := svc.Order(ctx, kit.AppPartner(ctx), r.ID, r.ProductID, r.Quantity); err != nil {
			return nil, amountDetail(err)
		}
		return appCart(ctx, svc, r.ID)
	}
}

func makeAppWithdrawEndpoint(svc *appcampaign.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		r := req.(itemRequest)
		if err := svc.Withdraw(ctx, kit.AppPartner(ctx), r.ID, r.ItemID); err != nil {
			return nil, err
		}
		return appCart(ctx, svc, r.ID)
	}
}

// AppRoutes are the partner app's calls about campaigns. Each acts for the partner the app
// signed in as (kit.AppPartner); a campaign that partner does not see is not found, before
// the body is judged.
func AppRoutes(svc *appcampaign.Service) []kit.Route {
	app := kit.Access{App: true}
	// shown is the campaign the partner sees, or not found (its cart is how the app asks).
	shown := func(ctx context.Context, id kernel.ID) error {
		_, err := svc.PartnerCart(ctx, kit.AppPartner(ctx), id)
		return err
	}
	return []kit.Route{
		{Method: "GET", Path: "/api/app/campaigns", Access: app, Decode: kit.NoRequest, Encode: kit.EncodeJSON,
			Endpoint: makeAppCampaignsEndpoint(svc)},
		{Method: "GET", Path: "/api/app/campaigns/{id}/products", Access: app, Record: shown, Decode: kit.DecodeID, Encode: kit.EncodeJSON,
			Endpoint: makeAppProductsEndpoint(svc)},
		{Method: "GET", Path: "/api/app/campaigns/{id}/cart", Access: app, Record: shown, Decode: kit.DecodeID, Encode: kit.EncodeJSON,
			Endpoint: makeAppCartEndpoint(svc)},
		{Method: "POST", Path: "/api/app/campaigns/{id}/cart", Access: app, Record: shown, Decode: decodeOrder, Encode: kit.EncodeCreated,
			Endpoint: makeAppOrderEndpoint(svc)},
		{Method: "DELETE", Path: "/api/app/campaigns/{id}/cart/{itemId}", Access: app, Record: shown, Decode: decodeItem, Encode: kit.EncodeJSON,
			Endpoint: makeAppWithdrawEndpoint(svc)},
	}
}
