import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { join } from 'node:path';
import { apiClient, artifactsDir, DESKTOP, launchBrowser, MOBILE, newPage, shoot, settle, signIn, startServer } from './harness.mjs';

const TILE_ERROR = /ERR_INTERNET_DISCONNECTED/;

/**
 * An exact decimal string as the tables write it, worked out by hand rather than with the app's
 * formatter: sr-Latn-ME groups with dots and writes a decimal comma, en the other way round;
 * the decimals are the ones the sum has.
 */
function amount(value, language) {
  const [whole, fraction = ''] = value.split('.');
  const [group, decimal] = language === 'en' ? [',', '.'] : ['.', ','];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const digits = fraction.replace(/0+$/, '');
  return digits ? `${grouped}${decimal}${digits}` : grouped;
}

function count(value, language) {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, language === 'en' ? ',' : '.');
}

/** Like shoot, with the section scrolled to the top at each width (the layout moves it). */
async function shootSection(page, id, name) {
  for (const viewport of [DESKTOP, MOBILE]) {
    await page.setViewportSize(viewport);
    await settle(page);
    await page.evaluate((section) => document.getElementById(section).scrollIntoView(), id);
    await settle(page);
    await page.screenshot({ path: join(artifactsDir, `${name}-${viewport.width}.png`) });
  }
  await page.setViewportSize(DESKTOP);
}

