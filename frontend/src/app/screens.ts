import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { screenStrings, type LazyNamespace } from './i18n';

type ScreenModule = { default: ComponentType };

/** A lazily loaded screen whose code can be fetched ahead of its first visit (ADR 0030). */
export interface Screen {
  Component: LazyExoticComponent<ComponentType>;
  /** Starts loading the screen's chunks (and strings); resolves when they are in, never rejects. */
  prefetch(): Promise<void>;
}

function screen(load: () => Promise<ScreenModule>, namespace?: LazyNamespace | readonly LazyNamespace[]): Screen {
  let loading: Promise<ScreenModule> | undefined;
  const get = () => {
    // A failed download is tried again on the next visit, not remembered.
    loading ??= (namespace ? Promise.all([load(), screenStrings(namespace)]).then(([m]) => m) : load()).catch(
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return {
    Component: lazy(get),
    prefetch: () => get().then(
      () => undefined,
      () => undefined,
    ),
  };
}

// Every screen is its own chunk so /login loads only what it needs.
export const screens = {
  layout: screen(() => import('./layout/AppLayout')),
  login: screen(() => import('../features/auth/LoginPage')),
  home: screen(() => import('../features/home/HomePage')),
  profile: screen(() => import('../features/profile/ProfilePage'), 'security'),
  enrolment: screen(() => import('./EnrolmentPage'), 'security'),
  securitySettings: screen(
    () => import('../features/users/UsersPage').then((m) => ({ default: m.SecuritySettingsPage })),
    ['users', 'security'],
  ),
  users: screen(() => import('../features/users/UsersPage'), ['users', 'security', 'bulk']),
  countries: screen(() => import('../features/catalog/countries/CountriesPage'), 'bulk'),
  cities: screen(() => import('../features/catalog/cities/CitiesPage'), 'bulk'),
  categories: screen(() => import('../features/catalog/categories/CategoriesPage'), 'bulk'),
  products: screen(() => import('../features/catalog/products/ProductsPage'), ['products', 'bulk']),
  stores: screen(() => import('../features/catalog/stores/StoresPage'), ['stores', 'bulk']),
  partners: screen(() => import('../features/partners/PartnersPage'), ['partners', 'excel', 'bulk']),
  sliders: screen(() => import('../features/sliders/SlidersPage'), ['sliders', 'bulk']),
  campaigns: screen(() => import('../features/campaigns/CampaignsPage'), ['campaigns', 'bulk']),
  campaignDetails: screen(() => import('../features/campaigns/details/CampaignDetailsPage'), ['campaigns', 'excel', 'bulk']),
  notifications: screen(() => import('../features/push/NotificationsPage'), 'push'),
  delivery: screen(() => import('../features/push/DeliveryPage'), 'push'),
  support: screen(() => import('../features/support/SupportPage')),
  activity: screen(() => import('../features/activity/ActivityPage'), ['activity', 'bulk']),
  maps: screen(() => import('../features/templates/maps/MapsPage'), 'templates'),
  overview: screen(() => import('../features/templates/overview/OverviewPage'), 'templates'),
  styleGuide: screen(() => import('../features/templates/style/StyleGuidePage'), 'templates'),
  notFound: screen(() => import('./NotFoundPage')),
} satisfies Record<string, Screen>;
