package bootstrap

import (
	"context"
	"fmt"
	"io"
	"strings"

	appidentity "vitrina/application/identity"
	"vitrina/domain/identity"
	"vitrina/domain/kernel"
)

// The demo admin SeedDemo creates when no user exists (the login `task run` prints).
const (
	DemoAdminUsername = "admin"
	DemoAdminPassword = "vitrina"
)

var demoFirst = []string{"Marko", "Ana", "Nikola", "Jelena", "Milica", "Stefan", "Vuk", "Ivana", "Luka", "Dragana",
	"Đorđe", "Sanja", "Petar", "Tamara", "Bojan", "Maja", "Žarko", "Čedomir", "Snežana", "Milan"}
var demoLast = []string{"Petrović", "Vujović", "Radović", "Marković", "Popović", "Đukanović", "Šćekić", "Knežević",
	"Lakić", "Perović", "Bulatović", "Vuković", "Mijušković", "Raičević", "Kovačević"}

// SeedDemo loads the demo data set once: the catalog, partners, sliders with sign-ups and
// orders, campaigns with their carts, and back-office users of every role, three of them linked to a partner (they sign
// in to the partner app for it). Running it again changes nothing.
//
// A database with no user yet (no VITRINA_ADMIN_* set) gets the demo admin, printed, so
// that someone can sign in to what was loaded.
func SeedDemo(ctx context.Context, app *App, stdout io.Writer) error {
	admin, err := app.Identity.EnsureAdmin(ctx, DemoAdminUsername, DemoAdminPassword)
	if err != nil {
		return fmt.Errorf("demo admin: %w", err)
	}
	if admin {
		fmt.Fprintf(stdout, "demo data: no user existed, so the demo admin was created: sign in as %s / %s (change the password in the panel)\n",
			DemoAdminUsername, DemoAdminPassword)
	}
	summary, err := seedCatalog(ctx, app)
	if err != nil {
		return fmt.Errorf("demo catalog: %w", err)
	}
	fmt.Fprintf(stdout, "demo data: %s\n", summary)
	partners, err := seedPartners(ctx, app)
	if err != nil {
		return fmt.Errorf("demo partners: %w", err)
	}
	if err := seedDevices(ctx, app); err != nil {
		return fmt.Errorf("demo devices: %w", err)
	}
	sliders, err := seedContent(ctx, app)
	if err != nil {
		return fmt.Errorf("demo sliders: %w", err)
	}
	fmt.Fprintf(stdout, "demo data: %s\n", sliders)
	notices, err := seedNotifications(ctx, app)
	if err != nil {
		return fmt.Errorf("demo notifications: %w", err)
	}
	fmt.Fprintf(stdout, "demo data: %s\n", notices)
	campaigns, err := seedCampaigns(ctx, app)
	if err != nil {
		return fmt.Errorf("demo campaigns: %w", err)
	}
	fmt.Fprintf(stdout, "demo data: %s\n", campaigns)
	roles := []string{"director", "manager", "engineer", "financier", "manager"}
	created := 0
	for i := 0; i < 40; i++ {
		first, last := demoFirst[i%len(demoFirst)], demoLast[(i*7)%len(demoLast)]
		username := strings.ToLower(asciiFold(first) + "." + asciiFold(last))
		in := identity.UserInput{Name: first + " " + last, Username: username, Password: "demo1234",
			Roles: []string{roles[i%len(roles)]}}
		if i%13 == 5 {
			pid := demoPartnerData[i%len(demoPartnerData)].id
			in.PartnerID, in.Roles = &pid, nil
		}
		v, err := app.Identity.CreateUser(ctx, appidentity.Operator, in)
		switch {
		case err == nil:
			created++
		case kernel.KindOf(err) == kernel.KindInvalid:
			continue // already there from an earlier run
		default:
			return err
		}
		if i%9 == 8 { // a few inactive accounts, so the list shows both states
			if _, err := app.Identity.ToggleUser(ctx, kernel.Principal{}, kernel.ID(v.ID)); err != nil {
				return err
			}
		}
	}
	fmt.Fprintf(stdout, "demo data: %d new partners with contacts and support messages, %d new users (password demo1234)\n", partners, created)
	return nil
}

func asciiFold(s string) string {
	return strings.NewReplacer("č", "c", "ć", "c", "š", "s", "ž", "z", "đ", "dj", "Č", "C", "Ć", "C", "Š", "S", "Ž", "Z", "Đ", "Dj").Replace(s)
}
