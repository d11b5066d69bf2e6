import { describe, expect, it } from 'vitest';
// The test set-up initialises the app's i18next instance (the default one).
import i18n from 'i18next';
import { toErrorKey, translateServerMessage } from './errorKey';

describe('error-key rule', () => {
  it('turns spaces into underscores and drops the last character', () => {
    expect(toErrorKey('The name has already been taken.')).toBe(
      'errorValidations.The_name_has_already_been_taken',
    );
    expect(toErrorKey('Too many login attempts. Try again later.')).toBe(
      'errorValidations.Too_many_login_attempts._Try_again_later',
    );
  });

  it('translates a known server sentence in the current language', async () => {
    await i18n.changeLanguage('sr-Latn-ME');
    expect(translateServerMessage(i18n, 'The username has already been taken.')).toBe(
      'Korisničko ime je već zauzeto.',
    );
    expect(translateServerMessage(i18n, 'Too many login attempts. Try again later.')).toBe(
      'Previše neuspjelih pokušaja prijave. Pokušajte ponovo kasnije.',
    );
    await i18n.changeLanguage('en');
    expect(translateServerMessage(i18n, 'The password confirmation does not match.')).toBe(
      'The password confirmation does not match.',
    );
  });

  it('translates sentences with a colon or a comma (no namespace or key splitting)', async () => {
    await i18n.changeLanguage('sr-Latn-ME');
    expect(translateServerMessage(i18n, 'The image must be a file of type: jpeg, jpg, png.')).toBe(
      'Slika mora biti u formatu jpeg, jpg ili png.',
    );
    expect(translateServerMessage(i18n, 'The lat must be between -90 and 90.')).toBe(
      'Geografska širina mora biti između -90 i 90.',
    );
  });

  it('finds a sentence in a lazily loaded catalogue (the sliders screen’s own)', async () => {
    await i18n.changeLanguage('sr-Latn-ME');
    expect(translateServerMessage(i18n, 'An inactive slider cannot be shown.')).toBe(
      'Neaktivan slajder ne može biti prikazan.',
    );
    expect(translateServerMessage(i18n, 'The wyswygimg must be a file of type: jpeg, jpg, png.')).toBe(
      'Dodatna slika mora biti u formatu jpeg, jpg ili png.',
    );
  });

  it('returns an unknown sentence unchanged', () => {
    expect(translateServerMessage(i18n, 'Something nobody translated.')).toBe('Something nobody translated.');
  });
});
