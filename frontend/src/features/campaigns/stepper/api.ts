import { baseApi } from '../../../shared/api/baseApi';
import { ifMatch } from '../../../shared/api/record';
import type { CampaignComposition, CompositionBody } from './types';

/** The composition stepper's calls (spec §2 "Campaign composition dialog", ADR 0019). */
export const stepperApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/campaigns/{id}: the campaign as the server has it now, never from the cache. */
    campaignComposition: build.query<CampaignComposition, number>({
      query: (id) => `campaigns/${id}`,
      keepUnusedDataFor: 0,
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
  useSaveCompositionMutation,
} = stepperApi;
