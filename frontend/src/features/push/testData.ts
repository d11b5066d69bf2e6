import type { Delivery, PushNotification } from './types';

/** A notification as the API answers it; tests override what they look at. */
export function notification(id: number, overrides: Partial<PushNotification> = {}): PushNotification {
  return {
    id,
    subject: `Obavještenje ${id}`,
    notification_text: 'Nova akcija u prodavnicama',
    categories: [{ id: 1, name: 'Alati' }],
    category_names: 'Alati',
    created_at: '2026-11-24T10:00:00Z',
    sent_by: 'Ana Admin',
    slider_id: null,
    devices: 4,
    delivered: 4,
    failed: 0,
    pending: 0,
    not_configured: 0,
    ...overrides,
  };
}

export function delivery(id: number, overrides: Partial<Delivery> = {}): Delivery {
  return {
    id,
    partner_id: 100 + id,
    partner_name: `Partner ${id}`,
    platform: 'android',
    state: 'failed',
    attempts: 1,
    reason: 'UNREGISTERED',
    updated_at: '2026-11-24T10:00:05Z',
    ...overrides,
  };
}

export const ADMIN = { id: 1, name: 'Ana Admin', username: 'ana', partner_id: null, roles: ['admin'], version: 1 };
