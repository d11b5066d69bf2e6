import type { ReactNode } from 'react';
import type { ListParams, Page, SortOrder, ToggleAnswer } from '../api/list';
import type { SnackbarAction } from '../snackbar/snackbarContext';

/** What a saved form's snackbar says instead of the usual text. */
export interface SavedNotice {
  text: string;
  action?: SnackbarAction;
}

/** Rows per page (spec §9); the first is the default. */
export const PAGE_SIZES = [10, 20, 30, 50];

/** Rows per page of the choose dialogs (spec §9); the first is the default. */
export const CHOOSE_PAGE_SIZES = [8, 10, 20, 30, 50];

/** A row the generic list can show: it has an id and, for most records, an active flag (spec §4 "Active state"). */
export interface ListRow {
  id: number;
  is_active?: boolean;
  /** Shown in the partner app (sliders, campaigns): the list's show/hide. */
  is_visible?: boolean;
}

export interface ListColumn<T> {
  /** Data field; also the sort key and the filter's query parameter. */
  field: keyof T & string;
  /** Catalogue key of the header. */
  header: string;
  sortable?: boolean;
  /** A text filter in the filter row (case-insensitive contains on the server). */
  filter?: boolean;
  /** Catalogue key of the filter's placeholder when it is not a plain search, e.g. a figure syntax. */
  filterPlaceholder?: string;
  /** Catalogue key of the filter's tooltip explaining what it accepts. */
  filterHint?: string;
  /**
   * With `filter`, a select of exact values instead of a text filter (e.g. a type): the value
   * sent under the field's name, the label a catalogue key. An "All" choice sends nothing.
   * Choosing applies at once, like the active select.
   */
  filterOptions?: FilterOption[];
  body?: (row: T) => ReactNode;
  /** CSS width hint, e.g. '14rem'. */
  width?: string;
  /** Numbers read best right-aligned. */
  align?: 'left' | 'right';
  /**
   * The column that names the row (one per list): never hidden and, in a table wider than its
   * card, kept in view at the left edge. When no column says so, `name` or else the first is.
   */
  pinned?: boolean;
  /** false keeps the column out of the column chooser, always shown. */
  hideable?: boolean;
}

/** One choice of a column's select filter. */
export interface FilterOption {
  value: string;
  /** Catalogue key of the label. */
  label: string;
}

/** A row action beside edit and deactivate/reactivate, e.g. a details dialog. */
export interface RowAction<T> {
  key: string;
  /** PrimeIcons class, e.g. 'pi pi-eye'; per row for an action that flips (show/hide). */
  icon: string | ((row: T) => string);
  /** Catalogue key of the button's accessible name and tooltip; per row like the icon. */
  label: string | ((row: T) => string);
  onClick: (row: T) => void;
  /** Shown only for rows where this is true; every row when omitted. */
  visible?: (row: T) => boolean;
  /** The action changes data: hidden from a role that may only read (ListPage canWrite). */
  write?: boolean;
}

/** The slice of an RTK Query list hook the component needs. */
export interface ListQueryResult<T> {
  data?: Page<T>;
  isFetching: boolean;
  isLoading: boolean;
  /** The last answer for the current query failed. */
  isError: boolean;
  refetch: () => unknown;
}

export type UseListQuery<T> = (
  params: ListParams,
  options: { refetchOnMountOrArgChange: boolean; skip?: boolean },
) => ListQueryResult<T>;

export interface ToggleTrigger {
  (id: number): { unwrap: () => Promise<ToggleAnswer> };
}

export type UseToggleMutation = () => readonly [ToggleTrigger, { isLoading: boolean }];

export interface VisibilityTrigger {
  (id: number): { unwrap: () => Promise<{ is_visible: boolean }> };
}

export type UseVisibilityToggleMutation = () => readonly [VisibilityTrigger, { isLoading: boolean }];

export type FormMode<T> = { mode: 'add' } | { mode: 'edit'; row: T };

export interface FormRenderProps<T> {
  state: FormMode<T>;
  visible: boolean;
  onHide: () => void;
  /**
   * The form saved: the list closes it and confirms with a snackbar, the usual add/edit text
   * unless the form gives its own (translated), maybe with a link. An add passes the record the
   * server created: the list shows it on top of the page, marked as new, whatever the sort.
   */
  onSaved: (notice?: SavedNotice, created?: T) => void;
}

export interface DefaultSort<T> {
  field: keyof T & string;
  order: SortOrder;
}
