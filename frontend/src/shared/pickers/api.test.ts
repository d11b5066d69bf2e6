import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { mockFetch, route, type MockRequest } from '../../test/fetchMock';
import { renderScreen } from '../../test/render';
import { baseApi, TAG_TYPES } from '../api/baseApi';
import type { ListParams } from '../api/list';
import { pickersApi } from './api';

const params: ListParams = { page: 1, per_page: 8, sort: 'name', order: 'asc', filters: {} };
const gets = (calls: MockRequest[], path: string) => calls.filter((c) => c.method === 'GET' && c.url.pathname === path);

// The saves of the features, as they invalidate: a new record changes its resource's LIST.
const savesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    addProduct: build.mutation<unknown, void>({
      query: () => ({ url: 'products', method: 'POST', body: {} }),
      invalidatesTags: [{ type: 'Product', id: 'LIST' }],
    }),
    addPartner: build.mutation<unknown, void>({
      query: () => ({ url: 'partners', method: 'POST', body: {} }),
      invalidatesTags: [{ type: 'Partner', id: 'LIST' }],
    }),
    addCategory: build.mutation<unknown, void>({
      query: () => ({ url: 'categories', method: 'POST', body: {} }),
      invalidatesTags: [{ type: 'Category', id: 'LIST' }],
    }),
  }),
});

/** The application's store, as a screen has it. */
const makeStore = () => renderScreen(createElement('div')).store;

let unsubscribe: (() => void) | undefined;
afterEach(() => unsubscribe?.());

/** Subscribes a picker list as a mounted picker would, and waits for its first answer. */
async function subscribed(calls: MockRequest[], path: string, start: () => { unsubscribe: () => void }) {
  unsubscribe = start().unsubscribe;
  await waitFor(() => expect(gets(calls, path)).toHaveLength(1));
}

describe('picker lists: one endpoint each, refreshed by a change to their records', () => {
  it('declares every tag type once, in one list', () => {
    expect(new Set(TAG_TYPES).size).toBe(TAG_TYPES.length);
    for (const tag of ['Partner', 'Product', 'Category', 'Slider', 'Notification', 'Evidention']) expect(TAG_TYPES).toContain(tag);
  });

  it('active products reload after a product is added', async () => {
    const { calls } = mockFetch(
      route('GET', '/api/productsActive', { body: [], headers: { 'X-Total-Count': '0' } }),
      route('POST', '/api/products', { status: 201, body: { id: 9, name: 'Novi', is_active: true } }),
    );
    const store = makeStore();
    await subscribed(calls, '/api/productsActive', () =>
      store.dispatch(pickersApi.endpoints.listActiveProducts.initiate(params)),
    );
    await store.dispatch(savesApi.endpoints.addProduct.initiate());
    await waitFor(() => expect(gets(calls, '/api/productsActive')).toHaveLength(2));
  });

  it('active partners (also narrowed to categories) reload after a partner is added', async () => {
    const { calls } = mockFetch(
      route('GET', '/api/partnersActive', { body: [], headers: { 'X-Total-Count': '0' } }),
      route('POST', '/api/partners', { status: 201, body: { id: 9, name: 'Novi', is_active: true } }),
    );
    const store = makeStore();
    await subscribed(calls, '/api/partnersActive', () =>
      store.dispatch(pickersApi.endpoints.listActivePartners.initiate({ params, categoryIds: [1, 2] })),
    );
    expect(gets(calls, '/api/partnersActive')[0].url.searchParams.get('category_ids')).toBe('1,2');
    await store.dispatch(savesApi.endpoints.addPartner.initiate());
    await waitFor(() => expect(gets(calls, '/api/partnersActive')).toHaveLength(2));
  });

  it('active categories reload after a category is added', async () => {
    const { calls } = mockFetch(
      route('GET', '/api/categoriesActive', { body: [], headers: { 'X-Total-Count': '0' } }),
      route('POST', '/api/categories', { status: 201, body: { id: 9, name: 'Nova', is_active: true } }),
    );
    const store = makeStore();
    await subscribed(calls, '/api/categoriesActive', () =>
      store.dispatch(pickersApi.endpoints.listActiveCategories.initiate(params)),
    );
    await store.dispatch(savesApi.endpoints.addCategory.initiate());
    await waitFor(() => expect(gets(calls, '/api/categoriesActive')).toHaveLength(2));
  });
});
