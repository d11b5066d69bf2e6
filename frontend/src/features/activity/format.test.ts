import { beforeAll, describe, expect, it } from 'vitest';
import i18n from 'i18next';
import { actorLabel, changeSummary, describeChange, formatChangeValue, formatEventTime } from './format';
import type { ActivityEvent } from './types';

const ME = 'sr-Latn-ME';
const EN = 'en';

// Both catalogues in memory (each test starts in Montenegrin, see test/setup.ts).
beforeAll(async () => {
  await i18n.changeLanguage('en');
});

/** i18next's t in a language, without switching the whole app. */
const tIn = (language: string) => i18n.getFixedT(language);

const event = (over: Partial<ActivityEvent> = {}): ActivityEvent => ({
  id: 41,
  at: '2026-11-24T09:15:00Z',
  actor: { kind: 'user', id: 2, name: 'Dragan' },
  resource: 'partners',
  record_id: 1002,
  parent: null,
  action: 'edit',
  changes: [{ field: 'debt', from: '12000', to: '120000.5' }],
  import_id: null,
  reverts: null,
  request_id: 'req-1',
  address: '10.0.0.7',
  ...over,
});

describe('the value of a change', () => {
  it.each([
    // field, API text, Montenegrin, English
    ['debt', '120000.5', '120.000,5', '120,000.5'],
    ['bonus', '1600.5', '1.600,5', '1,600.5'],
    ['tool_cash', '1250.505', '1.250,505', '1,250.505'],
    ['annual_plan', '1000000', '1.000.000', '1,000,000'],
    ['money_circulation', '-1250.5', '-1.250,5', '-1,250.5'],
    ['cash', '500', '500', '500'],
    ['price', '139.5', '139,5', '139.5'],
    ['spent', '12000', '12.000', '12,000'],
    ['value', '0.75', '0,75', '0.75'],
  ])('an amount (%s %s) is in the language\'s number format, exactly', (field, value, sr, en) => {
    expect(formatChangeValue(field, value, ME, tIn(ME))).toBe(sr);
    expect(formatChangeValue(field, value, EN, tIn(EN))).toBe(en);
  });

  it('a percent figure keeps its percent sign, its number in the language\'s format', () => {
    const sr = formatChangeValue('bonus', '1250.5%', ME, tIn(ME));
    const en = formatChangeValue('bonus', '1250.5%', EN, tIn(EN));
    expect(sr).toMatch(/^1\.250,5\s?%$/);
    expect(en).toMatch(/^1,250\.5\s?%$/);
    expect(formatChangeValue('payment', '5%', EN, tIn(EN))).toMatch(/^5\s?%$/);
  });

  it('a field that is not money is shown as it came, digits too', () => {
    expect(formatChangeValue('pib', '02345678', ME, tIn(ME))).toBe('02345678');
    expect(formatChangeValue('name', 'Voli Trade', EN, tIn(EN))).toBe('Voli Trade');
    expect(formatChangeValue('city_id', '12000', ME, tIn(ME))).toBe('12000');
  });

  it('no value is a dash and a flag reads yes or no in the language', () => {
    expect(formatChangeValue('debt', null, ME, tIn(ME))).toBe('—');
    expect(formatChangeValue('is_active', 'true', ME, tIn(ME))).toBe('Da');
    expect(formatChangeValue('is_active', 'false', EN, tIn(EN))).toBe('No');
  });

  it('a secret change reads "changed", translated, and shows no values', () => {
    const sr = describeChange({ field: 'password', changed: true }, ME, tIn(ME));
    expect(sr).toEqual({ field: 'password', label: 'Šifra', secret: true, text: 'izmijenjeno' });
    const en = describeChange({ field: 'app_password', changed: true }, EN, tIn(EN));
    expect(en).toEqual({ field: 'app_password', label: 'App password', secret: true, text: 'changed' });
    expect(JSON.stringify(en)).not.toMatch(/from|to"/);
  });

  it('a value change names its field in the language and formats both values', () => {
    expect(describeChange({ field: 'debt', from: '12000', to: '120000' }, ME, tIn(ME))).toEqual({
      field: 'debt',
      label: 'Dug',
      secret: false,
      from: '12.000',
      to: '120.000',
    });
    // A field the screens do not know is named as the API names it.
    expect(describeChange({ field: 'something_new', from: null, to: 'x' }, EN, tIn(EN)).label).toBe('something_new');
  });
});

describe('the list\'s summary and actor', () => {
  it('one change reads field: old → new', () => {
    expect(changeSummary(event(), ME, tIn(ME))).toBe('Dug: 12.000 → 120.000,5');
    expect(changeSummary(event(), EN, tIn(EN))).toBe('Debt: 12,000 → 120,000.5');
  });

  it('a secret change in the summary has no values either', () => {
    const e = event({ action: 'password_change', changes: [{ field: 'password', changed: true }] });
    expect(changeSummary(e, EN, tIn(EN))).toBe('Password: changed');
  });

  it('several changes name the first three fields and how many more', () => {
    const e = event({
      changes: ['debt', 'bonus', 'payment', 'tool_cash', 'name'].map((field) => ({ field, from: '1', to: '2' })),
    });
    expect(changeSummary(e, EN, tIn(EN))).toBe('Debt, Bonus, Payment and 2 more');
    expect(changeSummary(e, ME, tIn(ME))).toBe('Dug, Bonus, Uplata i još 2');
    expect(changeSummary(event({ changes: [] }), EN, tIn(EN))).toBe('');
  });

  it('the system is "Sistem"/"System" and a partner is marked as one', () => {
    const system = event({ actor: { kind: 'system', id: null, name: 'system' } });
    expect(actorLabel(system, tIn(ME))).toBe('Sistem');
    expect(actorLabel(system, tIn(EN))).toBe('System');
    expect(actorLabel(event({ actor: { kind: 'partner', id: 1002, name: 'Voli Trade' } }), tIn(EN))).toBe('Voli Trade (partner)');
    expect(actorLabel(event(), tIn(EN))).toBe('Dragan');
  });
});

describe('the time of an event', () => {
  it('is the local day as the calendars write it, then the time to the second', () => {
    const at = new Date(2026, 10, 24, 9, 5, 7).toISOString();
    expect(formatEventTime(at, ME)).toBe('24.11.2026. 09:05:07');
    expect(formatEventTime(at, EN)).toMatch(/^11\/24\/2026 0?9:05:07\sAM$/);
  });
});
