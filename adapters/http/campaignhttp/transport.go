// Package campaignhttp is the HTTP face of the campaign context: in the panel the campaigns
// with their images and visibility, their composition (products, categories, partners with
// cash; one by one or the stepper's save), the Partners and Cart tabs with their totals and
// the cart's deliveries (spec §7, issue 12); in the partner app a partner's campaigns, their
// products and its cart (app.go).
package campaignhttp

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/go-kit/kit/endpoint"

	"vitrina/adapters/http/kit"
	appcampaign "vitrina/application/campaign"
	"vitrina/domain/campaign"
	"vitrina/domain/kernel"
	"vitrina/ports"
	campaignports "vitrina/ports/campaign"
)

// Headers of the tabs' totals over the current filter (amounts in canonical decimal form).
const (
	HeaderTotalCash      = "X-Total-Cash"
	HeaderTotalOrdered   = "X-Total-Ordered"
	HeaderTotalDelivered = "X-Total-Delivered"
)

// Messages of the transport's own checks.
var (
	errCampaignID  = kernel.FieldError("campaign_id", "The campaign id field is required.")
	errProducts    = kernel.FieldError("products", "The products must be a list of ids.")
	errCategories  = kernel.FieldError("categories", "The categories must be a list of ids.")
	errPartners    = kernel.FieldError("partners", "The partners must be a list of partners with their cash.")
	errPartnerID   = kernel.FieldError("partner_id", "The partner id field is required.")
	errCashMissing = kernel.FieldError("cash", "The cash field is required.")
)

// money is an amount as JSON writes it: an exact decimal number.
func money(a kernel.Amount) json.Number { return json.Number(a.String()) }

// campaignJSON is a campaign as the campaigns table reads it.
type campaignJSON struct {
	ID          int64     `json:"id"`
	Name        string    `json:"name"`
	Description string    `json:"description"`
	Image       string    `json:"image"`
	ImageURL    string    `json:"image_url"`
	ThumbURL    string    `json:"thumb_url"`
	IsVisible   bool      `json:"is_visible"`
	IsActive    bool      `json:"is_active"`
	UpdatedAt   time.Time `json:"updated_at"`
	Version     int64     `json:"version"`
}

func toJSON(v campaignports.CampaignView) campaignJSON {
	url := appcampaign.ImageLink(v.Image)
	return campaignJSON{ID: v.ID, Name: v.Name, Description: v.Description, Image: v.Image, ImageURL: url, ThumbURL: url + "?size=thumb",
		IsVisible: v.IsVisible, IsActive: v.IsActive, UpdatedAt: v.UpdatedAt, Version: int64(v.Version)}
}

type pivotJSON struct {
	Cash json.Number `json:"cash"`
}

// partnerJSON is a partner of a campaign: the Partners tab's row and the details' partner.
type partnerJSON struct {
	ID            int64       `json:"id"`
	Name          string      `json:"name"`
	Phone         string      `json:"phone"`
	CategoryNames string      `json:"category_names"`
	City          string      `json:"city"`
	Pivot         pivotJSON   `json:"pivot"`
	Spent         json.Number `json:"spent"`
	InCategories  bool        `json:"in_categories"`
	// CategoryIDs are the partner's own categories; only the details answer them (the
	// Partners tab's rows leave the field out).
	CategoryIDs *[]int64 `json:"category_ids,omitempty"`
}

func partnerRow(v campaignports.PartnerView) partnerJSON {
	return partnerJSON{ID: v.PartnerID, Name: v.Name, Phone: v.Phone, CategoryNames: v.CategoryNames, City: v.City,
		Pivot: pivotJSON{Cash: money(v.Cash)}, Spent: money(v.Spent), InCategories: v.InCategories}
}

// productJSON is a product of a campaign.
type productJSON struct {
	ID       int64       `json:"id"`
	Name     string      `json:"name"`
	Image    string      `json:"image"`
	ImageURL string      `json:"image_url"`
	Price    json.Number `json:"price"`
	IsActive bool        `json:"is_active"`
}

