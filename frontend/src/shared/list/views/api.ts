import { baseApi } from '../../api/baseApi';
import type { SortOrder } from '../../api/list';

/** A list's state as a saved view keeps it (ADR 0041). */
export interface ViewState {
  filters: Record<string, string>;
  sort: string;
  order: SortOrder | '';
  per_page: number;
  columns: string[];
}

/** A saved view as GET /api/views answers it. */
export interface SavedView {
  id: number;
  list: string;
  name: string;
  state: ViewState;
  default: boolean;
  shared_roles: string[];
  own: boolean;
  read_only: boolean;
  /** Filters (or a sort) the list no longer has, left out of state. */
  dropped: string[];
  version: number;
}

/** The body of POST /api/views and PUT /api/views/{id}. */
export interface ViewForm {
  list: string;
  name: string;
  state: ViewState;
  default: boolean;
  shared_roles: string[];
}

const viewsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listViews: build.query<SavedView[], string>({
      // Every view of the list at once: a user keeps at most 50 of one list.
      query: (list) => ({ url: 'views', params: { list } }),
      // Without its views the list still works: the menu then offers saving only.
      extraOptions: { handlesErrors: true },
      providesTags: (_views, _error, list) => [{ type: 'SavedView', id: list }],
    }),
    createView: build.mutation<SavedView, ViewForm>({
      query: (body) => ({ url: 'views', method: 'POST', body }),
      invalidatesTags: (_v, _e, body) => [{ type: 'SavedView', id: body.list }],
    }),
    updateView: build.mutation<SavedView, ViewForm & { id: number; version: number }>({
      query: ({ id, ...body }) => ({ url: `views/${id}`, method: 'PUT', body }),
      // A stale save says so beside the menu, not in the error dialog.
      extraOptions: { handlesStatuses: [409] },
      invalidatesTags: (_v, _e, body) => [{ type: 'SavedView', id: body.list }],
    }),
    deleteView: build.mutation<void, { id: number; list: string }>({
      query: ({ id }) => ({ url: `views/${id}`, method: 'DELETE' }),
      invalidatesTags: (_v, _e, { list }) => [{ type: 'SavedView', id: list }],
    }),
  }),
});

export const { useListViewsQuery, useCreateViewMutation, useUpdateViewMutation, useDeleteViewMutation } = viewsApi;
