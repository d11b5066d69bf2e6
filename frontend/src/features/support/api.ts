import { baseApi } from '../../shared/api/baseApi';
import { listQueryParams, listTags, toPage, type ListParams, type Page, type ToggleAnswer } from '../../shared/api/list';
import { EVIDENTION_TAG } from '../../shared/notifications/api';
import type { SupportMessage } from './types';

export const supportApi = baseApi
  .injectEndpoints({
    endpoints: (build) => ({
      listSupportMessages: build.query<Page<SupportMessage>, ListParams>({
        query: (params) => ({ url: 'customerSupport', params: listQueryParams(params) }),
        transformResponse: (items: SupportMessage[], meta) => toPage(items, meta),
        providesTags: (page) => listTags('CustomerSupport', page),
      }),
      /** Delete/restore; the unseen count changes with the set of active messages. */
      toggleSupportMessage: build.mutation<ToggleAnswer, number>({
        query: (id) => ({ url: `customerSupport/${id}`, method: 'DELETE' }),
        invalidatesTags: (_r, error, id) => (error ? [] : [{ type: 'CustomerSupport', id }, EVIDENTION_TAG]),
      }),
    }),
  });

export const { useListSupportMessagesQuery, useToggleSupportMessageMutation } = supportApi;
