import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RequireAuth, VisitorOnly } from './guards';
import { RootShell } from './RootShell';
import { screens } from './screens';
import type { ScreenHandle } from './screenHandle';

const {
  layout: { Component: AppLayout },
  login: { Component: LoginPage },
  home: { Component: HomePage },
  profile: { Component: ProfilePage },
  users: { Component: UsersPage },
  countries: { Component: CountriesPage },
  cities: { Component: CitiesPage },
  categories: { Component: CategoriesPage },
  products: { Component: ProductsPage },
  stores: { Component: StoresPage },
  partners: { Component: PartnersPage },
  sliders: { Component: SlidersPage },
  campaigns: { Component: CampaignsPage },
  campaignDetails: { Component: CampaignDetailsPage },
  notifications: { Component: NotificationsPage },
  delivery: { Component: DeliveryPage },
  support: { Component: SupportPage },
  maps: { Component: MapsPage },
  overview: { Component: OverviewPage },
  styleGuide: { Component: StyleGuidePage },
  notFound: { Component: NotFoundPage },
} = screens;

/** The browser tab's title of a screen: its catalogue key, shown as "<title> · Vitrina". */
const titled = (title: string): { handle: ScreenHandle } => ({ handle: { title } });

export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    children: [
      { element: <VisitorOnly />, children: [{ path: '/login', element: <LoginPage />, ...titled('login.title') }] },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { index: true, element: <HomePage />, ...titled('nav.home') },
              { path: '/dashboard', element: <HomePage />, ...titled('nav.home') },
              { path: '/user-profile', element: <ProfilePage />, ...titled('profile.title') },
              { path: '/users', element: <UsersPage />, ...titled('nav.users') },
              { path: '/countries', element: <CountriesPage />, ...titled('nav.countries') },
              { path: '/cities', element: <CitiesPage />, ...titled('nav.cities') },
              { path: '/categories', element: <CategoriesPage />, ...titled('nav.categories') },
              { path: '/products', element: <ProductsPage />, ...titled('nav.products') },
              { path: '/stores', element: <StoresPage />, ...titled('nav.stores') },
              { path: '/partners', element: <PartnersPage />, ...titled('nav.partners') },
              { path: '/sliders', element: <SlidersPage />, ...titled('nav.sliders') },
              { path: '/campaigns', element: <CampaignsPage />, ...titled('nav.campaigns') },
              { path: '/campaigns/:id', element: <CampaignDetailsPage />, ...titled('nav.campaigns') },
              { path: '/notifications', element: <NotificationsPage />, ...titled('nav.notifications') },
              { path: '/notifications/:id', element: <DeliveryPage />, ...titled('nav.notifications') },
              { path: '/customerService', element: <SupportPage />, ...titled('support.nav') },
              { path: '/table-list', element: <OverviewPage />, ...titled('templates.overview.title') },
              { path: '/maps', element: <MapsPage />, ...titled('templates.maps.title') },
              { path: '/typography', element: <StyleGuidePage />, ...titled('templates.style.title') },
              { path: '/icons', element: <StyleGuidePage />, ...titled('templates.style.title') },
              // An unknown path says so (no drawer item is marked) and links home.
              { path: '*', element: <NotFoundPage />, ...titled('not_found.title') },
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
