// Package contenthttp is the HTTP face of the content context in the panel: sliders with
// their images and safe pages, visibility, the page-image upload, and the partners who
// signed up to or ordered from a slider with their Excel list and confirmation (spec §7).
package contenthttp

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/go-kit/kit/endpoint"

	"vitrina/adapters/http/kit"
	appcontent "vitrina/application/content"
	"vitrina/domain/content"
	"vitrina/domain/kernel"
	"vitrina/ports"
	contentports "vitrina/ports/content"
)

// MaxContentImageBytes is the largest page image the editor uploads (spec §9: 5,242,880
// bytes); a request can carry it and its multipart framing, nothing much more.
const (
	MaxContentImageBytes = 5_242_880
	maxContentImageBody  = MaxContentImageBytes + 64<<10
)

// Limits of the form's JSON texts, past which they are refused unread.
const (
	maxCategoriesText = 100_000
	maxDatesText      = 10_000
)

// Messages of the transport's own checks.
var (
	errImageTooBig   = kernel.FieldError("image", "The image may not be greater than 5120 kilobytes.")
	errImageRequired = kernel.FieldError("image", "The image field is required.")
	errCategoriesBad = kernel.FieldError("categories", "The categories must be a list of ids.")
	errCategoriesBig = kernel.FieldError("categories", "The categories may not have more than "+strconv.Itoa(content.MaxCategories)+" items.")
	errDatesBad      = kernel.FieldError("dates", "The dates must be dates in the format YYYY-MM-DD.")
	errDatesBig      = kernel.FieldError("dates", "The dates may not have more than "+strconv.Itoa(content.MaxDates)+" items.")
	errPartnersBad   = kernel.FieldError("partners", "The partners must be a list of ids.")
)

type ref struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// sliderJSON is a slider as the panel reads it (the contract of issue 11).
type sliderJSON struct {
	ID                 int64     `json:"id"`
	Name               string    `json:"name"`
	Type               int       `json:"type"`
	Image              string    `json:"image"`
	ImageURL           string    `json:"image_url"`
	ThumbURL           string    `json:"thumb_url"`
	Wysiwyg            *string   `json:"wyswygimg"`
	WysiwygURL         *string   `json:"wyswygimg_url"`
	PageContent        string    `json:"page_content"`
	PageContentDetails string    `json:"page_content_details"`
	PushNotification   bool      `json:"push_notification"`
	NotificationText   string    `json:"notification_text"`
	Dates              []string  `json:"dates"`
	AvailableDates     []string  `json:"available_dates"`
	StartDate          *string   `json:"start_date"`
	EndDate            *string   `json:"end_date"`
	Categories         []ref     `json:"categories"`
	CategoryNames      string    `json:"category_names"`
	IsVisible          bool      `json:"is_visible"`
	IsActive           bool      `json:"is_active"`
	UpdatedAt          time.Time `json:"updated_at"`
	Version            int64     `json:"version"`
	SignUps            int       `json:"signups_count"`
	Orders             int       `json:"orders_count"`
	OrderedQuantity    int64     `json:"ordered_quantity"`
	// Notification is the notification a save sent (its answer alone); null otherwise.
	Notification *notificationJSON `json:"notification"`
}

// optionalImage is the name and the address of an image, both null when there is none.
func optionalImage(name string) (*string, *string) {
	if name == "" {
		return nil, nil
	}
	url := appcontent.ImageLink(name)
	return &name, &url
}

// toJSON writes views; the available days count from the service's today.
func toJSON(svc *appcontent.Service) func(contentports.SliderView) sliderJSON {
	return func(v contentports.SliderView) sliderJSON {
		url := appcontent.ImageLink(v.Image)
		out := sliderJSON{ID: v.ID, Name: v.Name, Type: int(v.Type), Image: v.Image, ImageURL: url, ThumbURL: url + "?size=thumb",
			PageContent: v.PageContent, PageContentDetails: v.PageContent, PushNotification: v.PushNotification,
			NotificationText: v.NotificationText, Dates: v.Dates, AvailableDates: svc.AvailableDates(v.Dates), StartDate: v.StartDate,
			EndDate: v.EndDate, Categories: make([]ref, 0, len(v.Categories)), CategoryNames: v.CategoryNames(), IsVisible: v.IsVisible,
			IsActive: v.IsActive, UpdatedAt: v.UpdatedAt, Version: int64(v.Version), SignUps: v.SignUps, Orders: v.Orders,
			OrderedQuantity: v.OrderedQuantity}
		out.Wysiwyg, out.WysiwygURL = optionalImage(v.Wysiwyg)
		if v.Notification != nil {
			n := notificationRow(*v.Notification)
			out.Notification = &n
		}
		if out.Dates == nil {
			out.Dates = []string{}
		}
		for _, c := range v.Categories {
			out.Categories = append(out.Categories, ref{ID: c.ID, Name: c.Name})
		}
		return out
	}
}

