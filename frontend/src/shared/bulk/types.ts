import type { TagDescription } from '@reduxjs/toolkit/query';
import type { TagType } from '../api/baseApi';
import type { Resource } from '../auth/permissions';

/** The bulk actions the server knows (issue 25); each list offers those its resource supports. */
export const BULK_ACTIONS = [
  'deactivate',
  'activate',
  'show',
  'hide',
  'add_category',
  'remove_category',
  'cash',
  'deliver',
  'undeliver',
] as const;
export type BulkActionName = (typeof BULK_ACTIONS)[number];

/** A record a bulk action (or its undo) left alone: its id, the server's English sentence and its status code. */
export interface BulkSkip {
  id: number;
  reason: string;
  code: number | string;
}

/** The state of a run: still going (202, poll the event), finished, or failed as a whole. */
export type BulkState = 'running' | 'done' | 'failed';

/** POST /api/{list}/bulk's answer (200 done, 202 running). */
export interface BulkAnswer {
  event_id: number;
  state: BulkState;
  total: number;
  done: number;
  /** Rows already in the target state. */
  unchanged: number;
  skipped: BulkSkip[];
  /** How many were skipped when `skipped` holds only the first ones (the event's answer). */
  skipped_count?: number;
  /** RFC 3339; the undo is offered until then. */
  undo_until: string | null;
  /** The undo's event once undone. */
  undone_by_event?: number | null;
  /** Why a failed run stopped (the server's English sentence). */
  failure?: string | null;
}

/** POST /api/activity/{id}/undo's answer (200 done, 202 running). */
export interface UndoAnswer {
  event_id: number;
  state: BulkState;
  restored: number;
  /** Records changed since the bulk action: left alone, with the reason (the first ones). */
  left: BulkSkip[];
  /** How many were left in all. */
  skipped_count?: number;
  total?: number;
  /** Why a failed run stopped (the server's English sentence). */
  failure?: string | null;
}

/** The `bulk` part of GET /api/activity/{id} of a bulk action's event (or its undo's). */
export interface BulkStatus {
  state: BulkState;
  total: number;
  done: number;
  unchanged: number;
  skipped_count: number;
  /** The first 1000. */
  skipped: BulkSkip[];
  undo_until: string | null;
  undone_by_event: number | null;
  /** An undo's event: restored and left, when the server names them so. */
  restored?: number;
  left?: BulkSkip[];
  left_count?: number;
  failure?: string | null;
}

/** What a bulk action selects: ids the user checked, or everything the list's filter matches. */
export type BulkSelection = { kind: 'ids'; ids: ReadonlySet<number> } | { kind: 'filter' };

/** The filter of a list call: its own query keys and values, as the list sends them. */
export type BulkFilter = Record<string, string>;

/** The action's own fields. */
export interface BulkExtra {
  category_id?: number;
  /** The API's exact amount text. */
  cash?: string;
  /** A signed exact percentage, e.g. '-10' or '12.5'. */
  percent?: string;
}

/** The body of POST /api/{list}/bulk. */
export type BulkBody = { action: BulkActionName } & BulkExtra & ({ ids: number[] } | { filter: BulkFilter });

/** How a list switches bulk actions on (ListPage's `bulk`, or a tab's useBulk). */
export interface BulkConfig {
  /** The API path before `/bulk`, e.g. 'partners' or 'campaigns/7/cart'. */
  path: string;
  /** The resource whose write permission the actions need. */
  resource: Resource;
  /** The actions offered, in the menu's order. */
  actions: readonly BulkActionName[];
  /** The cached lists a run or its undo changes (refetched when it ends). */
  tags: TagDescription<TagType>[];
  /** Catalogue key of the records' name with a count (`bulk.nouns.partners`: "{{count}} partners"). */
  noun: string;
  /** Where a record opens, for the result's ids; no link when omitted. */
  recordLink?: (id: number) => string;
  /** The row field that names a row's checkbox ('name' when omitted). */
  labelField?: string;
}
