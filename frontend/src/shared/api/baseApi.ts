import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './baseQuery';

/** The application's only createApi; features add their calls with injectEndpoints. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['User', 'Me', 'Role'],
  endpoints: () => ({}),
});

export type TagType = 'User' | 'Me' | 'Role';
