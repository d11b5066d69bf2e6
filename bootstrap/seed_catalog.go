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

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"

	"vitrina/domain/catalog"
	"vitrina/domain/kernel"
	"vitrina/ports"
	catalogports "vitrina/ports/catalog"
)

var demoCountries = []string{"Crna Gora", "Srbija", "Bosna i Hercegovina", "Hrvatska", "Albanija", "Sjeverna Makedonija", "Slovenija", "Kosovo"}

// Montenegrin cities with a store each, at real coordinates.
var demoCities = []struct {
	name     string
	lat, lng float64
	address  string
}{
	{"Podgorica", 42.4411, 19.2636, "Bulevar Svetog Petra Cetinjskog 1"},
	{"Nikšić", 42.7731, 18.9445, "Njegoševa 22"},
	{"Bar", 42.0935, 19.1008, "Jovana Tomaševića 12"},
	{"Budva", 42.2864, 18.8400, "Mediteranska 4"},
	{"Herceg Novi", 42.4531, 18.5375, "Njegoševa 35"},
	{"Kotor", 42.4247, 18.7712, "Stari grad 310"},
	{"Cetinje", 42.3906, 18.9142, "Njegoševa 50"},
	{"Bijelo Polje", 43.0383, 19.7476, "Slobode 7"},
	{"Berane", 42.8425, 19.8733, "Mojsija Zečevića 3"},
	{"Pljevlja", 43.3567, 19.3584, "Kralja Petra I 14"},
	{"Ulcinj", 41.9294, 19.2244, "Bulevar Skenderbega 20"},
	{"Tivat", 42.4350, 18.6961, "Palih boraca 8"},
	{"Danilovgrad", 42.5538, 19.1077, "Baja Sekulića 5"},
	{"Rožaje", 42.8408, 20.1665, "Maršala Tita 11"},
}

var demoCategories = []string{"Električni alati", "Ručni alati", "Građevinski materijal", "Vodoinstalacije",
	"Elektroinstalacije", "Boje i lakovi", "Baštenski program", "Okov i vijčana roba", "Zaštitna oprema", "Rasvjeta"}

var demoProducts = []struct{ name, description, price string }{
	{"Udarna bušilica 800 W", "Bušilica sa udarnim mehanizmom, stezna glava 13 mm", "89.90"},
	{"Akumulatorski odvijač 18 V", "Dvije baterije 2 Ah, brzi punjač, kofer", "139.00"},
	{"Ugaona brusilica 125 mm", "Snaga 1100 W, zaštita od ponovnog pokretanja", "64.50"},
	{"Stolarski čekić 500 g", "Drvena drška od jasena", "9.80"},
	{"Set odvijača 6 kom", "Krom-vanadijum čelik, magnetni vrhovi", "14.25"},
	{"Libela 60 cm", "Aluminijumsko tijelo, tri libele", "11.40"},
	{"Ljepilo za pločice 25 kg", "C1T, za unutrašnju i spoljnu upotrebu", "7.95"},
	{"Fasadna boja 15 l", "Bijela, paropropusna, otporna na vremenske uslove", "54.00"},
	{"PPR cijev 20 mm", "Šipka 4 m, za toplu i hladnu vodu", "2.35"},
	{"Kabl PP-Y 3x2.5", "Kolut 100 m, bakarni vodiči", "118.00"},
	{"LED sijalica E27 10 W", "Toplo bijela 2700 K, 1055 lm", "2.99"},
	{"Zaštitne rukavice", "Nitrilni premaz, veličina 10", "3.20"},
	{"Baštensko crijevo 25 m", "Tri sloja, 1/2 inča, sa priključcima", "24.90"},
	{"Vijci za drvo 4x40", "Pakovanje 200 kom, pocinčani", "4.60"},
	{"Laserski daljinomjer 40 m", "Mjerenje površine i zapremine, IP54", "49.00"},
	{"Mješalica za beton 140 l", "Motor 650 W, livena kruna", "329.00"},
}

