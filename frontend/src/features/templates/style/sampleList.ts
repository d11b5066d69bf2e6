import type { ListParams, Page, ToggleAnswer } from '../../../shared/api/list';

/** A row of the style page's sample list: the shape every list row has. */
export interface SampleRow {
  id: number;
  name: string;
  is_active: boolean;
}

/** The sample list's answer to a query, paged, sorted and filtered in memory like the server would. */
export function samplePage(rows: SampleRow[], params: ListParams): Page<SampleRow> {
  const term = (params.filters.name ?? '').trim().toLowerCase();
  const matching = rows
    .filter((r) => params.is_active === undefined || r.is_active === (params.is_active === 1))
    .filter((r) => term === '' || r.name.toLowerCase().includes(term));
  const key = params.sort === 'is_active' ? 'is_active' : 'name';
  const sorted = [...matching].sort((a, b) => {
    const order = String(a[key]).localeCompare(String(b[key])) || a.id - b.id;
    return params.order === 'desc' ? -order : order;
  });
  const start = (params.page - 1) * params.per_page;
  return { items: sorted.slice(start, start + params.per_page), total: matching.length };
}

/** Flips a row's active flag, as DELETE /api/{resource}/{id} does. */
export function toggleSample(rows: SampleRow[], id: number): { rows: SampleRow[]; answer: ToggleAnswer } {
  let answer: ToggleAnswer = { is_active: false };
  const next = rows.map((r) => {
    if (r.id !== id) return r;
    answer = { is_active: !r.is_active };
    return { ...r, is_active: !r.is_active };
  });
  return { rows: next, answer };
}
