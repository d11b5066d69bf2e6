import { baseApi, type TagType } from '../../shared/api/baseApi';
import { blobUrlOrError } from '../../shared/api/download';
import { listTags, toPage, type ListParams, type Page } from '../../shared/api/list';
import { activityExportParams, activityQueryParams } from './query';
import type { ActivityEvent, RevertRequest, TimelineItem } from './types';

/** One page of a record's history: GET /api/{resource}/{id}/history. */
export interface HistoryParams {
  resource: string;
  id: number;
  page: number;
  per_page: number;
}

/** A partner's own events since a moment (all of them without one), for the figures' chart. */
export interface FigureEventsParams {
  id: number;
  /** RFC 3339; every event when omitted. */
  from?: string;
}

/** The cached lists a revert of an event of this resource changes (the record's own screen). */
export const RECORD_TAG: Record<string, TagType> = {
  partners: 'Partner',
  contacts: 'Contact',
  users: 'User',
  products: 'Product',
  categories: 'Category',
  cities: 'City',
  countries: 'Country',
  stores: 'Store',
  sliders: 'Slider',
  campaigns: 'Campaign',
  notifications: 'Notification',
  support: 'CustomerSupport',
};

export const activityApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/activity: one page, newest first, the exact total in X-Total-Count. */
    listActivity: build.query<Page<ActivityEvent>, ListParams>({
      query: (params) => ({ url: 'activity', params: activityQueryParams(params) }),
      transformResponse: (items: ActivityEvent[], meta) => toPage(items, meta),
      providesTags: (page) => listTags('Activity', page),
    }),
    getActivity: build.query<ActivityEvent, number>({
      query: (id) => `activity/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Activity', id }],
    }),
    /**
     * POST /api/activity/{id}/revert: every field of the event, or the ones named. The answer is
     * the reverted record; the log (which gains the revert's own event) and the record's list reload.
     * 409 (changed since) is left to the dialog; 422 opens the error dialog with its sentences.
     */
    revertActivity: build.mutation<unknown, RevertRequest & { resource: string; recordId: number | null }>({
      query: ({ id, fields }) => ({
        url: `activity/${id}/revert`,
        method: 'POST',
        body: fields && fields.length > 0 ? { fields } : {},
      }),
      invalidatesTags: (_r, error, { resource, recordId, id }) => {
        if (error) return [];
        const record = RECORD_TAG[resource];
        return [
          { type: 'Activity' as const, id: 'LIST' },
          { type: 'Activity' as const, id },
          ...(record ? [{ type: record, id: 'LIST' as const }] : []),
          ...(record && recordId ? [{ type: record, id: recordId }] : []),
        ];
      },
    }),
    /** GET /api/{resource}/{id}/history: one page of the record's events, newest first, the exact total. */
    recordHistory: build.query<Page<ActivityEvent>, HistoryParams>({
      query: ({ resource, id, page, per_page }) => ({ url: `${resource}/${id}/history`, params: { page, per_page } }),
      transformResponse: (items: ActivityEvent[], meta) => toPage(items, meta),
      providesTags: (page) => listTags('Activity', page),
    }),
    /** GET /api/partners/{id}/timeline: one page of everything by or about the partner, each with its kind. */
    partnerTimeline: build.query<Page<TimelineItem>, Omit<HistoryParams, 'resource'>>({
      query: ({ id, page, per_page }) => ({ url: `partners/${id}/timeline`, params: { page, per_page } }),
      transformResponse: (items: TimelineItem[], meta) => toPage(items, meta),
      providesTags: (page) => listTags('Activity', page),
    }),
    /**
     * The partner's own events (its figures' changes) since `from`, every one of them: the
     * activity list unpaged, which the server streams with no row cap.
     */
    partnerFigureEvents: build.query<ActivityEvent[], FigureEventsParams>({
      query: ({ id, from }) => ({
        url: 'activity',
        params: { resource: 'partners', record_id: id, ...(from ? { from } : {}) },
      }),
      providesTags: [{ type: 'Activity', id: 'LIST' }],
    }),
    /** POST /api/activity/export with the list's filters in the query; answers an object URL of the .xlsx. */
    downloadActivityExcel: build.mutation<string, ListParams>({
      query: (params) => ({
        url: 'activity/export',
        method: 'POST',
        params: activityExportParams(params),
        responseHandler: blobUrlOrError,
      }),
    }),
  }),
});

export const {
  useListActivityQuery,
  useGetActivityQuery,
  useRevertActivityMutation,
  useDownloadActivityExcelMutation,
  useRecordHistoryQuery,
  usePartnerTimelineQuery,
  usePartnerFigureEventsQuery,
} = activityApi;