func productRow(v campaignports.ProductView) productJSON {
	return productJSON{ID: v.ProductID, Name: v.Name, Image: v.Image, ImageURL: appcampaign.ProductImageLink(v.Image), Price: money(v.Price),
		IsActive: v.IsActive}
}

type refJSON struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// cartJSON is a row of the Cart tab; is_active is true when the item is delivered.
type cartJSON struct {
	ID        int64       `json:"id"`
	CreatedAt time.Time   `json:"created_at"`
	PartnerID int64       `json:"partner_id"`
	Name      string      `json:"name"`
	Phone     string      `json:"phone"`
	ProductID int64       `json:"product_id"`
	Product   string      `json:"product"`
	Price     json.Number `json:"price"`
	Quantity  int64       `json:"quantity"`
	Value     json.Number `json:"value"`
	IsActive  bool        `json:"is_active"`
}

func cartRow(v campaignports.CartItemView) cartJSON {
	value, err := v.Price.Mul(v.Quantity)
	if err != nil {
		value = kernel.Amount{}
	}
	return cartJSON{ID: v.ID, CreatedAt: v.CreatedAt, PartnerID: v.PartnerID, Name: v.Name, Phone: v.Phone, ProductID: v.ProductID,
		Product: v.Product, Price: money(v.Price), Quantity: v.Quantity, Value: money(value), IsActive: v.Delivered}
}

// detailsJSON is a campaign with its composition (GET one and the composition calls' answer).
type detailsJSON struct {
	campaignJSON
	Products   []productJSON `json:"products"`
	Categories []refJSON     `json:"categories"`
	Partners   []partnerJSON `json:"partners"`
}

func detailsOf(d appcampaign.Details) detailsJSON {
	out := detailsJSON{campaignJSON: toJSON(d.Campaign), Products: make([]productJSON, 0, len(d.Products)),
		Categories: make([]refJSON, 0, len(d.Categories)), Partners: make([]partnerJSON, 0, len(d.Partners))}
	for _, p := range d.Products {
		out.Products = append(out.Products, productRow(p))
	}
	for _, c := range d.Categories {
		out.Categories = append(out.Categories, refJSON{ID: c.ID, Name: c.Name})
	}
	for _, p := range d.Partners {
		row := partnerRow(p)
		ids := []int64{}
		for _, c := range d.PartnerCategories[kernel.ID(p.PartnerID)] {
			ids = append(ids, int64(c))
		}
		row.CategoryIDs = &ids
		out.Partners = append(out.Partners, row)
	}
	return out
}

// amountDetail adds the amount a cash refusal is about beside its fixed sentence (ADR 0019).
func amountDetail(err error) error {
	var ae *campaign.AmountError
	if errors.As(err, &ae) {
		return kit.WithDetail(err, map[string]string{ae.Key: ae.Amount.String()})
	}
	return err
}

// form is a decoded add or edit request.
type form struct {
	ID      kernel.ID
	Version kernel.Version
	Form    appcampaign.Form
}

func decodeCampaign(withID bool) func(context.Context, *http.Request) (any, error) {
	return func(_ context.Context, r *http.Request) (any, error) {
		var f form
		var err error
		if f.ID, f.Version, err = kit.MultipartEdit(r, withID); err != nil {
			return nil, err
		}
		f.Form.Input = campaign.Input{Name: r.FormValue("name"), Description: r.FormValue("description")}
		file, _, err := r.FormFile("image")
		switch {
		case err == nil:
			f.Form.Image = file // the server removes the multipart files when the request ends
		case errors.Is(err, http.ErrMissingFile):
		default:
			return nil, kit.ErrBadForm
		}
		return f, nil
	}
}

