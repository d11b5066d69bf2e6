import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { RequireAuth, VisitorOnly } from './guards';
import { RootShell } from './RootShell';
import { registerScreenPrefetch } from './prefetch';
import { screens, type Screen } from './screens';
import { isScreenHandle, type ScreenHandle } from './screenHandle';

const { Component: AppLayout } = screens.layout;

/** A screen's route: its lazily loaded component, its tab title's catalogue key, and its prefetch. */
function show(screen: Screen, title: string): Pick<RouteObject, 'element' | 'handle'> {
  const handle: ScreenHandle = { title, prefetch: screen.prefetch };
  return { element: <screen.Component />, handle };
}

export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    children: [
      { element: <VisitorOnly />, children: [{ path: '/login', ...show(screens.login, 'login.title') }] },
      {
        element: <RequireAuth />,
        children: [
          // An account whose role requires two-factor sign-in sets it up here before anything
          // else; the layout sends it here from every other screen.
          { path: '/mfa-setup', ...show(screens.enrolment, 'security.mfa.enrol_title') },
          {
            element: <AppLayout />,
            children: [
              { index: true, ...show(screens.home, 'nav.home') },
              { path: '/dashboard', ...show(screens.home, 'nav.home') },
              { path: '/user-profile', ...show(screens.profile, 'profile.title') },
              { path: '/users', ...show(screens.users, 'nav.users') },
              { path: '/countries', ...show(screens.countries, 'nav.countries') },
              { path: '/cities', ...show(screens.cities, 'nav.cities') },
              { path: '/categories', ...show(screens.categories, 'nav.categories') },
              { path: '/products', ...show(screens.products, 'nav.products') },
              { path: '/stores', ...show(screens.stores, 'nav.stores') },
              { path: '/partners', ...show(screens.partners, 'nav.partners') },
              { path: '/sliders', ...show(screens.sliders, 'nav.sliders') },
              { path: '/campaigns', ...show(screens.campaigns, 'nav.campaigns') },
              { path: '/campaigns/:id', ...show(screens.campaignDetails, 'nav.campaigns') },
              { path: '/notifications', ...show(screens.notifications, 'nav.notifications') },
              { path: '/notifications/:id', ...show(screens.delivery, 'nav.notifications') },
              { path: '/customerService', ...show(screens.support, 'support.nav') },
              { path: '/activity', ...show(screens.activity, 'nav.activity') },
              { path: '/settings/security', ...show(screens.securitySettings, 'security.settings.title') },
              { path: '/table-list', ...show(screens.overview, 'templates.overview.title') },
              { path: '/maps', ...show(screens.maps, 'templates.maps.title') },
              { path: '/typography', ...show(screens.styleGuide, 'templates.style.title') },
              { path: '/icons', ...show(screens.styleGuide, 'templates.style.title') },
              // An unknown path says so (no drawer item is marked) and links home.
              { path: '*', ...show(screens.notFound, 'not_found.title') },
            ],
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes, {
  future: { v7_relativeSplatPath: true },
});

// The drawer (a lazily loaded chunk) loads a path's screen ahead through the registry, not by importing the routes.
registerScreenPrefetch((path) => {
  const handle = matchRoutes(routes, path)?.at(-1)?.route.handle as unknown;
  return isScreenHandle(handle) ? handle.prefetch?.() : undefined;
});
