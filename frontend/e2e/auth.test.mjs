import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiClient, checkA11y, launchBrowser, newPage, shoot, signIn, startServer } from './harness.mjs';

describe('sign-in, session and language', () => {
  let server;
  let browser;
  let api;

  before(async () => {
    server = await startServer({ seedDemo: true }); // demo partners 1001–1010 exist
    browser = await launchBrowser();
    api = apiClient(server.baseURL);
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs in with good credentials from a deep link, lands on that page, and home shows the grid', async () => {
    const page = await newPage(browser, server.baseURL);
    await page.goto('/users');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Prijava' }).waitFor();
    // No app bar or drawer for visitors.
    assert.equal(await page.getByRole('navigation').count(), 0);
    await shoot(page, 'login');

    // Signing in goes on to the page asked for (/users), not home.
    await page.getByLabel('Korisničko ime').fill('admin');
    await page.getByLabel('Šifra').fill(server.adminPassword);
    await page.getByRole('button', { name: 'Prijavi se' }).click();
    await page.waitForURL((url) => url.pathname === '/users');
    await page.locator('.list-table').waitFor();
    await page.getByRole('link', { name: 'Početna', exact: true }).click();
    await page.getByRole('heading', { name: /Dobrodošli/ }).waitFor();
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('token'),
      expiration: Number(localStorage.getItem('expiration')),
      partner: localStorage.getItem('partner_id'),
      username: localStorage.getItem('username'),
      evidentions: localStorage.getItem('evidentions'),
    }));
    assert.ok(stored.token && stored.token.length > 20);
    assert.ok(stored.expiration > Date.now() + 60_000);
    assert.equal(stored.partner, 'null');
    assert.equal(stored.username, 'admin');
    // The demo's unseen customer-support messages, as GET /api/getCommentInfo lists them.
    const info = await api.call('GET', '/api/getCommentInfo', { token: stored.token });
    assert.deepEqual(JSON.parse(stored.evidentions), info.body.evidentions);
    assert.ok(info.body.evidentions.length > 0);

    // A signed-in user is sent away from /login.
    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/');
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });

  it('shows an alert for a wrong password and stays on /login', async () => {
    const page = await newPage(browser, server.baseURL);
    await page.goto('/login');
    await page.getByLabel('Korisničko ime').fill('admin');
    await page.getByLabel('Šifra').fill('definitely-wrong');
    await page.getByLabel('Šifra').press('Enter');
    const alert = page.locator('.login__alert');
    await alert.waitFor();
    assert.match(await alert.innerText(), /Pogrešno korisničko ime ili šifra/);
    assert.equal(new URL(page.url()).pathname, '/login');
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
    await shoot(page, 'login-error');
    await page.context().close();
  });

  it('says that a partner-linked account belongs to the partner app, and ends its session', async () => {
    const token = await api.login('admin', server.adminPassword);
    await api.createUser(token, { name: 'Partner Account', username: 'partner1', password: 'partner-pass', partner_id: 1001 });

    const page = await newPage(browser, server.baseURL);
    await page.goto('/login');
    await page.getByLabel('Korisničko ime').fill('partner1');
    await page.getByLabel('Šifra').fill('partner-pass');
    const answered = page.waitForResponse((res) => res.url().endsWith('/api/login'));
    const loggedOut = page.waitForResponse((res) => res.url().endsWith('/api/logout'));
    await page.getByRole('button', { name: 'Prijavi se' }).click();
    const res = await answered;
    assert.equal(res.status(), 200);
    const { partner_id: partnerId, token: partnerToken } = await res.json();
    assert.notEqual(partnerId, null);
    await page.locator('.login__alert').getByText('Ovaj nalog pripada aplikaciji za partnere.', { exact: false }).waitFor();
    assert.equal((await loggedOut).status(), 204);
    // The session the sign-in opened is over.
    assert.equal((await api.call('POST', '/api/logout', { token: partnerToken })).status, 401);
    assert.equal(new URL(page.url()).pathname, '/login');
    assert.equal(await page.getByRole('dialog').count(), 0);
    const keys = await page.evaluate(() => Object.keys(localStorage).filter((k) => k !== 'language'));
    assert.deepEqual(keys, []);
    await checkA11y(page, 'partner-linked sign-in');
    await page.context().close();
  });

  it('a token revoked on the server shows the session-expired dialog and goes to /login', async () => {
    const page = await newPage(browser, server.baseURL);
    await signIn(page, 'admin', server.adminPassword);
    // The cards follow the role's permissions (ADR 0029): revoke once they are shown.
    await page.getByRole('link', { name: /Podešavanja/ }).waitFor();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const revoked = await api.call('POST', '/api/logout', { token });
    assert.equal(revoked.status, 204);

    // Any call now answers 401: open the users list.
    await page.getByRole('link', { name: /Podešavanja/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Sesija je istekla' });
    await dialog.waitFor();
    assert.match(await dialog.innerText(), /Morate se prijaviti/);
    await page.waitForURL('**/login');
    await shoot(page, 'error-dialog-session');
    await dialog.getByRole('button', { name: 'U redu' }).click();
    await dialog.waitFor({ state: 'hidden' });
    assert.equal(new URL(page.url()).pathname, '/login');
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
    await page.context().close();
  });

  it('switches from Serbian to English and remembers it after a reload', async () => {
    const page = await newPage(browser, server.baseURL);
    await signIn(page, 'admin', server.adminPassword);
    const nav = page.getByRole('navigation');
    await nav.getByRole('link', { name: 'Korisnici' }).waitFor();
    await page.getByRole('button', { name: 'EN' }).click();
    await nav.getByRole('link', { name: 'Users' }).waitFor();
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();
    await page.reload();
    await nav.getByRole('link', { name: 'Users' }).waitFor();
    assert.equal(await nav.getByRole('link', { name: 'Korisnici' }).count(), 0);
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    await page.locator('[data-card]').last().waitFor();
    await shoot(page, 'home-en');

    // Sign out and the login screen stays English.
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByRole('button', { name: 'SR' }).click();
    await page.getByRole('heading', { name: 'Prijava' }).waitFor();
    await page.context().close();
  });
});
