package bootstrap

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"

	"vitrina/adapters/persistence"
	appcontent "vitrina/application/content"
	"vitrina/domain/content"
	"vitrina/domain/kernel"
	"vitrina/ports"
)

// demoSlider is one demo slider: its days and window in days from today, the partners who
// take part (a seminar's sign-up days by index, a promotion's quantity) and which sign-ups
// are confirmed.
type demoSlider struct {
	name       string
	typ        content.Type
	categories []string
	page       string // the page's HTML; {img} becomes an image drawn and uploaded for it
	push       string // the push text; "" for none
	days       []int
	start, end *int
	signUps    map[int64][]int
	confirmed  []int64
	orders     map[int64]int64
	hidden     bool
}

func daysFrom(n int) *int { return &n }

var demoSliders = []demoSlider{
	{name: "Proljeće u bašti", typ: content.Slika, categories: []string{"Baštenski program"}, start: daysFrom(-7), end: daysFrom(60)},
	{name: "Nova LED rasvjeta", typ: content.Slika, categories: []string{"Rasvjeta", "Elektroinstalacije"}},
	{name: "Zimska akcija alata", typ: content.Promocija, categories: []string{"Električni alati", "Ručni alati"},
		page: `<h1>Zimska akcija alata</h1><p>Do kraja mjeseca <strong>20 % popusta</strong> na akumulatorske bušilice i odvijače.</p>` +
			`<p>{img}</p><ul><li>Akumulatorski odvijač 18 V</li><li>Udarna bušilica 800 W</li><li>Set odvijača 6 kom</li></ul>` +
			`<p>Poručite u aplikaciji, a uslove pročitajte <a href="https://vitrina.me/uslovi">ovdje</a>.</p>`,
		push: "Zimska akcija: 20 % popusta na alate", end: daysFrom(30), orders: map[int64]int64{1001: 12, 1005: 4, 1009: 7}},
	{name: "Boje i lakovi -15 %", typ: content.Promocija, categories: []string{"Boje i lakovi"},
		page:   `<h2>Fasadne boje po sniženoj cijeni</h2><p>{img}</p><p>Akcija važi za fasadne i unutrašnje boje od <em>15 l</em> naviše.</p>`,
		orders: map[int64]int64{1003: 20, 1008: 6}},
	{name: "Seminar: elektroinstalacije u praksi", typ: content.Seminar, categories: []string{"Elektroinstalacije", "Rasvjeta"},
		page: `<h1>Elektroinstalacije u praksi</h1><p>{img}</p><p>Praktični seminar o novim propisima i <u>zaštiti od udara</u>.</p>` +
			`<ol><li>Propisi i dokumentacija</li><li>Zaštitni uređaji</li><li>Pametna rasvjeta</li></ol>`,
		push: "Prijavite se na seminar o elektroinstalacijama", days: []int{7, 14, 21},
		signUps: map[int64][]int{1001: {0}, 1002: {0, 1}, 1010: {2}}, confirmed: []int64{1002}},
	{name: "Seminar: vodoinstalacije i grijanje", typ: content.Seminar, categories: []string{"Vodoinstalacije"},
		page: `<h2>Savremeni sistemi vodoinstalacija</h2><p>{img}</p><p>Predavači iz proizvodnje, demonstracija PPR spajanja.</p>`,
		days: []int{10, 24}, signUps: map[int64][]int{1007: {0, 1}, 1010: {1}}, confirmed: []int64{1007}},
	{name: "Stara jesenja akcija", typ: content.Slika, categories: []string{"Ručni alati"}, hidden: true},
}

