import { ifMatch } from '../../../shared/api/record';
import { baseApi } from '../../../shared/api/baseApi';
import { listQueryParams, listTags, toPage, type ListParams, type Page, type ToggleAnswer } from '../../../shared/api/list';
import type { Product } from '../types';

export const productsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listProducts: build.query<Page<Product>, ListParams>({
      query: (params) => ({ url: 'products', params: listQueryParams(params) }),
      transformResponse: (items: Product[], meta) => toPage(items, meta),
      providesTags: (page) => listTags('Product', page),
    }),
    /** Multipart: name, description, price and the image file. */
    createProduct: build.mutation<Product, FormData>({
      query: (body) => ({ url: 'products', method: 'POST', body }),
      invalidatesTags: [{ type: 'Product', id: 'LIST' }],
    }),
    /** Multipart; the answer is the saved product, which replaces its row (spec §7). */
    updateProduct: build.mutation<Product, { id: number; version: number; body: FormData }>({
      query: ({ id, version, body }) => ({ url: `products/${id}`, method: 'POST', body, headers: ifMatch(version) }),
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        let saved: Product;
        try {
          ({ data: saved } = await queryFulfilled);
        } catch {
          return;
        }
        for (const args of productsApi.util.selectCachedArgsForQuery(getState(), 'listProducts')) {
          dispatch(
            productsApi.util.updateQueryData('listProducts', args, (page) => {
              const index = page.items.findIndex((p) => p.id === saved.id);
              if (index >= 0) page.items[index] = saved;
            }),
          );
        }
      },
    }),
    toggleProduct: build.mutation<ToggleAnswer, number>({
      query: (id) => ({ url: `products/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, error, id) => (error ? [] : [{ type: 'Product', id }]),
    }),
  }),
});

export const { useListProductsQuery, useCreateProductMutation, useUpdateProductMutation, useToggleProductMutation } =
  productsApi;
