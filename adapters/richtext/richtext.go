// Package richtext reduces untrusted HTML (a slider's page, written in the panel's editor and
// shown in the partners' app) to a small safe subset with bluemonday, a maintained
// allowlist sanitiser (ADR 0018).
package richtext

import (
	"regexp"
	"strings"

	"github.com/microcosm-cc/bluemonday"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

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
//
// The policy filters tags one by one and leaves the markup as unbalanced as it came: an
// unclosed <a>, stray </p></li></ul>. So its output is parsed as a browser would parse it
// (x/net/html, in a <body>) and written again from that tree, every element closed and
// nested no deeper than MaxDepth; an app that inserts the page into its own HTML cannot be
// broken by it (ADR 0026).
func (s *Sanitizer) Sanitize(raw string, drop func(src string) bool) string {
	safe := s.policy.Sanitize(raw)
	// An image whose address the policy refused keeps its alt text: it goes whole.
	if drop != nil || strings.Contains(safe, "<img") {
		safe = s.policy.Sanitize(dropImages(safe, drop))
	}
	safe = balance(safe)
	return strings.ReplaceAll(safe, noReferrer, `rel="noopener noreferrer"`)
}

// MaxDepth is how deeply a page's elements may nest; the panel's editor nests lists at most
// 5 deep inside a few formatting elements. An element deeper than this is left out and its
// content (text, line breaks, images) kept in its place: flattened, not refused.
const MaxDepth = 16

// body is the context the page is parsed in: where an app puts it.
var body = &html.Node{Type: html.ElementNode, Data: "body", DataAtom: atom.Body}

// balance writes safe (the policy's output) again as the tree a browser builds of it.
func balance(safe string) string {
	if !strings.ContainsRune(safe, '<') {
		return safe // text only: already escaped, nothing to balance
	}
	nodes, err := html.ParseFragment(strings.NewReader(shallow(safe)), body)
	if err != nil {
		// The parser refuses a tree deeper than 512 elements, which shallow prevents; should
		// it happen anyway, the page keeps its text only.
		return html.EscapeString(textOf(safe))
	}
	var b strings.Builder
	b.Grow(len(safe) + len(safe)/8)
	for _, n := range nodes {
		render(&b, n, 0)
	}
	return b.String()
}

// render writes n at the given depth (its parent's count of written elements).
func render(b *strings.Builder, n *html.Node, depth int) {
	switch n.Type {
	case html.TextNode:
		b.WriteString(html.EscapeString(n.Data))
		return
	case html.ElementNode:
	default:
		return // comments, doctypes: the policy lets none through
	}
	void := n.DataAtom == atom.Br || n.DataAtom == atom.Img
	if depth >= MaxDepth && !void {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			render(b, c, depth)
		}
		return
	}
	b.WriteByte('<')
	b.WriteString(n.Data)
	for _, a := range n.Attr {
		b.WriteByte(' ')
		b.WriteString(a.Key)
		b.WriteString(`="`)
		b.WriteString(html.EscapeString(a.Val))
		b.WriteByte('"')
	}
	b.WriteByte('>')
	if void {
		return
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		render(b, c, depth+1)
	}
	b.WriteString("</")
	b.WriteString(n.Data)
	b.WriteByte('>')
}

// tokenDepth bounds the nesting of the tags as written, before the parse: the parser gives
// up past 512 open elements, and the tree it builds is at most a few formatting elements
// deeper than the tags that open it.
const tokenDepth = 4 * MaxDepth

// shallow leaves out the start tags (and their end tags) that would open an element more
// than tokenDepth deep, counting the tags as written; their content stays.
func shallow(safe string) string {
	var b strings.Builder
	b.Grow(len(safe))
	depth := 0
	skipped := map[string]int{}
	z := html.NewTokenizer(strings.NewReader(safe))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return b.String()
		}
		raw := z.Raw()
		if tt == html.StartTagToken || tt == html.EndTagToken {
			name, _ := z.TagName()
			tag := string(name)
			switch {
			case tag == "br" || tag == "img":
			case tt == html.StartTagToken && depth >= tokenDepth:
				skipped[tag]++
				continue
			case tt == html.StartTagToken:
				depth++
			case skipped[tag] > 0:
				skipped[tag]--
				continue
			case depth > 0:
				depth--
			}
		}
		b.Write(raw)
	}
}

// textOf is the text of an HTML fragment without its markup.
func textOf(s string) string {
	var b strings.Builder
	z := html.NewTokenizer(strings.NewReader(s))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return b.String()
		case html.TextToken:
			b.Write(z.Text())
		}
	}
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
