import { ifMatch } from '../../../shared/api/record';
import { baseApi } from '../../../shared/api/baseApi';
import { listQueryParams, listTags, toPage, type ListParams, type Page, type ToggleAnswer } from '../../../shared/api/list';
import type { MapSettings, Store, StorePayload } from '../types';

export const storesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listStores: build.query<Page<Store>, ListParams>({
      query: (params) => ({ url: 'stores', params: listQueryParams(params) }),
      transformResponse: (items: Store[], meta) => toPage(items, meta),
      providesTags: (page) => listTags('Store', page),
    }),
    createStore: build.mutation<Store, StorePayload>({
      query: (body) => ({ url: 'stores', method: 'POST', body }),
      invalidatesTags: [{ type: 'Store', id: 'LIST' }],
    }),
    updateStore: build.mutation<Store, { id: number; version: number; body: StorePayload }>({
      query: ({ id, version, body }) => ({ url: `stores/${id}`, method: 'PUT', body, headers: ifMatch(version) }),
      invalidatesTags: (_r, error, { id }) => (error ? [] : [{ type: 'Store', id }]),
    }),
    toggleStore: build.mutation<ToggleAnswer, number>({
      query: (id) => ({ url: `stores/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, error, id) => (error ? [] : [{ type: 'Store', id }]),
    }),
    /** The tile source of the store map; it changes only with the server's configuration. */
    getMapSettings: build.query<MapSettings, void>({
      query: () => 'mapSettings',
      providesTags: ['MapSettings'],
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const {
  useListStoresQuery,
  useCreateStoreMutation,
  useUpdateStoreMutation,
  useToggleStoreMutation,
  useGetMapSettingsQuery,
} = storesApi;
