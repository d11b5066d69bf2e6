import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListParams } from '../api/list';
import type { BulkConfig } from '../bulk/types';
import { useBulk } from '../bulk/useBulk';
import { useSnackbar } from '../snackbar/snackbarContext';
import { IconButton } from '../ui/IconButton';
import { MOBILE_QUERY, useMediaQuery } from '../ui/useMediaQuery';
import { PagedTable } from './PagedTable';
import { EditRowButton, ToggleRowButton } from './RowActionButtons';
import { ToggleConfirm } from './ToggleConfirm';
import {
  PAGE_SIZES,
  type DefaultSort,
  type FormMode,
  type FormRenderProps,
  type ListColumn,
  type ListRow,
  type RowAction,
  type SavedNotice,
  type UseListQuery,
  type UseToggleMutation,
  type UseVisibilityToggleMutation,
} from './types';
import { useColumnChoice } from './useColumnChoice';
import { useUrlTableState } from './useUrlTableState';
import { useListViews } from './views/useListViews';
import './list.css';

export interface ListPageProps<T extends ListRow> {
  /** Catalogue key of the title. */
  title: string;
  columns: ListColumn<T>[];
  defaultSort: DefaultSort<T>;
  useList: UseListQuery<T>;
  /**
   * Deactivate/reactivate (spec §4). Omit for records without an active state (push
   * notifications): the list then has no active column, no active select and no toggle action.
   */
  useToggle?: UseToggleMutation;
  /** The label of a row in confirmations, e.g. the name. */
  rowLabel: (row: T) => string;
  /** The add/edit dialog; omit for lists without one. */
  renderForm?: (props: FormRenderProps<T>) => ReactNode;
  /** false: the form only adds (no edit action), as for push notifications. */
  editable?: boolean;
  /** false hides the add button, e.g. for a role that may only read. */
  canAdd?: boolean;
  /**
   * false: the role may only read this list. Add, edit, activate/deactivate, show/hide and every
   * row action marked `write` are hidden; toolbarExtra is told so (e.g. to hide an import).
   */
  canWrite?: boolean;
  /**
   * Show/hide (spec §2 sliders and campaigns): a row action behind the same confirmation as
   * deactivate. Its texts are `<keyPrefix>.show|hide|show_title|hide_title|show_message|
   * hide_message|shown_success|hidden_success`.
   */
  visibility?: {
    useToggle: UseVisibilityToggleMutation;
    keyPrefix: string;
    /** The row action the show/hide button follows; it comes first when omitted. */
    after?: string;
  };
  /** Shown between the toolbar and the table, e.g. a standing notice about the screen. */
  notice?: ReactNode;
  /** Actions shown before edit, e.g. a details dialog. */
  rowActions?: RowAction<T>[];
  pageSize?: number;
  /**
   * Extra toolbar buttons (e.g. an export), given the list's current query: the applied
   * filters, the active select and the sort, plus the page shown.
   */
  toolbarExtra?: (params: ListParams, canWrite: boolean) => ReactNode;
  /**
   * Minimum width of a table with many columns: it scrolls sideways in its card on wide
   * screens, with the row actions kept in view at the right edge.
   */
  tableMinWidth?: string;
  /** Where the user's column choice is remembered; the title key when omitted. */
  listKey?: string;
  /** The list call's name (`partners`…): the toolbar offers saved views of it (ADR 0041). */
  viewList?: string;
  /**
   * Filters a link may set beyond the filter row's (the notifications from the home page's
   * week: `?id=>=120`), each with its catalogue label: read from the address like the row's,
   * and while one applies, a notice says so and offers the whole list.
   */
  linkFilters?: { field: string; label: string }[];
  /** Bulk actions (issue 25): a selection column, the toolbar's menu and its dialogs; none when omitted. */
  bulk?: BulkConfig;
}

/** No filters beyond the filter row's: one constant, so the state's fields keep their identity. */
const NO_LINK_FILTERS: { field: string; label: string }[] = [];

/** A list without an active state never toggles. */
const noToggle: UseToggleMutation = () => [() => ({ unwrap: () => Promise.reject(new Error('no toggle')) }), { isLoading: false }] as const;