// decodeCampaignList is the campaigns list: the newest change first unless asked otherwise.
func decodeCampaignList(_ context.Context, r *http.Request) (any, error) {
	q, err := kit.DecodeListQuery(r)
	if err != nil {
		return nil, err
	}
	if q.Sort == "" && r.URL.Query().Get("order") == "" {
		q.Desc = true
	}
	return q, nil
}

// idList reads a JSON list of ids (numbers or numeric texts), or of objects carrying the id
// under key; anything else is bad.
func idList(raw json.RawMessage, field, key string, bad error) ([]kernel.ID, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var items []json.RawMessage
	if json.Unmarshal(raw, &items) != nil {
		return nil, bad
	}
	if err := campaign.CheckSize(field, len(items)); err != nil {
		return nil, err
	}
	if field == "categories" && len(items) > appcampaign.MaxCategories {
		return nil, kernel.FieldError("categories", "The categories may not have more than "+strconv.Itoa(appcampaign.MaxCategories)+" items.")
	}
	out := make([]kernel.ID, 0, len(items))
	for _, item := range items {
		var obj map[string]kit.OptionalID
		var id kit.OptionalID
		switch {
		case json.Unmarshal(item, &obj) == nil && obj[key].Value != nil && !obj[key].Invalid:
			out = append(out, kernel.ID(*obj[key].Value))
		case json.Unmarshal(item, &id) == nil && id.Value != nil && !id.Invalid:
			out = append(out, kernel.ID(*id.Value))
		default:
			return nil, bad
		}
	}
	return out, nil
}

// cashOf reads a cash sent as a number or a text.
func cashOf(raw json.RawMessage) (kernel.Amount, error) {
	s := strings.TrimSpace(string(raw))
	if s == "" || s == "null" {
		return kernel.Amount{}, errCashMissing
	}
	if strings.HasPrefix(s, `"`) {
		if json.Unmarshal(raw, &s) != nil {
			return kernel.Amount{}, errCashMissing
		}
	}
	return campaign.ParseCash("cash", s)
}

// partnerList reads partners with their cash: [{id, cash}] or [{partner_id, cash}].
func partnerList(raw json.RawMessage) ([]campaign.PartnerCash, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var items []struct {
		ID        kit.OptionalID  `json:"id"`
		PartnerID kit.OptionalID  `json:"partner_id"`
		Cash      json.RawMessage `json:"cash"`
	}
	if json.Unmarshal(raw, &items) != nil {
		return nil, errPartners
	}
	if err := campaign.CheckSize("partners", len(items)); err != nil {
		return nil, err
	}
	out := make([]campaign.PartnerCash, 0, len(items))
	for _, it := range items {
		id := it.PartnerID
		if id.Value == nil {
			id = it.ID
		}
		if id.Invalid || id.Value == nil || *id.Value <= 0 {
			return nil, errPartners
		}
		cash, err := cashOf(it.Cash)
		if err != nil {
			return nil, err
		}
		pc, err := campaign.NewPartnerCash(kernel.ID(*id.Value), cash)
		if err != nil {
			return nil, err
		}
		out = append(out, pc)
	}
	return out, nil
}

// linkBody is the body of productCampaigns, categoryCampaigns and partnerCampaigns.
type linkBody struct {
	CampaignID kit.OptionalID  `json:"campaign_id"`
	Products   json.RawMessage `json:"products"`
	Categories json.RawMessage `json:"categories"`
	Partners   json.RawMessage `json:"partners"`
}

func (b linkBody) campaign() (kernel.ID, error) {
	if b.CampaignID.Invalid || b.CampaignID.Value == nil || *b.CampaignID.Value <= 0 {
		return 0, errCampaignID
	}
	return kernel.ID(*b.CampaignID.Value), nil
}

// linkRequest is a decoded link call: the campaign and what it links.
type linkRequest struct {
	ID          kernel.ID
	Version     kernel.Version
	IDs         []kernel.ID
	Partners    []campaign.PartnerCash
	Composition campaign.Selection
}

