import { beforeAll, describe, expect, it } from 'vitest';
import i18n from 'i18next';
import { actionLabel, changeSummary, describeChange, fieldLabel, formatChangeValue, resourceLabel } from './format';
import { KIND_ICONS, kindLabel } from './timeline';
import { RESOURCES, TIMELINE_KINDS, type ActivityEvent } from './types';

const ME = 'sr-Latn-ME';
const EN = 'en';

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

const tIn = (language: string) => i18n.getFixedT(language);

// A push delivery's outcome and a device's registration as the API writes them (ADR 0031,
// "Push deliveries and devices").
const delivery: ActivityEvent = {
  id: 90,
  at: '2026-11-24T09:15:00Z',
  actor: { kind: 'system', id: null, name: 'system' },
  resource: 'deliveries',
  record_id: 7,
  parent: { resource: 'notifications', id: 3 },
  action: 'send',
  changes: [
    { field: 'attempts', from: '0', to: '1' },
    { field: 'platform', from: 'ios', to: 'ios' },
    { field: 'reason', from: null, to: 'UNREGISTERED' },
    { field: 'state', from: 'pending', to: 'failed' },
  ],
  import_id: null,
  reverts: null,
  request_id: '',
  address: '',
};

describe('push deliveries and devices in the activity screens', () => {
  it('name their resources and the timeline kind in both languages', () => {
    expect(resourceLabel('deliveries', tIn(ME))).toBe('Isporuke push notifikacija');
    expect(resourceLabel('deliveries', tIn(EN))).toBe('Push deliveries');
    expect(resourceLabel('devices', tIn(ME))).toBe('Uređaji');
    expect(resourceLabel('devices', tIn(EN))).toBe('Devices');
    expect(kindLabel('device', tIn(ME))).toBe('Uređaj');
    expect(kindLabel('device', tIn(EN))).toBe('Device');
    expect(KIND_ICONS.device).toBe('pi pi-mobile');
  });

  it('name a delivery\'s fields and its state in the language', () => {
    expect(describeChange(delivery.changes[3], ME, tIn(ME))).toEqual({
      field: 'state', label: 'Status', secret: false, from: 'Na čekanju', to: 'Neuspješno',
    });
    expect(describeChange(delivery.changes[3], EN, tIn(EN))).toEqual({
      field: 'state', label: 'Status', secret: false, from: 'Pending', to: 'Failed',
    });
    expect(formatChangeValue('state', 'delivered', ME, tIn(ME))).toBe('Isporučeno');
    expect(formatChangeValue('state', 'delivered', EN, tIn(EN))).toBe('Delivered');
    expect(formatChangeValue('state', 'something_new', EN, tIn(EN))).toBe('something_new');
    expect(fieldLabel('reason', tIn(ME))).toBe('Greška');
    expect(fieldLabel('reason', tIn(EN))).toBe('Error');
    expect(fieldLabel('attempts', tIn(ME))).toBe('Pokušaji');
    expect(fieldLabel('platform', tIn(EN))).toBe('Platform');
    expect(changeSummary(delivery, ME, tIn(ME))).toBe('Pokušaji, Platforma, Greška i još 1');
    expect(actionLabel('send', tIn(ME))).toBe('Slanje');
  });

  it('show a device token only as changed', () => {
    expect(describeChange({ field: 'device_token', changed: true }, ME, tIn(ME))).toEqual({
      field: 'device_token', label: 'Token uređaja', secret: true, text: 'izmijenjeno',
    });
    expect(describeChange({ field: 'device_token', changed: true }, EN, tIn(EN))).toEqual({
      field: 'device_token', label: 'Device token', secret: true, text: 'changed',
    });
  });

  it('have a name for every resource and timeline kind in both languages', () => {
    for (const t of [tIn(ME), tIn(EN)]) {
      for (const r of RESOURCES) expect(resourceLabel(r, t), r).not.toBe(r);
      for (const k of TIMELINE_KINDS) expect(kindLabel(k, t), k).not.toBe(k);
    }
  });
});
