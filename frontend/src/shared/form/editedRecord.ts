import { useReloadRecord } from '../api/record';
import type { FreshRecord } from './FormDialog';

interface Versioned {
  id: number;
  version: number;
}

/**
 * What FormDialog needs to edit a record without overwriting another's change unseen
 * (ADR 0011): the version the record was opened at, and how to load it again after a stale
 * save. Nothing for a new record. `path` names where the record is read (`stores/{id}`, or a
 * list holding it); `toValues` turns it into the form's values.
 */
export function useEditedRecord<R extends Versioned, Values>(
  row: R | undefined,
  path: (row: R) => string,
  toValues: (fresh: R) => Values,
): { version?: number; reload?: () => Promise<FreshRecord<Values>> } {
  const reloadRecord = useReloadRecord<R>();
  if (!row) return {};
  return {
    version: row.version,
    reload: async () => {
      const fresh = await reloadRecord(path(row), row.id);
      return { values: toValues(fresh), version: fresh.version };
    },
  };
}
