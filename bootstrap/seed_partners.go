package bootstrap

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"vitrina/adapters/persistence"
	"vitrina/domain/kernel"
	"vitrina/domain/partner"
	"vitrina/ports"
)

// demoPartnerData are the demo partners: a trade customer in each of ten Montenegrin towns.
var demoPartnerData = []struct {
	id               int64
	name, city, addr string
	categories       []string
	typeName         string
}{
	{1001, "Tehnomarket Podgorica", "Podgorica", "Bulevar Džordža Vašingtona 51", []string{"Električni alati", "Rasvjeta"}, "Veleprodaja"},
	{1002, "Elektro Nikšić", "Nikšić", "Njegoševa 14", []string{"Elektroinstalacije", "Rasvjeta"}, "Maloprodaja"},
	{1003, "Gradnja Bar d.o.o.", "Bar", "Jovana Tomaševića 40", []string{"Građevinski materijal", "Boje i lakovi"}, "Izvođač radova"},
	{1004, "Primorka Budva", "Budva", "Mediteranska 21", []string{"Baštenski program"}, "Maloprodaja"},
	{1005, "Lovćen Trade Cetinje", "Cetinje", "Baja Pivljanina 8", []string{"Ručni alati", "Okov i vijčana roba"}, "Veleprodaja"},
	{1006, "Bjelasica Berane", "Berane", "Mojsija Zečevića 12", []string{"Zaštitna oprema"}, "Majstor"},
	{1007, "Sjever Pljevlja", "Pljevlja", "Kralja Petra I 3", []string{"Vodoinstalacije", "Građevinski materijal"}, "Veleprodaja"},
	{1008, "Boka Kotor", "Kotor", "Škaljari bb", []string{"Boje i lakovi"}, "Maloprodaja"},
	{1009, "Zeta Danilovgrad", "Danilovgrad", "Baja Sekulića 17", []string{"Električni alati", "Ručni alati"}, "Majstor"},
	{1010, "Instalater Herceg Novi", "Herceg Novi", "Njegoševa 90", []string{"Vodoinstalacije", "Elektroinstalacije"}, "Izvođač radova"},
}

var demoMessages = []struct {
	typeID  int64
	partner int64
	text    string
	active  bool
}{
	{1, 1001, "Predlažemo da akcijske cijene budu vidljive i u katalogu, ne samo na baneru.", true},
	{2, 1003, "Isporuka boja kasni već dvije sedmice, molimo provjerite narudžbu.", true},
	{3, 1005, "Pohvala za brzu isporuku ručnog alata, sve je stiglo u roku.", true},
	{4, 1002, "Da li je moguće dobiti katalog rasvjete u PDF formatu?", true},
	{2, 1008, "Na posljednjem računu je pogrešan iznos popusta.", true},
	{1, 1010, "Bilo bi dobro da seminar o vodoinstalacijama bude i u Herceg Novom.", false},
	{4, 1006, "Kada počinje nova akcija za zaštitnu opremu?", false},
	{3, 1009, "Hvala na organizaciji seminara, bilo je korisno.", true},
}

// demoAppPassword is every demo partner's app password (README, "Partner app API").
const demoAppPassword = "partner1234"

// seedPartners adds the demo partners with figures, contacts and support messages; the
// partners already there are left as they are.
func seedPartners(ctx context.Context, app *App) (int, error) {
	store, catalog := persistence.NewPartnerStore(app.DB), persistence.NewPartnerCatalog(app.DB)
	cities, err := catalog.CitiesByName(ctx)
	if err != nil {
		return 0, err
	}
	categories, err := catalog.CategoriesByName(ctx)
	if err != nil {
		return 0, err
	}
	types, err := store.PartnerTypesByName(ctx)
	if err != nil {
		return 0, err
	}
	created := 0
	for i, d := range demoPartnerData {
		in := partner.Input{ID: strconv.FormatInt(d.id, 10), Name: d.name, Address: d.addr,
			PIB: fmt.Sprintf("0%07d", 2345678+i*1111), PDV: fmt.Sprintf("30/31-%05d-%d", 1234+i*97, i%10),
			CityID: cities[kernel.NameKey(d.city)], Phone: fmt.Sprintf("+382 67 %03d %03d", 120+i*7, 450+i*11),
			Password: demoAppPassword, TypeID: types[kernel.NameKey(d.typeName)],
			Figures: partner.FigureTexts{
				partner.Bonus: strconv.Itoa(50 * (i + 1)), partner.Debt: strconv.Itoa(1200*(i%4) + 350*i), partner.Payment: strconv.Itoa(900 * (i % 3)),
				partner.ToolCash: fmt.Sprintf("%d.%03d", 100+i*25, i*111%1000), partner.AnnualPlan: strconv.Itoa(50000 + 12500*i),
				partner.MoneyCirculation: strconv.Itoa(20000 + 7300*i)}}
		for _, c := range d.categories {
			in.CategoryIDs = append(in.CategoryIDs, categories[kernel.NameKey(c)])
		}
		_, err := app.Partner.Create(ctx, in)
		if errors.Is(err, partner.ErrIDTaken) {
			continue
		}
		if err != nil {
			return created, fmt.Errorf("partner %d: %w", d.id, err)
		}
		created++
		id := kernel.ID(d.id)
		if _, err := app.Partner.CreateContact(ctx, id, partner.ContactInput{Contact: in.Phone, TypeID: 1}); err != nil {
			return created, err
		}
		email := fmt.Sprintf("prodaja@partner%d.me", d.id)
		if _, err := app.Partner.CreateContact(ctx, id, partner.ContactInput{Contact: email, TypeID: 3}); err != nil {
			return created, err
		}
	}
	if created == len(demoPartnerData) {
		page, err := app.Partner.Lists().SupportMessages.List(ctx, supportProbe)
		if err != nil {
			return created, err
		}
		if page.Total == 0 {
			for _, m := range demoMessages {
				// Sent through the partner app's own rules, as a partner's app would.
				if _, err := app.Partner.SendSupportMessage(ctx, kernel.ID(m.partner), kernel.ID(m.typeID), m.text); err != nil {
					return created, err
				}
			}
			// The messages came in over the last days, the newest last.
			now := time.Now().UTC()
			for i := range demoMessages {
				at := now.Add(-time.Duration(len(demoMessages)-i) * 7 * time.Hour)
				if _, err := app.DB.NewUpdate().Table("support_messages").Set("created_at = ?", at).Set("updated_at = ?", at).
					Where("id = ?", i+1).Exec(ctx); err != nil {
					return created, err
				}
			}
			// Two messages were deleted by staff already.
			for i, m := range demoMessages {
				if !m.active {
					if _, err := app.Partner.ToggleSupportMessage(ctx, kernel.ID(i+1)); err != nil {
						return created, err
					}
				}
			}
		}
	}
	return created, nil
}

// supportProbe asks whether any support message exists.
var supportProbe = ports.ListQuery{Page: 1, PerPage: 1}
