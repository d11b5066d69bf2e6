// Package partnerhttp is the HTTP face of the partner context: partners, their contacts,
// customer support, the app bar's unseen messages and the partner Excel round trip (spec §7).
package partnerhttp

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/go-kit/kit/endpoint"

	"vitrina/adapters/http/kit"
	apppartner "vitrina/application/partner"
	"vitrina/domain/kernel"
	"vitrina/domain/partner"
	"vitrina/ports"
	partnerports "vitrina/ports/partner"
)

type ref struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// partnerJSON is a partner as the API answers it: the figures, one field per partner.Figure
// under its key, sit between the phone and the categories.
type partnerJSON struct {
	partnerHead
	Figures figureJSON
	partnerTail
}

type partnerHead struct {
	ID       int64   `json:"id"`
	Name     string  `json:"name"`
	Address  string  `json:"address"`
	PIB      string  `json:"pib"`
	PDV      string  `json:"pdv"`
	CityID   *int64  `json:"city_id"`
	City     *ref    `json:"city"`
	CityName *string `json:"city_name"`
	Phone    string  `json:"phone"`
}

type partnerTail struct {
	Categories      []ref     `json:"categories"`
	CategoryNames   string    `json:"category_names"`
	PartnerTypeID   *int64    `json:"partner_type_id"`
	PartnerType     *ref      `json:"partner_type"`
	PartnerTypeName *string   `json:"partner_type_name"`
	IsActive        bool      `json:"is_active"`
	UpdatedAt       time.Time `json:"updated_at"`
	Version         int64     `json:"version"`
}

// MarshalJSON writes one object: the head's fields, the figures, the tail's fields.
func (p partnerJSON) MarshalJSON() ([]byte, error) {
	return joinObjects(p.partnerHead, p.Figures, p.partnerTail)
}

// joinObjects writes the fields of each part, a JSON object, as one object in order.
func joinObjects(parts ...any) ([]byte, error) {
	out := []byte{'{'}
	for _, part := range parts {
		b, err := json.Marshal(part)
		if err != nil {
			return nil, err
		}
		if inner := b[1 : len(b)-1]; len(inner) > 0 {
			if len(out) > 1 {
				out = append(out, ',')
			}
			out = append(out, inner...)
		}
	}
	return append(out, '}'), nil
}

// figureJSON are the figures as the API names them: one string field per figure, in order.
type figureJSON partner.FigureTexts

func (f figureJSON) MarshalJSON() ([]byte, error) {
	out := []byte{'{'}
	for _, fig := range partner.AllFigures {
		if fig > 0 {
			out = append(out, ',')
		}
		key, _ := json.Marshal(fig.Key())
		value, _ := json.Marshal(f[fig])
		out = append(append(append(out, key...), ':'), value...)
	}
	return append(out, '}'), nil
}

// UnmarshalJSON reads each figure from the form's field of its key, a string or a number
// (as text does); a key in another case is taken when the exact one is absent, as for the
// form's other fields.
func (f *figureJSON) UnmarshalJSON(b []byte) error {
	var fields map[string]text
	if err := json.Unmarshal(b, &fields); err != nil {
		return err
	}
	for _, fig := range partner.AllFigures {
		v, ok := fields[fig.Key()]
		for k, other := range fields {
			if !ok && strings.EqualFold(k, fig.Key()) {
				v, ok = other, true
			}
		}
		f[fig] = string(v)
	}
	return nil
}

func refOf(id *int64, name *string) *ref {
	if id == nil || name == nil {
		return nil
	}
	return &ref{ID: *id, Name: *name}
}

func toJSON(v partnerports.PartnerView) partnerJSON {
	out := partnerJSON{
		partnerHead: partnerHead{ID: v.ID, Name: v.Name, Address: v.Address, PIB: v.PIB, PDV: v.PDV, CityID: v.CityID,
			City: refOf(v.CityID, v.CityName), CityName: v.CityName, Phone: v.Phone},
		partnerTail: partnerTail{Categories: make([]ref, 0, len(v.Categories)), CategoryNames: v.CategoryNames(),
			PartnerTypeID: v.TypeID, PartnerType: refOf(v.TypeID, v.TypeName), PartnerTypeName: v.TypeName,
			IsActive: v.IsActive, UpdatedAt: v.UpdatedAt, Version: int64(v.Version)}}
	for _, f := range partner.AllFigures {
		out.Figures[f] = v.Figures[f.Key()]
	}
	for _, c := range v.Categories {
		out.Categories = append(out.Categories, ref{ID: c.ID, Name: c.Name})
	}
	return out
}

