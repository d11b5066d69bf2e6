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

/**
 * PrimeReact 10 puts aria-activedescendant="dropdownItem_-1" on a focused Dropdown's root, a
 * plain <div> with no role, even with no option focused (axe: aria-allowed-attr and
 * aria-valid-attr-value, critical). The focusable input inside keeps the combobox semantics.
 * Pass to every <Dropdown pt={DROPDOWN_PT} />.
 */
export const DROPDOWN_PT = {
  root: { 'aria-activedescendant': undefined },
};
