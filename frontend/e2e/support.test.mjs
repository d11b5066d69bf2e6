import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  apiClient,
  artifactsDir,
  DESKTOP,
  launchBrowser,
  listHeaders,
  listScreen,
  MOBILE,
  newPage,
  settle,
  shoot,
  signIn,
  startServer,
} from './harness.mjs';

describe('customer support and the app-bar count', () => {
  let server;
  let browser;
  let api;
  let token;
  let page;
  let unseen;
  let list;

  const bell = () => page.getByRole('button', { name: /^Nepregledane sugestije i žalbe: \d+$/ });
  const bellPanel = () => page.getByRole('dialog', { name: 'Nove sugestije i žalbe' });
  const waitForCount = (n) =>
    page.getByRole('button', { name: `Nepregledane sugestije i žalbe: ${n}`, exact: true }).waitFor();

  /** The bell's overlay closes when the window resizes, so each width opens it again. */
  async function shootBellPanel(name) {
    for (const viewport of [DESKTOP, MOBILE]) {
      await page.setViewportSize(viewport);
      await settle(page);
      await bell().click();
      await bellPanel().waitFor();
      await settle(page);
      await page.screenshot({ path: join(artifactsDir, `${name}-${viewport.width}.png`) });
      await page.keyboard.press('Escape');
      await bellPanel().waitFor({ state: 'hidden' });
    }
    await page.setViewportSize(DESKTOP);
  }

  before(async () => {
    server = await startServer({ seedDemo: true });
    browser = await launchBrowser();
    api = apiClient(server.baseURL);
    token = await api.login('admin', server.adminPassword);
    // The demo's active messages nobody has seen yet (reading them marks nothing).
    unseen = (await api.call('GET', '/api/getCommentInfo', { token })).body.evidentions;
    assert.ok(unseen.length > 0, 'the demo has unseen support messages');
    page = await newPage(browser, server.baseURL);
    list = listScreen(page, 'customerSupport');
    await signIn(page, 'admin', server.adminPassword);
  });

  after(async () => {
    await page?.context().close();
    await browser?.close();
    await server?.stop();
  });

  it('shows the number of unseen active messages in the app bar after login', async () => {
    await waitForCount(unseen.length);
    assert.equal(await bell().locator('.p-badge').innerText(), String(unseen.length));
    // The login stored them as well.
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('evidentions') ?? '[]').length);
    assert.equal(stored, unseen.length);
  });

  it('lists the unseen messages in the bell overlay', async () => {
    await bell().click();
    const panel = bellPanel();
    await panel.waitFor();
    const items = panel.locator('.bell-panel__item');
    assert.equal(await items.count(), Math.min(unseen.length, 8));
    // Newest first, with type, partner and time.
    const first = items.first();
    assert.match(await first.innerText(), new RegExp(unseen[0].partner_name));
    assert.match(await first.innerText(), new RegExp(unseen[0].type_name));
    assert.ok(await first.locator('time').getAttribute('datetime'));
    // Escape closes it.
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    await shootBellPanel('support-bell');
  });

  it('opening the screen lists the messages and the count drops to 0, also after a reload', async () => {
    await bell().click();
    const seen = page.waitForResponse(
      (res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/customerSupport/seen',
    );
    const listed = list.waitForList();
    await bellPanel().getByRole('link', { name: /Prikaži sve/ }).click();
    await page.waitForURL((url) => url.pathname === '/customerService');
    const params = new URL((await listed).url()).searchParams;
    assert.deepEqual(Object.fromEntries(params), { page: '1', per_page: '10', sort: 'created_at', order: 'desc' });
    assert.equal((await seen).status(), 200);
    await waitForCount(0);
    assert.equal(await bell().locator('.p-badge').count(), 0);

    const all = (await api.call('GET', '/api/customerSupport?page=1&per_page=50&sort=created_at&order=desc', { token })).body;
    await list.waitForReport(`1–${all.length} / ${all.length}`);
    assert.deepEqual(await listHeaders(page), ['DATUM', 'TIP', 'PORUKA', 'PARTNER', 'AKTIVAN', 'AKCIJE']);
    assert.match(await list.rows().first().innerText(), new RegExp(all[0].message_content.slice(0, 20)));
    // Inactive messages are listed too, with the red chip and a restore action.
    const inactive = all.find((m) => !m.is_active);
    const inactiveRow = list.row(inactive.message_content.slice(0, 25));
    await inactiveRow.locator('.p-tag-danger', { hasText: 'Neaktivan' }).waitFor();
    await inactiveRow.getByRole('button', { name: 'Aktiviraj' }).waitFor();
    // No add and no edit.
    assert.equal(await page.getByRole('button', { name: 'Dodaj' }).count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Izmijeni' }).count(), 0);
    // The date column shows a formatted date, not the raw timestamp.
    const date = await list.rows().first().locator('time').innerText();
    assert.doesNotMatch(date, /T\d\d:/);
    assert.match(date, /\d{4}/);
    await shoot(page, 'support');

    const info = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/getCommentInfo');
    await page.reload();
    await info;
    await waitForCount(0);
    assert.equal(await bell().locator('.p-badge').count(), 0);
    assert.equal((await api.call('GET', '/api/getCommentInfo', { token })).body.evidentions.length, 0);
  });

  it('deletes and restores a message; the count is asked again', async () => {
    const [target] = (await api.call('GET', `/api/customerSupport?id=${unseen[0].id}`, { token })).body.filter(
      (m) => m.id === unseen[0].id,
    );
    const text = target.message_content.slice(0, 25);
    await list.row(text).waitFor();
    const recount = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/getCommentInfo');
    const off = await list.toggle(text, 'Deaktiviraj');
    assert.deepEqual(await off.json(), { is_active: false });
    await recount;
    await list.row(text).locator('.p-tag-danger', { hasText: 'Neaktivan' }).waitFor();
    await page.getByText('Status je uspješno promijenjen').first().waitFor();

    const on = await list.toggle(text, 'Aktiviraj');
    assert.deepEqual(await on.json(), { is_active: true });
    await list.row(text).locator('.p-tag', { hasText: 'Aktivan' }).waitFor();
  });

  it('filters by partner name and by type', async () => {
    const target = unseen[0];
    await list.filter('Partner', target.partner_name.slice(0, 5).toLowerCase());
    await page.waitForFunction(
      (name) =>
        [...document.querySelectorAll('.list-table tbody tr:not(.p-datatable-emptymessage)')].every((tr) =>
          tr.textContent.includes(name),
        ),
      target.partner_name,
    );
    assert.ok((await list.rows().count()) >= 1);

    await list.filter('Partner', 'nema-takvog-partnera');
    await page.getByText('Nema podataka').waitFor();
    await list.clearFilters();

    await list.filter('Tip', 'žalba');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.list-table tbody tr:not(.p-datatable-emptymessage)')].every((tr) =>
        tr.textContent.includes('Žalba'),
      ),
    );
    await list.clearFilters();
  });

  it('is reached from the drawer and works at 375 px', async () => {
    await page.goto('/');
    const listed = list.waitForList();
    await page.getByRole('link', { name: 'Sugestije i žalbe' }).click();
    await listed;
    await page.waitForURL((url) => url.pathname === '/customerService');

    await page.setViewportSize(MOBILE);
    await page.locator('.list-filters-stacked').waitFor();
    await bell().waitFor();
    // The app bar fits: nothing sticks out of it sideways.
    const overflow = await page.evaluate(() => {
      const bar = document.querySelector('.topbar');
      return bar.scrollWidth - bar.clientWidth;
    });
    assert.ok(overflow <= 0, `the app bar overflows by ${overflow}px`);
    await page.setViewportSize(DESKTOP);
    assert.deepEqual(page.problems, []);
  });
});