// partnerJSON is a row of a slider's partners.
type partnerJSON struct {
	ID            int64    `json:"id"`
	Name          string   `json:"name"`
	CategoryNames string   `json:"category_names"`
	AllDates      []string `json:"all_dates"`
	Quantity      int64    `json:"quantity"`
	Order         bool     `json:"order"`
	Confirmed     bool     `json:"confirmed"`
}

func partnerRow(v contentports.SliderPartnerView) partnerJSON {
	dates := v.Dates
	if dates == nil {
		dates = []string{}
	}
	return partnerJSON{ID: v.PartnerID, Name: v.Name, CategoryNames: v.CategoryNames, AllDates: dates, Quantity: v.Quantity,
		Order: v.Quantity > 0, Confirmed: v.Confirmed}
}

// flag reads a form's boolean: 1, true, 0, false or nothing (false).
func flag(r *http.Request, field string) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(r.FormValue(field))) {
	case "1", "true", "on":
		return true, nil
	case "", "0", "false", "off":
		return false, nil
	}
	return false, kernel.FieldError(field, "The "+strings.ReplaceAll(field, "_", " ")+" field must be true or false.")
}

// categoryIDs reads the form's categories: a JSON list of ids or of objects with an id.
func categoryIDs(text string) ([]kernel.ID, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return nil, nil
	}
	if len(text) > maxCategoriesText {
		return nil, errCategoriesBig
	}
	var raw []json.RawMessage
	if json.Unmarshal([]byte(text), &raw) != nil {
		return nil, errCategoriesBad
	}
	if len(raw) > content.MaxCategories {
		return nil, errCategoriesBig
	}
	out := make([]kernel.ID, 0, len(raw))
	for _, item := range raw {
		var obj struct {
			ID kit.OptionalID `json:"id"`
		}
		var id kit.OptionalID
		switch {
		case json.Unmarshal(item, &obj) == nil && obj.ID.Value != nil:
			out = append(out, kernel.ID(*obj.ID.Value))
		case json.Unmarshal(item, &id) == nil && id.Value != nil && !id.Invalid:
			out = append(out, kernel.ID(*id.Value))
		default:
			return nil, errCategoriesBad
		}
	}
	return out, nil
}

// dates reads a seminar's days: a JSON list of texts, or nothing.
func dates(text string) ([]string, error) {
	text = strings.TrimSpace(text)
	if text == "" || text == "null" {
		return nil, nil
	}
	if len(text) > maxDatesText {
		return nil, errDatesBig
	}
	var out []string
	if json.Unmarshal([]byte(text), &out) != nil {
		return nil, errDatesBad
	}
	return out, nil
}

// sliderForm is a decoded add or edit request.
type sliderForm struct {
	ID      kernel.ID
	Version kernel.Version
	Form    appcontent.SliderForm
}

// typeOf reads the type: 0 when none was sent, -1 when it is not a number.
func typeOf(s string) content.Type {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return -1
	}
	return content.Type(n)
}

func decodeSlider(withID bool) func(context.Context, *http.Request) (any, error) {
	return func(_ context.Context, r *http.Request) (any, error) {
		var f sliderForm
		var err error
		if f.ID, f.Version, err = kit.MultipartEdit(r, withID); err != nil {
			return nil, err
		}
		cats, err := categoryIDs(r.FormValue("categories"))
		if err != nil {
			return nil, err
		}
		days, err := dates(r.FormValue("dates"))
		if err != nil {
			return nil, err
		}
		push, err := flag(r, "push_notification")
		if err != nil {
			return nil, err
		}
		remove, err := flag(r, "remove")
		if err != nil {
			return nil, err
		}
		f.Form = appcontent.SliderForm{Remove: remove, Input: content.Input{Name: r.FormValue("name"), Type: typeOf(r.FormValue("type")),
			PageContent: r.FormValue("page_content"), PushNotification: push, NotificationText: r.FormValue("notification_text"),
			CategoryIDs: cats, Dates: days, StartDate: r.FormValue("start_date"), EndDate: r.FormValue("end_date")}}
		for field, dst := range map[string]*io.Reader{"image": &f.Form.Image, "wyswygimg": &f.Form.Wysiwyg} {
			file, _, err := r.FormFile(field)
			switch {
			case err == nil:
				*dst = file // the server removes the multipart files when the request ends
			case errors.Is(err, http.ErrMissingFile):
			default:
				return nil, kit.ErrBadForm
			}
		}
		return f, nil
	}
}

