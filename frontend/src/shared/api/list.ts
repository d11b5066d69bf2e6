import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';

export type SortOrder = 'asc' | 'desc';

/** The server refuses a longer text filter (422); the filter inputs stop there. */
export const MAX_FILTER_LENGTH = 200;

/** The list contract of architecture §4: paging, whitelisted sort, per-column filters, is_active. */
export interface ListParams {
  page: number;
  per_page: number;
  sort: string;
  order: SortOrder;
  /** 1 active only, 0 inactive only, undefined all. */
  is_active?: 0 | 1;
  filters: Record<string, string>;
}

export interface Page<T> {
  items: T[];
  total: number;
}

export interface ToggleAnswer {
  is_active: boolean;
}

export function listQueryParams(params: ListParams): Record<string, string | number> {
  const query: Record<string, string | number> = {
    page: params.page,
    per_page: params.per_page,
    sort: params.sort,
    order: params.order,
  };
  if (params.is_active !== undefined) query.is_active = params.is_active;
  for (const [field, value] of Object.entries(params.filters)) {
    const trimmed = value.trim();
    if (trimmed !== '') query[field] = trimmed;
  }
  return query;
}

/** A page answer is a JSON array with the total in X-Total-Count. */
export function toPage<T>(items: T[], meta: FetchBaseQueryMeta | undefined): Page<T> {
  const header = meta?.response?.headers.get('X-Total-Count');
  const total = header !== null && header !== undefined && header !== '' ? Number(header) : items.length;
  return { items, total: Number.isFinite(total) ? total : items.length };
}

/** Tags for a list answer: one per row plus the resource's LIST tag. */
export function listTags<Type extends string>(type: Type, page: Page<{ id: number }> | undefined) {
  return [
    ...(page?.items.map((row) => ({ type, id: row.id })) ?? []),
    { type, id: 'LIST' as const },
  ];
}
