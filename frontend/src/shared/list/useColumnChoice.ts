import { useState } from 'react';

const STORAGE_PREFIX = 'vitrina.list-columns.';

function readHidden(key: string, storage: Storage): string[] {
  try {
    const stored: unknown = JSON.parse(storage.getItem(STORAGE_PREFIX + key) ?? '[]');
    return Array.isArray(stored) ? stored.filter((f): f is string => typeof f === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The columns a user hid in one list, remembered in local storage under the list's key. Only the
 * hidden ones are stored, so a column added later shows until it is hidden; fields that may not
 * be hidden (the row's name) are ignored whatever the storage says.
 */
export function useColumnChoice(listKey: string, hideable: readonly string[], storage: Storage = localStorage) {
  const [hidden, setHidden] = useState<string[]>(() => readHidden(listKey, storage));
  const hiddenNow = hidden.filter((f) => hideable.includes(f));

  const save = (next: string[]) => {
    setHidden(next);
    try {
      if (next.length === 0) storage.removeItem(STORAGE_PREFIX + listKey);
      else storage.setItem(STORAGE_PREFIX + listKey, JSON.stringify(next));
    } catch {
      // A full or blocked storage only forgets the choice.
    }
  };

  return {
    isVisible: (field: string) => !hiddenNow.includes(field),
    hidden: hiddenNow,
    setVisible: (field: string, visible: boolean) => {
      if (!hideable.includes(field)) return;
      save(visible ? hiddenNow.filter((f) => f !== field) : [...hiddenNow.filter((f) => f !== field), field]);
    },
    showAll: () => save([]),
    /** Shows exactly these columns (a saved view's), besides the ones that are never hidden. */
    showOnly: (visible: readonly string[]) => save(hideable.filter((f) => !visible.includes(f))),
  };
}

export type ColumnChoice = ReturnType<typeof useColumnChoice>;
