import { lazy, Suspense, useState } from 'react';
import { useSelector } from 'react-redux';
import { Outlet } from 'react-router-dom';
import { selectDialog } from '../shared/errors/dialogSlice';
import { SnackbarProvider } from '../shared/snackbar/SnackbarProvider';
import { PageLoader } from '../shared/ui/PageLoader';
import { DocumentTitle } from './DocumentTitle';

// Loaded on the first error only, to keep the login screen's initial JavaScript small.
const ErrorDialogHost = lazy(() =>
  import('../shared/errors/ErrorDialogHost').then((m) => ({ default: m.ErrorDialogHost })),
);

/** Above every route: the tab's title, snackbars and the one error dialog. */
export function RootShell() {
  const dialog = useSelector(selectDialog);
  const [dialogUsed, setDialogUsed] = useState(false);
  if (dialog && !dialogUsed) setDialogUsed(true);
  return (
    <SnackbarProvider>
      <DocumentTitle />
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
      {dialogUsed && (
        <Suspense fallback={null}>
          <ErrorDialogHost />
        </Suspense>
      )}
    </SnackbarProvider>
  );
}
