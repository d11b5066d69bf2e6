import { describe, expect, it } from 'vitest';
import { LAZY_NAMESPACES } from '../app/i18n';
import en from './en.json';
import sr from './sr-Latn-ME.json';
import slidersEn from './sliders.en.json';
import slidersSr from './sliders.sr-Latn-ME.json';
import templatesEn from './templates.en.json';
import templatesSr from './templates.sr-Latn-ME.json';
import richTextEn from './rich_text.en.json';
import richTextSr from './rich_text.sr-Latn-ME.json';
import { errorKeySuffix } from '../shared/errors/errorKey';

/** Each lazily loaded namespace (app/i18n.ts) in both languages. */
const SCREENS: Record<(typeof LAZY_NAMESPACES)[number], { sr: object; en: object }> = {
  sliders: { sr: slidersSr, en: slidersEn },
  templates: { sr: templatesSr, en: templatesEn },
  rich_text: { sr: richTextSr, en: richTextEn },
};

/** Every leaf key as a path; keys may themselves contain dots, so segments are joined with ' › '. */
function leafKeys(node: unknown, prefix: string[] = []): string[] {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return [prefix.join(' › ')];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) => leafKeys(value, [...prefix, key]));
}

function leafValues(node: unknown): unknown[] {
  if (typeof node !== 'object' || node === null) return [node];
  return Object.values(node as Record<string, unknown>).flatMap(leafValues);
}

// Every sentence the server sends today (identity and catalog validation, login and 435 answers).
const SERVER_MESSAGES = [
  'The name field is required.',
  'The name must be at least 2 characters.',
  'The username field is required.',
  'The username has already been taken.',
  'The record was changed by someone else. Reload it to see the changes.',
  'The version field is required.',
  'The version must be a number.',
  'The password field is required.',
  'The password must be at least 4 characters.',
  'The password confirmation does not match.',
  'The selected role is invalid.',
  'The partner id must be a positive integer.',
  'The sort field is invalid.',
  'Wrong username or password.',
  'Too many login attempts. Try again later.',
  'The current password is incorrect.',
  'You may grant only roles you hold.',
  'Only an admin may change an admin account.',
  'The last active admin cannot be deactivated, lose the admin role or be linked to a partner.',
  'The server is busy. Try again in a moment.',
  'The selected partner id is invalid.',
  // The catalog context: names, cities, products and their images, stores, and the 435 reasons.
  'The name has already been taken.',
  'The name must not start with a number.',
  'The country has active cities.',
  'The city has active stores.',
  'The category is used by active records.',
  'The country id field is required.',
  'The selected country id is invalid.',
  'The city id field is required.',
  'The selected city id is invalid.',
  'The description field is required.',
  'The description must be at least 2 characters.',
  'The price field is required.',
  'The price must be a number.',
  'The image field is required.',
  'The image must be a file of type: jpeg, jpg, png.',
  'The image may not be greater than 5120 kilobytes.',
  'The image could not be read.',
  'The image dimensions are too large.',
  'The server is busy processing images. Try again in a moment.',
  'The address field is required.',
  'The address must be at least 2 characters.',
  'The contact field is required.',
  'The contact must be at least 2 characters.',
  'The position field is required.',
  'The lat must be between -90 and 90.',
  'The lng must be between -180 and 180.',
  // Sliders (issue 11): the 435 reason, the visibility toggle's refusals and the confirmation of sign-ups.
  'The slider contains partners.',
  'An inactive slider cannot be shown.',
  'A seminar whose dates are all past cannot be shown.',
  'The selected partners have not signed up.',
  'The type field is required.',
  'The selected type is invalid.',
  'The notification text field is required.',
  'The notification text must be at least 2 characters.',
  // List requests (issue 9): paging and text filters.
  'The page must be between 1 and 100000000.',
  'The per page must be between 1 and 100.',
  'The filter may not be greater than 200 characters.',
  'The filter contains characters that are not allowed.',
  // Text limits and characters of every text field (issue 9, ADR 0012), and the partner id's maximum.
  ...(
    [
      ['name', 200],
      ['address', 300],
      ['contact', 300],
      ['phone', 300],
      ['description', 2000],
      ['username', 100],
      ['password', 128],
      ['pib', 50],
      ['pdv', 50],
      ['message content', 2000],
    ] as const
  ).flatMap(([field, max]) => [
    `The ${field} may not be greater than ${max} characters.`,
    `The ${field} contains characters that are not allowed.`,
  ]),
  'The id may not be greater than 9007199254740991.',
  // The spreadsheet reader's budgets (issue 9).
  'The file may not have more than 16384 columns.',
  'A cell of the file may not have more than 32767 characters.',
  'A row of the file may not have more than 65536 characters.',
  'The file may not have more than 48 MB of text.',
];

