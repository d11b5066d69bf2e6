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
import campaignsEn from './campaigns.en.json';
import campaignsSr from './campaigns.sr-Latn-ME.json';
import stepperEn from './campaign_stepper.en.json';
import stepperSr from './campaign_stepper.sr-Latn-ME.json';
import pushEn from './push.en.json';
import pushSr from './push.sr-Latn-ME.json';
import partnersEn from './partners.en.json';
import partnersSr from './partners.sr-Latn-ME.json';
import excelEn from './excel.en.json';
import excelSr from './excel.sr-Latn-ME.json';
import storesEn from './stores.en.json';
import storesSr from './stores.sr-Latn-ME.json';
import usersEn from './users.en.json';
import usersSr from './users.sr-Latn-ME.json';
import productsEn from './products.en.json';
import productsSr from './products.sr-Latn-ME.json';
import activityEn from './activity.en.json';
import activitySr from './activity.sr-Latn-ME.json';
import securityEn from './security.en.json';
import securitySr from './security.sr-Latn-ME.json';
import bulkEn from './bulk.en.json';
import bulkSr from './bulk.sr-Latn-ME.json';
import { errorKeySuffix } from '../shared/errors/errorKey';

/** Each lazily loaded namespace (app/i18n.ts) in both languages. */
const SCREENS: Record<(typeof LAZY_NAMESPACES)[number], { sr: object; en: object }> = {
  sliders: { sr: slidersSr, en: slidersEn },
  templates: { sr: templatesSr, en: templatesEn },
  rich_text: { sr: richTextSr, en: richTextEn },
  campaigns: { sr: campaignsSr, en: campaignsEn },
  campaign_stepper: { sr: stepperSr, en: stepperEn },
  push: { sr: pushSr, en: pushEn },
  partners: { sr: partnersSr, en: partnersEn },
  excel: { sr: excelSr, en: excelEn },
  stores: { sr: storesSr, en: storesEn },
  users: { sr: usersSr, en: usersEn },
  products: { sr: productsSr, en: productsEn },
  activity: { sr: activitySr, en: activityEn },
  security: { sr: securitySr, en: securityEn },
  bulk: { sr: bulkSr, en: bulkEn },
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
  'A bulk action can change at most 100,000 records.',
  'A bulk action on this list is already running. Try again when it has finished.',
  'The undo window of this bulk action has passed.',
  'This bulk action was already undone.',
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
  // Sliders (issue 11; in the sliders' own catalogue): the 435 reason, the visibility toggle's
  // refusals, the confirmation of sign-ups and the form's fields.
  'The slider contains partners.',
  'An inactive slider cannot be shown.',
  'A seminar whose dates are all past cannot be shown.',
  'The selected partners have not signed up.',
  'The partners field is required.',
  'The partners must be a list of ids.',
  'The partners may not have more than 1000 items.',
  'The type field is required.',
  'The selected type is invalid.',
  'You must choose at least one category.',
  'The selected categories is invalid.',
  'The categories must be a list of ids.',
  'The categories may not have more than 1000 items.',
  'The notification text field is required.',
  'The notification text must be at least 2 characters.',
  'The notification text may not be greater than 200 characters.',
  'The notification text contains characters that are not allowed.',
  'The page content contains characters that are not allowed.',
  'The page content may not be greater than 200000 bytes.',
  'The dates field is required.',
  'The dates must be dates in the format YYYY-MM-DD.',
  'The dates may not have more than 100 items.',
  'The start date does not match the format YYYY-MM-DD.',
  'The end date does not match the format YYYY-MM-DD.',
  'The push notification field must be true or false.',
  'The remove field must be true or false.',
  'The wyswygimg must be a file of type: jpeg, jpg, png.',
  'The wyswygimg may not be greater than 5120 kilobytes.',
  'The wyswygimg could not be read.',
  'The wyswygimg dimensions are too large.',
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
  // The campaign context: composition, cash and cart (domain/campaign, application/campaign, campaignhttp).
  'A delivered item cannot be withdrawn.',
  'The campaign contains cart items.',
  'The campaign id field is required.',
  'The cash field is required.',
  'The cash must be a number.',
  'The cash is less than what the partner has ordered.',
  'The order exceeds the remaining cash.',
  'The partner id field is required.',
  'The partners must be a list of partners with their cash.',
  'The product id field is required.',
  'The products must be a list of ids.',
  'The quantity field is required.',
  'The quantity must be an integer.',
  'The quantity must be between 1 and 1000000.',
  "The selected partners are not in the campaign's categories.",
  'The selected product is invalid.',
  'The selected products is invalid.',
  'The products may not have more than 200000 items.',
  'The partners may not have more than 200000 items.',
  'The category ids must be a list of ids.',
  'The category ids may not have more than 1000 items.',
  'The filter is not supported.',
  // Push notifications (issue 13; in the push screen's own catalogue), and the 491 of a save.
  'The subject field is required.',
  'The subject must be at least 2 characters.',
  'The subject may not be greater than 200 characters.',
  'The subject contains characters that are not allowed.',
  // Text that is not UTF-8, and names with invisible or direction-changing characters (issue 20).
  'The request contains text that is not valid UTF-8.',
  'The name contains invisible or direction-changing characters.',
  'The server is busy preparing other downloads. Try again in a moment.',
  'The method is not allowed for this address.',
  // The activity log's revert (issue 21; in the activity screen's own catalogue).
  'The record was changed again since this change. Reload it to see the changes.',
  'A creation is reverted as a whole.',
  'This change cannot be reverted.',
  'This change has nothing to revert.',
  'The image cannot be reverted; revert the other fields.',
  "This revert would remove the slider's extra image, which could not come back. Remove the image in the slider's form first.",
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
    // Its strings, and maybe the server sentences only it receives.
    expect(Object.keys(srScreen).filter((k) => k !== 'errorValidations')).toEqual([screen]);
    expect(Object.keys(enScreen).filter((k) => k !== 'errorValidations')).toEqual([screen]);
    for (const value of [...leafValues(srScreen), ...leafValues(enScreen)]) {
      expect(typeof value === 'string' && value.trim().length > 0).toBe(true);
    }
  });

  it('no key is both in the main catalogue and in a lazily loaded one', () => {
    const main = new Set(leafKeys(sr));
    for (const screen of LAZY_NAMESPACES) {
      expect(Object.keys(sr)).not.toContain(screen);
      expect(Object.keys(en)).not.toContain(screen);
      expect(leafKeys(SCREENS[screen].sr).filter((k) => main.has(k))).toEqual([]);
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
    // In the main catalogue, or in the one of the screen that sends it.
    const find = (catalogues: object[]) =>
      catalogues
        .map((c) => (c as { errorValidations?: Record<string, string> }).errorValidations?.[suffix])
        .find(Boolean);
    expect(find([sr, ...Object.values(SCREENS).map((c) => c.sr)])).toBeTruthy();
    expect(find([en, ...Object.values(SCREENS).map((c) => c.en)])).toBeTruthy();
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
