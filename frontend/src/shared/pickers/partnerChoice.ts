import type { DataTablePageEvent, DataTableSortEvent } from 'primereact/datatable';
import { useState } from 'react';
import type { SortOrder } from '../api/list';
import { CHOOSE_PAGE_SIZES } from '../list/types';
import { useListActivePartnersQuery, type PartnerRef } from './api';

/** The filterable text columns of GET /api/partnersActive that the choose dialogs use. */
export type PartnerFilterField = 'name' | 'address' | 'pib' | 'pdv' | 'partner_type_name';

export interface ChoosePartnerProps {
  visible: boolean;
  onHide: () => void;
  /** The confirmed choice; the caller closes the dialog. */
  onChoose: (partner: PartnerRef) => void;
  /** The partner chosen so far; it shows checked when the dialog opens. */
  selected?: PartnerRef | null;
}

const noFilters = (fields: readonly PartnerFilterField[]): Record<string, string> =>
  Object.fromEntries(fields.map((f) => [f, '']));

/**
 * State shared by the two partner pickers: one choice (kept across pages), server paging with the
 * choose-dialog sizes, sorting and draft/applied text filters. Each opening starts afresh from the
 * caller's choice.
 */
export function usePartnerChoice(visible: boolean, selected: PartnerRef | null, filterFields: readonly PartnerFilterField[]) {
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<PartnerRef | null>(null);
  const [page, setPage] = useState({ first: 0, rows: CHOOSE_PAGE_SIZES[0] });
  const [sort, setSort] = useState<{ field: string; order: SortOrder }>({ field: 'name', order: 'asc' });
  const [draft, setDraft] = useState<Record<string, string>>(() => noFilters(filterFields));
  const [applied, setApplied] = useState<Record<string, string>>(() => noFilters(filterFields));

  if (visible !== open) {
    setOpen(visible);
    if (visible) {
      setChoice(selected ? { id: selected.id, name: selected.name } : null);
      setPage((p) => ({ ...p, first: 0 }));
      setSort({ field: 'name', order: 'asc' });
      setDraft(noFilters(filterFields));
      setApplied(noFilters(filterFields));
    }
  }

  const query = useListActivePartnersQuery(
    {
      page: Math.floor(page.first / page.rows) + 1,
      per_page: page.rows,
      sort: sort.field,
      order: sort.order,
      filters: applied,
    },
    { skip: !visible, refetchOnMountOrArgChange: true },
  );

  const applyFilters = (next: Record<string, string> = draft) => {
    const unchanged = page.first === 0 && Object.keys(next).every((k) => next[k].trim() === (applied[k] ?? '').trim());
    // Searching again with the same criteria still reloads.
    if (unchanged) void query.refetch();
    setApplied({ ...next });
    setPage((p) => ({ ...p, first: 0 }));
  };

  return {
    ...query,
    rows: query.data?.items ?? [],
    total: query.data?.total ?? 0,
    choice,
    /** The table's checkbox selection: at most one row. */
    selection: choice ? [choice] : [],
    /** A checkbox change: the newly checked row replaces the old choice; unchecking clears it. */
    onSelectionChange: (value: PartnerRef[]) =>
      // The table may hold on to an older handler, so compare with the latest choice.
      setChoice((previous) => {
        const added = value.find((p) => p.id !== previous?.id);
        if (added) return { id: added.id, name: added.name };
        return value.some((p) => p.id === previous?.id) ? previous : null;
      }),
    page,
    onPage: (e: DataTablePageEvent) => setPage({ first: e.first, rows: e.rows }),
    sort,
    onSort: (e: DataTableSortEvent) => {
      if (typeof e.sortField !== 'string' || !e.sortField) return;
      setSort({ field: e.sortField, order: e.sortOrder === -1 ? 'desc' : 'asc' });
      setPage((p) => ({ ...p, first: 0 }));
    },
    draft,
    /** How many text filters are applied. */
    appliedCount: Object.values(applied).filter((v) => v.trim() !== '').length,
    setDraftField: (field: PartnerFilterField, value: string) => setDraft((d) => ({ ...d, [field]: value })),
    applyFilters,
    clearFilters: () => {
      const cleared = noFilters(filterFields);
      setDraft(cleared);
      applyFilters(cleared);
    },
  };
}
