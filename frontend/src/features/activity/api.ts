import { baseApi, type TagType } from '../../shared/api/baseApi';
import { blobUrlOrError } from '../../shared/api/download';
import { listTags, toPage, type ListParams, type Page } from '../../shared/api/list';
import { activityExportParams, activityQueryParams } from './query';
import type { ActivityEvent, RevertRequest } from './types';

/** The cached lists a revert of an event of this resource changes (the record's own screen). */
const RECORD_TAG: Record<string, TagType> = {
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

export const { useListActivityQuery, useGetActivityQuery, useRevertActivityMutation, useDownloadActivityExcelMutation } =
  activityApi;