// The template pages over the demo data (14 stores, 10 partners with figures, 8 support
// messages), with the map offline: every request off the loopback fails.
describe('template pages: store map, overview, style page, home reasons', () => {
  let server;
  let browser;
  let api;
  let token;
  let page;
  let tileRequests = 0;

  before(async () => {
    server = await startServer({ seedDemo: true });
    browser = await launchBrowser();
    api = apiClient(server.baseURL);
    token = await api.login('admin', server.adminPassword);
    page = await newPage(browser, server.baseURL);
    await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => {
      tileRequests += 1;
      return route.abort('internetdisconnected');
    });
    await signIn(page, 'admin', server.adminPassword);
  });

  after(async () => {
    await page?.context().close();
    await browser?.close();
    await server?.stop();
  });

  it('home: every card is enabled, and the template pages are linked', async () => {
    await page.goto('/');
    await page.locator('[data-card]').last().waitFor();
    assert.equal(await page.locator('[data-card][aria-disabled="true"]').count(), 0);
    // The six cards of the spec stay as they were, and the activity log's (issue 21) follows them.
    assert.equal(await page.locator('[data-card]').count(), 7);
    assert.equal(await page.locator('[data-card]').last().getAttribute('href'), '/activity');
    assert.deepEqual(
      await page.locator('a.home-link').evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
      ['/table-list', '/maps', '/typography', '/icons'],
    );
    await shoot(page, 'templates-home');
    await page.locator('a.home-link[data-page="maps"]').click();
    await page.waitForURL('**/maps');
  });

  it('/maps: a marker and a list entry for every active store, with city, address and contact', async () => {
    const stores = (await api.call('GET', '/api/stores?is_active=1&sort=city_name', { token })).body;
    assert.equal(stores.length, 14);
    // One store inactive: it must leave the map.
    const hidden = stores[3];
    assert.equal((await api.call('DELETE', `/api/stores/${hidden.id}`, { token })).status, 200);
    const active = stores.filter((s) => s.id !== hidden.id);

    await page.goto('/maps');
    await page.getByRole('heading', { name: 'Mapa prodavnica' }).waitFor();
    await page.waitForFunction((n) => document.querySelectorAll('.leaflet-marker-icon').length === n, active.length);
    const items = page.locator('.maps-list__item');
    assert.equal(await items.count(), active.length);
    for (const [i, store] of active.entries()) {
      const item = items.nth(i);
      assert.equal((await item.locator('.maps-list__city').innerText()).trim(), store.city_name);
      assert.equal((await item.locator('.maps-list__address').innerText()).trim(), store.address);
      assert.equal((await item.locator('.maps-list__contact').innerText()).trim(), store.contact);
      assert.equal(await page.locator(`.leaflet-marker-icon[title="${store.city_name}, ${store.address}"]`).count(), 1);
    }
    assert.equal(await page.locator(`.leaflet-marker-icon[title="${hidden.city_name}, ${hidden.address}"]`).count(), 0);
    // Every marker lies inside the map's box: the map framed them all.
    const box = await page.locator('.stores-map__box').boundingBox();
    for (const marker of await page.locator('.leaflet-marker-icon').all()) {
      const m = await marker.boundingBox();
      assert.ok(m.x >= box.x && m.x + m.width <= box.x + box.width && m.y >= box.y && m.y + m.height <= box.y + box.height);
    }

    // A marker's popup, and the list's button opening another.
    const first = active[0];
    await page.locator(`.leaflet-marker-icon[title="${first.city_name}, ${first.address}"]`).click();
    const popup = page.locator('.leaflet-popup .stores-map__popup');
    await popup.waitFor();
    const text = await popup.innerText();
    for (const part of [first.city_name, first.address, first.contact]) assert.ok(text.includes(part), `${part} in ${text}`);
    const last = active[active.length - 1];
    await page.getByRole('button', { name: `Prikaži na mapi: ${last.city_name}, ${last.address}` }).click();
    await page.locator(`.leaflet-popup .stores-map__popup[data-store="${last.id}"]`).waitFor();

    // Offline: the map says why it is plain, and the markers are still there.
    assert.ok(tileRequests > 0);
    await page.locator('.stores-map__notice').waitFor();
    await shoot(page, 'templates-maps');
    // On a phone the list comes below the map.
    await page.setViewportSize(MOBILE);
    await settle(page);
    const map = await page.locator('.stores-map__box').boundingBox();
    const list = await page.locator('.maps-list-card').boundingBox();
    assert.ok(list.y >= map.y + map.height, 'the list is below the map');
    await page.setViewportSize(DESKTOP);
    assert.equal((await api.call('DELETE', `/api/stores/${hidden.id}`, { token })).status, 200);
  });

  it('/table-list: the tables show what the API answers, formatted by language, with charts', async () => {
    const read = async (path) => (await api.call('GET', path, { token })).body;
    const check = async (language) => {
      const cities = await read('/api/overview/partnersByCity?page=1&per_page=10&sort=debt&order=desc');
      const categories = await read('/api/overview/partnersByCategory?page=1&per_page=10&sort=debt&order=desc');
      const weeks = await read('/api/overview/supportByWeek?page=1&per_page=10&sort=week&order=desc');
      assert.ok(cities.length > 1 && categories.length > 1 && weeks.length > 0);
      assert.equal(
        cities.reduce((n, c) => n + c.partners, 0),
        Number((await api.call('GET', '/api/partners?page=1&per_page=1', { token })).headers.get('X-Total-Count')),
      );
      const rowsOf = (key) =>
        page.locator(`[data-overview="${key}"] tbody tr:not(.p-datatable-emptymessage)`).evaluateAll((rows) =>
          rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.innerText.trim())),
        );
      await page.waitForFunction(
        (n) => document.querySelectorAll('[data-overview="week"] tbody tr:not(.p-datatable-emptymessage)').length === n,
        weeks.length,
      );
      await page.waitForFunction(
        (n) => document.querySelectorAll('[data-overview="city"] tbody tr:not(.p-datatable-emptymessage)').length === n,
        cities.length,
      );
      const groups = (list) => list.map((g) => [g.name, count(g.partners, language), amount(g.debt, language), amount(g.moneyCirculation, language)]);
      assert.deepEqual(await rowsOf('city'), groups(cities));
      assert.deepEqual(await rowsOf('category'), groups(categories));
      const weekRows = await rowsOf('week');
      assert.deepEqual(
        weekRows.map((r) => r.slice(1)),
        weeks.map((w) => [count(w.messages, language), count(w.partners, language)]),
      );
      for (const [i, w] of weeks.entries()) assert.ok(weekRows[i][0].includes(w.week.slice(0, 4)), weekRows[i][0]);
    };

    await page.goto('/table-list');
    await page.getByRole('heading', { name: 'Pregled', exact: true }).waitFor();
    await check('sr-Latn-ME');
    // Three charts, drawn.
    await page.waitForFunction(() => [...document.querySelectorAll('.overview-section canvas')].filter((c) => c.width > 0).length === 3);
    await shoot(page, 'templates-table-list');

    // Sorting asks the server: by city name, ascending.
    const sorted = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/overview/partnersByCity');
    await page.locator('[data-overview="city"] th', { hasText: 'Grad' }).click();
    const query = Object.fromEntries(new URL((await sorted).url()).searchParams);
    assert.equal(query.sort, 'name');
    assert.equal(query.order, 'asc');

    // English writes the same figures its own way.
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.goto('/table-list');
    await page.getByRole('heading', { name: 'Overview', exact: true }).waitFor();
    await check('en');
    await page.evaluate(() => localStorage.setItem('language', 'sr-Latn-ME'));
  });

  it('/table-list: a role without customer-support read sees the partner tables and a notice for the weeks', async () => {
    await api.createUser(token, { name: 'Inženjer Pregleda', username: 'inzenjer.pregled', password: 'demo1234', roles: ['engineer'] });
    const other = await newPage(browser, server.baseURL);
    await other.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort('internetdisconnected'));
    await signIn(other, 'inzenjer.pregled', 'demo1234');
    await other.goto('/table-list');
    await other.locator('.overview-forbidden').waitFor();
    await other.waitForFunction(() => document.querySelectorAll('[data-overview="city"] tbody tr:not(.p-datatable-emptymessage)').length > 1);
    // No error dialog for the refused call.
    assert.equal(await other.getByRole('dialog').count(), 0);
    assert.deepEqual(other.problems, []);
    await other.context().close();
  });

  it('/typography and /icons: type scale, colours, every icon by name and the shared components', async () => {
    await page.goto('/typography');
    await page.getByRole('heading', { name: 'Stil panela' }).waitFor();
    assert.ok((await page.locator('.style-colour').count()) >= 10);
    // Colours are the theme's own values, read from the page.
    const primary = await page.locator('.style-colour', { hasText: '--app-primary' }).locator('.style-colour__value').innerText();
    assert.match(primary.trim(), /^#|rgb/);
    // The real shared list: filter through its toolbar row.
    const list = page.locator('.style-list');
    assert.equal(await list.locator('tbody tr').count(), 4);
    await list.getByRole('textbox', { name: 'Naziv — Pretraga' }).fill('bu');
    await list.getByRole('textbox', { name: 'Naziv — Pretraga' }).press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('.style-list tbody tr').length === 1);
    // A dialog at each of the spec's widths: 600 px here.
    await page.getByRole('button', { name: '600 px', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Dijalog širine 600 px' });
    // Measured once the opening animation is over.
    await dialog.and(page.locator('.p-dialog-enter-done')).waitFor();
    assert.equal(Math.round((await dialog.boundingBox()).width), 600);
    await dialog.getByRole('button', { name: 'Odustani' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, 'templates-typography');
    await shootSection(page, 'components', 'templates-components');

    await page.goto('/icons');
    const icons = page.locator('.style-icon');
    await icons.first().waitFor();
    const names = await icons.evaluateAll((items) => items.map((i) => i.getAttribute('data-icon')));
    assert.ok(names.length > 40);
    for (const name of ['pencil', 'trash', 'replay', 'refresh', 'map-marker', 'bell']) assert.ok(names.includes(name), name);
    // Each icon is drawn by the icon font and named beside it.
    for (const item of await icons.all()) {
      const name = await item.getAttribute('data-icon');
      assert.equal((await item.locator('code').innerText()).trim(), `pi-${name}`);
      assert.ok((await item.locator('i').boundingBox()).width > 0);
    }
    // /icons opens at the icons.
    await page.waitForFunction(() => {
      const top = document.getElementById('icons').getBoundingClientRect().top;
      return top >= 0 && top < window.innerHeight / 2;
    });
    await shootSection(page, 'icons', 'templates-icons');
    assert.deepEqual(page.problems.filter((p) => !TILE_ERROR.test(p)), []);
  });
});
