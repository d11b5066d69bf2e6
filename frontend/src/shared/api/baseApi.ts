import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './baseQuery';

const TAG_TYPES = ['User', 'Me', 'Role', 'Country', 'Category', 'City', 'Product', 'Store', 'MapSettings', 'Campaign', 'CampaignTab'] as const;

/** The application's only createApi; features add their calls with injectEndpoints. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});

export type TagType = (typeof TAG_TYPES)[number];
