import { useState } from 'react';
import { CHOOSE_PAGE_SIZES } from '../list/types';
import { useListActivePartnersQuery, type PartnerRef } from './api';
import { useChooseTableState } from './useChooseTableState';

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

/**
 * State shared by the two partner pickers: one choice (kept across pages) over the shared
 * paged-table state with the choose-dialog sizes. Each opening starts afresh from the caller's
 * choice, the first page, sorted by name, without filters.
 */
export function usePartnerChoice(
  visible: boolean,
  selected: PartnerRef | null,
  filterFields: readonly PartnerFilterField[],
  columns: readonly { field: string; header: string }[],
  typingDebounceMs = 0,
) {
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<PartnerRef | null>(null);
  const { table, reset, views } = useChooseTableState({
    list: 'partnersActive',
    visible,
    columns,
    filterFields,
    defaultSort: { field: 'name', order: 'asc' },
    pageSizes: CHOOSE_PAGE_SIZES,
    typingDebounceMs,
  });

  if (visible !== open) {
    setOpen(visible);
    if (visible) {
      setChoice(selected ? { id: selected.id, name: selected.name } : null);
      reset();
    }
  }

  const query = useListActivePartnersQuery({ params: table.params }, { skip: !visible || views.waiting, refetchOnMountOrArgChange: true });

  const applyFilters = () => {
    // Searching again with the same criteria still reloads.
    if (!table.search()) void query.refetch();
  };

  return {
    ...query,
    table,
    /** The Views menu and its notice (ADR 0041). */
    views,
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
    applyFilters,
    clearFilters: () => {
      if (!table.clearFilters()) void query.refetch();
    },
  };
}