// text is a form value sent as a JSON string or number; both read as the text typed.
type text string

func (t *text) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*t = text(s)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err == nil {
		*t = text(n.String())
		return nil
	}
	*t = "" // null or anything else: not typed
	return nil
}

// categoryIDs reads the chosen categories as ids or as objects with an id.
type categoryIDs []kernel.ID

func (c *categoryIDs) UnmarshalJSON(b []byte) error {
	var raw []json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		*c = nil // not a list: none chosen, which the domain refuses with its message
		return nil
	}
	for _, r := range raw {
		var obj struct {
			ID kit.OptionalID `json:"id"`
		}
		var id kit.OptionalID
		if json.Unmarshal(r, &obj) == nil && obj.ID.Value != nil {
			*c = append(*c, kernel.ID(*obj.ID.Value))
		} else if json.Unmarshal(r, &id) == nil && id.Value != nil {
			*c = append(*c, kernel.ID(*id.Value))
		}
	}
	return nil
}

type partnerForm struct {
	ID              text           `json:"id"`
	Name            string         `json:"name"`
	Address         string         `json:"address"`
	PIB             text           `json:"pib"`
	PDV             text           `json:"pdv"`
	CityID          kit.OptionalID `json:"city_id"`
	Phone           text           `json:"phone"`
	Figures         figureJSON     `json:"-"` // read by UnmarshalJSON from the figures' own fields
	Password        string         `json:"password"`
	ConfirmPassword string         `json:"confirmPassword"`
	Categories      categoryIDs    `json:"categories"`
	PartnerTypeID   kit.OptionalID `json:"partner_type_id"`
}

// UnmarshalJSON reads the form's fields and, from the same object, its figures.
func (f *partnerForm) UnmarshalJSON(b []byte) error {
	type fields partnerForm
	if err := json.Unmarshal(b, (*fields)(f)); err != nil {
		return err
	}
	return f.Figures.UnmarshalJSON(b)
}

func id(o kit.OptionalID) kernel.ID {
	if o.Value == nil {
		return 0
	}
	return kernel.ID(*o.Value)
}

func (f partnerForm) input() partner.Input {
	return partner.Input{ID: string(f.ID), Name: f.Name, Address: f.Address, PIB: string(f.PIB), PDV: string(f.PDV),
		CityID: id(f.CityID), Phone: string(f.Phone), Password: f.Password,
		CategoryIDs: f.Categories, TypeID: id(f.PartnerTypeID), Figures: partner.FigureTexts(f.Figures)}
}

type typeJSON struct {
	ID       int64  `json:"id"`
	Name     string `json:"name"`
	Icon     string `json:"icon,omitempty"`
	IsActive bool   `json:"is_active"`
}

func types(vs []partnerports.TypeView, err error) (any, error) {
	if err != nil {
		return nil, err
	}
	out := make([]typeJSON, 0, len(vs))
	for _, v := range vs {
		out = append(out, typeJSON{ID: v.ID, Name: v.Name, Icon: v.Icon, IsActive: v.IsActive})
	}
	return out, nil
}

type contactJSON struct {
	ID            int64     `json:"id"`
	Contact       string    `json:"contact"`
	ContactTypeID int64     `json:"contact_type_id"`
	ContactType   typeJSON  `json:"contact_type"`
	PartnerID     int64     `json:"partner_id"`
	IsActive      bool      `json:"is_active"`
	UpdatedAt     time.Time `json:"updated_at"`
	Version       int64     `json:"version"`
}

func contact(v partnerports.ContactView) contactJSON {
	return contactJSON{ID: v.ID, Contact: v.Contact, ContactTypeID: v.Type.ID,
		ContactType: typeJSON{ID: v.Type.ID, Name: v.Type.Name, Icon: v.Type.Icon, IsActive: v.Type.IsActive},
		PartnerID:   v.PartnerID, IsActive: v.IsActive, UpdatedAt: v.UpdatedAt, Version: int64(v.Version)}
}

type contactForm struct {
	Contact       string         `json:"contact"`
	ContactTypeID kit.OptionalID `json:"contact_type_id"`
	PartnerID     kit.OptionalID `json:"partner_id"`
}

func (f contactForm) input() partner.ContactInput {
	return partner.ContactInput{Contact: f.Contact, TypeID: id(f.ContactTypeID)}
}