// boundedPart is the uploaded image as it streams in: reading past the request's bound is
// the image's own message, not a bare 413.
type boundedPart struct{ r io.Reader }

func (b boundedPart) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	var maxErr *http.MaxBytesError
	if errors.As(err, &maxErr) {
		return n, errImageTooBig
	}
	return n, err
}

// decodeContentImage streams the editor's upload: a body announced larger than an image of
// MaxContentImageBytes can be is refused before any of it is read, and any other body is
// read only up to that bound (the image store reads at most 5 MB of the file itself).
func decodeContentImage(_ context.Context, r *http.Request) (any, error) {
	if r.ContentLength > maxContentImageBody {
		return nil, errImageTooBig
	}
	r.Body = http.MaxBytesReader(nil, r.Body, maxContentImageBody)
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, kit.ErrBadForm
	}
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return nil, errImageRequired
		}
		var maxErr *http.MaxBytesError
		if errors.As(err, &maxErr) {
			return nil, errImageTooBig
		}
		if err != nil {
			return nil, kit.ErrBadForm
		}
		if part.FormName() == "image" && part.FileName() != "" {
			return io.Reader(boundedPart{r: part}), nil
		}
	}
}

// decodeSliderList is the sliders list request: the newest change first unless a sort or an
// order is asked for.
func decodeSliderList(_ context.Context, r *http.Request) (any, error) {
	q, err := kit.DecodeListQuery(r)
	if err != nil {
		return nil, err
	}
	if q.Sort == "" && r.URL.Query().Get("order") == "" {
		q.Desc = true
	}
	return q, nil
}

// recordListRequest is a list request on the rows of the record {id}: a slider's partners,
// a notification's deliveries.
type recordListRequest struct {
	ID    kernel.ID
	Query ports.ListQuery
}

func decodeRecordList(_ context.Context, r *http.Request) (any, error) {
	id, err := kit.PathID(r, "id")
	if err != nil {
		return nil, err
	}
	q, err := kit.DecodeListQuery(r)
	if err != nil {
		return nil, err
	}
	return recordListRequest{ID: id, Query: q}, nil
}

// partnersPage is a page of a slider's partners with its total quantity.
type partnersPage struct {
	page     kit.PageResponse[partnerJSON]
	quantity int64
}

func encodePartners(ctx context.Context, w http.ResponseWriter, response any) error {
	if p, ok := response.(partnersPage); ok {
		w.Header().Set("X-Total-Quantity", strconv.FormatInt(p.quantity, 10))
		return kit.EncodeList[partnerJSON](ctx, w, p.page)
	}
	return kit.EncodeList[partnerJSON](ctx, w, response)
}

// confirmForm is the confirmation's body: the partners' ids as numbers or numeric texts.
type confirmForm struct {
	Partners json.RawMessage `json:"partners"`
}

// errNoPartners is a confirmation without its list; an empty list confirms nobody.
var errNoPartners = kernel.FieldError("partners", "The partners field is required.")

func (f confirmForm) ids() ([]kernel.ID, error) {
	if len(f.Partners) == 0 || string(f.Partners) == "null" {
		return nil, errNoPartners
	}
	var raw []kit.OptionalID
	if json.Unmarshal(f.Partners, &raw) != nil {
		return nil, errPartnersBad
	}
	if len(raw) > appcontent.MaxConfirm {
		return nil, kernel.FieldError("partners", "The partners may not have more than "+strconv.Itoa(appcontent.MaxConfirm)+" items.")
	}
	out := make([]kernel.ID, 0, len(raw))
	for _, r := range raw {
		if r.Invalid || r.Value == nil || *r.Value <= 0 {
			return nil, errPartnersBad
		}
		out = append(out, kernel.ID(*r.Value))
	}
	return out, nil
}

// confirmRequest is a confirmation of the sign-ups of some partners to the slider {id}.
type confirmRequest struct {
	ID       kernel.ID
	Partners []kernel.ID
}

func decodeConfirm(ctx context.Context, r *http.Request) (any, error) {
	id, err := kit.PathID(r, "id")
	if err != nil {
		return nil, err
	}
	body, err := kit.DecodeJSON[confirmForm](ctx, r)
	if err != nil {
		return nil, err
	}
	ids, err := body.(confirmForm).ids()
	if err != nil {
		return nil, err
	}
	return confirmRequest{ID: id, Partners: ids}, nil
}

// The sliders' endpoints, one named constructor each (go-kit's makeXEndpoint shape): each
// takes its decoded request, calls one use case and answers the JSON view.

