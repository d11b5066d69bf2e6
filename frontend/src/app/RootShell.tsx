import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { ErrorDialogHost } from '../shared/errors/ErrorDialogHost';
import { SnackbarProvider } from '../shared/snackbar/SnackbarProvider';
import { PageLoader } from '../shared/ui/PageLoader';

/** Above every route: snackbars and the one error dialog. */
export function RootShell() {
  return (
    <SnackbarProvider>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
      <ErrorDialogHost />
    </SnackbarProvider>
  );
}
