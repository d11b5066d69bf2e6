import type { BulkStatus } from '../../shared/bulk/types';

/** The activity log's events as GET /api/activity answers them (issue 21, ADR 0031). */

/** The resources an event names (the records the log covers). */
export const RESOURCES = [
  'partners',
  'users',
  'products',
  'categories',
  'cities',
  'countries',
  'stores',
  'contacts',
  'sliders',
  'slider_partners',
  'campaigns',
  'campaign_categories',
  'campaign_products',
  'campaign_partners',
  'cart_items',
  'notifications',
  'deliveries',
  'devices',
  'support_messages',
] as const;
export type ActivityResource = (typeof RESOURCES)[number];

/** What was done, in the order. */
export const ACTIONS = [
  'create',
  'edit',
  'activate',
  'deactivate',
  'link',
  'unlink',
  'cash',
  'order',
  'withdraw',
  'deliver',
  'undeliver',
  'sign_up',
  'import',
  'send',
  'role_change',
  'password_change',
  'sign_in',
  'sign_in_failed',
  'sign_out',
  'revert',
  'bulk',
] as const;
export type ActivityAction = (typeof ACTIONS)[number];

export interface Actor {
  kind: 'user' | 'partner' | 'system';
  /** The user's or partner's id; null (or 0) for the system. */
  id: number | null;
  name: string;
}

/** A field's change: its values as exact text (money as the API writes amounts, maybe with %), null for none. */
export interface ValueChange {
  field: string;
  from: string | null;
  to: string | null;
}

/** A secret field (a password, a token): only that it changed, never its values. */
export interface SecretChange {
  field: string;
  changed: true;
}

export type Change = ValueChange | SecretChange;

export interface ActivityEvent {
  id: number;
  /** RFC 3339, UTC. */
  at: string;
  actor: Actor;
  /** One of RESOURCES; an unknown one is shown as it came. */
  resource: string;
  record_id: number | null;
  parent: { resource: string; id: number } | null;
  /** One of ACTIONS; an unknown one is shown as it came. */
  action: string;
  changes: Change[];
  import_id: string | null;
  /** The event this one reverts. */
  reverts: number | null;
  request_id: string;
  address: string;
  /** A bulk action's (or its undo's) outcome: GET /api/activity/{id} only (issue 25). */
  bulk?: BulkStatus | null;
}

/** POST /api/activity/{id}/revert: the fields to set back, all of them when omitted. */
export interface RevertRequest {
  id: number;
  fields?: string[];
}

export const isSecret = (change: Change): change is SecretChange => 'changed' in change && change.changed === true;

/** What a partner's timeline item is about (GET /api/partners/{id}/timeline). */
export const TIMELINE_KINDS = ['partner', 'contact', 'support', 'account', 'campaign_cash', 'order', 'slider', 'push', 'device'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/** An event of a partner's timeline; an unknown kind is shown as it came. */
export interface TimelineItem extends ActivityEvent {
  kind: string;
}
