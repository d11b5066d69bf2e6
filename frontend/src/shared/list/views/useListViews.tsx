import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableSort } from '../useTableState';
import type { ViewTableState } from '../useUrlTableState';
import type { ColumnChoice } from '../useColumnChoice';
import { useListViewsQuery, type SavedView, type ViewState } from './api';
import { ViewsMenu } from './ViewsMenu';

export interface ListViewsOptions {
  /** The list call's name; no views when omitted. */
  list?: string;
  /** The table's state and the view applied: in the address (a list, a tab) or in memory (a dialog). */
  state: ViewTableState;
  defaultSort: TableSort;
  pageSizes: readonly number[];
  pageSize: number;
  /** The table filters `is_active` itself (a select of its own), rather than by the active select. */
  activeIsFilter?: boolean;
  /** The columns: field and catalogue key of the header, for the shown ones and the notices. */
  columns: readonly { field: string; header: string }[];
  /** The column choice, when the table offers one; a view then keeps and sets the shown columns. */
  choice?: ColumnChoice;
  compact: boolean;
  /**
   * Whether the table is shown (a choose dialog open); true when omitted. The views are asked
   * for while it is, and each time it becomes shown the user's default view applies again,
   * unless the state opened with its own.
   */
  active?: boolean;
}

/** A saved view's state as the table applies it. */
export function viewToTable(state: ViewState, o: Pick<ListViewsOptions, 'defaultSort' | 'pageSizes' | 'pageSize' | 'activeIsFilter'>) {
  // A table whose own filter is `is_active` (a cart's delivered select) keeps it as that filter.
  const { is_active: active, ...rest } = state.filters;
  const filters = o.activeIsFilter ? state.filters : rest;
  return {
    filters,
    active: o.activeIsFilter ? 'all' : active === '1' ? 'active' : active === '0' ? 'inactive' : 'all',
    sort: { field: state.sort || o.defaultSort.field, order: state.order || (state.sort ? 'asc' : o.defaultSort.order) },
    first: 0,
    rows: o.pageSizes.includes(state.per_page) ? state.per_page : o.pageSize,
  } as const;
}

/**
 * A list's saved views (ADR 0041): the menu for its toolbar, the notice of a view that lost a
 * filter, and, when the state said nothing about the list (a bare address, a dialog opening),
 * the user's default view applied before the first page is asked for (`waiting` until then).
 */
export function useListViews(o: ListViewsOptions): { menu: ReactNode; notice: ReactNode; waiting: boolean } {
  const { t } = useTranslation();
  const { list, state, choice, active = true } = o;
  const query = useListViewsQuery(list ?? '', { skip: !list || !active });
  const views = query.data ?? [];
  const settled = !list || query.isSuccess || query.isError;
  const [opened, setOpened] = useState(state.openedWithState || !list);
  const [dropped, setDropped] = useState<string[]>([]);
  // Each showing (a dialog opening again) starts afresh: its default applies again.
  const [shown, setShown] = useState(active);
  if (shown !== active) {
    setShown(active);
    if (active) {
      setOpened(state.openedWithState || !list);
      setDropped([]);
    }
  }

  const apply = (view: SavedView, replace = false) => {
    state.applyState(viewToTable(view.state, o), view.id, { replace });
    if (choice && view.state.columns.length > 0) choice.showOnly(view.state.columns);
    setDropped(view.dropped);
  };

  useEffect(() => {
    if (opened || !settled || !active) return;
    const mine = views.find((v) => v.default && v.own);
    if (mine) apply(mine, true);
    setOpened(true);
    // Once, when the views arrive (on each showing).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, settled, active]);

  if (!list) return { menu: null, notice: null, waiting: false };

  const { table } = state;
  const filters: Record<string, string> = {};
  for (const [k, v] of Object.entries(table.applied)) if (v.trim() !== '') filters[k] = v.trim();
  if (table.active !== 'all') filters.is_active = table.active === 'active' ? '1' : '0';
  const current: ViewState = {
    filters,
    sort: table.sort.field,
    order: table.sort.order,
    per_page: table.rows,
    columns: choice ? o.columns.filter((c) => choice.isVisible(c.field)).map((c) => c.field) : [],
  };
  const label = (key: string) => {
    const column = o.columns.find((c) => c.field === key);
    return column ? t(column.header) : key === 'is_active' ? t('table.status') : key;
  };

  const notice =
    dropped.length > 0 ? (
      <Message
        severity="warn"
        className="views-notice"
        content={
          <span className="views-notice__text">
            {t('views.dropped', { count: dropped.length, names: [...new Set(dropped)].map(label).join(', ') })}
            <Button type="button" icon="pi pi-times" text rounded aria-label={t('dialog.close')} onClick={() => setDropped([])} />
          </span>
        }
      />
    ) : null;

  return {
    waiting: !opened,
    notice,
    menu: (
      <ViewsMenu
        list={list}
        views={views}
        current={current}
        appliedId={state.view}
        onApply={(v) => apply(v)}
        onClear={() => {
          state.applyState(viewToTable({ filters: {}, sort: '', order: '', per_page: 0, columns: [] }, o), undefined);
          setDropped([]);
        }}
        compact={o.compact}
      />
    ),
  };
}