func decodeLink(kind string) func(context.Context, *http.Request) (any, error) {
	return func(ctx context.Context, r *http.Request) (any, error) {
		raw, err := kit.DecodeJSON[linkBody](ctx, r)
		if err != nil {
			return nil, err
		}
		b := raw.(linkBody)
		id, err := b.campaign()
		if err != nil {
			return nil, err
		}
		req := linkRequest{ID: id}
		switch kind {
		case "products":
			req.IDs, err = idList(b.Products, "products", "id", errProducts)
		case "categories":
			req.IDs, err = idList(b.Categories, "categories", "id", errCategories)
		default:
			req.Partners, err = partnerList(b.Partners)
		}
		return req, err
	}
}

// composeBody is the stepper's save.
type composeBody struct {
	Partners   json.RawMessage `json:"partners"`
	Categories json.RawMessage `json:"categories"`
	Products   json.RawMessage `json:"products"`
}

func decodeCompose(ctx context.Context, r *http.Request) (any, error) {
	id, err := kit.PathID(r, "id")
	if err != nil {
		return nil, err
	}
	raw, err := kit.DecodeEdit[composeBody](ctx, r)
	if err != nil {
		return nil, err
	}
	e := raw.(kit.Edit[composeBody])
	b := e.Body
	var c campaign.Selection
	if c.Categories, err = idList(b.Categories, "categories", "category_id", errCategories); err != nil {
		return nil, err
	}
	if c.Products, err = idList(b.Products, "products", "product_id", errProducts); err != nil {
		return nil, err
	}
	if c.Partners, err = partnerList(b.Partners); err != nil {
		return nil, err
	}
	return linkRequest{ID: id, Version: e.Version, Composition: c}, nil
}

// cashBody is one partner's cash.
type cashBody struct {
	Cash      json.RawMessage `json:"cash"`
	PartnerID kit.OptionalID  `json:"partner_id"`
}

type cashRequest struct {
	ID        kernel.ID
	PartnerID kernel.ID
	Cash      kernel.Amount
}

func decodeCash(ctx context.Context, r *http.Request) (any, error) {
	id, err := kit.PathID(r, "campaignId")
	if err != nil {
		return nil, err
	}
	raw, err := kit.DecodeJSON[cashBody](ctx, r)
	if err != nil {
		return nil, err
	}
	b := raw.(cashBody)
	var val kernel.Validation
	if b.PartnerID.Invalid || b.PartnerID.Value == nil || *b.PartnerID.Value <= 0 {
		val.Merge(errPartnerID)
	}
	cash, err := cashOf(b.Cash)
	val.Merge(err)
	if err := val.Err(); err != nil {
		return nil, err
	}
	return cashRequest{ID: id, PartnerID: kernel.ID(*b.PartnerID.Value), Cash: cash}, nil
}

// pairRequest names a campaign and one of its links by path.
type pairRequest struct {
	ID    kernel.ID
	Other kernel.ID
}

func decodePair(other string) func(context.Context, *http.Request) (any, error) {
	return func(_ context.Context, r *http.Request) (any, error) {
		id, err := kit.PathID(r, "campaignId")
		if err != nil {
			return nil, err
		}
		o, err := kit.PathID(r, other)
		if err != nil {
			return nil, err
		}
		return pairRequest{ID: id, Other: o}, nil
	}
}

// tabRequest is a page of one of the details' tabs.
type tabRequest struct {
	ID    kernel.ID
	Query ports.ListQuery
}

// decodeTab reads a tab's list request; the tabs always answer one page (the first of
// kit.DefaultPerPage rows when none is asked for), so their totals go with it.
func decodeTab(_ context.Context, r *http.Request) (any, error) {
	id, err := kit.PathID(r, "campaignId")
	if err != nil {
		return nil, err
	}
	q, err := kit.DecodeListQuery(r)
	if err != nil {
		return nil, err
	}
	if !q.Paged() {
		q.Page = 1
		if q.PerPage == 0 {
			q.PerPage = kit.DefaultPerPage
		}
	}
	return tabRequest{ID: id, Query: q}, nil
}

