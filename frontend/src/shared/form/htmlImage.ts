/**
 * Whether HTML holds an embedded image (spec §3: page_content_details tells whether there is an
 * old image). Kept apart from the editor's converter so a screen asking it does not load draft-js.
 */
export function hasImage(html: string | null | undefined): boolean {
  return /<img\b/i.test(html ?? '');
}