type supportJSON struct {
	ID             int64     `json:"id"`
	TypeID         int64     `json:"type_id"`
	TypeName       string    `json:"type_name"`
	MessageContent string    `json:"message_content"`
	PartnerID      int64     `json:"partner_id"`
	PartnerName    string    `json:"partner_name"`
	IsActive       bool      `json:"is_active"`
	CreatedAt      time.Time `json:"created_at"`
}

func support(v partnerports.SupportMessageView) supportJSON {
	return supportJSON{ID: v.ID, TypeID: v.TypeID, TypeName: v.TypeName, MessageContent: v.Content,
		PartnerID: v.PartnerID, PartnerName: v.PartnerName, IsActive: v.IsActive, CreatedAt: v.CreatedAt}
}

type evidentionJSON struct {
	ID          int64     `json:"id"`
	TypeName    string    `json:"type_name"`
	PartnerName string    `json:"partner_name"`
	CreatedAt   time.Time `json:"created_at"`
}

type commentInfo struct {
	Evidentions []evidentionJSON `json:"evidentions"`
}

func evidentions(vs []partnerports.EvidentionView, err error) (any, error) {
	if err != nil {
		return nil, err
	}
	out := commentInfo{Evidentions: make([]evidentionJSON, 0, len(vs))}
	for _, v := range vs {
		out.Evidentions = append(out.Evidentions, evidentionJSON{ID: v.ID, TypeName: v.TypeName, PartnerName: v.PartnerName, CreatedAt: v.CreatedAt})
	}
	return out, nil
}

// The partner context's endpoints, one named constructor each (go-kit's makeXEndpoint
// shape): each takes its decoded request, calls one use case and answers the JSON view.

func makeCreatePartnerEndpoint(svc *apppartner.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		f := req.(partnerForm)
		if err := kit.Confirmed(f.Password, f.ConfirmPassword, func() error { return svc.Check(ctx, 0, f.input()) }); err != nil {
			return nil, err
		}
		v, err := svc.Create(ctx, f.input())
		return kit.JSONOr(toJSON, v, err)
	}
}

func makeUpdatePartnerEndpoint(svc *apppartner.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		r := req.(kit.Edit[partnerForm])
		f := r.Body
		if err := kit.Confirmed(f.Password, f.ConfirmPassword, func() error { return svc.Check(ctx, r.ID, f.input()) }); err != nil {
			return nil, err
		}
		v, err := svc.Update(ctx, r.ID, r.Version, f.input())
		return kit.JSONOr(toJSON, v, err)
	}
}

func makePartnerTypesEndpoint(svc *apppartner.Service) endpoint.Endpoint {
	return func(ctx context.Context, _ any) (any, error) { return types(svc.PartnerTypes(ctx)) }
}

func makeContactTypesEndpoint(svc *apppartner.Service) endpoint.Endpoint {
	return func(ctx context.Context, _ any) (any, error) { return types(svc.ActiveContactTypes(ctx)) }
}

func makeContactsEndpoint(svc *apppartner.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		vs, err := svc.Contacts(ctx, req.(kernel.ID))
		if err != nil {
			return nil, err
		}
		out := make([]contactJSON, 0, len(vs))
		for _, v := range vs {
			out = append(out, contact(v))
		}
		return out, nil
	}
}

func makeCreateContactEndpoint(svc *apppartner.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		f := req.(contactForm)
		v, err := svc.CreateContact(ctx, id(f.PartnerID), f.input())
		return kit.JSONOr(contact, v, err)
	}
}

func makeUpdateContactEndpoint(svc *apppartner.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		r := req.(kit.Edit[contactForm])
		v, err := svc.UpdateContact(ctx, r.ID, r.Version, r.Body.input())
		return kit.JSONOr(contact, v, err)
	}
}

func makeExportEndpoint(svc *apppartner.Service) endpoint.Endpoint {
	return func(_ context.Context, req any) (any, error) {
		q := req.(ports.ListQuery)
		return kit.Download{Name: "Partners.xlsx", Write: func(ctx context.Context, w io.Writer) error { return svc.Export(ctx, w, q) }}, nil
	}
}

func makeImportEndpoint(svc *apppartner.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		up := req.(kit.Upload)
		defer up.File.Close() //nolint:errcheck // a spooled upload; the server removes it after the request
		result, err := svc.Import(ctx, up.File, up.Size, up.Name, up.Preview)
		return kit.ImportAnswer(result, err, false)
	}
}

func makeMarkSeenEndpoint(svc *apppartner.Service) endpoint.Endpoint {
	return func(ctx context.Context, _ any) (any, error) {
		user := kit.UserID(ctx)
		if err := svc.MarkSeen(ctx, user); err != nil {
			return nil, err
		}
		return evidentions(svc.Evidentions(ctx, user))
	}
}

