import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  hasUrlState,
  readUrlState,
  urlStateKey,
  writeUrlState,
  type ListUrlShape,
  type ListUrlState,
} from './urlState';
import { useTableState, type AppliedTableState, type TableState, type TableStateOptions } from './useTableState';

function toApplied(s: ListUrlState): AppliedTableState {
  return { filters: s.filters, active: s.active, sort: s.sort, first: (s.page - 1) * s.perPage, rows: s.perPage };
}

function fromTable(table: TableState, view: number | undefined): ListUrlState {
  const filters: Record<string, string> = {};
  for (const [k, v] of Object.entries(table.applied)) if (v.trim() !== '') filters[k] = v;
  return {
    filters,
    active: table.active,
    sort: table.sort,
    page: Math.floor(table.first / table.rows) + 1,
    perPage: table.rows,
    view,
  };
}

/**
 * A paged table's state with the saved view applied (ADR 0041): kept in the address by a list
 * (useUrlTableState) or in memory by a choose dialog (useDialogTableState).
 */
export interface ViewTableState {
  table: TableState;
  /** The saved view applied, as the address names it. */
  view: number | undefined;
  /** The address said something about the list when the screen opened (no default view then). */
  openedWithState: boolean;
  /**
   * Applies a state (a saved view's) and names the view; replace: without a new history entry
   * (a default view applied on opening, so that Back leaves the screen rather than undoing it).
   */
  applyState: (state: AppliedTableState, view: number | undefined, options?: { replace?: boolean }) => void;
}

export type UrlTableState = ViewTableState;

/**
 * The list's paged-table state kept in the address (ADR 0041): it starts from the address, every
 * applied change (a search, a page, a sort, a view; never a keystroke) pushes a history entry,
 * and Back and Forward bring the list back to the state of their entry.
 */
export function useUrlTableState(options: TableStateOptions & { sortFields: readonly string[] }): UrlTableState {
  const [search, setSearch] = useSearchParams();
  const shape: ListUrlShape = useMemo(
    () => ({
      filterFields: options.filterFields,
      sortFields: options.sortFields,
      pageSizes: options.pageSizes,
      defaultSort: options.defaultSort,
      pageSize: options.pageSize,
    }),
    [options.filterFields, options.sortFields, options.pageSizes, options.defaultSort, options.pageSize],
  );
  const [opened] = useState(() => ({ state: readUrlState(search, shape), has: hasUrlState(search, shape) }));
  const table = useTableState({ ...options, initial: opened.has ? toApplied(opened.state) : undefined });
  const [view, setView] = useState<number | undefined>(opened.state.view);

  const fromUrl = readUrlState(search, shape);
  const urlKey = urlStateKey(fromUrl, shape);
  const stateKey = urlStateKey(fromTable(table, view), shape);
  // What the effect last saw of the address and of the list, and the addresses it has asked for
  // that have not arrived yet (the router lands a navigation later, in a transition): the list
  // goes on changing meanwhile, and an address it asked for is never taken for Back or a link.
  const seen = useRef<{ url: string; state: string; pending: string[] }>({ url: urlKey, state: stateKey, pending: [] });
  const replaceNext = useRef(false);
  const latest = useRef({ search, fromUrl, table });
  latest.current = { search, fromUrl, table };

  useEffect(() => {
    const { search: current, fromUrl: url, table: t } = latest.current;
    const s = seen.current;
    if (urlKey !== s.url) {
      const landed = s.pending.indexOf(urlKey);
      if (landed >= 0) {
        // One of ours arrived: nothing to apply.
        s.pending = s.pending.slice(landed + 1);
        s.url = urlKey;
      } else {
        // The address moved by itself (Back, Forward, a link): the list follows it.
        s.pending = [];
        s.url = urlKey;
        s.state = urlKey;
        if (urlKey !== stateKey) {
          t.apply(toApplied(url));
          setView(url.view);
        }
        return;
      }
    }
    if (stateKey !== s.state) {
      // The list moved (a search, a page, a sort, a view): the address follows, one entry each.
      s.state = stateKey;
      const target = s.pending.at(-1) ?? s.url;
      if (stateKey !== target) {
        const replace = replaceNext.current;
        replaceNext.current = false;
        s.pending.push(stateKey);
        setSearch(writeUrlState(fromTable(t, view), shape, current), { replace });
      }
    }
  }, [urlKey, stateKey, shape, setSearch, view]);

  return {
    table,
    view,
    openedWithState: opened.has,
    applyState: (state, nextView, { replace = false } = {}) => {
      replaceNext.current = replace;
      table.apply(state);
      setView(nextView);
    },
  };
}
