import { convertFromHTML, convertToHTML } from 'draft-convert';
import type { ContentState, RawDraftEntity } from 'draft-js';

/**
 * HTML in and out of the rich-text editor (draft-js, through draft-convert). The HTML is what the
 * server keeps, reduced by its sanitiser to a safe subset; the editor's part is to produce only
 * what its toolbar offers: headings 1–3, paragraphs, bold, italic, underline, bulleted and
 * numbered lists, links (http, https, mailto) and images, each image in its own <figure>.
 */

/** The entity types the editor creates. */
export const LINK = 'LINK';
export const IMAGE = 'IMAGE';

export interface LinkData {
  url: string;
}

export interface ImageData {
  src: string;
  alt?: string;
}

/** The link schemes a link may use; anything else (javascript:, data:, relative) is refused. */
const SAFE_LINK = /^(https?:\/\/[^\s]+|mailto:[^\s]+)$/i;

/** Whether a typed address may become a link. */
export function isSafeLink(url: string): boolean {
  const text = url.trim();
  if (!SAFE_LINK.test(text)) return false;
  try {
    const parsed = new URL(text);
    return ['http:', 'https:', 'mailto:'].includes(parsed.protocol);
  } catch {
    return false;
  }
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Every image gets a block of its own: an <img> inside a paragraph (as a sanitiser may leave it)
 * moves into a <figure> right after that paragraph, which the converter reads as an image block.
 * The HTML is parsed in an inert document: nothing in it loads or runs.
 */
function imagesInFigures(html: string): string {
  if (!/<img\b/i.test(html) || typeof DOMParser === 'undefined') return html;
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const body = doc.body;
  for (const img of Array.from(body.querySelectorAll('img'))) {
    const parent = img.parentElement;
    if (parent?.tagName === 'FIGURE' && parent.parentElement === body && parent.querySelectorAll('img').length === 1) {
      continue;
    }
    // The top-level block holding the image.
    let block: Element = img;
    while (block.parentElement && block.parentElement !== body) block = block.parentElement;
    const figure = doc.createElement('figure');
    if (block === img) {
      // A bare image between blocks, as the server's sanitiser keeps it.
      img.replaceWith(figure);
      figure.appendChild(img);
      continue;
    }
    block.after(figure);
    figure.appendChild(img);
    if (block.textContent?.trim() === '' && !block.querySelector('img')) block.remove();
  }
  return body.innerHTML;
}

/** The editor's content for the given HTML; empty HTML is an empty editor. */
export function htmlToContent(html: string): ContentState {
  return convertFromHTML<DOMStringMap, 'atomic'>({
    htmlToEntity: (nodeName, node, createEntity) => {
      if (nodeName === 'a') {
        const url = node.getAttribute('href') ?? '';
        return isSafeLink(url) ? createEntity(LINK, 'MUTABLE', { url } satisfies LinkData) : undefined;
      }
      if (nodeName === 'img') {
        const src = node.getAttribute('src') ?? '';
        if (!src) return undefined;
        return createEntity(IMAGE, 'IMMUTABLE', { src, alt: node.getAttribute('alt') ?? '' } satisfies ImageData);
      }
      return undefined;
    },
    htmlToBlock: (nodeName) => (nodeName === 'figure' ? 'atomic' : undefined),
  })(imagesInFigures(html));
}

/** Whether the content holds anything: text, or an image. */
export function hasContent(content: ContentState): boolean {
  return content.hasText() || content.getBlocksAsArray().some((block) => block.getType() === 'atomic');
}

/** The HTML of the editor's content; '' when it is empty. */
export function contentToHtml(content: ContentState): string {
  if (!hasContent(content)) return '';
  return convertToHTML<string, 'atomic', RawDraftEntity>({
    blockToHTML: (block) => (block.type === 'atomic' ? { start: '<figure>', end: '</figure>' } : undefined),
    entityToHTML: (entity, originalText) => {
      if (entity.type === LINK) {
        const { url } = entity.data as LinkData;
        return isSafeLink(url) ? { start: `<a href="${escapeAttribute(url)}">`, end: '</a>' } : originalText;
      }
      if (entity.type === IMAGE) {
        const { src, alt = '' } = entity.data as ImageData;
        return `<img src="${escapeAttribute(src)}" alt="${escapeAttribute(alt)}">`;
      }
      return originalText;
    },
  })(content);
}
