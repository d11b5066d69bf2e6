package campaignhttp

import (
	"context"
	"errors"
	"io"
	"mime/multipart"
	"net/http"

	"github.com/go-kit/kit/endpoint"

	"vitrina/adapters/http/kit"
	appcampaign "vitrina/application/campaign"
	"vitrina/application/spreadsheet"
	"vitrina/domain/kernel"
)

type problemJSON struct {
	Row     int    `json:"row"`
	Column  string `json:"column"`
	Message string `json:"message"`
}

// importJSON is the answer of a campaign's partner file upload (and its 422's detail).
type importJSON struct {
	Added        int           `json:"added"`
	Updated      int           `json:"updated"`
	Unchanged    int           `json:"unchanged"`
	Skipped      int           `json:"skipped"` // the same as unchanged, for the panels that read it
	Rejected     int           `json:"rejected"`
	Problems     []problemJSON `json:"problems"`
	MoreProblems int           `json:"more_problems"`
}

func importResult(r spreadsheet.Result) importJSON {
	out := importJSON{Added: r.Added, Updated: r.Updated, Unchanged: r.Unchanged, Skipped: r.Unchanged, Rejected: r.Rejected,
		Problems: make([]problemJSON, 0, len(r.Problems)), MoreProblems: r.MoreProblems}
	for _, p := range r.Problems {
		out.Problems = append(out.Problems, problemJSON{Row: p.Row, Column: p.Column, Message: p.Message})
	}
	return out
}

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

// upload is an uploaded partner file of a campaign: past 1 MiB spooled to disk, removed after
// the request.
type upload struct {
	id      kernel.ID
	file    multipart.File
	size    int64
	preview bool
}

func decodeUpload(_ context.Context, r *http.Request) (any, error) {
	id, err := kit.PathID(r, "campaignId")
	if err != nil {
		return nil, err
	}
	preview := r.URL.Query().Get("preview")
	up := upload{id: id, preview: preview == "1" || preview == "true"}
	if err := r.ParseMultipartForm(1 << 20); err != nil {
		var maxErr *http.MaxBytesError
		if errors.As(err, &maxErr) {
			return nil, kit.ErrBodyTooBig
		}
		return nil, kit.ErrBadForm
	}
	// The spreadsheet reader refuses a file over its size limit with its own message.
	file, header, err := r.FormFile("file")
	if err != nil {
		return nil, kernel.FieldError("file", "The file field is required.")
	}
	up.file, up.size = file, header.Size
	return up, nil
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
		up := req.(upload)
		defer up.file.Close() //nolint:errcheck // a spooled upload; the server removes it after the request
		result, err := sh.ImportPartners(ctx, up.id, up.file, up.size, up.preview)
		var rejected *spreadsheet.Rejected
		if errors.As(err, &rejected) {
			return nil, kit.WithDetail(err, importResult(rejected.Result))
		}
		if err != nil {
			return nil, err
		}
		return importResult(result), nil
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
		{Method: "POST", Path: "/api/saveCampaignPartners/{campaignId}", Access: write, Record: sh.Found, Decode: decodeUpload, Encode: kit.EncodeJSON,
			Endpoint: makeImportPartnersEndpoint(sh)},
		{Method: "GET", Path: "/api/campaignDetailsById/cart/{campaignId}/excel", Access: read, Record: sh.Found, Decode: decodeCartExport,
			Encode: kit.EncodeDownload, Endpoint: makeExportCartEndpoint(sh)},
	}
}