// tabPage is a page of a tab with its totals' headers.
type tabPage[T any] struct {
	page    kit.PageResponse[T]
	headers map[string]string
}

func encodeTab[T any](ctx context.Context, w http.ResponseWriter, response any) error {
	if p, ok := response.(tabPage[T]); ok {
		for k, v := range p.headers {
			w.Header().Set(k, v)
		}
		return kit.EncodeList[T](ctx, w, p.page)
	}
	return kit.EncodeList[T](ctx, w, response)
}

// The campaign's endpoints, one named constructor each (go-kit's makeXEndpoint shape): each
// takes its decoded request, calls one use case and answers the JSON view.

// detailsAnswer is the campaign's data as its details screen shows it.
func detailsAnswer(ctx context.Context, svc *appcampaign.Service, id kernel.ID) (any, error) {
	d, err := svc.Details(ctx, id)
	if err != nil {
		return nil, err
	}
	return detailsOf(d), nil
}

func makeDetailsEndpoint(svc *appcampaign.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		return detailsAnswer(ctx, svc, req.(kit.IDRequest).ID)
	}
}

func makeCreateEndpoint(svc *appcampaign.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		v, err := svc.Create(ctx, req.(form).Form)
		return kit.JSONOr(toJSON, v, err)
	}
}

func makeUpdateEndpoint(svc *appcampaign.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		f := req.(form)
		v, err := svc.Update(ctx, f.ID, f.Version, f.Form)
		return kit.JSONOr(toJSON, v, err)
	}
}

func makeToggleVisibleEndpoint(svc *appcampaign.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		visible, err := svc.ToggleVisible(ctx, req.(kit.IDRequest).ID)
		if err != nil {
			return nil, err
		}
		return map[string]bool{"is_visible": visible}, nil
	}
}

func makeAddProductsEndpoint(svc *appcampaign.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		r := req.(linkRequest)
		if err := svc.AddProducts(ctx, r.ID, r.IDs); err != nil {
			return nil, err
		}
		return detailsAnswer(ctx, svc, r.ID)
	}
}

func makeAddCategoriesEndpoint(svc *appcampaign.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		r := req.(linkRequest)
		if err := svc.AddCategories(ctx, r.ID, r.IDs); err != nil {
			return nil, err
		}
		d, err := svc.Details(ctx, r.ID)
		if err != nil {
			return nil, err
		}
		return detailsOf(d).Categories, nil
	}
}

func makeAddPartnersEndpoint(svc *appcampaign.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		r := req.(linkRequest)
		if err := svc.AddPartners(ctx, r.ID, r.Partners); err != nil {
			return nil, amountDetail(err)
		}
		return detailsAnswer(ctx, svc, r.ID)
	}
}

func makeSetCashEndpoint(svc *appcampaign.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		r := req.(cashRequest)
		if err := svc.SetCash(ctx, r.ID, r.PartnerID, r.Cash); err != nil {
			return nil, amountDetail(err)
		}
		return map[string]any{"partner_id": int64(r.PartnerID), "pivot": pivotJSON{Cash: money(r.Cash)}}, nil
	}
}

func makeComposeEndpoint(svc *appcampaign.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		r := req.(linkRequest)
		if err := svc.Compose(ctx, r.ID, r.Version, r.Composition); err != nil {
			return nil, amountDetail(err)
		}
		return detailsAnswer(ctx, svc, r.ID)
	}
}

func makeRemoveProductEndpoint(svc *appcampaign.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		r := req.(pairRequest)
		if err := svc.RemoveProduct(ctx, r.ID, r.Other); err != nil {
			return nil, err
		}
		return detailsAnswer(ctx, svc, r.ID)
	}
}