describe('catalogues', () => {
  it('sr-Latn-ME and en have exactly the same keys', () => {
    const srKeys = new Set(leafKeys(sr));
    const enKeys = new Set(leafKeys(en));
    expect([...srKeys].filter((k) => !enKeys.has(k))).toEqual([]);
    expect([...enKeys].filter((k) => !srKeys.has(k))).toEqual([]);
  });

  it.each(LAZY_NAMESPACES)('the %s namespace has the same keys in both languages, all under its own name', (screen) => {
    const { sr: srScreen, en: enScreen } = SCREENS[screen];
    expect(leafKeys(srScreen)).toEqual(leafKeys(enScreen));
    expect(Object.keys(srScreen)).toEqual([screen]);
    expect(Object.keys(enScreen)).toEqual([screen]);
    for (const value of [...leafValues(srScreen), ...leafValues(enScreen)]) {
      expect(typeof value === 'string' && value.trim().length > 0).toBe(true);
    }
  });

  it('no key is both in the main catalogue and in a lazily loaded one', () => {
    for (const screen of LAZY_NAMESPACES) {
      expect(Object.keys(sr)).not.toContain(screen);
      expect(Object.keys(en)).not.toContain(screen);
    }
  });

  it('the parity check sees a nested difference', () => {
    const a = { x: { y: 'a', z: 'b' } };
    const b = { x: { y: 'a' } };
    expect(leafKeys(a)).not.toEqual(leafKeys(b));
  });

  it('has no empty texts', () => {
    for (const catalogue of [sr, en]) {
      for (const value of leafValues(catalogue)) {
        expect(typeof value === 'string' && value.trim().length > 0).toBe(true);
      }
    }
  });

  it.each(SERVER_MESSAGES)('translates the server message "%s" in both languages', (message) => {
    const suffix = errorKeySuffix(message);
    expect((sr.errorValidations as Record<string, string>)[suffix]).toBeTruthy();
    expect((en.errorValidations as Record<string, string>)[suffix]).toBeTruthy();
  });

  it('carries the spec texts', () => {
    expect(sr.validation.field).toBe('Obavezno polje');
    expect(en.validation.field).toBe('Required field');
    expect(sr.snackbar_required).toBe('Morate popuniti obavezna polja');
    expect(en.snackbar_required).toBe('You must fill the required fields');
    expect(sr.login.failed).toBe('Pogrešno korisničko ime ili šifra');
    expect(sr.errors.session_expired).toBe('Morate se prijaviti');
    expect(en.errors.session_expired).toBe('You must log in');
    expect(sr.errors.inactive_exists).toBe('Vec postoji (Status: Neaktivan)');
    expect(sr.errors.in_use).toBe('Izmjene zabranjene, koristi se u evidencijama');
    expect(sr.errors.invalid_dates).toBe('Neispravni datumi');
    expect(sr.errors.push_failed).toBe('Došlo je do greške prilikom slanja notifikacija na neke od uređaja.');
    expect(sr.profile.change_password).toBe('Izmijeni šifru');
    expect(sr.login.username).toBe('Korisničko ime');
    expect(sr.login.password).toBe('Šifra');
  });
});
