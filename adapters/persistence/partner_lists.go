package persistence

import (
	"encoding/json"
	"time"

	"github.com/uptrace/bun"

	"vitrina/domain/kernel"
	"vitrina/domain/partner"
	partnerports "vitrina/ports/partner"
)

type partnerViewRow struct {
	ID             int64   `bun:"id"`
	Name           string  `bun:"name"`
	Address        string  `bun:"address"`
	PIB            string  `bun:"pib"`
	PDV            string  `bun:"pdv"`
	CityID         *int64  `bun:"city_id"`
	CityName       *string `bun:"city_name"`
	Phone          string  `bun:"phone"`
	TypeID         *int64  `bun:"partner_type_id"`
	TypeName       *string `bun:"partner_type_name"`
	CategoriesJSON string  `bun:"categories_json"`
	figureCols
	IsActive  bool      `bun:"is_active"`
	UpdatedAt time.Time `bun:"updated_at"`
	versionCol
	totalRow
}

func (r *partnerViewRow) view() partnerports.PartnerView {
	v := partnerports.PartnerView{ID: r.ID, Name: r.Name, Address: r.Address, PIB: r.PIB, PDV: r.PDV, CityID: r.CityID,
		CityName: r.CityName, Phone: r.Phone, Figures: r.figureCols.texts(), TypeID: r.TypeID, TypeName: r.TypeName,
		IsActive: r.IsActive, UpdatedAt: r.UpdatedAt, Version: kernel.Version(r.Version), Categories: []partnerports.Ref{}}
	var cats []struct {
		ID   int64  `json:"id"`
		Name string `json:"name"`
	}
	if json.Unmarshal([]byte(r.CategoriesJSON), &cats) == nil {
		for _, c := range cats {
			v.Categories = append(v.Categories, partnerports.Ref{ID: c.ID, Name: c.Name})
		}
	}
	return v
}

// partnerSpec is the partners screen (and the choose-partner dialogs). The categories are
// aggregated per row with each engine's own function, only for the rows of the page.
func partnerSpec(sqlite bool) ListSpec {
	categories := `(SELECT coalesce(json_agg(json_build_object('id', c.id, 'name', c.name) ORDER BY c.name_fold, c.id), '[]')::text
		FROM partner_categories AS pc JOIN categories AS c ON c.id = pc.category_id WHERE pc.partner_id = p.id)`
	categoryNames := `(SELECT string_agg(c.name_fold, ', ' ORDER BY c.name_fold) FROM partner_categories AS pc
		JOIN categories AS c ON c.id = pc.category_id WHERE pc.partner_id = p.id)`
	// The matching categories are few: resolved first, they let the planner read the link
	// table through its category index instead of joining it whole.
	categoryFilter := "p.id IN (SELECT pc.partner_id FROM partner_categories AS pc WHERE pc.category_id = ANY (ARRAY(SELECT c.id FROM categories AS c WHERE %s)))"
	if sqlite {
		categoryFilter = "p.id IN (SELECT pc.partner_id FROM partner_categories AS pc WHERE pc.category_id IN (SELECT c.id FROM categories AS c WHERE %s))"
		categories = `(SELECT coalesce(json_group_array(json_object('id', c.id, 'name', c.name)), '[]') FROM (SELECT c.id, c.name
		FROM partner_categories AS pc JOIN categories AS c ON c.id = pc.category_id WHERE pc.partner_id = p.id ORDER BY c.name_fold, c.id) AS c)`
		categoryNames = `(SELECT group_concat(name_fold, ', ') FROM (SELECT c.name_fold FROM partner_categories AS pc
		JOIN categories AS c ON c.id = pc.category_id WHERE pc.partner_id = p.id ORDER BY c.name_fold) AS c)`
	}
	fields := map[string]Field{
		"id":                number("p.id", 1),
		"name":              text("p.name_fold"),
		"address":           text("p.address_fold"),
		"pib":               text("p.pib_fold"),
		"pdv":               text("p.pdv_fold"),
		"phone":             text("p.phone_fold"),
		"city_name":         text("ci.name_fold").joined().nullable(),
		"category_names":    linked(categoryNames, "c.name_fold", categoryFilter).nullable(),
		"partner_type_name": text("pt.name_fold").joined().nullable(),
		"is_active":         sortOnly("p.is_active"),
		"updated_at":        sortOnly("p.updated_at"),
	}
	figures := ""
	for _, f := range partner.AllFigures {
		col := "p." + figureColumn(f)
		fields[f.Key()] = number(col, 1000)
		figures += col + ", " + col + "_pct, "
	}
	return ListSpec{
		Fields:      fields,
		DefaultSort: "id",
		IDExpr:      "p.id",
		ActiveExpr:  "p.is_active",
		From: func(db bun.IDB) *bun.SelectQuery {
			return db.NewSelect().TableExpr("partners AS p").Join("LEFT JOIN cities AS ci ON ci.id = p.city_id").
				Join("LEFT JOIN partner_types AS pt ON pt.id = p.partner_type_id")
		},
		CountFrom:  func(db bun.IDB) *bun.SelectQuery { return db.NewSelect().TableExpr("partners AS p") },
		CountTable: "partners",
		// The stepper's partners of the chosen categories: in any of them.
		IDSets: map[string]string{"category_ids": "p.id IN (SELECT pc.partner_id FROM partner_categories AS pc WHERE pc.category_id IN (?))"},
		Columns: "p.id, p.name, p.address, p.pib, p.pdv, p.city_id, ci.name AS city_name, p.phone, p.partner_type_id, " +
			"pt.name AS partner_type_name, " + categories + " AS categories_json, " + figures +
			"p.is_active, p.updated_at, p.version",
	}
}

