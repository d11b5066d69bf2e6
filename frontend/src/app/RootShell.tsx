import { lazy, Suspense, useState } from 'react';
import { useSelector } from 'react-redux';
import { Outlet } from 'react-router-dom';
import { selectDialog } from '../shared/errors/dialogSlice';
import { RecordTabsContext } from '../shared/form/recordTabs';
import { SnackbarProvider } from '../shared/snackbar/SnackbarProvider';
import { PageLoader } from '../shared/ui/PageLoader';
import { DocumentTitle } from './DocumentTitle';
import { LazyRecordTabs } from './recordTabs';

// Loaded on the first error only, to keep the login screen's initial JavaScript small.
const ErrorDialogHost = lazy(() =>
  import('../shared/errors/ErrorDialogHost').then((m) => ({ default: m.ErrorDialogHost })),
);

/** Above every route: the tab's title, snackbars, the one error dialog and the edit dialogs' record tabs. */
export function RootShell() {
  const dialog = useSelector(selectDialog);
  const [dialogUsed, setDialogUsed] = useState(false);
  if (dialog && !dialogUsed) setDialogUsed(true);
  return (
    <RecordTabsContext.Provider value={LazyRecordTabs}>
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
    </RecordTabsContext.Provider>
  );
}
