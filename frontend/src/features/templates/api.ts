import { baseApi } from '../../shared/api/baseApi';
import { listQueryParams, toPage, type ListParams, type Page } from '../../shared/api/list';
import type { MapStore, PartnerGroup, SupportWeek, TileSettings } from './types';

/** Read-only calls of the template pages; nothing here changes data, so nothing is tagged. */
export const templatesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Every active store, the whole list streamed (architecture §4), by city. */
    activeStores: build.query<MapStore[], void>({
      query: () => ({ url: 'stores', params: { is_active: 1, sort: 'city_name' } }),
    }),
    tileSettings: build.query<TileSettings, void>({
      query: () => 'mapSettings',
      keepUnusedDataFor: 3600,
    }),
    partnersByCity: build.query<Page<PartnerGroup>, ListParams>({
      query: (params) => ({ url: 'overview/partnersByCity', params: listQueryParams(params) }),
      transformResponse: (items: PartnerGroup[], meta) => toPage(items, meta),
    }),
    partnersByCategory: build.query<Page<PartnerGroup>, ListParams>({
      query: (params) => ({ url: 'overview/partnersByCategory', params: listQueryParams(params) }),
      transformResponse: (items: PartnerGroup[], meta) => toPage(items, meta),
    }),
    /**
     * Roles without customer-support read get 403: the page says so in place of the table, so
     * this call shows no error dialog; the partner tables beside it report a lost session.
     */
    supportByWeek: build.query<Page<SupportWeek>, ListParams>({
      query: (params) => ({ url: 'overview/supportByWeek', params: listQueryParams(params) }),
      transformResponse: (items: SupportWeek[], meta) => toPage(items, meta),
      extraOptions: { handlesErrors: true },
    }),
  }),
});

export const {
  useActiveStoresQuery,
  useTileSettingsQuery,
  usePartnersByCityQuery,
  usePartnersByCategoryQuery,
  useSupportByWeekQuery,
} = templatesApi;
