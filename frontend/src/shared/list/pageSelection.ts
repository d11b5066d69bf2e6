/**
 * A table's selection change for one page: the page rows newly checked and those unchecked.
 * The table gets only the page's checked rows, so choices on other pages are never touched.
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