func makeRemoveCategoryEndpoint(svc *appcampaign.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		r := req.(pairRequest)
		removed, err := svc.RemoveCategory(ctx, r.ID, r.Other)
		if err != nil {
			return nil, err
		}
		d, err := svc.Details(ctx, r.ID)
		if err != nil {
			return nil, err
		}
		out := removedAnswer{detailsJSON: detailsOf(d), Removed: make([]int64, 0, len(removed))}
		for _, p := range removed {
			out.Removed = append(out.Removed, int64(p))
		}
		return out, nil
	}
}

func makeRemovePartnerEndpoint(svc *appcampaign.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		r := req.(pairRequest)
		if err := svc.RemovePartner(ctx, r.ID, r.Other); err != nil {
			return nil, err
		}
		return detailsAnswer(ctx, svc, r.ID)
	}
}

func makePartnersTabEndpoint(svc *appcampaign.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		r := req.(tabRequest)
		p, err := svc.Partners(ctx, r.ID, r.Query)
		if err != nil {
			return nil, err
		}
		return tabPage[partnerJSON]{page: kit.PageOf(p.Total, p.Items, partnerRow),
			headers: map[string]string{HeaderTotalCash: p.Cash.String()}}, nil
	}
}

func makeCartTabEndpoint(svc *appcampaign.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		r := req.(tabRequest)
		p, err := svc.Cart(ctx, r.ID, r.Query)
		if err != nil {
			return nil, err
		}
		return tabPage[cartJSON]{page: kit.PageOf(p.Total, p.Items, cartRow),
			headers: map[string]string{HeaderTotalOrdered: p.Totals.Ordered.String(), HeaderTotalDelivered: p.Totals.Delivered.String()}}, nil
	}
}

func makeProductsTabEndpoint(svc *appcampaign.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		r := req.(tabRequest)
		p, err := svc.Products(ctx, r.ID, r.Query)
		if err != nil {
			return nil, err
		}
		return kit.PageOf(p.Total, p.Items, productRow), nil
	}
}

func makeCategoriesTabEndpoint(svc *appcampaign.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		r := req.(tabRequest)
		p, err := svc.Categories(ctx, r.ID, r.Query)
		if err != nil {
			return nil, err
		}
		out := kit.PageResponse[refJSON]{Total: p.Total, Items: make([]refJSON, 0, len(p.Items))}
		for _, v := range p.Items {
			out.Items = append(out.Items, refJSON{ID: v.ID, Name: v.Name})
		}
		return out, nil
	}
}

