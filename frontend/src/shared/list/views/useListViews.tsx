import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableSort } from '../useTableState';
import type { UrlTableState } from '../useUrlTableState';
import type { ColumnChoice } from '../useColumnChoice';
import { useListViewsQuery, type SavedView, type ViewState } from './api';
import { ViewsMenu } from './ViewsMenu';

export interface ListViewsOptions {
  /** The list call's name; no views when omitted. */
  list?: string;
  url: UrlTableState;
  defaultSort: TableSort;
  pageSizes: readonly number[];
  pageSize: number;
  /** The columns: field and catalogue key of the header, for the shown ones and the notices. */
  columns: readonly { field: string; header: string }[];
  choice: ColumnChoice;
  compact: boolean;
}

/** A saved view's state as the table applies it. */
export function viewToTable(state: ViewState, o: Pick<ListViewsOptions, 'defaultSort' | 'pageSizes' | 'pageSize'>) {
  const { is_active: active, ...filters } = state.filters;
  return {
    filters,
    active: active === '1' ? 'active' : active === '0' ? 'inactive' : 'all',
    sort: { field: state.sort || o.defaultSort.field, order: state.order || (state.sort ? 'asc' : o.defaultSort.order) },
    first: 0,
    rows: o.pageSizes.includes(state.per_page) ? state.per_page : o.pageSize,
  } as const;
}

/**
 * A list's saved views (ADR 0041): the menu for its toolbar, the notice of a view that lost a
 * filter, and, when the address said nothing about the list, the user's default view applied
 * before the first page is asked for (`waiting` until then).
 */
export function useListViews(o: ListViewsOptions): { menu: ReactNode; notice: ReactNode; waiting: boolean } {
  const { t } = useTranslation();
  const { list, url, choice } = o;
  const query = useListViewsQuery(list ?? '', { skip: !list });
  const views = query.data ?? [];
  const settled = !list || query.isSuccess || query.isError;
  const [opened, setOpened] = useState(url.openedWithState || !list);
  const [dropped, setDropped] = useState<string[]>([]);

  const apply = (view: SavedView, replace = false) => {
    url.applyState(viewToTable(view.state, o), view.id, { replace });
    if (view.state.columns.length > 0) choice.showOnly(view.state.columns);
    setDropped(view.dropped);
  };

  useEffect(() => {
    if (opened || !settled) return;
    const mine = views.find((v) => v.default && v.own);
    if (mine) apply(mine, true);
    setOpened(true);
    // Once, when the views arrive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, settled]);

  if (!list) return { menu: null, notice: null, waiting: false };

  const { table } = url;
  const filters: Record<string, string> = {};
  for (const [k, v] of Object.entries(table.applied)) if (v.trim() !== '') filters[k] = v.trim();
  if (table.active !== 'all') filters.is_active = table.active === 'active' ? '1' : '0';
  const current: ViewState = {
    filters,
    sort: table.sort.field,
    order: table.sort.order,
    per_page: table.rows,
    columns: o.columns.filter((c) => choice.isVisible(c.field)).map((c) => c.field),
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
        appliedId={url.view}
        onApply={(v) => apply(v)}
        onClear={() => {
          url.applyState(viewToTable({ filters: {}, sort: '', order: '', per_page: 0, columns: [] }, o), undefined);
          setDropped([]);
        }}
        compact={o.compact}
      />
    ),
  };
}
