import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { RequireAuth, VisitorOnly } from './guards';
import { screenStrings, type LazyNamespace } from './i18n';
import { RootShell } from './RootShell';

/** A screen whose strings are a namespace of their own: its chunk and its strings load together. */
function withStrings<T extends { default: ComponentType }>(namespace: LazyNamespace, load: () => Promise<T>) {
  return () => Promise.all([load(), screenStrings(namespace)]).then(([screen]) => screen);
}

// Every screen is its own chunk so /login loads only what it needs.
const AppLayout = lazy(() => import('./layout/AppLayout'));
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const HomePage = lazy(() => import('../features/home/HomePage'));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage'));
const UsersPage = lazy(() => import('../features/users/UsersPage'));
const CountriesPage = lazy(() => import('../features/catalog/countries/CountriesPage'));
const CitiesPage = lazy(() => import('../features/catalog/cities/CitiesPage'));
const CategoriesPage = lazy(() => import('../features/catalog/categories/CategoriesPage'));
const ProductsPage = lazy(() => import('../features/catalog/products/ProductsPage'));
const StoresPage = lazy(() => import('../features/catalog/stores/StoresPage'));
const PartnersPage = lazy(() => import('../features/partners/PartnersPage'));
const SlidersPage = lazy(withStrings('sliders', () => import('../features/sliders/SlidersPage')));
const CampaignsPage = lazy(withStrings('campaigns', () => import('../features/campaigns/CampaignsPage')));
const CampaignDetailsPage = lazy(
  withStrings('campaigns', () => import('../features/campaigns/details/CampaignDetailsPage')),
);
const NotificationsPage = lazy(withStrings('push', () => import('../features/push/NotificationsPage')));
const DeliveryPage = lazy(withStrings('push', () => import('../features/push/DeliveryPage')));
const SupportPage = lazy(() => import('../features/support/SupportPage'));
const MapsPage = lazy(withStrings('templates', () => import('../features/templates/maps/MapsPage')));
const OverviewPage = lazy(withStrings('templates', () => import('../features/templates/overview/OverviewPage')));
const StyleGuidePage = lazy(withStrings('templates', () => import('../features/templates/style/StyleGuidePage')));

export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    children: [
      { element: <VisitorOnly />, children: [{ path: '/login', element: <LoginPage /> }] },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { index: true, element: <HomePage /> },
              { path: '/dashboard', element: <HomePage /> },
              { path: '/user-profile', element: <ProfilePage /> },
              { path: '/users', element: <UsersPage /> },
              { path: '/countries', element: <CountriesPage /> },
              { path: '/cities', element: <CitiesPage /> },
              { path: '/categories', element: <CategoriesPage /> },
              { path: '/products', element: <ProductsPage /> },
              { path: '/stores', element: <StoresPage /> },
              { path: '/partners', element: <PartnersPage /> },
              { path: '/sliders', element: <SlidersPage /> },
              { path: '/campaigns', element: <CampaignsPage /> },
              { path: '/campaigns/:id', element: <CampaignDetailsPage /> },
              { path: '/notifications', element: <NotificationsPage /> },
              { path: '/notifications/:id', element: <DeliveryPage /> },
              { path: '/customerService', element: <SupportPage /> },
              { path: '/table-list', element: <OverviewPage /> },
              { path: '/maps', element: <MapsPage /> },
              { path: '/typography', element: <StyleGuidePage /> },
              { path: '/icons', element: <StyleGuidePage /> },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/dashboard" replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes, {
  future: { v7_relativeSplatPath: true },
});
