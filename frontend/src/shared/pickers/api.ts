import { baseApi } from '../api/baseApi';
import { listQueryParams, listTags, toPage, type ListParams, type Page } from '../api/list';

/** A category as pickers hand it to their screens. */
export interface CategoryRef {
  id: number;
  name: string;
}

export interface ActiveCategory extends CategoryRef {
  is_active: boolean;
}

/** Pickers that several screens share (spec §2 "Choose dialogs"). */
export const pickersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listActiveCategories: build.query<Page<ActiveCategory>, ListParams>({
      query: (params) => ({ url: 'categoriesActive', params: listQueryParams(params) }),
      transformResponse: (items: ActiveCategory[], meta) => toPage(items, meta),
      providesTags: (page) => listTags('Category', page),
    }),
  }),
});

export const { useListActiveCategoriesQuery } = pickersApi;
