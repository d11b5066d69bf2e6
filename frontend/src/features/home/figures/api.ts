import { baseApi } from '../../../shared/api/baseApi';
import { toPage } from '../../../shared/api/list';
import type { Burndown, CampaignFigures, DebtRise, DebtRisePage, DebtRiseParams, PushWeek, SupportType, Threshold } from './types';

/**
 * The home page's figures (issue 25): each block reads its own call, so a role sees the blocks
 * whose resource it may read and nothing waits on a block it may not.
 */
export const figuresApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    campaignFigures: build.query<CampaignFigures[], void>({
      query: () => 'overview/campaigns',
      providesTags: [{ type: 'Campaign', id: 'LIST' }],
    }),
    campaignBurndown: build.query<Burndown, number>({
      query: (id) => `overview/campaigns/${id}/burndown`,
      providesTags: (_r, _e, id) => [{ type: 'Campaign', id }],
    }),
    pushWeek: build.query<PushWeek, void>({
      query: () => 'overview/push',
      providesTags: [{ type: 'Notification', id: 'LIST' }],
    }),
    debtRise: build.query<DebtRisePage, DebtRiseParams>({
      query: (params) => ({ url: 'overview/debtRise', params: { ...params } }),
      transformResponse: (items: DebtRise[], meta) => ({
        ...toPage(items, meta),
        threshold: meta?.response?.headers.get('X-Debt-Rise-Threshold') ?? '',
      }),
      providesTags: ['OverviewSettings', { type: 'Partner', id: 'LIST' }],
    }),
    debtRiseThreshold: build.query<Threshold, void>({
      query: () => 'overview/debtRiseThreshold',
      providesTags: ['OverviewSettings'],
    }),
    setDebtRiseThreshold: build.mutation<Threshold, Threshold>({
      query: (body) => ({ url: 'overview/debtRiseThreshold', method: 'PUT', body }),
      invalidatesTags: ['OverviewSettings'],
    }),
    supportByType: build.query<SupportType[], void>({
      query: () => 'overview/supportByType',
      providesTags: [{ type: 'CustomerSupport', id: 'LIST' }],
    }),
  }),
});

export const {
  useCampaignFiguresQuery,
  useCampaignBurndownQuery,
  usePushWeekQuery,
  useDebtRiseQuery,
  useDebtRiseThresholdQuery,
  useSetDebtRiseThresholdMutation,
  useSupportByTypeQuery,
} = figuresApi;
