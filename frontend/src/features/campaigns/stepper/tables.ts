/** Spec §9: the composition tables show 100 rows, with sizes up to 100. */
export const COMPOSITION_PAGE_SIZES = [10, 20, 30, 50, 100];
export const COMPOSITION_PAGE_SIZE = 100;

/** The search box searches as the user types, once typing pauses this long; Enter at once. */
export const TYPING_DEBOUNCE_MS = 400;

/**
 * A table's selection change for one page: the page rows newly checked and those unchecked.
 * The tables get only the page's checked rows, so choices on other pages are never touched.
 */
export function pageSelectionChange<T extends { id: number }>(
  pageRows: readonly T[],
  chosen: ReadonlySet<number>,
  next: readonly T[],
): { added: T[]; removed: T[] } {
  const nextIds = new Set(next.map((r) => r.id));
  return {
    added: pageRows.filter((r) => nextIds.has(r.id) && !chosen.has(r.id)),
    removed: pageRows.filter((r) => !nextIds.has(r.id) && chosen.has(r.id)),
  };
}
