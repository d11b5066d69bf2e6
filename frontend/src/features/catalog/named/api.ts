import type { EndpointBuilder } from '@reduxjs/toolkit/query';
import type { baseQuery } from '../../../shared/api/baseQuery';
import type { TagType } from '../../../shared/api/baseApi';
import { listQueryParams, listTags, toPage, type ListParams, type Page, type ToggleAnswer } from '../../../shared/api/list';
import { ifMatch } from '../../../shared/api/record';
import type { NamedRecord } from '../types';

type Build = EndpointBuilder<typeof baseQuery, TagType, 'api'>;

/**
 * The calls of a name-only resource (countries, categories): the list contract, create,
 * rename, toggle and the active options for selects. Each resource injects them under its own names.
 */
export function namedEndpoints(build: Build, resource: string, tag: 'Country' | 'Category') {
  return {
    list: build.query<Page<NamedRecord>, ListParams>({
      query: (params) => ({ url: resource, params: listQueryParams(params) }),
      transformResponse: (items: NamedRecord[], meta) => toPage(items, meta),
      providesTags: (page) => listTags(tag, page),
    }),
    /** The whole list of active records, sorted by name, for selects. */
    options: build.query<NamedRecord[], void>({
      query: () => ({ url: resource, params: { is_active: 1, sort: 'name', order: 'asc' } }),
      providesTags: (items) => listTags(tag, items ? { items, total: items.length } : undefined),
    }),
    create: build.mutation<NamedRecord, { name: string }>({
      query: (body) => ({ url: resource, method: 'POST', body }),
      invalidatesTags: [{ type: tag, id: 'LIST' }],
    }),
    update: build.mutation<NamedRecord, { id: number; version: number; body: { name: string } }>({
      query: ({ id, version, body }) => ({ url: `${resource}/${id}`, method: 'PUT', body, headers: ifMatch(version) }),
      invalidatesTags: (_r, error, { id }) => (error ? [] : [{ type: tag, id }]),
    }),
    toggle: build.mutation<ToggleAnswer, number>({
      query: (id) => ({ url: `${resource}/${id}`, method: 'DELETE' }),
      // A deactivated record leaves the options; a reactivated one comes back.
      invalidatesTags: (_r, error, id) => (error ? [] : [{ type: tag, id }, { type: tag, id: 'LIST' }]),
    }),
  };
}
