import assert from 'node:assert/strict';
import { createHmac, randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { apiClient, checkA11y, launchBrowser, newPage, settle, shoot, signIn, startServer, STATE_TIMEOUT } from './harness.mjs';

// Issue 23: two-factor sign-in (TOTP) and sessions, through the panel against the real binary.

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 (no padding needed) to bytes. */
function base32Decode(text) {
  const clean = text.replace(/[\s=-]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out = [];
  for (const ch of clean) {
    const index = BASE32.indexOf(ch);
    if (index < 0) throw new Error(`not base32: ${ch}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

const STEP_SECONDS = 30;
const stepAt = (ms = Date.now()) => Math.floor(ms / 1000 / STEP_SECONDS);

/** RFC 6238 TOTP: HMAC-SHA-1 over the 30 s step, dynamic truncation, six digits. */
function totp(secret, step = stepAt()) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

/**
 * A code of a step no code was used in yet: the server refuses a code of a step already used
 * (replay), so this waits, polling the clock, until the step after `used` begins.
 */
async function freshCode(secret, used) {
  const deadline = Date.now() + (STEP_SECONDS + 5) * 1000;
  while (used !== undefined && stepAt() <= used) {
    if (Date.now() > deadline) throw new Error('the clock did not reach the next TOTP step');
    await sleep(200);
  }
  const step = stepAt();
  return { code: totp(secret, step), step };
}

/** A code of the current step with at least `margin` ms of it left, so it is not stale on arrival. */
async function codeWithTimeLeft(secret, margin = 3000) {
  const left = STEP_SECONDS * 1000 - (Date.now() % (STEP_SECONDS * 1000));
  if (left < margin) await freshCode(secret, stepAt());
  const step = stepAt();
  return { code: totp(secret, step), step };
}

describe('two-factor sign-in and sessions', () => {
  let server;
  let browser;
  let api;

  before(async () => {
    // The key that seals the two-factor secrets (ADR 0037); without it two-factor cannot be set up.
    server = await startServer({ env: { VITRINA_SECRET_KEY: randomBytes(32).toString('hex') } });
    browser = await launchBrowser();
    api = apiClient(server.baseURL);
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('computes RFC 6238 codes (the test vector of its appendix B, SHA-1)', () => {
    // Secret "12345678901234567890" in base32; T = 59 s is step 1, answer 94287082 → 287082.
    assert.equal(totp('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', 1), '287082');
  });

  it('enrols the admin, signs in with a code and a recovery code, ends another session, and turns it off', async () => {
    const password = server.adminPassword;
    const page = await newPage(browser, server.baseURL);
    await signIn(page, 'admin', password);

    // Enrolment on the profile.
    await page.goto('/user-profile');
    const card = page.getByTestId('mfa-card');
    await card.getByText('Isključena').waitFor();
    await card.getByRole('button', { name: 'Podesi prijavu u dva koraka' }).click();
    const dialog = page.getByRole('dialog', { name: 'Podešavanje prijave u dva koraka' });
    const secretBox = dialog.getByTestId('mfa-secret');
    await secretBox.waitFor();
    const shown = (await secretBox.innerText()).trim();
    assert.match(shown, /^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/, `secret shown as "${shown}"`);
    const secret = shown.replace(/\s/g, '');
    assert.equal(await dialog.getByRole('img', { name: /QR kôd/ }).count(), 1);
    await settle(page);
    await shoot(page, 'mfa-enrolment');
    await checkA11y(page, 'mfa enrolment');

    // A wrong code is refused beside the field, and what was typed stays.
    const codeField = dialog.getByLabel('Kôd iz aplikacije');
    const good = await codeWithTimeLeft(secret);
    const wrong = good.code === '000000' ? '111111' : '000000';
    await codeField.fill(wrong);
    let answered = page.waitForResponse((r) => r.url().endsWith('/api/mfa/confirm'));
    await dialog.getByRole('button', { name: 'Uključi' }).click();
    assert.equal((await answered).status(), 422);
    await dialog.getByText('Kôd nije ispravan.', { exact: false }).waitFor();
    assert.equal(await codeField.inputValue(), wrong);

    const confirmed = await codeWithTimeLeft(secret);
    await codeField.fill(confirmed.code);
    answered = page.waitForResponse((r) => r.url().endsWith('/api/mfa/confirm'));
    await dialog.getByRole('button', { name: 'Uključi' }).click();
    assert.equal((await answered).status(), 200);
    const codes = dialog.getByTestId('recovery-codes').locator('li');
    await codes.first().waitFor();
    assert.equal(await codes.count(), 10);
    const recovery = (await codes.allInnerTexts()).map((c) => c.trim());
    for (const c of recovery) assert.match(c, /^[a-z0-9]{5}-[a-z0-9]{5}$/);
    await dialog.getByText('prikazuju se samo ovaj put', { exact: false }).waitFor();
    // The codes cannot be closed away unread: no close button until "I have saved them".
    assert.equal(await dialog.locator('.p-dialog-header-close').count(), 0);
    await shoot(page, 'mfa-recovery-codes');
    await checkA11y(page, 'mfa recovery codes');
    await dialog.getByRole('button', { name: 'Sačuvao/la sam ih' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.getByText('Uključena').waitFor();

    // Sign out, then in again: password, then the second step.
    await page.getByRole('button', { name: 'Odjava' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('Korisničko ime').fill('admin');
    await page.getByLabel('Šifra').fill(password);
    await page.getByRole('button', { name: 'Prijavi se' }).click();
    await page.getByRole('heading', { name: 'Prijava u dva koraka' }).waitFor();
    const loginCode = page.getByLabel('Kôd iz aplikacije');
    // The field has the focus, a numeric keyboard and the one-time-code autofill.
    assert.equal(await loginCode.evaluate((el) => el === document.activeElement), true);
    assert.equal(await loginCode.getAttribute('inputmode'), 'numeric');
    assert.equal(await loginCode.getAttribute('autocomplete'), 'one-time-code');
    await settle(page);
    await shoot(page, 'mfa-login-step');
    await checkA11y(page, 'login second step');

    // The code of the step used to confirm is a replay: the next step's code, typed by keyboard only.
    const signInCode = await freshCode(secret, confirmed.step);
    await loginCode.fill(signInCode.code);
    await loginCode.press('Enter');
    await page.waitForURL((url) => url.pathname === '/');

    // A second browser signs in as the same user with a recovery code.
    const other = await newPage(browser, server.baseURL);
    await other.goto('/login');
    await other.getByLabel('Korisničko ime').fill('admin');
    await other.getByLabel('Šifra').fill(password);
    await other.getByLabel('Šifra').press('Enter');
    await other.getByRole('heading', { name: 'Prijava u dva koraka' }).waitFor();
    await other.getByRole('button', { name: 'Koristi kôd za oporavak' }).click();
    await other.getByLabel('Kôd za oporavak').fill(recovery[0]);
    await other.getByRole('button', { name: 'Prijavi se' }).click();
    await other.waitForURL((url) => url.pathname === '/');

    // The first browser sees two sessions, its own marked, and ends the other one.
    await page.goto('/user-profile');
    const sessions = page.getByTestId('sessions-card');
    const rows = sessions.locator('tbody tr:not(.p-datatable-emptymessage)');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="sessions-card"] tbody tr:not(.p-datatable-emptymessage)').length === 2,
    );
    assert.equal(await rows.filter({ hasText: 'Ova sesija' }).count(), 1);
    assert.match(await rows.first().innerText(), /Chrome \d+, Linux/);
    await sessions.scrollIntoViewIfNeeded();
    await shoot(page, 'mfa-sessions');
    await checkA11y(page, 'profile with sessions');
    const otherRow = rows.filter({ hasNotText: 'Ova sesija' });
    answered = page.waitForResponse((r) => r.request().method() === 'DELETE' && /\/api\/sessions\/[^/]+$/.test(new URL(r.url()).pathname));
    await otherRow.getByRole('button', { name: 'Završi sesiju' }).click();
    assert.equal((await answered).status(), 204);
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="sessions-card"] tbody tr:not(.p-datatable-emptymessage)').length === 1,
    );

    // The ended session's next call answers 401 and its browser lands on the sign-in.
    const refused = other.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api/') && r.status() === 401);
    await other.goto('/user-profile');
    await refused;
    await other.waitForURL('**/login');
    await other.getByRole('heading', { name: 'Prijava' }).waitFor();
    assert.deepEqual(other.problems, []);
    await other.context().close();

    // Turning it off asks for proof: the password here. Other tests sign in with a password again.
    await page.getByTestId('mfa-card').getByRole('button', { name: 'Isključi' }).click();
    const off = page.getByRole('dialog', { name: 'Isključivanje prijave u dva koraka' });
    await off.waitFor();
    await off.getByRole('button', { name: 'Šifre' }).click();
    await off.getByLabel('Šifra').fill(password);
    answered = page.waitForResponse((r) => r.request().method() === 'DELETE' && new URL(r.url()).pathname === '/api/mfa');
    await off.getByRole('button', { name: 'Isključi' }).click();
    assert.equal((await answered).status(), 204);
    await page.getByTestId('mfa-card').getByText('Isključena').waitFor();
    const token = await api.login('admin', password);
    assert.ok(token, 'a password alone signs the admin in again');
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });

  it('holds a user whose role requires two-factor at enrolment, and lets the admin reset it', async () => {
    const admin = await api.login('admin', server.adminPassword);
    await api.createUser(admin, { name: 'Milica Marković', username: 'milica', password: 'pass1234', roles: ['manager'] });

    // The admin requires two-factor of managers on the security settings screen.
    const page = await newPage(browser, server.baseURL);
    await signIn(page, 'admin', server.adminPassword);
    await page.getByRole('navigation', { name: 'Glavna navigacija' }).getByRole('link', { name: 'Bezbjednost prijave' }).click();
    await page.waitForURL('**/settings/security');
    await page.getByText('Korisnici ovih uloga moraju podesiti prijavu u dva koraka').waitFor();
    await page.locator('.security-settings .p-multiselect').click();
    await page.getByRole('option', { name: 'Menadžer' }).click();
    await page.keyboard.press('Escape');
    let answered = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/api/settings/security'));
    await page.getByRole('button', { name: 'Sačuvaj' }).click();
    const saved = await answered;
    assert.equal(saved.status(), 200);
    assert.deepEqual((await saved.json()).mfa_required_roles, ['manager']);
    await shoot(page, 'mfa-security-settings');
    await checkA11y(page, 'security settings');

    // The manager signs in and meets the enrolment screen, and nothing else.
    const user = await newPage(browser, server.baseURL);
    await user.goto('/login');
    await user.getByLabel('Korisničko ime').fill('milica');
    await user.getByLabel('Šifra').fill('pass1234');
    await user.getByLabel('Šifra').press('Enter');
    await user.waitForURL('**/mfa-setup');
    await user.getByText('Vaša uloga zahtijeva prijavu u dva koraka.', { exact: false }).waitFor();
    const secretBox = user.getByTestId('mfa-secret');
    await secretBox.waitFor();
    await shoot(user, 'mfa-enrolment-required');
    await checkA11y(user, 'mfa enrolment required');
    await user.goto('/partners');
    await user.waitForURL('**/mfa-setup');
    const secret = (await secretBox.innerText()).replace(/\s/g, '');
    const { code } = await codeWithTimeLeft(secret);
    await user.getByLabel('Kôd iz aplikacije').fill(code);
    await user.getByRole('button', { name: 'Uključi' }).click();
    await user.getByTestId('recovery-codes').locator('li').nth(9).waitFor();
    await user.getByRole('button', { name: 'Sačuvao/la sam ih' }).click();
    await user.waitForURL((url) => url.pathname === '/', { timeout: STATE_TIMEOUT });
    assert.deepEqual(user.problems, []);

    // The admin sees the 2FA tag, the user's session, and resets the user's two-factor.
    await page.goto('/users');
    const row = page.locator('.list-table tbody tr').filter({ hasText: 'Milica Marković' });
    await row.getByText('Uključena').waitFor();
    await row.getByRole('button', { name: 'Sesije' }).click();
    const sessionsDialog = page.getByRole('dialog', { name: 'Sesije korisnika Milica Marković' });
    await sessionsDialog.locator('tbody tr').filter({ hasText: 'Chrome' }).first().waitFor();
    await checkA11y(page, 'user sessions dialog');
    await sessionsDialog.getByRole('button', { name: 'Zatvori' }).first().click();
    await sessionsDialog.waitFor({ state: 'detached' });
    await row.getByRole('button', { name: 'Poništi prijavu u dva koraka' }).click();
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog', { name: 'Poništi prijavu u dva koraka' }));
    await confirm.first().waitFor();
    answered = page.waitForResponse((r) => r.request().method() === 'DELETE' && /\/api\/users\/\d+\/mfa$/.test(r.url()));
    await confirm.first().getByRole('button', { name: 'Potvrdi' }).click();
    assert.equal((await answered).status(), 204);
    await row.getByText('Isključena').waitFor();

    // Her sessions ended with the reset: her next call is refused and she signs in again.
    await user.goto('/user-profile');
    await user.waitForURL('**/login');
    assert.deepEqual(page.problems, []);
    await user.context().close();
    await page.context().close();
  });
});
