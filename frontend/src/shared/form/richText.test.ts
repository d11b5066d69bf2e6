import { ContentState } from 'draft-js';
import { describe, expect, it } from 'vitest';
import { hasImage } from './htmlImage';
import { contentToHtml, htmlToContent, isSafeLink } from './richText';

const roundTrip = (html: string) => contentToHtml(htmlToContent(html));

describe('rich-text HTML', () => {
  it('keeps headings, paragraphs, inline styles and lists as they were', () => {
    const html =
      '<h1>Zimska akcija</h1><h2>Uslovi</h2><h3>Rok</h3>' +
      '<p>Popust <strong>20%</strong>, <em>samo</em> <u>danas</u>.</p>' +
      '<ul><li>Alati</li><li>Boje</li></ul><ol><li>Prvi</li><li>Drugi</li></ol>';
    expect(roundTrip(html)).toBe(html.replace('<ol>', '<ol type="1">'));
  });

  it('keeps http, https and mailto links and drops every other scheme', () => {
    const out = roundTrip(
      '<p><a href="https://vitrina.me/a?b=1&amp;c=2">sajt</a> <a href="mailto:info@vitrina.me">pošta</a> ' +
        '<a href="javascript:alert(1)">zlo</a> <a href="data:text/html,x">data</a></p>',
    );
    expect(out).toBe(
      '<p><a href="https://vitrina.me/a?b=1&amp;c=2">sajt</a> <a href="mailto:info@vitrina.me">pošta</a> zlo data</p>',
    );
  });

  it('puts each image in a figure of its own, also one inside a paragraph', () => {
    expect(roundTrip('<p>Prije</p><figure><img src="/api/images/sliders/a.png" alt=""></figure><p>Poslije</p>')).toBe(
      '<p>Prije</p><figure><img src="/api/images/sliders/a.png" alt=""></figure><p>Poslije</p>',
    );
    expect(roundTrip('<p>Tekst <img src="/api/images/sliders/b.jpg" alt="baner"></p>')).toBe(
      '<p>Tekst </p><figure><img src="/api/images/sliders/b.jpg" alt="baner"></figure>',
    );
    expect(roundTrip('<p><img src="/api/images/sliders/c.png"></p>')).toBe(
      '<figure><img src="/api/images/sliders/c.png" alt=""></figure>',
    );
    // As the server's sanitiser answers it: no figure, the image between blocks.
    expect(roundTrip('<ol><li>2</li></ol><img src="/api/images/sliders/d.png"><h3>c</h3>')).toBe(
      '<ol type="1"><li>2</li></ol><figure><img src="/api/images/sliders/d.png" alt=""></figure><h3>c</h3>',
    );
  });

  it('escapes text and attributes', () => {
    expect(roundTrip('<p>a &lt;b&gt; &amp; "c"</p>')).toBe('<p>a &lt;b&gt; &amp; &quot;c&quot;</p>');
    expect(roundTrip('<figure><img src="/x.png" alt="&quot;&gt;<script>"></figure>')).toBe(
      '<figure><img src="/x.png" alt="&quot;&gt;&lt;script&gt;"></figure>',
    );
  });

  it('an empty editor is empty HTML, and empty HTML an empty editor', () => {
    expect(contentToHtml(ContentState.createFromText(''))).toBe('');
    expect(htmlToContent('').hasText()).toBe(false);
    expect(roundTrip('<p></p>')).toBe('');
  });

  it('tells safe link addresses and embedded images', () => {
    expect(isSafeLink('https://vitrina.me')).toBe(true);
    expect(isSafeLink(' http://a.b/c ')).toBe(true);
    expect(isSafeLink('mailto:a@b.me')).toBe(true);
    expect(isSafeLink('javascript:alert(1)')).toBe(false);
    expect(isSafeLink('JAVASCRIPT:alert(1)')).toBe(false);
    expect(isSafeLink('/relative')).toBe(false);
    expect(isSafeLink('https://')).toBe(false);
    expect(hasImage('<p>a</p><figure><IMG src="/x.png"></figure>')).toBe(true);
    expect(hasImage('<p>image</p>')).toBe(false);
    expect(hasImage(null)).toBe(false);
  });
});
