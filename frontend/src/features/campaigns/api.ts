import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { baseApi } from '../../shared/api/baseApi';
import { blobUrlOrError, exportParams } from '../../shared/api/download';
import { listQueryParams, listTags, toPage, type ListParams, type Page, type ToggleAnswer } from '../../shared/api/list';
import { ifMatch } from '../../shared/api/record';
import type {
  Campaign,
  CampaignCategory,
  CampaignImportResult,
  CampaignPartner,
  CampaignProduct,
  CartItem,
  CartPage,
  CategoryRemoval,
  PartnersPage,
  TabKey,
  TabPage,
  VisibilityAnswer,
} from './types';

/** A page of one of a campaign's tabs. */
export interface TabArgs {
  campaignId: number;
  params: ListParams;
}

/** The tag of one tab of one campaign: a link change refreshes exactly the tabs it touches. */
export const tabTag = (campaignId: number, tab: TabKey) => ({ type: 'CampaignTab' as const, id: `${campaignId}-${tab}` });
const tabTags = (campaignId: number, ...tabs: TabKey[]) => tabs.map((tab) => tabTag(campaignId, tab));

/** A header's exact decimal, '0' when absent. */
function headerAmount(meta: { response?: Response } | undefined, name: string): string {
  const value = meta?.response?.headers.get(name);
  return value === null || value === undefined || value.trim() === '' ? '0' : value.trim();
}


function fileForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}

/** The most rows a page may ask for (the server's limit). */
const MAX_PER_PAGE = 100;

