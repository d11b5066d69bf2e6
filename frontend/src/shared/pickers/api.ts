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

/** Pickers that several screens share (spec §2 "Choose dialogs"). */
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
  }),
});

export const { useListActiveCategoriesQuery, useActiveCityOptionsQuery } = pickersApi;

/** A partner as the partner pickers hand it to their screens. */
export interface PartnerRef {
  id: number;
  name: string;
}

/** A row of GET /api/partnersActive, as far as the choose dialogs show it. */
export interface ActivePartner extends PartnerRef {
  address: string;
  pib: string;
  pdv: string;
  partner_type_name: string | null;
  is_active: boolean;
}

/** The choose-partner dialogs (spec §2): active partners, paged, sorted and filtered on the server. */
export const partnerPickersApi = baseApi.enhanceEndpoints({ addTagTypes: ['Partner'] }).injectEndpoints({
  endpoints: (build) => ({
    listActivePartners: build.query<Page<ActivePartner>, ListParams>({
      query: (params) => ({ url: 'partnersActive', params: listQueryParams(params) }),
      transformResponse: (items: ActivePartner[], meta) => toPage(items, meta),
      providesTags: (page) => listTags('Partner', page),
    }),
  }),
});

export const { useListActivePartnersQuery } = partnerPickersApi;
