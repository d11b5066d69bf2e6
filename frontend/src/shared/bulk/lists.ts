import type { BulkActionName, BulkConfig } from './types';

const ACTIVE: readonly BulkActionName[] = ['deactivate', 'activate'];

/**
 * The lists with bulk actions (issue 25) and what each offers: every list with an active flag
 * deactivates and reactivates; partners and sliders add and remove a category; sliders show
 * and hide. The campaign's partners (cash) and cart (delivery) tabs build theirs with the
 * campaign's id (features/campaigns).
 */
export const BULK_LISTS = {
  partners: {
    path: 'partners',
    resource: 'partners',
    actions: [...ACTIVE, 'add_category', 'remove_category'],
    tags: [{ type: 'Partner', id: 'LIST' }],
    noun: 'bulk.nouns.partners',
  },
  countries: { path: 'countries', resource: 'countries', actions: ACTIVE, tags: [{ type: 'Country', id: 'LIST' }], noun: 'bulk.nouns.countries' },
  categories: {
    path: 'categories',
    resource: 'categories',
    actions: ACTIVE,
    tags: [{ type: 'Category', id: 'LIST' }],
    noun: 'bulk.nouns.categories',
  },
  cities: { path: 'cities', resource: 'cities', actions: ACTIVE, tags: [{ type: 'City', id: 'LIST' }], noun: 'bulk.nouns.cities' },
  products: { path: 'products', resource: 'products', actions: ACTIVE, tags: [{ type: 'Product', id: 'LIST' }], noun: 'bulk.nouns.products' },
  stores: {
    path: 'stores',
    resource: 'stores',
    actions: ACTIVE,
    tags: [{ type: 'Store', id: 'LIST' }],
    noun: 'bulk.nouns.stores',
    labelField: 'address',
  },
  users: { path: 'users', resource: 'users', actions: ACTIVE, tags: [{ type: 'User', id: 'LIST' }], noun: 'bulk.nouns.users' },
  campaigns: {
    path: 'campaigns',
    resource: 'campaigns',
    actions: ACTIVE,
    tags: [{ type: 'Campaign', id: 'LIST' }],
    noun: 'bulk.nouns.campaigns',
    recordLink: (id: number) => `/campaigns/${id}`,
  },
  sliders: {
    path: 'sliders',
    resource: 'sliders',
    actions: [...ACTIVE, 'show', 'hide', 'add_category', 'remove_category'],
    tags: [{ type: 'Slider', id: 'LIST' }],
    noun: 'bulk.nouns.sliders',
  },
} satisfies Record<string, BulkConfig>;
