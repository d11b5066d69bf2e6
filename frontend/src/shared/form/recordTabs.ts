import { createContext, type ComponentType } from 'react';

/** The record an edit dialog edits, as the activity log names it (issue 21). */
export interface RecordRef {
  /** The API's resource: partners, users, products, categories, cities, countries, stores, … */
  resource: string;
  id: number;
  /** A partner's six figures now, under the events' field names (debt, tool_cash, …): its chart starts from them. */
  figures?: Record<string, string>;
}

/** The tabs of an edit dialog beside its form: their bar and the open one's panel. */
export interface RecordTabsProps {
  record: RecordRef;
  /** The tab shown: FORM_TAB or one of the record's own. */
  tab: string;
  onTab: (tab: string) => void;
  /** The form's element id: the form tab controls it (its tab's id is `${formId}-tab`). */
  formId: string;
  /** A revert from a tab changed the record: the form takes its values again (unless the user typed). */
  onRecordChanged?: () => void;
}

/** The form's own tab, always the first. */
export const FORM_TAB = 'form';

/**
 * Who draws the record tabs (the activity feature's History and partner Timeline, lazily
 * loaded): the app provides it, shared/form cannot import a feature. Without a provider an
 * edit dialog is its form alone.
 */
export const RecordTabsContext = createContext<ComponentType<RecordTabsProps> | null>(null);
