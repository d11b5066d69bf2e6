import { lazy } from 'react';
import { screenStrings } from './i18n';

/**
 * The edit dialogs' History and Timeline tabs (issue 21): the activity feature's code and its
 * strings load with the first edit dialog that shows them, never with the login or a list.
 */
export const LazyRecordTabs = lazy(() =>
  Promise.all([import('../features/activity/RecordTabs'), screenStrings('activity')]).then(([tabs]) => tabs),
);
