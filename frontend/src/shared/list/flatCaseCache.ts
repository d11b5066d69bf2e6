import { ObjectUtils } from 'primereact/utils';

/** How many names the cache keeps at most; PrimeReact asks for a few hundred (props, sections, class keys). */
const LIMIT = 4096;

type FlatCase = typeof ObjectUtils.toFlatCase & { cached?: true };

/**
 * PrimeReact looks up every class, pass-through section and column prop by its "flat case" name
 * (`bodyCell` → `bodycell`), and compares the flat case of every key of the theme's class table
 * and of a column's props on each lookup: for one table cell that is hundreds of regular-expression
 * replaces, for a page of a wide list about half the render (ADR 0033). The answer only depends on
 * the string, so it is computed once per name. Installed by the table (PagedTable) when its code
 * loads; the function answers exactly what PrimeReact's own does.
 */
export function cacheFlatCase(): void {
  const original: FlatCase = ObjectUtils.toFlatCase;
  if (original.cached) return;
  const flat = new Map<string, string>();
  const cached: FlatCase = (str: string) => {
    if (typeof str !== 'string') return original.call(ObjectUtils, str);
    let value = flat.get(str);
    if (value === undefined) {
      value = original.call(ObjectUtils, str);
      if (flat.size < LIMIT) flat.set(str, value);
    }
    return value;
  };
  cached.cached = true;
  ObjectUtils.toFlatCase = cached;
}