export const campaignsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listCampaigns: build.query<Page<Campaign>, ListParams>({
      query: (params) => ({ url: 'campaigns', params: listQueryParams(params) }),
      transformResponse: (items: Campaign[], meta) => toPage(items, meta),
      providesTags: (page) => listTags('Campaign', page),
    }),
    /**
     * One campaign's record for the details screen, through the list's id filter: GET
     * /api/campaigns/{id} streams the whole composition (100,000 partners), which the tabs page.
     */
    getCampaign: build.query<Campaign | null, number>({
      query: (id) => ({ url: 'campaigns', params: { id, page: 1, per_page: 1 } }),
      transformResponse: (items: Campaign[]) => items[0] ?? null,
      providesTags: (_r, _e, id) => [{ type: 'Campaign', id }],
    }),
    /** Multipart: name, description, image; 201 with the campaign. */
    createCampaign: build.mutation<Campaign, FormData>({
      query: (body) => ({ url: 'campaigns', method: 'POST', body }),
      invalidatesTags: (_r, error) => (error ? [] : [{ type: 'Campaign', id: 'LIST' }]),
    }),
    /** Multipart with the version it was loaded at (If-Match, ADR 0011). */
    updateCampaign: build.mutation<Campaign, { id: number; version: number; body: FormData }>({
      query: ({ id, version, body }) => ({ url: `campaigns/${id}`, method: 'POST', body, headers: ifMatch(version) }),
      invalidatesTags: (_r, error, { id }) => (error ? [] : [{ type: 'Campaign', id }]),
    }),
    toggleCampaign: build.mutation<ToggleAnswer, number>({
      query: (id) => ({ url: `campaigns/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, error, id) => (error ? [] : [{ type: 'Campaign', id }]),
    }),
    /** PUT /api/campaigns/activate/{id}: shows or hides the campaign to partners. */
    toggleCampaignVisibility: build.mutation<VisibilityAnswer, number>({
      query: (id) => ({ url: `campaigns/activate/${id}`, method: 'PUT' }),
      invalidatesTags: (_r, error, id) => (error ? [] : [{ type: 'Campaign', id }]),
    }),

    campaignProducts: build.query<TabPage<CampaignProduct>, TabArgs>({
      query: ({ campaignId, params }) => ({ url: `campaignDetailsById/products/${campaignId}`, params: listQueryParams(params) }),
      transformResponse: (items: CampaignProduct[], meta) => toPage(items, meta),
      providesTags: (_r, _e, { campaignId }) => tabTags(campaignId, 'products'),
    }),
    campaignCategories: build.query<TabPage<CampaignCategory>, TabArgs>({
      query: ({ campaignId, params }) => ({ url: `campaignDetailsById/categories/${campaignId}`, params: listQueryParams(params) }),
      transformResponse: (items: CampaignCategory[], meta) => toPage(items, meta),
      providesTags: (_r, _e, { campaignId }) => tabTags(campaignId, 'categories'),
    }),
    /** Every category id of the campaign (at most 1000, by pages of 100): the partner picker's and the download's filter. */
    campaignCategoryIds: build.query<number[], number>({
      async queryFn(campaignId, _api, _extra, fetchWithBQ) {
        const ids: number[] = [];
        for (let page = 1; page <= 10; page++) {
          const answer = await fetchWithBQ({
            url: `campaignDetailsById/categories/${campaignId}`,
            params: { page, per_page: MAX_PER_PAGE, sort: 'name', order: 'asc' },
          });
          if (answer.error) return { error: answer.error as FetchBaseQueryError };
          const rows = answer.data as CampaignCategory[];
          ids.push(...rows.map((c) => c.id));
          const total = Number(answer.meta?.response?.headers.get('X-Total-Count') ?? rows.length);
          if (rows.length < MAX_PER_PAGE || ids.length >= total) break;
        }
        return { data: ids };
      },
      providesTags: (_r, _e, campaignId) => tabTags(campaignId, 'categories'),
    }),
    campaignPartners: build.query<PartnersPage, TabArgs>({
      query: ({ campaignId, params }) => ({ url: `campaignDetailsById/partners/${campaignId}`, params: listQueryParams(params) }),
      transformResponse: (items: CampaignPartner[], meta) => ({ ...toPage(items, meta), totalCash: headerAmount(meta, 'X-Total-Cash') }),
      providesTags: (_r, _e, { campaignId }) => tabTags(campaignId, 'partners'),
    }),
    campaignCart: build.query<CartPage, TabArgs>({
      query: ({ campaignId, params }) => ({ url: `campaignDetailsById/cart/${campaignId}`, params: listQueryParams(params) }),
      transformResponse: (items: CartItem[], meta) => ({
        ...toPage(items, meta),
        totalOrdered: headerAmount(meta, 'X-Total-Ordered'),
        totalDelivered: headerAmount(meta, 'X-Total-Delivered'),
      }),
      providesTags: (_r, _e, { campaignId }) => tabTags(campaignId, 'cart'),
    }),

    addCampaignProducts: build.mutation<unknown, { campaignId: number; products: number[] }>({
      query: ({ campaignId, products }) => ({ url: 'productCampaigns', method: 'POST', body: { products, campaign_id: campaignId } }),
      invalidatesTags: (_r, error, { campaignId }) => (error ? [] : tabTags(campaignId, 'products')),
    }),
    removeCampaignProduct: build.mutation<unknown, { campaignId: number; productId: number }>({
      query: ({ campaignId, productId }) => ({ url: `deleteCampaignItemProduct/${campaignId}/${productId}`, method: 'DELETE' }),
      invalidatesTags: (_r, error, { campaignId }) => (error ? [] : tabTags(campaignId, 'products')),
    }),
    addCampaignCategories: build.mutation<unknown, { campaignId: number; categories: number[] }>({
      query: ({ campaignId, categories }) => ({
        url: 'categoryCampaigns',
        method: 'POST',
        body: { categories, campaign_id: campaignId },
      }),
      invalidatesTags: (_r, error, { campaignId }) => (error ? [] : tabTags(campaignId, 'categories', 'partners')),
    }),
    /** Takes a category out; the answer names the partners pruned with it. */
    removeCampaignCategory: build.mutation<CategoryRemoval, { campaignId: number; categoryId: number }>({
      query: ({ campaignId, categoryId }) => ({ url: `deleteCampaignItemCategory/${campaignId}/${categoryId}`, method: 'DELETE' }),
      transformResponse: (answer: Partial<CategoryRemoval>) => ({ removed_partners: answer.removed_partners ?? [] }),
      invalidatesTags: (_r, error, { campaignId }) => (error ? [] : tabTags(campaignId, 'categories', 'partners')),
    }),
    addCampaignPartners: build.mutation<unknown, { campaignId: number; partners: { id: number; cash: string }[] }>({
      query: ({ campaignId, partners }) => ({ url: 'partnerCampaigns', method: 'POST', body: { partners, campaign_id: campaignId } }),
      invalidatesTags: (_r, error, { campaignId }) => (error ? [] : tabTags(campaignId, 'partners')),
    }),
    setCampaignPartnerCash: build.mutation<unknown, { campaignId: number; partnerId: number; cash: string }>({
      query: ({ campaignId, partnerId, cash }) => ({
        url: `partnerCampaignsCash/${campaignId}`,
        method: 'POST',
        body: { cash, partner_id: partnerId },
      }),
      invalidatesTags: (_r, error, { campaignId }) => (error ? [] : tabTags(campaignId, 'partners')),
    }),
    removeCampaignPartner: build.mutation<unknown, { campaignId: number; partnerId: number }>({
      query: ({ campaignId, partnerId }) => ({ url: `deleteCampaignItemPartner/${campaignId}/${partnerId}`, method: 'DELETE' }),
      invalidatesTags: (_r, error, { campaignId }) => (error ? [] : tabTags(campaignId, 'partners')),
    }),
    /** Flips a cart item's delivery; the tab reloads for its totals. */
    toggleCartDelivery: build.mutation<ToggleAnswer, { campaignId: number; id: number }>({
      query: ({ id }) => ({ url: `deleteCampaignItemCart/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, error, { campaignId }) => (error ? [] : tabTags(campaignId, 'cart')),
    }),

    /** POST /api/getCampaignPartnerList: the campaign's partners as Partners.xlsx (an object URL). */
    downloadCampaignPartners: build.mutation<string, { campaignId: number; categories: number[] }>({
      query: ({ campaignId, categories }) => ({
        url: 'getCampaignPartnerList',
        method: 'POST',
        body: { categories, campaign_id: campaignId },
        responseHandler: blobUrlOrError,
      }),
    }),
    /** Reads the file and says what it would do; writes nothing. */
    previewCampaignPartnersImport: build.mutation<CampaignImportResult, { campaignId: number; file: File }>({
      query: ({ campaignId, file }) => ({
        url: `saveCampaignPartners/${campaignId}`,
        method: 'POST',
        params: { preview: 1 },
        body: fileForm(file),
      }),
    }),
    saveCampaignPartnersImport: build.mutation<CampaignImportResult, { campaignId: number; file: File }>({
      query: ({ campaignId, file }) => ({ url: `saveCampaignPartners/${campaignId}`, method: 'POST', body: fileForm(file) }),
      invalidatesTags: (_r, error, { campaignId }) => (error ? [] : tabTags(campaignId, 'partners')),
    }),
    /** The cart with the tab's filters and sort, every row, as Cart.xlsx (an object URL). */
    downloadCampaignCart: build.mutation<string, TabArgs>({
      query: ({ campaignId, params }) => ({
        url: `campaignDetailsById/cart/${campaignId}/excel`,
        params: exportParams(params),
        responseHandler: blobUrlOrError,
      }),
    }),
  }),
});

export const {
  useListCampaignsQuery,
  useGetCampaignQuery,
  useCreateCampaignMutation,
  useUpdateCampaignMutation,
  useToggleCampaignMutation,
  useToggleCampaignVisibilityMutation,
  useCampaignProductsQuery,
  useCampaignCategoriesQuery,
  useCampaignCategoryIdsQuery,
  useLazyCampaignCategoryIdsQuery,
  useCampaignPartnersQuery,
  useCampaignCartQuery,
  useAddCampaignProductsMutation,
  useRemoveCampaignProductMutation,
  useAddCampaignCategoriesMutation,
  useRemoveCampaignCategoryMutation,
  useAddCampaignPartnersMutation,
  useSetCampaignPartnerCashMutation,
  useRemoveCampaignPartnerMutation,
  useToggleCartDeliveryMutation,
  useDownloadCampaignPartnersMutation,
  usePreviewCampaignPartnersImportMutation,
  useSaveCampaignPartnersImportMutation,
  useDownloadCampaignCartMutation,
} = campaignsApi;
