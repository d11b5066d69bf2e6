import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './baseQuery';

/**
 * Every cache tag of the application, declared here once: a feature's endpoints provide and
 * invalidate these, never a list of their own (no enhanceEndpoints({ addTagTypes })).
 */
export const TAG_TYPES = [
  'User',
  'Me',
  'Role',
  'Country',
  'Category',
  'City',
  'Product',
  'Store',
  'MapSettings',
  'Campaign',
  'CampaignTab',
  'Partner',
  'Contact',
  'Slider',
  'SliderPartner',
  'Notification',
  'Delivery',
  'CustomerSupport',
  'Evidention',
  'Activity',
  'Session',
  'SecuritySettings',
  /** The home page's figure settings (issue 25: the debt-rise threshold). */
  'OverviewSettings',
  'SavedView',
] as const;

/** The application's only createApi; features add their calls with injectEndpoints. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});

export type TagType = (typeof TAG_TYPES)[number];
