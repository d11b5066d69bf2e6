/** Push notifications as the API answers them (issue 13; spec §3 Notification). */

export interface CategoryRef {
  id: number;
  name: string;
}

/** A notification with its delivery figures: devices targeted, and how many are in each state. */
export interface PushNotification {
  id: number;
  subject: string;
  notification_text: string;
  categories: CategoryRef[];
  category_names: string;
  /** RFC 3339. */
  created_at: string;
  /** The sender's name; null when unknown. */
  sent_by: string | null;
  /** The slider it announces; null for one written on this screen. */
  slider_id: number | null;
  devices: number;
  delivered: number;
  failed: number;
  pending: number;
  not_configured: number;
}

export const DELIVERY_STATES = ['failed', 'pending', 'delivered', 'not_configured'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export type Platform = 'android' | 'ios' | 'web';

/** One device a notification went to; its token is never answered. */
export interface Delivery {
  id: number;
  partner_id: number;
  partner_name: string;
  platform: Platform;
  state: DeliveryState;
  attempts: number;
  /** The provider's reason of the last failure (e.g. UNREGISTERED, HTTP 503); '' when none. */
  reason: string;
  updated_at: string;
}

/** GET /api/notifications/status. */
export interface PushStatus {
  push_configured: boolean;
}

/** GET /api/notifications/reach: what an add to some categories would reach now. */
export interface PushReach {
  partners: number;
  devices: number;
  push_configured: boolean;
}

/** POST /api/notifications. */
export interface NewNotification {
  subject: string;
  notification_text: string;
  categories: number[];
}
