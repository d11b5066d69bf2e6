import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { screenStrings, type LazyNamespace } from './i18n';

type ScreenModule = { default: ComponentType };

/** A lazily loaded screen whose code can be fetched ahead of its first visit (ADR 0030). */
export interface Screen {
  Component: LazyExoticComponent<ComponentType>;
  /** Starts loading the screen's chunks (and strings); resolves when they are in, never rejects. */
  prefetch(): Promise<void>;
}

function screen(load: () => Promise<ScreenModule>, namespace?: LazyNamespace): Screen {
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
  profile: screen(() => import('../features/profile/ProfilePage')),
  users: screen(() => import('../features/users/UsersPage')),
  countries: screen(() => import('../features/catalog/countries/CountriesPage')),
  cities: screen(() => import('../features/catalog/cities/CitiesPage')),
  categories: screen(() => import('../features/catalog/categories/CategoriesPage')),
  products: screen(() => import('../features/catalog/products/ProductsPage')),
  stores: screen(() => import('../features/catalog/stores/StoresPage')),
  partners: screen(() => import('../features/partners/PartnersPage')),
  sliders: screen(() => import('../features/sliders/SlidersPage'), 'sliders'),
  campaigns: screen(() => import('../features/campaigns/CampaignsPage'), 'campaigns'),
  campaignDetails: screen(() => import('../features/campaigns/details/CampaignDetailsPage'), 'campaigns'),
  notifications: screen(() => import('../features/push/NotificationsPage'), 'push'),
  delivery: screen(() => import('../features/push/DeliveryPage'), 'push'),
  support: screen(() => import('../features/support/SupportPage')),
  maps: screen(() => import('../features/templates/maps/MapsPage'), 'templates'),
  overview: screen(() => import('../features/templates/overview/OverviewPage'), 'templates'),
  styleGuide: screen(() => import('../features/templates/style/StyleGuidePage'), 'templates'),
  notFound: screen(() => import('./NotFoundPage')),
} satisfies Record<string, Screen>;

/** The screen a drawer link leads to, by its path. */
const byPath: Record<string, Screen> = {
  '/': screens.home,
  '/dashboard': screens.home,
  '/user-profile': screens.profile,
  '/users': screens.users,
  '/countries': screens.countries,
  '/cities': screens.cities,
  '/categories': screens.categories,
  '/products': screens.products,
  '/stores': screens.stores,
  '/partners': screens.partners,
  '/sliders': screens.sliders,
  '/campaigns': screens.campaigns,
  '/notifications': screens.notifications,
  '/customerService': screens.support,
  '/table-list': screens.overview,
  '/maps': screens.maps,
  '/typography': screens.styleGuide,
  '/icons': screens.styleGuide,
};

/** Starts loading the screen at path (a drawer link hovered or focused); unknown paths are ignored. */
export function prefetchScreen(path: string): Promise<void> {
  return byPath[path]?.prefetch() ?? Promise.resolve();
}

/** The screens loaded ahead after sign-in, in the drawer's order (each screen once). */
const AHEAD = [
  '/partners',
  '/sliders',
  '/campaigns',
  '/products',
  '/notifications',
  '/customerService',
  '/users',
  '/countries',
  '/cities',
  '/categories',
  '/stores',
  '/user-profile',
] as const;

export const SCREENS_PREFETCHED = 'vitrina:screens-prefetched';

type IdleWindow = Window & {
  requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/**
 * Loads the screens at paths one after another, each when the browser is idle, so a first visit
 * finds its code already there without competing with the screen being used. Answers a function
 * that stops what has not started yet.
 */
export function prefetchWhenIdle(paths: readonly string[] = AHEAD): () => void {
  const w = window as IdleWindow;
  const queue = [...paths];
  let stopped = false;
  let handle: number | undefined;
  const schedule = (next: () => void) => {
    handle = w.requestIdleCallback ? w.requestIdleCallback(next, { timeout: 2000 }) : window.setTimeout(next, 50);
  };
  const step = () => {
    if (stopped) return;
    const path = queue.shift();
    if (path === undefined) {
      // A User Timing mark: when every screen was in (the e2e screen-switch test waits for it).
      performance.mark(SCREENS_PREFETCHED);
      return;
    }
    void prefetchScreen(path).then(() => {
      if (!stopped) schedule(step);
    });
  };
  schedule(step);
  return () => {
    stopped = true;
    if (handle === undefined) return;
    if (w.cancelIdleCallback) w.cancelIdleCallback(handle);
    else window.clearTimeout(handle);
  };
}
