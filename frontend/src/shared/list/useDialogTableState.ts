import { useState } from 'react';
import type { ViewTableState } from './useUrlTableState';
import { useTableState, type TableStateOptions } from './useTableState';

export interface DialogTableState extends ViewTableState {
  /** Back to the first page, the default sort, no filters and no view: a dialog opening again. */
  reset: () => void;
}

/**
 * A choose dialog's paged-table state with the saved view applied (ADR 0041), kept in memory:
 * a dialog is transient, so neither its state nor its view ever reaches the address.
 */
export function useDialogTableState(options: TableStateOptions): DialogTableState {
  const table = useTableState(options);
  const [view, setView] = useState<number | undefined>(undefined);
  return {
    table,
    view,
    openedWithState: false,
    applyState: (state, nextView) => {
      table.apply(state);
      setView(nextView);
    },
    reset: () => {
      table.reset();
      setView(undefined);
    },
  };
}
