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

/** A city as selects show it. */
export interface CityRef {
  id: number;
  name: string;
}

/** A partner as the partner pickers hand it to their screens. */
export interface PartnerRef {
  id: number;
  name: string;
}

/** A row of GET /api/partnersActive, as far as the pickers show it. */
export interface ActivePartner extends PartnerRef {
  address: string;
  pib: string;
  pdv: string;
  phone: string;
  city_name: string | null;
  categories: CategoryRef[];
  category_names: string;
  partner_type_name: string | null;
  is_active: boolean;
}

/** The active partners, paged; with category ids, only the partners in any of them (ADR 0020). */
export interface ActivePartnersArgs {
  params: ListParams;
  categoryIds?: readonly number[];
}

/** A row of GET /api/productsActive. */
export interface ActiveProduct {
  id: number;
  name: string;
  description: string;
  price: number | string;
  is_active: boolean;
}

/**
 * The picker lists (spec §2 "Choose dialogs"), one endpoint each: active cities, categories,
 * partners and products. Each provides its resource's tags, so adding, editing or deactivating
 * a record refreshes every picker that shows it.
 */
export const pickersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The whole list of active cities, by name, for city selects (stores, partners); `pick` on cities suffices (ADR 0029). */
    activeCityOptions: build.query<CityRef[], void>({
      query: () => ({ url: 'citiesActive', params: { sort: 'name', order: 'asc' } }),
      providesTags: (items) => listTags('City', items ? { items, total: items.length } : undefined),
    }),
    listActiveCategories: build.query<Page<ActiveCategory>, ListParams>({
      query: (params) => ({ url: 'categoriesActive', params: listQueryParams(params) }),
      transformResponse: (items: ActiveCategory[], meta) => toPage(items, meta),
      providesTags: (page) => listTags('Category', page),
    }),
    listActivePartners: build.query<Page<ActivePartner>, ActivePartnersArgs>({
      query: ({ params, categoryIds }) => ({
        url: 'partnersActive',
        params: {
          ...listQueryParams(params),
          ...(categoryIds ? { category_ids: categoryIds.join(',') } : {}),
        },
      }),
      transformResponse: (items: ActivePartner[], meta) => toPage(items, meta),
      providesTags: (page) => listTags('Partner', page),
    }),
    listActiveProducts: build.query<Page<ActiveProduct>, ListParams>({
      query: (params) => ({ url: 'productsActive', params: listQueryParams(params) }),
      transformResponse: (items: ActiveProduct[], meta) => toPage(items, meta),
      providesTags: (page) => listTags('Product', page),
    }),
  }),
});

export const {
  useActiveCityOptionsQuery,
  useListActiveCategoriesQuery,
  useListActivePartnersQuery,
  useListActiveProductsQuery,
} = pickersApi;
