import { baseApi } from '../api/baseApi';
import type { BulkAnswer, BulkBody, BulkStatus, UndoAnswer } from './types';

/**
 * The bulk calls of issue 25, in one place so the server's contract is read here only:
 * - POST /api/{path}/bulk with {action, ids} or {action, filter} and the action's fields;
 *   200 when finished, 202 while it runs (then poll its event);
 * - GET /api/activity/{event_id}: the event with its `bulk` status while it runs and after;
 * - POST /api/activity/{event_id}/undo: 200 when finished, 202 while it runs (poll the undo's event).
 * A 409 (another bulk action on the list runs; the undo window passed; already undone) is not
 * shown by the API layer: the caller shows it. The lists are refetched when a run ends (useBulk).
 */
export const bulkApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    runBulk: build.mutation<BulkAnswer, { path: string; body: BulkBody }>({
      query: ({ path, body }) => ({ url: `${path}/bulk`, method: 'POST', body }),
    }),
    undoBulk: build.mutation<UndoAnswer, number>({
      query: (eventId) => ({ url: `activity/${eventId}/undo`, method: 'POST' }),
    }),
    /** A running action's event, polled until its state is no longer `running`. */
    bulkEvent: build.query<{ id: number; bulk?: BulkStatus | null }, number>({
      query: (eventId) => `activity/${eventId}`,
      keepUnusedDataFor: 0,
      // A failed poll is tried again at the next tick and noted in the progress dialog, not a
      // dialog every half second; the session's expiry (401) still goes the usual way.
      extraOptions: { handlesStatuses: [403, 404, 422, 500, 502, 503, 504] },
    }),
  }),
});

export const { useRunBulkMutation, useUndoBulkMutation, useBulkEventQuery } = bulkApi;

/** How often a running action's event is asked for. */
export const POLL_MS = 500;
