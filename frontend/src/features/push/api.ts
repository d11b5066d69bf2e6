import { baseApi } from '../../shared/api/baseApi';
import { listQueryParams, listTags, toPage, type ListParams, type Page } from '../../shared/api/list';
import type { Delivery, DeliveryState, NewNotification, PushNotification, PushReach, PushStatus } from './types';

/** The deliveries of one notification, a page of them, narrowed to one state or not. */
export interface DeliveriesArgs {
  notificationId: number;
  params: ListParams;
  /** Sent as a yes flag (failed=1 …); every state when undefined. */
  state?: DeliveryState;
}

function deliveriesQuery({ params, state }: DeliveriesArgs): Record<string, string | number> {
  const query = listQueryParams(params);
  if (state) query[state] = 1;
  return query;
}

export const pushApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listNotifications: build.query<Page<PushNotification>, ListParams>({
      query: (params) => ({ url: 'notifications', params: listQueryParams(params) }),
      transformResponse: (items: PushNotification[], meta) => toPage(items, meta),
      providesTags: (page) => listTags('Notification', page),
    }),
    /** GET /api/notifications/{id}: a list of one, like every resource's get (or the object). */
    getNotification: build.query<PushNotification, number>({
      query: (id) => `notifications/${id}`,
      transformResponse: (answer: PushNotification[] | PushNotification) => (Array.isArray(answer) ? answer[0] : answer),
      providesTags: (_r, _e, id) => [{ type: 'Notification', id }],
    }),
    /** Whether the server holds push credentials: without them notifications are saved but not sent. */
    pushStatus: build.query<PushStatus, void>({
      query: () => 'notifications/status',
    }),
    deliveries: build.query<Page<Delivery>, DeliveriesArgs>({
      query: (args) => ({ url: `notifications/${args.notificationId}/deliveries`, params: deliveriesQuery(args) }),
      transformResponse: (items: Delivery[], meta) => toPage(items, meta),
      providesTags: (_r, _e, { notificationId }) => [{ type: 'Delivery', id: notificationId }],
    }),
    /** How many partners and devices an add to these categories reaches now; asked before sending. */
    notificationReach: build.query<PushReach, number[]>({
      query: (categories) => ({ url: 'notifications/reach', params: { categories: categories.join(',') } }),
      keepUnusedDataFor: 0,
    }),
    /**
     * Saves and sends (the server waits up to ~10 s for the first attempts). 491 means saved with
     * some devices failed: the list refreshes then too.
     */
    createNotification: build.mutation<PushNotification, NewNotification>({
      query: (body) => ({ url: 'notifications', method: 'POST', body }),
      invalidatesTags: (_r, error) =>
        !error || (error as { status?: unknown }).status === 491 ? [{ type: 'Notification', id: 'LIST' }] : [],
    }),
  }),
});

export const {
  useListNotificationsQuery,
  useGetNotificationQuery,
  usePushStatusQuery,
  useDeliveriesQuery,
  useCreateNotificationMutation,
  useLazyNotificationReachQuery,
} = pushApi;
