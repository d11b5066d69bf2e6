import { describe, expect, it } from 'vitest';
import type { Resource } from '../../shared/auth/permissions';
import { conflictsOf, revertOffer } from './revert';
import type { ActivityEvent } from './types';

const event = (over: Partial<ActivityEvent> = {}): ActivityEvent => ({
  id: 41,
  at: '2026-11-24T09:15:00Z',
  actor: { kind: 'user', id: 2, name: 'Dragan' },
  resource: 'partners',
  record_id: 1002,
  parent: null,
  action: 'edit',
  changes: [
    { field: 'debt', from: '12000', to: '120000' },
    { field: 'bonus', from: '5%', to: '7%' },
  ],
  import_id: null,
  reverts: null,
  request_id: 'req-1',
  address: '10.0.0.7',
  ...over,
});

const writes =
  (...resources: Resource[]) =>
  (resource: Resource) =>
    resources.includes(resource);
const everything = () => true;

describe('which events and fields offer revert', () => {
  it('an edit: the whole event and each field, to a user who may write the record', () => {
    expect(revertOffer(event(), writes('partners'))).toEqual({ whole: true, fields: ['debt', 'bonus'] });
  });

  it('nothing to a user who may only read the record', () => {
    expect(revertOffer(event(), writes('users', 'products'))).toEqual({ whole: false, fields: [] });
  });

  it.each(['notifications', 'support', 'slider_partners', 'campaign_categories', 'campaign_products', 'cart_items'])(
    '%s: shown, never reverted (the server cannot)',
    (resource) => {
      expect(revertOffer(event({ resource }), everything)).toEqual({ whole: false, fields: [] });
    },
  );

  it.each([
    ['sliders', 'sliders'],
    ['campaigns', 'campaigns'],
    ['contacts', 'partners'],
  ] as const)('%s: reverted with write on %s, and only with it', (resource, needs) => {
    const changes = [
      { field: 'name', from: 'Baner alata', to: 'Baner boja' },
      { field: 'is_visible', from: 'true', to: 'false' },
    ];
    expect(revertOffer(event({ resource, changes }), writes(needs))).toEqual({ whole: true, fields: ['name', 'is_visible'] });
    const other = (['partners', 'sliders', 'campaigns', 'users'] as Resource[]).filter((r) => r !== needs);
    expect(revertOffer(event({ resource, changes }), writes(...other))).toEqual({ whole: false, fields: [] });
  });

  it("a campaign partner's cash: reverted with write on campaigns; its link is not", () => {
    const cash = event({ resource: 'campaign_partners', action: 'cash', changes: [{ field: 'cash', from: '500', to: '750.255' }] });
    expect(revertOffer(cash, writes('campaigns'))).toEqual({ whole: true, fields: [] });
    expect(revertOffer(cash, writes('partners'))).toEqual({ whole: false, fields: [] });
    const link = event({ resource: 'campaign_partners', action: 'link', changes: [{ field: 'cash', from: null, to: '500' }] });
    expect(revertOffer(link, everything)).toEqual({ whole: false, fields: [] });
  });

  it("a slider: its banner and its page's extra image never go back, the other fields one by one", () => {
    const changes = [
      { field: 'name', from: 'Baner alata', to: 'Baner boja' },
      { field: 'image', from: 'a.jpg', to: 'b.jpg' },
      { field: 'wyswygimg', from: null, to: 'w.png' },
      { field: 'page_content', from: '<p>A</p>', to: '<p>B</p>' },
    ];
    expect(revertOffer(event({ resource: 'sliders', changes }), everything)).toEqual({ whole: false, fields: ['name', 'page_content'] });
    expect(revertOffer(event({ resource: 'sliders', changes: [changes[2]] }), everything)).toEqual({ whole: false, fields: [] });
  });

  it("a campaign: its image never goes back, its name does", () => {
    const changes = [
      { field: 'name', from: 'Zimska', to: 'Ljetnja' },
      { field: 'image', from: 'a.jpg', to: 'b.jpg' },
    ];
    expect(revertOffer(event({ resource: 'campaigns', changes }), everything)).toEqual({ whole: false, fields: ['name'] });
  });

  it('a product: the price goes back alone, its image never', () => {
    const changes = [
      { field: 'price', from: '129.99', to: '150' },
      { field: 'image', from: 'a.jpg', to: 'b.jpg' },
    ];
    expect(revertOffer(event({ resource: 'products', changes }), everything)).toEqual({ whole: false, fields: ['price'] });
    expect(revertOffer(event({ resource: 'products', changes: [changes[1]] }), everything)).toEqual({ whole: false, fields: [] });
  });

  it.each(['edit', 'activate', 'deactivate', 'cash', 'role_change', 'revert'])('%s can be reverted', (action) => {
    expect(revertOffer(event({ action }), everything).whole).toBe(true);
  });

  it.each(['link', 'unlink', 'order', 'withdraw', 'deliver', 'undeliver', 'sign_up', 'import', 'send', 'password_change', 'sign_in', 'sign_in_failed', 'sign_out'])(
    '%s cannot be reverted from the log',
    (action) => {
      expect(revertOffer(event({ action }), everything)).toEqual({ whole: false, fields: [] });
    },
  );

  it('a creation reverts only as a whole (by deactivation)', () => {
    expect(revertOffer(event({ action: 'create' }), everything)).toEqual({ whole: true, fields: [] });
  });

  it('a secret field is never offered; only secret fields means nothing to revert', () => {
    const mixed = event({
      resource: 'users',
      changes: [
        { field: 'password', changed: true },
        { field: 'name', from: 'Jovan', to: 'Jovan J.' },
        { field: 'username', from: 'jovan', to: 'jj' },
      ],
    });
    expect(revertOffer(mixed, everything)).toEqual({ whole: true, fields: ['name', 'username'] });
    const secretOnly = event({ resource: 'users', changes: [{ field: 'password', changed: true }] });
    expect(revertOffer(secretOnly, everything)).toEqual({ whole: false, fields: [] });
  });

  it('one field: the whole event is that field, no separate field button', () => {
    expect(revertOffer(event({ changes: [{ field: 'debt', from: '1', to: '2' }] }), everything)).toEqual({ whole: true, fields: [] });
  });

  it('an event of the log itself, an unknown resource or one without a record offers nothing', () => {
    expect(revertOffer(event({ resource: 'activity' }), everything).whole).toBe(false);
    expect(revertOffer(event({ resource: 'elsewhere' }), everything).whole).toBe(false);
    expect(revertOffer(event({ record_id: null }), everything).whole).toBe(false);
  });
});

describe('a 409 answer', () => {
  it('names the fields changed since with their current values', () => {
    expect(
      conflictsOf({
        message: 'The record was changed again since this change. Reload it to see the changes.',
        conflicts: [
          { field: 'debt', expected: '120000', current: '130000' },
          { field: 'phone', expected: '1', current: null },
          { nonsense: true },
        ],
      }),
    ).toEqual([
      { field: 'debt', current: '130000' },
      { field: 'phone', current: null },
    ]);
    expect(conflictsOf({ message: 'x' })).toEqual([]);
    expect(conflictsOf('text')).toEqual([]);
  });
});
