import i18next from 'i18next';
import { lazy } from 'react';

/**
 * The edit dialogs' History and Timeline tabs (issue 21): the activity feature's code and its
 * strings load with the first edit dialog that shows them, never with the login or a list.
 */
export const LazyRecordTabs = lazy(() =>
  Promise.all([import('../features/activity/RecordTabs'), i18next.loadNamespaces('activity')]).then(([tabs]) => tabs),
);
