import { baseApi } from '../../../shared/api/baseApi';
import { listQueryParams, toPage, type ListParams, type Page } from '../../../shared/api/list';
import { ifMatch } from '../../../shared/api/record';
import type { CampaignComposition, CompositionBody, StepperPartner, StepperProduct } from './types';

/** Step 2's rows: active partners in any of the chosen categories (ADR 0020's id set). */
export interface StepperPartnersArgs {
  categoryIds: number[];
  params: ListParams;
}

/** The composition stepper's calls (spec §2 "Campaign composition dialog", ADR 0019). */
export const stepperApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/campaigns/{id}: the campaign as the server has it now, never from the cache. */
    campaignComposition: build.query<CampaignComposition, number>({
      query: (id) => `campaigns/${id}`,
      keepUnusedDataFor: 0,
    }),
    stepperPartners: build.query<Page<StepperPartner>, StepperPartnersArgs>({
      query: ({ categoryIds, params }) => ({
        url: 'partners',
        params: { ...listQueryParams(params), is_active: 1, category_ids: categoryIds.join(',') },
      }),
      transformResponse: (items: StepperPartner[], meta) => toPage(items, meta),
    }),
    stepperProducts: build.query<Page<StepperProduct>, ListParams>({
      query: (params) => ({ url: 'productsActive', params: listQueryParams(params) }),
      transformResponse: (items: StepperProduct[], meta) => toPage(items, meta),
    }),
    /**
     * PUT /api/campaignDetails/{id}: the three sets at once, against the version loaded (If-Match,
     * 409 when another change came first). Every view of the campaign and its tabs reloads.
     */
    saveComposition: build.mutation<CampaignComposition, { id: number; version: number; body: CompositionBody }>({
      query: ({ id, version, body }) => ({ url: `campaignDetails/${id}`, method: 'PUT', body, headers: ifMatch(version) }),
      invalidatesTags: (_r, error) => (error ? [] : ['Campaign', 'CampaignTab']),
    }),
  }),
});

export const {
  useLazyCampaignCompositionQuery,
  useStepperPartnersQuery,
  useStepperProductsQuery,
  useSaveCompositionMutation,
} = stepperApi;
