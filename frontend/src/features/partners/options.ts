import type { Option } from '../../shared/form/fieldBase';
import type { Ref } from './types';

/**
 * Select options from the active records, plus the edited record's current choice when it is
 * no longer among them, so the form shows what is saved rather than an empty select.
 */
export function optionsWithCurrent(
  active: Ref[] | undefined,
  current: Ref | null | undefined,
  inactiveLabel: (name: string) => string,
): Option<number>[] {
  const options = (active ?? []).map((r) => ({ value: r.id, label: r.name }));
  if (current && current.id && !options.some((o) => o.value === current.id)) {
    options.unshift({ value: current.id, label: inactiveLabel(current.name) });
  }
  return options;
}