/** On narrow screens more filters than this fold behind a Filters button. */
const STACKED_FILTERS_OPEN_UP_TO = 4;

/** A list without show/hide never toggles it. */
const noVisibilityToggle: UseVisibilityToggleMutation = () =>
  [() => ({ unwrap: () => Promise.reject(new Error('no visibility')) }), { isLoading: false }] as const;

/** The column that names the row: the one marked pinned, else `name`, else the first. */
function pinnedField<T>(columns: ListColumn<T>[]): string | undefined {
  return (columns.find((c) => c.pinned) ?? columns.find((c) => c.field === 'name') ?? columns[0])?.field;
}

/**
 * The spec's generic list pattern (§2): toolbar, server-side paged/sorted/filtered table with a
 * filter row, active chips, edit and deactivate/reactivate actions behind confirmations, and the
 * add/edit dialog. A list screen is a configuration of this component.
 */
export function ListPage<T extends ListRow>({
  title,
  columns,
  defaultSort,
  useList,
  useToggle,
  visibility,
  rowLabel,
  renderForm,
  editable = true,
  canAdd = true,
  canWrite = true,
  notice,
  rowActions = [],
  pageSize = PAGE_SIZES[0],
  toolbarExtra,
  tableMinWidth,
  listKey = title,
  viewList,
  linkFilters = NO_LINK_FILTERS,
  bulk: bulkConfig,
}: ListPageProps<T>) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const narrow = useMediaQuery(MOBILE_QUERY);

  const filterFields = useMemo(() => columns.filter((c) => c.filter).map((c) => c.field), [columns]);
  const sortFields = useMemo(
    () => [...columns.filter((c) => c.sortable ?? true).map((c) => c.field), ...(useToggle ? ['is_active'] : [])],
    [columns, useToggle],
  );
  // The list's state lives in the address (ADR 0041): bookmarks, links, Back and Forward.
  const stateFields = useMemo(() => [...filterFields, ...linkFilters.map((f) => f.field)], [filterFields, linkFilters]);
  const url = useUrlTableState({ filterFields: stateFields, sortFields, defaultSort, pageSizes: PAGE_SIZES, pageSize });
  const table = url.table;
  const linkedNotice = linkFilters
    .filter((f) => (table.applied[f.field] ?? '').trim() !== '')
    .map((f) => (
      <Message
        key={f.field}
        severity="info"
        className="list-link-filter"
        content={
          <span className="list-link-filter__text" data-link-filter={f.field}>
            {t('table.link_filter', { label: t(f.label), value: table.applied[f.field] })}
            <Button type="button" link size="small" label={t('table.link_filter_clear')} onClick={() => table.clearFilter(f.field)} />
          </span>
        }
      />
    ));
  const pinnedColumn = pinnedField(columns);
  const hideable = useMemo(
    () => columns.filter((c) => c.field !== pinnedColumn && c.hideable !== false).map((c) => c.field),
    [columns, pinnedColumn],
  );
  const choice = useColumnChoice(listKey, hideable);
  const views = useListViews({ list: viewList, state: url, defaultSort, pageSizes: PAGE_SIZES, pageSize, columns, choice, compact: narrow });
  // The row being confirmed stays set while the dialog animates out, so its title does not flip.
  const [confirm, setConfirm] = useState<{ row: T | null; visible: boolean }>({ row: null, visible: false });
  const [shownConfirm, setShownConfirm] = useState<{ row: T | null; visible: boolean }>({ row: null, visible: false });
  const [form, setForm] = useState<{ state: FormMode<T>; visible: boolean; key: number }>({
    state: { mode: 'add' },
    visible: false,
    key: 0,
  });
  // The server's answer to a toggle, applied to the row until fresh data arrives.
  const [overrides, setOverrides] = useState<{ data: unknown; values: Record<number, Partial<T>> }>({
    data: undefined,
    values: {},
  });
  // The record just added: shown on top of the page it was added from, whatever the sort, until
  // the criteria or the page change (a new record could otherwise sort onto a page nobody sees).
  const [added, setAdded] = useState<{ row: T; params: ListParams } | null>(null);

  const params = table.params;
  // Every search, page or sort asks the server again: a back office wants current rows, not cache.
  // A default view is applied before the first page is asked for.
  const { data, isFetching, isError, refetch } = useList(params, { refetchOnMountOrArgChange: true, skip: views.waiting });
  const [toggle, toggleState] = (useToggle ?? noToggle)();
  const [toggleShown, toggleShownState] = (visibility?.useToggle ?? noVisibilityToggle)();
  const hasActive = useToggle !== undefined;
  const editAction = canWrite && Boolean(renderForm) && editable;
  const shownRowActions = rowActions.filter((a) => canWrite || !a.write);
  const visibilityAction = canWrite && visibility !== undefined;
  const toggleAction = canWrite && hasActive;
  const actionCount = shownRowActions.length + (visibilityAction ? 1 : 0);
  const hasActions = toggleAction || editAction || actionCount > 0;

  const newRow = added && added.params === params ? added.row : null;
  const rows = useMemo(() => {
    // A list that failed shows the failure, not the rows of an earlier answer.
    const items = isError ? [] : (data?.items ?? []);
    const withOverrides =
      overrides.data !== data
        ? items
        : items.map((row) => (row.id in overrides.values ? { ...row, ...overrides.values[row.id] } : row));
    if (!newRow || isError) return withOverrides;
    // The fresh row when the page holds it; else the saved answer, pinned on top.
    const fresh = withOverrides.find((row) => row.id === newRow.id) ?? newRow;
    return [fresh, ...withOverrides.filter((row) => row.id !== newRow.id)];
  }, [data, overrides, isError, newRow]);

  const bulk = useBulk<T>(bulkConfig, { params, total: data?.total ?? 0, rows, canWrite });

  const override = (row: T, values: Partial<T>) =>
    setOverrides((o) => ({
      data,
      values: { ...(o.data === data ? o.values : {}), [row.id]: { ...(o.data === data ? o.values[row.id] : {}), ...values } },
    }));

  const confirmToggle = async () => {
    const row = confirm.row;
    setConfirm((c) => ({ ...c, visible: false }));
    if (!row) return;
    try {
      const answer = await toggle(row.id).unwrap();
      override(row, { is_active: answer.is_active } as Partial<T>);
      snackbar.success(t('activate.success'));
    } catch {
      // The API layer shows the error dialog.
    }
  };

  const confirmShown = async () => {
    const row = shownConfirm.row;
    setShownConfirm((c) => ({ ...c, visible: false }));
    if (!row || !visibility) return;
    try {
      const answer = await toggleShown(row.id).unwrap();
      snackbar.success(t(`${visibility.keyPrefix}.${answer.is_visible ? 'shown_success' : 'hidden_success'}`));
    } catch {
      // The error dialog says why (e.g. an inactive record, or a seminar whose dates are past).
    }
  };

  const openForm = (state: FormMode<T>) => setForm((f) => ({ state, visible: true, key: f.key + 1 }));
  const closeForm = () => setForm((f) => ({ ...f, visible: false }));
  const onSaved = (notice?: SavedNotice, created?: T) => {
    snackbar.success(notice?.text ?? t(form.state.mode === 'add' ? 'add_success' : 'edit_success'), undefined, notice?.action);
    if (form.state.mode === 'add' && created) setAdded({ row: created, params });
    closeForm();
  };

  const visibilityButton = (row: T) =>
    visibilityAction && visibility ? (
      <IconButton
        key="visibility"
        icon={row.is_visible ? 'pi pi-eye-slash' : 'pi pi-eye'}
        label={t(`${visibility.keyPrefix}.${row.is_visible ? 'hide' : 'show'}`)}
        severity="secondary"
        onClick={() => {
          if (!toggleShownState.isLoading) setShownConfirm({ row, visible: true });
        }}
      />
    ) : null;
  const visibilityAt = visibility?.after ? shownRowActions.findIndex((a) => a.key === visibility.after) + 1 : 0;

  // Translated once per render, not once per row.
  const editLabel = t('table.edit');
  const toggleLabels = { deactivate: t('table.deactivate'), reactivate: t('table.reactivate') };

  const actionsBody = (row: T) => (
    <>
      {visibilityAt === 0 && visibilityButton(row)}
      {shownRowActions.map((action, index) => [
        (action.visible?.(row) ?? true) && (
          <IconButton
            key={action.key}
            icon={typeof action.icon === 'function' ? action.icon(row) : action.icon}
            label={t(typeof action.label === 'function' ? action.label(row) : action.label)}
            severity="secondary"
            onClick={() => action.onClick(row)}
          />
        ),
        index + 1 === visibilityAt && visibilityButton(row),
      ])}
      {editAction && <EditRowButton label={editLabel} onClick={() => openForm({ mode: 'edit', row })} />}
      {toggleAction && (
        <ToggleRowButton
          labels={toggleLabels}
          active={row.is_active ?? true}
          disabled={toggleState.isLoading}
          onClick={() => setConfirm({ row, visible: true })}
        />
      )}
    </>
  );

  const actionsRem = hasActions ? (toggleAction || editAction ? 8 : 3) + 2.4 * actionCount : 0;

  const pinned = pinnedField(columns);
  const pagedColumns = useMemo(() => columns.map((c) => ({ ...c, sortable: c.sortable ?? true })), [columns]);

  return (
    <section className="list-page" aria-labelledby="list-title">
      <PagedTable<T>
        columns={pagedColumns}
        rows={rows}
        table={table}
        total={data?.total ?? 0}
        isFetching={isFetching}
        isError={isError}
        refetch={refetch}
        active={hasActive}
        foldFiltersAbove={STACKED_FILTERS_OPEN_UP_TO}
        actions={hasActions ? actionsBody : undefined}
        actionsWidth={`${actionsRem}rem`}
        pinned={pinned}
        columnChoiceKey={listKey}
        columnChoice={choice}
        newRowId={newRow?.id ?? null}
        card
        minWidth={tableMinWidth ?? '40rem'}
        className={tableMinWidth ? 'list-table--wide' : undefined}
        notice={
          views.notice || notice || linkedNotice.length > 0 || bulk.banner ? (
            <>
              {linkedNotice}
              {views.notice}
              {notice}
              {bulk.banner}
            </>
          ) : undefined
        }
        selection={bulk.selection}
        toolbar={{
          start: (
            <h1 id="list-title" className="list-toolbar__title">
              {t(title)}
            </h1>
          ),
          buttons: (
            <>
              {views.menu}
              {toolbarExtra?.(params, canWrite)}
              {bulk.menu}
              {renderForm && canAdd && canWrite && (
                <Button
                  type="button"
                  icon="pi pi-plus"
                  label={narrow ? undefined : t('table.add')}
                  aria-label={t('table.add')}
                  onClick={() => openForm({ mode: 'add' })}
                />
              )}
            </>
          ),
        }}
      />

      {newRow && (
        <p className="sr-only" role="status">
          {t('list.new_row_shown', { name: rowLabel(newRow) })}
        </p>
      )}

      {/* The confirmations mount on their first question, like the form: a list's first paint does not pay for them. */}
      {hasActive && confirm.row && (
        <ToggleConfirm
          row={confirm.row}
          visible={confirm.visible}
          kind={confirm.row?.is_active ? 'deactivate' : 'reactivate'}
          name={confirm.row ? rowLabel(confirm.row) : ''}
          onAccept={() => {
            void confirmToggle();
          }}
          onHide={() => setConfirm((c) => ({ ...c, visible: false }))}
        />
      )}

      {visibility && shownConfirm.row && (
        <ToggleConfirm
          row={shownConfirm.row}
          visible={shownConfirm.visible}
          kind={shownConfirm.row?.is_visible ? 'hide' : 'show'}
          keyPrefix={visibility.keyPrefix}
          name={shownConfirm.row ? rowLabel(shownConfirm.row) : ''}
          onAccept={() => {
            void confirmShown();
          }}
          onHide={() => setShownConfirm((c) => ({ ...c, visible: false }))}
        />
      )}

      {bulk.dialogs}

      {/* The form mounts on its first opening, so a list screen's first paint does not pay for it. */}
      {renderForm && form.key > 0 && (
        <div key={form.key}>
          {renderForm({ state: form.state, visible: form.visible, onHide: closeForm, onSaved })}
        </div>
      )}
    </section>
  );
}
