package campaignhttp

import (
	"context"
	"io"
	"net/http"

	"github.com/go-kit/kit/endpoint"

	"vitrina/adapters/http/kit"
	appcampaign "vitrina/application/campaign"
	"vitrina/domain/kernel"
)

// partnerListRequest is the partner file's download: the campaign and the categories whose
// partners it lists (none: the campaign's own).
type partnerListRequest struct {
	ID         kernel.ID
	Categories []kernel.ID
}

func decodePartnerList(ctx context.Context, r *http.Request) (any, error) {
	raw, err := kit.DecodeJSON[linkBody](ctx, r)
	if err != nil {
		return nil, err
	}
	b := raw.(linkBody)
	id, err := b.campaign()
	if err != nil {
		return nil, err
	}
	cats, err := idList(b.Categories, "categories", "id", errCategories)
	if err != nil {
		return nil, err
	}
	return partnerListRequest{ID: id, Categories: cats}, nil
}

// decodeCartExport is the cart download: the Cart tab's filters and sort, every row.
func decodeCartExport(_ context.Context, r *http.Request) (any, error) {
	id, err := kit.PathID(r, "campaignId")
	if err != nil {
		return nil, err
	}
	q, err := kit.DecodeListQuery(r)
	if err != nil {
		return nil, err
	}
	return tabRequest{ID: id, Query: q}, nil
}

func makeExportPartnersEndpoint(sh *appcampaign.Sheets) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		r := req.(partnerListRequest)
		// Asked before the download starts: its headers go out with its first byte.
		if err := sh.Found(ctx, r.ID); err != nil {
			return nil, err
		}
		return kit.Download{Name: "Partners.xlsx", Write: func(ctx context.Context, w io.Writer) error {
			return sh.ExportPartners(ctx, w, r.ID, r.Categories)
		}}, nil
	}
}

func makeImportPartnersEndpoint(sh *appcampaign.Sheets) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		up := req.(kit.Upload)
		defer up.File.Close() //nolint:errcheck // a spooled upload; the server removes it after the request
		result, err := sh.ImportPartners(ctx, up.ID, up.File, up.Size, up.Name, up.Preview)
		return kit.ImportAnswer(result, err, true)
	}
}

func makeExportCartEndpoint(sh *appcampaign.Sheets) endpoint.Endpoint {
	return func(_ context.Context, req any) (any, error) {
		r := req.(tabRequest) // the campaign was found before the request was read (Record)
		q := r.Query
		return kit.Download{Name: "Cart.xlsx", Write: func(ctx context.Context, w io.Writer) error {
			return sh.ExportCart(ctx, w, r.ID, q)
		}}, nil
	}
}

// SheetRoutes are the campaign's Excel round trip: the partner file both ways and the cart's
// download (ADR 0019, Excel).
func SheetRoutes(sh *appcampaign.Sheets) []kit.Route {
	read := kit.Access{Resource: "campaigns", Action: "read"}
	write := kit.Access{Resource: "campaigns", Action: "write"}
	return []kit.Route{
		{Method: "POST", Path: "/api/getCampaignPartnerList", Access: read, Decode: decodePartnerList, Encode: kit.EncodeDownload,
			Endpoint: makeExportPartnersEndpoint(sh)},
		{Method: "POST", Path: "/api/saveCampaignPartners/{campaignId}", Access: write, Record: sh.Found, Decode: kit.DecodeUpload("campaignId"), Encode: kit.EncodeJSON, Import: "campaign_partners",
			Endpoint: makeImportPartnersEndpoint(sh)},
		{Method: "GET", Path: "/api/campaignDetailsById/cart/{campaignId}/excel", Access: read, Record: sh.Found, Decode: decodeCartExport,
			Encode: kit.EncodeDownload, Endpoint: makeExportCartEndpoint(sh)},
	}
}
