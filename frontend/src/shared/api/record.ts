import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { baseApi } from './baseApi';

/** Any record the API answers: each has an id (and, when editable, a version). */
interface Identified {
  id: number;
}

const recordApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET of a path answering a list (GET …/{id} answers a list of one) or the record itself; never cached. */
    recordRows: build.query<Identified[], string>({
      query: (path) => path,
      transformResponse: (answer: Identified[] | Identified) => (Array.isArray(answer) ? answer : [answer]),
      keepUnusedDataFor: 0,
    }),
  }),
});

/**
 * Loads one record as the server has it now, bypassing the cache: what an edit dialog shows
 * after its save was refused as stale (409, ADR 0011). `path` is `resource/{id}`, or a list
 * that contains the record (a partner's contacts).
 */
export function useReloadRecord<T extends Identified>() {
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  return useCallback(
    async (path: string, id: number): Promise<T> => {
      const rows = await dispatch(
        recordApi.endpoints.recordRows.initiate(path, { forceRefetch: true, subscribe: false }),
      ).unwrap();
      const found = rows.find((r) => r.id === id);
      if (!found) throw new Error(`${path}: record ${id} is gone`);
      return found as T;
    },
    [dispatch],
  );
}

interface WithProvidedTags {
  api: { provided?: { tags?: Record<string, Record<string, unknown>> } };
}

/**
 * Refreshes every list on screen (each query that provides a `{type, id: 'LIST'}` tag): after
 * a stale save the list behind the dialog shows what was saved meanwhile (issue 20).
 */
export function useRefreshLists() {
  const dispatch = useDispatch<ThunkDispatch<WithProvidedTags, unknown, UnknownAction>>();
  return useCallback(
    () =>
      dispatch((_, getState) => {
        const provided = getState().api.provided?.tags ?? {};
        const lists = Object.entries(provided)
          .filter(([, ids]) => 'LIST' in ids)
          .map(([type]) => ({ type, id: 'LIST' }));
        if (lists.length > 0) dispatch(baseApi.util.invalidateTags(lists as never));
      }),
    [dispatch],
  );
}

/** The If-Match header naming the version an edit was loaded at (ADR 0011). */
export function ifMatch(version: number): Record<string, string> {
  return { 'If-Match': `"${version}"` };
}