func makeCreateSliderEndpoint(svc *appcontent.Service) endpoint.Endpoint {
	asJSON := toJSON(svc)
	return func(ctx context.Context, req any) (any, error) {
		f := req.(sliderForm).Form
		f.By = kit.UserID(ctx)
		v, err := svc.Create(ctx, f)
		return kit.JSONOr(asJSON, v, partialDelivery(err))
	}
}

func makeUpdateSliderEndpoint(svc *appcontent.Service) endpoint.Endpoint {
	asJSON := toJSON(svc)
	return func(ctx context.Context, req any) (any, error) {
		f := req.(sliderForm)
		f.Form.By = kit.UserID(ctx)
		v, err := svc.Update(ctx, f.ID, f.Version, f.Form)
		return kit.JSONOr(asJSON, v, partialDelivery(err))
	}
}

func makeToggleVisibleEndpoint(svc *appcontent.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		visible, err := svc.ToggleVisible(ctx, req.(kit.IDRequest).ID)
		if err != nil {
			return nil, err
		}
		return map[string]bool{"is_visible": visible}, nil
	}
}

func makeContentImageEndpoint(svc *appcontent.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		link, err := svc.UploadContentImage(ctx, req.(io.Reader))
		if err != nil {
			return nil, err
		}
		return map[string]string{"link": link}, nil
	}
}

func makeSliderPartnersEndpoint(svc *appcontent.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		r := req.(recordListRequest)
		if !r.Query.Paged() {
			return kit.Stream(func(ctx context.Context, emit func(any) error) error {
				return svc.StreamPartners(ctx, r.ID, r.Query, func(v contentports.SliderPartnerView) error { return emit(partnerRow(v)) })
			}), nil
		}
		p, err := svc.Partners(ctx, r.ID, r.Query)
		if err != nil {
			return nil, err
		}
		return partnersPage{page: kit.PageOf(p.Total, p.Items, partnerRow), quantity: p.Quantity}, nil
	}
}

func makeExportPartnersEndpoint(svc *appcontent.Service) endpoint.Endpoint {
	return func(_ context.Context, req any) (any, error) {
		r := req.(recordListRequest)
		return kit.Download{Name: "Partners.xlsx", Write: func(ctx context.Context, w io.Writer) error {
			return svc.Export(ctx, w, r.ID, r.Query)
		}}, nil
	}
}

func makeConfirmEndpoint(svc *appcontent.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		r := req.(confirmRequest)
		n, err := svc.Confirm(ctx, r.ID, r.Partners)
		if err != nil {
			return nil, err
		}
		return map[string]int{"confirmed": n}, nil
	}
}

// Routes are the panel's slider calls: the route table.
func Routes(svc *appcontent.Service) []kit.Route {
	lists := svc.Lists()
	read := kit.Access{Resource: "sliders", Action: "read"}
	write := kit.Access{Resource: "sliders", Action: "write"}
	slider := kit.Found(lists.Sliders)

	routes := kit.ListRoutes("/api/sliders", read, lists.Sliders, toJSON(svc))
	routes[0].Decode = decodeSliderList
	return append(routes, []kit.Route{
		{Method: "POST", Path: "/api/sliders", Access: write, Decode: decodeSlider(false), Encode: kit.EncodeCreated,
			Endpoint: makeCreateSliderEndpoint(svc)},
		{Method: "POST", Path: "/api/sliders/{id}", Access: write, Record: slider, Decode: decodeSlider(true), Encode: kit.EncodeJSON,
			Endpoint: makeUpdateSliderEndpoint(svc)},
		kit.ToggleRoute("/api/sliders", write, slider, svc.Toggle),
		{Method: "PUT", Path: "/api/sliders/activate/{id}", Access: write, Record: slider, Decode: kit.DecodeID, Encode: kit.EncodeJSON,
			Endpoint: makeToggleVisibleEndpoint(svc)},
		{Method: "POST", Path: "/api/sliderWysWygImages", Access: write, Decode: decodeContentImage, Encode: kit.EncodeCreated,
			Endpoint: makeContentImageEndpoint(svc)},
		{Method: "GET", Path: "/api/sliders/{id}/partners", Access: read, Record: slider, Decode: decodeRecordList, Encode: encodePartners,
			Endpoint: makeSliderPartnersEndpoint(svc)},
		{Method: "GET", Path: "/api/sliders/{id}/partners/excel", Access: read, Record: slider, Decode: decodeRecordList, Encode: kit.EncodeDownload,
			Endpoint: makeExportPartnersEndpoint(svc)},
		{Method: "POST", Path: "/api/sliders/{id}/confirm", Access: write, Record: slider, Decode: decodeConfirm, Encode: kit.EncodeJSON,
			Endpoint: makeConfirmEndpoint(svc)},
	}...)
}