func makeCommentInfoEndpoint(svc *apppartner.Service) endpoint.Endpoint {
	return func(ctx context.Context, _ any) (any, error) {
		return evidentions(svc.Evidentions(ctx, kit.UserID(ctx)))
	}
}

// Routes are the partner calls: the route table.
func Routes(svc *apppartner.Service) []kit.Route {
	lists := svc.Lists()
	read := kit.Access{Resource: "partners", Action: "read"}
	write := kit.Access{Resource: "partners", Action: "write"}
	readSupport := kit.Access{Resource: "customerSupport", Action: "read"}
	writeSupport := kit.Access{Resource: "customerSupport", Action: "write"}
	partners, contacts, messages := kit.Found(lists.Partners), kit.Found(lists.Contacts), kit.Found(lists.SupportMessages)

	routes := kit.ListRoutes("/api/partners", read, lists.Partners, toJSON)
	routes = append(routes, kit.ListRoutes("/api/customerSupport", readSupport, lists.SupportMessages, support)...)
	return append(routes, []kit.Route{
		kit.ListRoute("/api/partnersActive", kit.Access{Resource: "partners", Action: "pick"}, lists.Partners, toJSON, kit.ActiveOnly),
		{Method: "POST", Path: "/api/partners", Access: write, Decode: kit.DecodeJSON[partnerForm], Encode: kit.EncodeCreated,
			Endpoint: makeCreatePartnerEndpoint(svc)},
		{Method: "PUT", Path: "/api/partners/{id}", Access: write, Record: partners, Decode: kit.DecodeEdit[partnerForm], Encode: kit.EncodeJSON,
			Endpoint: makeUpdatePartnerEndpoint(svc)},
		kit.ToggleRoute("/api/partners", write, partners, svc.Toggle),
		{Method: "GET", Path: "/api/partnerTypes", Access: read, Decode: kit.NoRequest, Encode: kit.EncodeJSON,
			Endpoint: makePartnerTypesEndpoint(svc)},
		{Method: "GET", Path: "/api/contactTypeActive", Access: read, Decode: kit.NoRequest, Encode: kit.EncodeJSON,
			Endpoint: makeContactTypesEndpoint(svc)},

		{Method: "GET", Path: "/api/contacts", Access: read, Decode: decodePartnerID, Encode: kit.EncodeJSON,
			Endpoint: makeContactsEndpoint(svc)},
		{Method: "POST", Path: "/api/contacts", Access: write, Decode: kit.DecodeJSON[contactForm], Encode: kit.EncodeCreated,
			Endpoint: makeCreateContactEndpoint(svc)},
		{Method: "PUT", Path: "/api/contacts/{id}", Access: write, Record: contacts, Decode: kit.DecodeEdit[contactForm], Encode: kit.EncodeJSON,
			Endpoint: makeUpdateContactEndpoint(svc)},
		kit.ToggleRoute("/api/contacts", write, contacts, svc.ToggleContact),

		{Method: "GET", Path: "/api/getAddPartnerExcelDoc", Access: read, Decode: kit.DecodeList, Encode: kit.EncodeDownload,
			Endpoint: makeExportEndpoint(svc)},
		{Method: "POST", Path: "/api/saveAddPartnerExcelDoc", Access: write, Decode: kit.DecodeUpload(""), Encode: kit.EncodeJSON, Import: "partners",
			Endpoint: makeImportEndpoint(svc)},

		kit.ToggleRoute("/api/customerSupport", writeSupport, messages, svc.ToggleSupportMessage),
		{Method: "POST", Path: "/api/customerSupport/seen", Access: readSupport, Decode: kit.NoRequest, Encode: kit.EncodeJSON,
			Endpoint: makeMarkSeenEndpoint(svc)},
		// The bell's list shows support messages, so it needs read on them like the screen; the
		// SPA's poll takes the 403 quietly and shows no count.
		{Method: "GET", Path: "/api/getCommentInfo", Access: readSupport, Decode: kit.NoRequest, Encode: kit.EncodeJSON,
			Endpoint: makeCommentInfoEndpoint(svc)},
	}...)
}

// decodePartnerID reads ?partner_id= of the contacts list.
func decodePartnerID(_ context.Context, r *http.Request) (any, error) {
	s := strings.TrimSpace(r.URL.Query().Get("partner_id"))
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 {
		return nil, kernel.FieldError("partner_id", "The partner id field is required.")
	}
	return kernel.ID(n), nil
}
