// Package richtext reduces untrusted HTML (a slider's page, written in the panel's editor and
// shown in the partners' app) to a small safe subset with bluemonday, a maintained
// allowlist sanitiser (ADR 0018).
package richtext

import (
	"regexp"
	"strings"

	"github.com/microcosm-cc/bluemonday"
	"golang.org/x/net/html"

	"vitrina/ports"
)

// ImagePath is where the only images a page may show live: the slider images the panel's
// editor uploaded (POST /api/sliderWysWygImages).
const ImagePath = "/api/images/sliders/"

// imageSrc is an address of such an image, exactly as the upload answered it: no other
// host, no query, no path tricks.
var imageSrc = regexp.MustCompile(`^` + regexp.QuoteMeta(ImagePath) + `[a-f0-9]{32}\.(?:jpg|png)$`)

// altText is an image's alternative text: one line of up to 300 characters (the policy
// escapes it like any text).
var altText = regexp.MustCompile(`^[^\x00-\x1f\x7f]{0,300}$`)

// Sanitizer is the one policy: paragraphs and line breaks, headings 1 to 3, bold, italic,
// underline, lists, links (http, https, mailto and relative; each gets rel="noopener
// noreferrer") and images from ImagePath with their alt text, in the <figure> the panel's
// editor puts each image in. Everything else goes: other elements (script,
// style, iframe, object, embed, svg, form…) with their content when it is code, every other
// attribute (event handlers, style, class, id), other URL schemes (javascript:, data:,
// vbscript:, file:…) and any image from elsewhere.
type Sanitizer struct{ policy *bluemonday.Policy }

var _ ports.HTMLSanitizer = (*Sanitizer)(nil)

// New builds the policy; it is safe for concurrent use.
func New() *Sanitizer {
	p := bluemonday.NewPolicy()
	p.AllowElements("p", "br", "h1", "h2", "h3", "strong", "b", "em", "i", "u", "ul", "ol", "li", "figure")
	p.AllowAttrs("href").OnElements("a")
	p.AllowAttrs("src").Matching(imageSrc).OnElements("img")
	// An image's text for those who cannot see it: plain text, escaped like all text.
	p.AllowAttrs("alt").Matching(altText).OnElements("img")
	p.AllowURLSchemes("http", "https", "mailto")
	p.AllowRelativeURLs(true)
	p.RequireParseableURLs(true)
	p.RequireNoReferrerOnLinks(true)
	return &Sanitizer{policy: p}
}

// noReferrer is the rel the policy gives every link; Sanitize names noopener too. The policy
// escapes every quote of text and allows no rel of its own, so this exact text in its output
// is always the attribute it wrote.
const noReferrer = `rel="noreferrer"`

// Sanitize returns the safe form of raw; drop, when not nil, leaves out the images whose
// address it reports true for. What comes back has always been through the policy last.
func (s *Sanitizer) Sanitize(raw string, drop func(src string) bool) string {
	safe := s.policy.Sanitize(raw)
	// An image whose address the policy refused keeps its alt text: it goes whole.
	if drop != nil || strings.Contains(safe, "<img") {
		safe = s.policy.Sanitize(dropImages(safe, drop))
	}
	return strings.ReplaceAll(safe, noReferrer, `rel="noopener noreferrer"`)
}

// Images lists the src of every <img> of safe, in order.
func (s *Sanitizer) Images(safe string) []string {
	var out []string
	z := html.NewTokenizer(strings.NewReader(safe))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return out
		case html.StartTagToken, html.SelfClosingTagToken:
			if t := z.Token(); t.Data == "img" {
				if src, ok := attr(t, "src"); ok {
					out = append(out, src)
				}
			}
		}
	}
}

// dropImages writes safe again without the images drop (when not nil) reports and without
// those left with no address; its caller sanitises the result once more, so this never
// decides what is safe.
func dropImages(safe string, drop func(string) bool) string {
	var b strings.Builder
	z := html.NewTokenizer(strings.NewReader(safe))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return b.String()
		}
		t := z.Token()
		if (tt == html.StartTagToken || tt == html.SelfClosingTagToken) && t.Data == "img" {
			if src, ok := attr(t, "src"); !ok || (drop != nil && drop(src)) {
				continue
			}
		}
		b.WriteString(t.String())
	}
}

func attr(t html.Token, key string) (string, bool) {
	for _, a := range t.Attr {
		if a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}
