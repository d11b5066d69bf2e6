import type { Resource } from '../../shared/auth/permissions';
import { isSecret, type ActivityEvent } from './types';

/**
 * The actions whose field changes can be set back (domain/audit's PlanRevert): edits, the
 * activation toggle, a campaign's cash, a role change and a revert itself. A creation reverts
 * as a whole, by deactivating the record; the others (sign-ins, orders, sends, links, imports)
 * cannot be reverted from the log.
 */
export const REVERTIBLE_ACTIONS: ReadonlySet<string> = new Set(['edit', 'activate', 'deactivate', 'cash', 'role_change', 'revert']);

/**
 * The resources whose changes the server can revert (ADR 0032: each through its own edit),
 * with the permission a revert needs write on: a contact is a partner's, a campaign's
 * partner (its cash) the campaign's. The others' events (notifications, support, a slider's
 * sign-ups, a campaign's categories, products and cart) are shown but offer no revert.
 */
const WRITE_RESOURCE: Record<string, Resource> = {
  partners: 'partners',
  contacts: 'partners',
  users: 'users',
  products: 'products',
  categories: 'categories',
  cities: 'cities',
  countries: 'countries',
  stores: 'stores',
  sliders: 'sliders',
  campaigns: 'campaigns',
  campaign_partners: 'campaigns',
};

/** Fields a resource cannot set back: a replaced image's file is gone (a product's, a
 * campaign's, a slider's banner and its page's extra image). */
const FIXED_FIELDS: Record<string, ReadonlySet<string>> = {
  products: new Set(['image']),
  campaigns: new Set(['image']),
  sliders: new Set(['image', 'wyswygimg']),
};

export function writeResourceOf(resource: string): Resource | undefined {
  return WRITE_RESOURCE[resource];
}

/** What the event dialog offers to revert. */
export interface RevertOffer {
  /** The whole event (all its fields, or a creation by deactivation). */
  whole: boolean;
  /** The fields that can be reverted one by one; empty when only the whole event can. */
  fields: string[];
}

const NONE: RevertOffer = { whole: false, fields: [] };

/**
 * Which reverts the dialog offers: only to a user who may write the event's record, only for
 * a revertible action (or a creation) of a record. A secret field is never set back; a
 * creation reverts only as a whole; fields are offered one by one when there are several.
 */
export function revertOffer(event: ActivityEvent, canWrite: (resource: Resource) => boolean): RevertOffer {
  const resource = writeResourceOf(event.resource);
  if (!resource || !event.record_id || !canWrite(resource)) return NONE;
  if (event.action === 'create') return { whole: true, fields: [] };
  if (!REVERTIBLE_ACTIONS.has(event.action)) return NONE;
  const fixed = FIXED_FIELDS[event.resource];
  const changed = event.changes.filter((c) => !isSecret(c)).map((c) => c.field);
  const fields = fixed ? changed.filter((f) => !fixed.has(f)) : changed;
  if (fields.length === 0) return NONE;
  // With a field that cannot go back, only the others are offered, one by one.
  if (fields.length < changed.length) return { whole: false, fields };
  return { whole: true, fields: fields.length > 1 ? fields : [] };
}

/** A field a refused revert would overwrite, and the value it holds now (null: none). */
export interface RevertConflict {
  field: string;
  current: string | null;
}

/**
 * The newer values a 409 answer names: `conflicts: [{field, current}]` (the value the record
 * holds now; `expected` is the one the event left). An answer without them names none.
 */
export function conflictsOf(body: unknown): RevertConflict[] {
  if (typeof body !== 'object' || body === null) return [];
  const list = (body as { conflicts?: unknown }).conflicts;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { field, current } = item as { field?: unknown; current?: unknown };
    if (typeof field !== 'string') return [];
    return [{ field, current: typeof current === 'string' ? current : null }];
  });
}