type supportViewRow struct {
	ID          int64     `bun:"id"`
	TypeID      int64     `bun:"type_id"`
	TypeName    string    `bun:"type_name"`
	Content     string    `bun:"content"`
	PartnerID   int64     `bun:"partner_id"`
	PartnerName string    `bun:"partner_name"`
	IsActive    bool      `bun:"is_active"`
	CreatedAt   time.Time `bun:"created_at"`
	totalRow
}

func (r *supportViewRow) view() partnerports.SupportMessageView {
	return partnerports.SupportMessageView{ID: r.ID, TypeID: r.TypeID, TypeName: r.TypeName, Content: r.Content,
		PartnerID: r.PartnerID, PartnerName: r.PartnerName, IsActive: r.IsActive, CreatedAt: r.CreatedAt}
}

var supportSpec = ListSpec{
	Fields: map[string]Field{
		"id":              sortOnly("sm.id"),
		"type_name":       text("t.name_fold").joined(),
		"message_content": text("sm.content_fold").trigram("content_fold"),
		"partner_name":    text("p.name_fold").joined(),
		"is_active":       sortOnly("sm.is_active"),
		"created_at":      sortOnly("sm.created_at"),
	},
	DefaultSort: "created_at",
	IDExpr:      "sm.id",
	ActiveExpr:  "sm.is_active",
	FTSTable:    "support_messages_fts",
	From: func(db bun.IDB) *bun.SelectQuery {
		return db.NewSelect().TableExpr("support_messages AS sm").Join("JOIN support_message_types AS t ON t.id = sm.type_id").
			Join("JOIN partners AS p ON p.id = sm.partner_id")
	},
	CountFrom: func(db bun.IDB) *bun.SelectQuery { return db.NewSelect().TableExpr("support_messages AS sm") },
	Columns:   "sm.id, sm.type_id, t.name AS type_name, sm.content, sm.partner_id, p.name AS partner_name, sm.is_active, sm.created_at",
}

type contactViewRow struct {
	ID        int64     `bun:"id"`
	PartnerID int64     `bun:"partner_id"`
	Contact   string    `bun:"contact"`
	TypeID    int64     `bun:"type_id"`
	TypeName  string    `bun:"type_name"`
	TypeIcon  string    `bun:"type_icon"`
	TypeOn    bool      `bun:"type_active"`
	IsActive  bool      `bun:"is_active"`
	UpdatedAt time.Time `bun:"updated_at"`
	versionCol
	totalRow
}

func (r *contactViewRow) view() partnerports.ContactView {
	return partnerports.ContactView{ID: r.ID, PartnerID: r.PartnerID, Contact: r.Contact,
		Type: partnerports.TypeView{ID: r.TypeID, Name: r.TypeName, Icon: r.TypeIcon, IsActive: r.TypeOn}, IsActive: r.IsActive, UpdatedAt: r.UpdatedAt,
		Version: kernel.Version(r.Version)}
}

// contactSpec is the contacts of partners; the contacts call scopes it to one partner.
var contactSpec = ListSpec{
	Fields: map[string]Field{
		"id":         sortOnly("ct.id"),
		"is_active":  sortOnly("ct.is_active"),
		"updated_at": sortOnly("ct.updated_at"),
	},
	DefaultSort: "id",
	IDExpr:      "ct.id",
	ActiveExpr:  "ct.is_active",
	From: func(db bun.IDB) *bun.SelectQuery {
		return db.NewSelect().TableExpr("contacts AS ct").Join("JOIN contact_types AS t ON t.id = ct.contact_type_id")
	},
	CountFrom: func(db bun.IDB) *bun.SelectQuery { return db.NewSelect().TableExpr("contacts AS ct") },
	Columns: "ct.id, ct.partner_id, ct.contact, t.id AS type_id, t.name AS type_name, t.icon AS type_icon, " +
		"t.is_active AS type_active, ct.is_active, ct.updated_at, ct.version",
	Scopes: map[string]string{"partner_id": "ct.partner_id"},
}

// NewPartnerLists returns the partner context's list screens; partners is the process's
// partner index.
func NewPartnerLists(db *bun.DB, partners *PartnerIndex) partnerports.PartnerLists {
	return partnerports.PartnerLists{
		Partners:        newPartnerList(db, partners),
		SupportMessages: NewLister(db, supportSpec, "support_messages", "support message", (*supportViewRow).view),
		Contacts:        NewLister(db, contactSpec, "contacts", "contact", (*contactViewRow).view),
	}
}
