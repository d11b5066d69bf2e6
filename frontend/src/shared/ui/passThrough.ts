import type { CheckboxPassThroughOptions } from 'primereact/checkbox';
import type { InputSwitchPassThroughOptions } from 'primereact/inputswitch';

/**
 * PrimeReact 10 gives a switch's wrapper role="checkbox" around the real <input role="switch">,
 * one interactive control nested in another (axe: nested-interactive). The input keeps the role,
 * the state and the label; the wrapper is plain layout.
 */
export const SWITCH_PT: InputSwitchPassThroughOptions = {
  root: { role: undefined, 'aria-checked': undefined },
};

const PLAIN_CHECKBOX_ROOT: CheckboxPassThroughOptions = {
  root: { role: undefined, 'aria-label': undefined },
};

/**
 * The same for a table's selection column: its row and header checkboxes get role="checkbox"
 * and the name on the wrapper as well as on the input inside (axe: nested-interactive and
 * aria-required-attr). Pass to <Column selectionMode="multiple" pt={SELECTION_COLUMN_PT} />.
 */
export const SELECTION_COLUMN_PT = {
  rowCheckbox: PLAIN_CHECKBOX_ROOT,
  headerCheckbox: PLAIN_CHECKBOX_ROOT,
};
