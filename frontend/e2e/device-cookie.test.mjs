import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiClient, launchBrowser, newPage, signIn, startServer } from './harness.mjs';

// ADR 0025: a browser that signed in before keeps a device cookie, which Chromium sends back
// to the sign-in, so 20 failures of others from the same address (an office NAT) do not lock
// it out; a browser without one meets the address limit.
describe('device cookie of sign-in', () => {
  let server;
  let browser;
  let api;

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    api = apiClient(server.baseURL);
    const admin = await api.login('admin', server.adminPassword);
    await api.createUser(admin, { name: 'Ana Anić', username: 'ana', password: 'pass1234', roles: ['manager'] });
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lets a browser that signed in before through an address lockout, and no other', async () => {
    const page = await newPage(browser, server.baseURL);
    await signIn(page, 'ana', 'pass1234');
    const cookies = await page.context().cookies();
    const device = cookies.find((c) => c.name === 'vitrina_device');
    assert.ok(device, `cookies: ${JSON.stringify(cookies.map((c) => c.name))}`);
    assert.equal(device.httpOnly, true);
    assert.equal(device.sameSite, 'Strict');
    assert.equal(device.path, '/api/login');
    assert.equal(await page.evaluate(() => document.cookie.includes('vitrina_device')), false);
    await page.evaluate(() => localStorage.clear()); // signed out on this browser

    // Someone else behind the same address tries one password on 20 usernames.
    for (let i = 0; i < 20; i += 1) {
      const res = await api.call('POST', '/api/login', { body: { username: `gost${i}`, password: 'ljeto2026' } });
      assert.equal(res.status, 401);
    }
    const locked = await api.call('POST', '/api/login', { body: { username: 'ana', password: 'pass1234' } });
    assert.equal(locked.status, 429);

    // The browser with the cookie signs in.
    await signIn(page, 'ana', 'pass1234');
    assert.deepEqual(page.problems, []);
    await page.context().close();

    // A browser without one is held back with the too-many-attempts text.
    const stranger = await newPage(browser, server.baseURL);
    await stranger.goto('/login');
    await stranger.getByLabel('Korisničko ime').fill('ana');
    await stranger.getByLabel('Šifra').fill('pass1234');
    await stranger.getByLabel('Šifra').press('Enter');
    const alert = stranger.locator('.login__alert');
    await alert.waitFor();
    assert.match(await alert.innerText(), /Previše/);
    assert.equal(new URL(stranger.url()).pathname, '/login');
    await stranger.context().close();
  });
});