// seedContent adds the demo sliders through the content use cases, so every rule holds:
// banners and page images drawn here and stored by the image pipeline, pages made safe,
// sign-ups and orders as the partners' app makes them. It adds nothing when sliders exist.
func seedContent(ctx context.Context, app *App) (string, error) {
	svc := app.Content
	existing, err := svc.Lists().Sliders.List(ctx, ports.ListQuery{Page: 1, PerPage: 1})
	if err != nil {
		return "", err
	}
	if existing.Total > 0 {
		return "sliders already there", nil
	}
	categories, err := persistence.NewPartnerCatalog(app.DB).CategoriesByName(ctx)
	if err != nil {
		return "", err
	}
	today := time.Now().UTC()
	date := func(n int) string { return today.AddDate(0, 0, n).Format("2006-01-02") }
	signUps, orders := 0, 0
	for i, d := range demoSliders {
		in := content.Input{Name: d.name, Type: d.typ, PushNotification: d.push != "", NotificationText: d.push}
		for _, c := range d.categories {
			in.CategoryIDs = append(in.CategoryIDs, categories[kernel.NameKey(c)])
		}
		for _, n := range d.days {
			in.Dates = append(in.Dates, date(n))
		}
		if d.start != nil {
			in.StartDate = date(*d.start)
		}
		if d.end != nil {
			in.EndDate = date(*d.end)
		}
		form := appcontent.SliderForm{Image: sliderPicture(i, d.name, 1920, 640)}
		if d.page != "" {
			link, err := svc.UploadContentImage(ctx, sliderPicture(i+3, d.name, 1200, 675))
			if err != nil {
				return "", err
			}
			in.PageContent = strings.ReplaceAll(d.page, "{img}", `<img src="`+link+`">`)
			form.Wysiwyg = sliderPicture(i+5, d.name, 800, 450)
		}
		form.Input = in
		v, err := svc.Create(ctx, form)
		if err != nil {
			return "", fmt.Errorf("slider %q: %w", d.name, err)
		}
		id := kernel.ID(v.ID)
		for partner, idx := range d.signUps {
			var days []string
			for _, k := range idx {
				days = append(days, date(d.days[k]))
			}
			if _, err := svc.SignUp(ctx, kernel.ID(partner), id, days); err != nil {
				return "", fmt.Errorf("sign-up of %d to %q: %w", partner, d.name, err)
			}
			signUps++
		}
		if len(d.confirmed) > 0 {
			ids := make([]kernel.ID, len(d.confirmed))
			for k, p := range d.confirmed {
				ids[k] = kernel.ID(p)
			}
			if _, err := svc.Confirm(ctx, id, ids); err != nil {
				return "", err
			}
		}
		for partner, q := range d.orders {
			if _, err := svc.Order(ctx, kernel.ID(partner), id, q); err != nil {
				return "", fmt.Errorf("order of %d from %q: %w", partner, d.name, err)
			}
			orders++
		}
		if d.hidden {
			if _, err := svc.ToggleVisible(ctx, id); err != nil {
				return "", err
			}
		}
	}
	return strconv.Itoa(len(demoSliders)) + " sliders of every type with drawn banners, " + strconv.Itoa(signUps) +
		" seminar sign-ups and " + strconv.Itoa(orders) + " promotion orders", nil
}

// sliderPicture draws a w×h picture: a diagonal gradient with soft bands and the title in
// the 7×13 bitmap font scaled up, as a JPEG the upload pipeline takes like any photo.
func sliderPicture(i int, title string, w, h int) io.Reader {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	hue := float64(i*67%360) / 360
	a, b := hsl(hue, 0.6, 0.55), hsl(math.Mod(hue+0.12, 1), 0.65, 0.3)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			t := float64(x)/float64(w)*0.7 + float64(y)/float64(h)*0.3
			c := color.RGBA{lerp(a.R, b.R, t), lerp(a.G, b.G, t), lerp(a.B, b.B, t), 255}
			if band := math.Sin(float64(x+2*y) / float64(w) * 9); band > 0.8 {
				k := (band - 0.8) * 0.6
				c = color.RGBA{lerp(c.R, 255, k), lerp(c.G, 255, k), lerp(c.B, 255, k), 255}
			}
			img.SetRGBA(x, y, c)
		}
	}
	title = asciiFold(title)
	scale := max(2, min(w/(len(title)*7+8), h/40))
	small := image.NewRGBA(image.Rect(0, 0, w/scale, 20))
	d := &font.Drawer{Dst: small, Src: image.White, Face: basicfont.Face7x13}
	d.Dot = fixed.P(max(2, (w/scale-d.MeasureString(title).Round())/2), 14)
	d.DrawString(title)
	top := h/2 - 10*scale
	for y := 0; y < 20*scale; y++ {
		for x := 0; x < w; x++ {
			if _, _, _, al := small.At(x/scale, y/scale).RGBA(); al > 0 {
				img.SetRGBA(x, top+y, color.RGBA{255, 255, 255, 255})
			}
		}
	}
	var buf bytes.Buffer
	_ = jpeg.Encode(&buf, img, &jpeg.Options{Quality: 85})
	return &buf
}