// seedCatalog loads the catalog's demo data once, through the application, so every rule
// and the image pipeline apply. Records already there are left alone.
func seedCatalog(ctx context.Context, app *App) (string, error) {
	svc := app.Catalog
	skip := func(err error) error {
		if k := kernel.KindOf(err); k == kernel.KindInvalid || k == kernel.KindConflictInactive {
			return nil
		}
		return err
	}
	for _, name := range demoCountries {
		if _, err := svc.CreateNamed(ctx, catalogports.Countries, name); skip(err) != nil {
			return "", err
		}
	}
	for _, name := range demoCategories {
		if _, err := svc.CreateNamed(ctx, catalogports.Categories, name); skip(err) != nil {
			return "", err
		}
	}
	me, err := svc.Lists().Countries.List(ctx, ports.ListQuery{Page: 1, PerPage: 1, Filters: map[string]string{"name": "Crna Gora"}})
	if err != nil || len(me.Items) == 0 {
		return "", fmt.Errorf("demo country: %v", err)
	}
	cityIDs := map[string]kernel.ID{}
	for _, c := range demoCities {
		v, err := svc.CreateCity(ctx, catalog.CityInput{Name: c.name, CountryID: kernel.ID(me.Items[0].ID)})
		if skip(err) != nil {
			return "", err
		}
		cityIDs[c.name] = kernel.ID(v.ID)
	}
	stores, err := svc.Lists().Stores.List(ctx, ports.ListQuery{Page: 1, PerPage: 1})
	if err != nil {
		return "", err
	}
	if stores.Total == 0 {
		for i, c := range demoCities {
			if cityIDs[c.name] == 0 {
				continue
			}
			lat, lng := c.lat, c.lng
			if _, err := svc.CreateStore(ctx, catalog.StoreInput{CityID: cityIDs[c.name], Address: c.address,
				Contact: fmt.Sprintf("+382 %02d %03d %03d", 20+i, 200+i*13, 100+i*7), Lat: &lat, Lng: &lng}); err != nil {
				return "", err
			}
		}
	}
	products, err := svc.Lists().Products.List(ctx, ports.ListQuery{Page: 1, PerPage: 1})
	if err != nil {
		return "", err
	}
	if products.Total == 0 {
		for i, p := range demoProducts {
			if _, err := svc.CreateProduct(ctx, catalog.ProductInput{Name: p.name, Description: p.description, Price: p.price},
				productPicture(i, p.name)); err != nil {
				return "", err
			}
		}
	}
	return fmt.Sprintf("%d countries, %d categories, %d cities and stores, %d products with images",
		len(demoCountries), len(demoCategories), len(demoCities), len(demoProducts)), nil
}

// productPicture draws a 960×720 product card: a colour gradient, a soft disc and the
// product's name, as a JPEG the upload pipeline takes like any photo.
func productPicture(i int, name string) io.Reader {
	const w, h = 960, 720
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	hue := float64(i*47%360) / 360
	a, b := hsl(hue, 0.55, 0.62), hsl(math.Mod(hue+0.08, 1), 0.6, 0.38)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			t := float64(x+y) / float64(w+h)
			c := color.RGBA{lerp(a.R, b.R, t), lerp(a.G, b.G, t), lerp(a.B, b.B, t), 255}
			dx, dy := float64(x-w/2), float64(y-h/2+40)
			if d := math.Hypot(dx, dy); d < 200 {
				k := 0.35 * (1 - d/200)
				c = color.RGBA{lerp(c.R, 255, k), lerp(c.G, 255, k), lerp(c.B, 255, k), 255}
			}
			img.SetRGBA(x, y, c)
		}
	}
	// The name, drawn in the 7×13 bitmap font (ASCII only, hence the transliteration) and
	// scaled up 4×.
	name = asciiFold(name)
	small := image.NewRGBA(image.Rect(0, 0, w/4, 20))
	d := &font.Drawer{Dst: small, Src: image.White, Face: basicfont.Face7x13}
	d.Dot = fixed.P(max(2, (w/4-d.MeasureString(name).Round())/2), 14)
	d.DrawString(name)
	for y := 0; y < 20*4; y++ {
		for x := 0; x < w; x++ {
			if _, _, _, al := small.At(x/4, y/4).RGBA(); al > 0 {
				img.SetRGBA(x, h-140+y, color.RGBA{255, 255, 255, 255})
			}
		}
	}
	var buf bytes.Buffer
	_ = jpeg.Encode(&buf, img, &jpeg.Options{Quality: 88})
	return &buf
}

func lerp(a, b uint8, t float64) uint8 { return uint8(float64(a) + (float64(b)-float64(a))*t) }

func hsl(h, s, l float64) color.RGBA {
	q := l + s - l*s
	if l < 0.5 {
		q = l * (1 + s)
	}
	p := 2*l - q
	f := func(t float64) uint8 {
		t = math.Mod(t+1, 1)
		var v float64
		switch {
		case t < 1.0/6:
			v = p + (q-p)*6*t
		case t < 0.5:
			v = q
		case t < 2.0/3:
			v = p + (q-p)*(2.0/3-t)*6
		default:
			v = p
		}
		return uint8(math.Round(v * 255))
	}
	return color.RGBA{f(h + 1.0/3), f(h), f(h - 1.0/3), 255}
}
