import { baseApi } from '../api/baseApi';
import { AUTH_KEYS, normaliseEvidentions, saveEvidentions } from '../auth/storage';

/** An active customer-support message the signed-in user has not seen yet (GET /api/getCommentInfo). */
export interface Evidention {
  id: number;
  type_name: string;
  partner_name: string;
  created_at: string;
}

interface CommentInfo {
  evidentions: unknown;
}

/** The app bar's count polls this often while someone is signed in. */
export const EVIDENTIONS_POLL_MS = 60_000;

/** Invalidating this tag refreshes the app bar's count (the seen call, a support toggle). */
export const EVIDENTION_TAG = 'Evidention' as const;

function isEvidention(value: unknown): value is Evidention {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'number';
}

/** The answer's list; the string 'null', null or anything odd is an empty list (spec §3). */
export function toEvidentions(value: unknown): Evidention[] {
  return normaliseEvidentions(value)
    .filter(isEvidention)
    .map((e) => ({
      id: e.id,
      type_name: String(e.type_name ?? ''),
      partner_name: String(e.partner_name ?? ''),
      created_at: String(e.created_at ?? ''),
    }));
}

/** What the login stored, shown until the first answer of the live query arrives. */
export function storedEvidentions(storage: Storage = localStorage): Evidention[] {
  return toEvidentions(storage.getItem(AUTH_KEYS.evidentions));
}

export const notificationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getEvidentions: build.query<Evidention[], void>({
      query: () => 'getCommentInfo',
      transformResponse: (answer: CommentInfo) => toEvidentions(answer?.evidentions),
      providesTags: [EVIDENTION_TAG],
      // A background poll: a failure must not open an error dialog every minute; the screens'
      // own calls report it.
      extraOptions: { handlesErrors: true },
      async onQueryStarted(_arg, { queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          saveEvidentions(data);
        } catch {
          // Keep what is stored.
        }
      },
    }),
    /** Marks every active message seen by the signed-in user (the support screen opens). */
    markSupportSeen: build.mutation<Evidention[], void>({
      query: () => ({ url: 'customerSupport/seen', method: 'POST' }),
      transformResponse: (answer: CommentInfo) => toEvidentions(answer?.evidentions),
      extraOptions: { handlesErrors: true },
      invalidatesTags: (_r, error) => (error ? [] : [EVIDENTION_TAG]),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // The count drops at once; the invalidation then confirms it from the server.
          dispatch(notificationsApi.util.upsertQueryData('getEvidentions', undefined, data));
          saveEvidentions(data);
        } catch {
          // Nothing was marked.
        }
      },
    }),
  }),
});

export const { useGetEvidentionsQuery, useMarkSupportSeenMutation } = notificationsApi;