// Routes are the panel's campaign calls: the route table.
func Routes(svc *appcampaign.Service) []kit.Route {
	read := kit.Access{Resource: "campaigns", Action: "read"}
	write := kit.Access{Resource: "campaigns", Action: "write"}
	lists := svc.Lists()
	campaign := kit.Found(lists.Campaigns)
	list := kit.ListRoute("/api/campaigns", read, lists.Campaigns, toJSON, nil)
	list.Decode = decodeCampaignList
	return []kit.Route{
		list,
		{Method: "GET", Path: "/api/campaigns/{id}", Access: read, Record: campaign, Decode: kit.DecodeID, Encode: kit.EncodeJSON,
			Endpoint: makeDetailsEndpoint(svc)},
		{Method: "POST", Path: "/api/campaigns", Access: write, Decode: decodeCampaign(false), Encode: kit.EncodeCreated,
			Endpoint: makeCreateEndpoint(svc)},
		{Method: "POST", Path: "/api/campaigns/{id}", Access: write, Record: campaign, Decode: decodeCampaign(true), Encode: kit.EncodeJSON,
			Endpoint: makeUpdateEndpoint(svc)},
		kit.ToggleRoute("/api/campaigns", write, campaign, svc.ToggleActive),
		{Method: "PUT", Path: "/api/campaigns/activate/{id}", Access: write, Record: campaign, Decode: kit.DecodeID, Encode: kit.EncodeJSON,
			Endpoint: makeToggleVisibleEndpoint(svc)},

		// The composition: links named in the body, the cash, the stepper's whole save, removals.
		{Method: "POST", Path: "/api/productCampaigns", Access: write, Decode: decodeLink("products"), Encode: kit.EncodeJSON,
			Endpoint: makeAddProductsEndpoint(svc)},
		{Method: "POST", Path: "/api/categoryCampaigns", Access: write, Decode: decodeLink("categories"), Encode: kit.EncodeJSON,
			Endpoint: makeAddCategoriesEndpoint(svc)},
		{Method: "POST", Path: "/api/partnerCampaigns", Access: write, Decode: decodeLink("partners"), Encode: kit.EncodeJSON,
			Endpoint: makeAddPartnersEndpoint(svc)},
		{Method: "POST", Path: "/api/partnerCampaignsCash/{campaignId}", Access: write, Record: campaign, Decode: decodeCash, Encode: kit.EncodeJSON,
			Endpoint: makeSetCashEndpoint(svc)},
		{Method: "PUT", Path: "/api/campaignDetails/{id}", Access: write, Record: campaign, Decode: decodeCompose, Encode: kit.EncodeJSON,
			Endpoint: makeComposeEndpoint(svc)},
		{Method: "DELETE", Path: "/api/deleteCampaignItemProduct/{campaignId}/{productId}", Access: write, Record: campaign,
			Decode: decodePair("productId"), Encode: kit.EncodeJSON, Endpoint: makeRemoveProductEndpoint(svc)},
		{Method: "DELETE", Path: "/api/deleteCampaignItemCategory/{campaignId}/{categoryId}", Access: write, Record: campaign,
			Decode: decodePair("categoryId"), Encode: kit.EncodeJSON, Endpoint: makeRemoveCategoryEndpoint(svc)},
		{Method: "DELETE", Path: "/api/deleteCampaignItemPartner/{campaignId}/{partnerId}", Access: write, Record: campaign,
			Decode: decodePair("partnerId"), Encode: kit.EncodeJSON, Endpoint: makeRemovePartnerEndpoint(svc)},

		// The details screen's tabs, and the delivery toggle of a cart item.
		{Method: "GET", Path: "/api/campaignDetailsById/partners/{campaignId}", Access: read, Record: campaign, Decode: decodeTab, List: kit.ListOf("campaignPartners", lists.Partners),
			Encode: encodeTab[partnerJSON], Endpoint: makePartnersTabEndpoint(svc)},
		{Method: "GET", Path: "/api/campaignDetailsById/cart/{campaignId}", Access: read, Record: campaign, Decode: decodeTab, List: kit.ListOf("campaignCart", lists.Cart),
			Encode: encodeTab[cartJSON], Endpoint: makeCartTabEndpoint(svc)},
		kit.ToggleRoute("/api/deleteCampaignItemCart", write, kit.Found(lists.Cart), svc.ToggleDelivery),
		{Method: "GET", Path: "/api/campaignDetailsById/products/{campaignId}", Access: read, Record: campaign, Decode: decodeTab, List: kit.ListOf("campaignProducts", lists.Products),
			Encode: kit.EncodeList[productJSON], Endpoint: makeProductsTabEndpoint(svc)},
		{Method: "GET", Path: "/api/campaignDetailsById/categories/{campaignId}", Access: read, Record: campaign, Decode: decodeTab, List: kit.ListOf("campaignCategories", lists.Categories),
			Encode: kit.EncodeList[refJSON], Endpoint: makeCategoriesTabEndpoint(svc)},
	}
}

// removedAnswer is the category removal's answer: the campaign's data and the partners the
// removal pruned (removed_partners, an empty list when none).
type removedAnswer struct {
	detailsJSON
	Removed []int64 `json:"removed_partners"`
}
