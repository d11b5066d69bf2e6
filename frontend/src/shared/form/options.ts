import type { Option } from './fieldBase';

/** A record a select can offer: its id and its name. */
export interface NamedRef {
  id: number;
  name: string;
}

/**
 * Select options from the active records, plus the edited record's current choice when it is
 * no longer among them, so the form shows what is saved rather than an empty select.
 */
export function optionsWithCurrent(
  active: NamedRef[] | undefined,
  current: NamedRef | null | undefined,
  inactiveLabel: (name: string) => string,
): Option<number>[] {
  const options = (active ?? []).map((r) => ({ value: r.id, label: r.name }));
  if (current && current.id && !options.some((o) => o.value === current.id)) {
    options.unshift({ value: current.id, label: inactiveLabel(current.name) });
  }
  return options;
}
