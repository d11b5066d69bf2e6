import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router-dom';
import { makeStore } from '../app/store';
import { SnackbarProvider } from '../shared/snackbar/SnackbarProvider';
import { ErrorDialogHost } from '../shared/errors/ErrorDialogHost';

/** Renders a screen with the real store, snackbars, the error dialog and a memory router. */
export function renderScreen(
  element: ReactElement,
  { path = '/', initialEntry = path, extraRoutes = [] }: { path?: string; initialEntry?: string; extraRoutes?: RouteObject[] } = {},
) {
  const store = makeStore();
  const router = createMemoryRouter(
    [
      {
        element: (
          <SnackbarProvider>
            <RouteOutlet />
            <ErrorDialogHost />
          </SnackbarProvider>
        ),
        children: [{ path, element }, ...extraRoutes],
      },
    ],
    { initialEntries: [initialEntry], future: { v7_relativeSplatPath: true } },
  );
  const utils = render(
    <Provider store={store}>
      <RouterProvider router={router} future={{ v7_startTransition: true }} />
    </Provider>,
  );
  return { ...utils, store, router };
}

function RouteOutlet() {
  return <Outlet />;
}
