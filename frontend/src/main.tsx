import 'primereact/resources/themes/lara-light-indigo/theme.css';
import 'primereact/resources/primereact.min.css';
import 'primeicons/primeicons.css';
import './app/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { i18nReady } from './app/i18n';
import { router } from './app/router';
import { store } from './app/store';
import { installDialogEscapeGuard } from './shared/ui/dialogEscape';
import { installDialogFocusGuard } from './shared/ui/dialogFocusGuard';

// Before any dialog opens, so Esc in an open list closes only the list.
installDialogEscapeGuard();
// Before any dialog opens, so a closing dialog does not take the focus back from the user.
installDialogFocusGuard();

// The first paint waits for the catalogue so no screen shows untranslated keys.
void i18nReady.then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Provider store={store}>
        <RouterProvider router={router} future={{ v7_startTransition: true }} />
      </Provider>
    </StrictMode>,
  );
});
