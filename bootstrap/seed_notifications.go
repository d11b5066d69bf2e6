package bootstrap

import (
	"context"
	"fmt"
	"time"

	"vitrina/adapters/persistence"
	"vitrina/domain/content"
	"vitrina/domain/kernel"
)

// demoDevices registers the demo partners' phones before the sliders are saved, so the
// sliders with a push and the staff's notifications reach devices: one or two per partner,
// as the app registers them (POST /api/app/devices). The tokens are made up: with FCM set up,
// FCM refuses them and the devices are dropped, as a real dead token would be.
func seedDevices(ctx context.Context, app *App) error {
	devices := persistence.NewDeviceStore(app.DB)
	for i, p := range demoPartnerData {
		platforms := []content.Platform{content.Android}
		if i%3 == 1 {
			platforms = append(platforms, content.IOS)
		} else if i%3 == 2 {
			platforms = []content.Platform{content.Web}
		}
		for n, platform := range platforms {
			d := content.Device{Token: fmt.Sprintf("demo-%d-%s-%d:APA91bDemoToken", p.id, platform, n), Platform: platform}
			if err := devices.Register(ctx, kernel.ID(p.id), d, time.Now().UTC()); err != nil {
				return err
			}
		}
	}
	return nil
}

// demoNotifications are notifications staff wrote, with their categories.
var demoNotifications = []struct {
	subject, text string
	categories    []string
}{
	{"Radno vrijeme za praznike", "Magacin radi skraćeno 31. decembra, do 14 časova.", []string{"Električni alati", "Ručni alati", "Građevinski materijal",
		"Vodoinstalacije", "Elektroinstalacije", "Boje i lakovi", "Baštenski program", "Okov i vijčana roba", "Zaštitna oprema", "Rasvjeta"}},
	{"Nove cijene boja", "Od ponedjeljka važe nove cijene fasadnih boja. Pogledajte katalog u aplikaciji.", []string{"Boje i lakovi"}},
}

// seedNotifications sends the staff's demo notifications once, through the outbox (their
// deliveries are not_configured on the embedded default, where no FCM is set up).
func seedNotifications(ctx context.Context, app *App) (string, error) {
	var staff int
	if err := app.DB.NewRaw("SELECT count(*) FROM notifications WHERE slider_id IS NULL").Scan(ctx, &staff); err != nil {
		return "", err
	}
	if staff > 0 {
		return "notifications already there", nil
	}
	categories, err := persistence.NewPartnerCatalog(app.DB).CategoriesByName(ctx)
	if err != nil {
		return "", err
	}
	var sender []int64
	if err := app.DB.NewRaw("SELECT id FROM users WHERE partner_id IS NULL ORDER BY id LIMIT 1").Scan(ctx, &sender); err != nil {
		return "", err
	}
	by := kernel.ID(0)
	if len(sender) > 0 {
		by = kernel.ID(sender[0])
	}
	for _, d := range demoNotifications {
		in := content.NotificationInput{Subject: d.subject, Text: d.text}
		for _, c := range d.categories {
			in.Categories = append(in.Categories, categories[kernel.NameKey(c)])
		}
		note, err := content.NewNotification(in, time.Now().UTC())
		if err != nil {
			return "", err
		}
		if _, err := app.Notifications.Enqueue(ctx, note, by); err != nil {
			return "", err
		}
	}
	return fmt.Sprintf("%d notifications to the demo partners' devices", len(demoNotifications)), nil
}
