package contenthttp

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"github.com/go-kit/kit/endpoint"

	"vitrina/adapters/http/kit"
	appcontent "vitrina/application/content"
	"vitrina/domain/content"
	"vitrina/domain/kernel"
	contentports "vitrina/ports/content"
)

// appSliderJSON is a slider as the partner app shows it: its images, its safe page, the
// seminar's days from today on, and the partner's own sign-up days, confirmation and order.
type appSliderJSON struct {
	ID          int64     `json:"id"`
	Name        string    `json:"name"`
	Type        int       `json:"type"`
	ImageURL    string    `json:"image_url"`
	WysiwygURL  *string   `json:"wyswygimg_url"`
	PageContent string    `json:"page_content"`
	StartDate   *string   `json:"start_date"`
	EndDate     *string   `json:"end_date"`
	Dates       []string  `json:"dates"`
	UpdatedAt   time.Time `json:"updated_at"`
	MyDates     []string  `json:"my_dates"`
	MyConfirmed bool      `json:"my_confirmed"`
	MyQuantity  int64     `json:"my_quantity"`
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func appSlider(v contentports.PartnerSliderView) appSliderJSON {
	out := appSliderJSON{ID: v.ID, Name: v.Name, Type: int(v.Type), ImageURL: appcontent.ImageLink(v.Image), PageContent: v.PageContent,
		StartDate: v.StartDate, EndDate: v.EndDate, Dates: nonNil(v.Dates), UpdatedAt: v.UpdatedAt, MyDates: nonNil(v.MyDates),
		MyConfirmed: v.MyConfirmed, MyQuantity: v.MyQuantity}
	_, out.WysiwygURL = optionalImage(v.Wysiwyg)
	return out
}

// signUpForm is a sign-up from the app: {"dates": [...]}; [] withdraws, so the list is required.
type signUpForm struct {
	Dates json.RawMessage `json:"dates"`
}

// orderForm is an order from the app: {"quantity": 3}, a number or a numeric text.
type orderForm struct {
	Quantity json.RawMessage `json:"quantity"`
}

// appRequest is an app call about the slider {id} with its body.
type appRequest[T any] struct {
	ID   kernel.ID
	Body T
}

func decodeApp[T any](ctx context.Context, r *http.Request) (any, error) {
	id, err := kit.PathID(r, "id")
	if err != nil {
		return nil, err
	}
	body, err := kit.DecodeJSON[T](ctx, r)
	if err != nil {
		return nil, err
	}
	return appRequest[T]{ID: id, Body: body.(T)}, nil
}

func (f signUpForm) days() ([]string, error) {
	raw := strings.TrimSpace(string(f.Dates))
	if raw == "" || raw == "null" {
		return nil, kernel.FieldError("dates", "The dates field is required.")
	}
	var out []string
	if json.Unmarshal(f.Dates, &out) != nil {
		return nil, errDatesBad
	}
	if out == nil {
		out = []string{}
	}
	return out, nil
}

func (f orderForm) quantity() (int64, error) {
	raw := strings.TrimSpace(string(f.Quantity))
	if raw == "null" {
		raw = ""
	}
	return content.ParseQuantity(strings.Trim(raw, `"`))
}

// appAnswer is the slider as the partner's app shows it after a sign-up or an order.
func appAnswer(v contentports.PartnerSliderView, err error) (any, error) {
	return kit.JSONOr(appSlider, v, err)
}

func makeAppSlidersEndpoint(svc *appcontent.Service) endpoint.Endpoint {
	return func(ctx context.Context, _ any) (any, error) {
		vs, err := svc.VisibleTo(ctx, kit.AppPartner(ctx))
		if err != nil {
			return nil, err
		}
		out := make([]appSliderJSON, 0, len(vs))
		for _, v := range vs {
			out = append(out, appSlider(v))
		}
		return out, nil
	}
}

func makeSignUpEndpoint(svc *appcontent.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		r := req.(appRequest[signUpForm])
		days, err := r.Body.days()
		if err != nil {
			return nil, err
		}
		return appAnswer(svc.SignUp(ctx, kit.AppPartner(ctx), r.ID, days))
	}
}

func makeOrderEndpoint(svc *appcontent.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		r := req.(appRequest[orderForm])
		q, err := r.Body.quantity()
		if err != nil {
			return nil, err
		}
		return appAnswer(svc.Order(ctx, kit.AppPartner(ctx), r.ID, q))
	}
}

// AppRoutes are the partner app's calls about sliders. Each acts for the partner the app
// signed in as (kit.AppPartner); a slider that partner does not see is not found, before
// the body is judged.
func AppRoutes(svc *appcontent.Service) []kit.Route {
	app := kit.Access{App: true}
	shown := func(ctx context.Context, id kernel.ID) error { return svc.ShownTo(ctx, kit.AppPartner(ctx), id) }
	return []kit.Route{
		{Method: "GET", Path: "/api/app/sliders", Access: app, Decode: kit.NoRequest, Encode: kit.EncodeJSON,
			Endpoint: makeAppSlidersEndpoint(svc)},
		{Method: "POST", Path: "/api/app/sliders/{id}/signup", Access: app, Record: shown, Decode: decodeApp[signUpForm], Encode: kit.EncodeJSON,
			Endpoint: makeSignUpEndpoint(svc)},
		{Method: "POST", Path: "/api/app/sliders/{id}/order", Access: app, Record: shown, Decode: decodeApp[orderForm], Encode: kit.EncodeJSON,
			Endpoint: makeOrderEndpoint(svc)},
	}
}
