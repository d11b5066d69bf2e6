import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiClient, checkA11y, launchBrowser, newPage, signIn, startServer } from './harness.mjs';

// Navigation by role (issue 20, ADR 0029): each demo role sees the drawer items, home cards and
// write buttons its permissions allow, a forced URL says "not allowed", and a financier's partner
// form loads its city picker and saves.

const ALL_SCREENS = [
  '/partners',
  '/sliders',
  '/campaigns',
  '/products',
  '/notifications',
  '/customerService',
  '/activity',
  '/users',
  '/countries',
  '/cities',
  '/categories',
  '/stores',
];

const EXPECTED = {
  director: {
    drawer: ALL_SCREENS,
    cards: { partners: '/partners', sliders: '/sliders', campaigns: '/campaigns', products: '/products', notifications: '/notifications', settings: '/users', activity: '/activity' },
    writes: ['/partners', '/products', '/users', '/countries'],
    readOnly: [],
    forbidden: [],
  },
  manager: {
    drawer: ALL_SCREENS,
    cards: { partners: '/partners', sliders: '/sliders', campaigns: '/campaigns', products: '/products', notifications: '/notifications', settings: '/users', activity: '/activity' },
    writes: ['/partners', '/products', '/sliders'],
    readOnly: ['/users', '/countries'],
    forbidden: [],
  },
  engineer: {
    drawer: ['/partners', '/sliders', '/campaigns', '/products', '/notifications', '/activity', '/countries', '/cities', '/categories', '/stores'],
    cards: { partners: '/partners', sliders: '/sliders', campaigns: '/campaigns', products: '/products', notifications: '/notifications', settings: '/countries', activity: '/activity' },
    writes: [],
    readOnly: ['/partners', '/products', '/sliders', '/notifications'],
    forbidden: ['/users', '/customerService'],
  },
  financier: {
    drawer: ['/partners', '/campaigns', '/products', '/customerService', '/activity', '/categories'],
    cards: { partners: '/partners', campaigns: '/campaigns', products: '/products', settings: '/categories', activity: '/activity' },
    writes: ['/partners'],
    readOnly: ['/products', '/campaigns', '/categories', '/customerService'],
    forbidden: ['/sliders', '/users', '/cities', '/notifications'],
  },
};

describe('navigation by role', () => {
  let server;
  let browser;
  let api;
  let admin;
  const demoUser = {};

  before(async () => {
    server = await startServer({ seedDemo: true });
    browser = await launchBrowser();
    api = apiClient(server.baseURL);
    admin = await api.login('admin', server.adminPassword);
    // One active demo account per role, not linked to a partner (the seed's forty users).
    const users = (await api.call('GET', '/api/users?page=1&per_page=100&is_active=1&sort=username', { token: admin })).body;
    for (const role of Object.keys(EXPECTED)) {
      const user = users.find((u) => u.partner_id === null && u.roles.length === 1 && u.roles[0] === role);
      assert.ok(user, `a demo ${role}`);
      demoUser[role] = user.username;
    }
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The drawer's links, in order, once the profile answer has filled it. */
  async function drawerLinks(page) {
    const nav = page.getByRole('navigation', { name: /navigacija/i });
    await nav.locator('a[href="/partners"]').waitFor();
    return nav.locator('a.nav-menu__link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  }

  /** Waits for a list screen's rows (or its empty state) and its toolbar. */
  async function openList(page, path) {
    await page.goto(path);
    await page.locator('.list-toolbar').waitFor();
    await page.locator('.list-table tbody tr').first().waitFor();
  }

  for (const [role, want] of Object.entries(EXPECTED)) {
    it(`${role}: drawer, cards, write buttons and forced URLs`, async () => {
      const page = await newPage(browser, server.baseURL);
      await signIn(page, demoUser[role], 'demo1234');

      assert.deepEqual(await drawerLinks(page), ['/', ...want.drawer]);

      await page.locator('.home-card').first().waitFor();
      const cards = await page
        .locator('.home-card')
        .evaluateAll((els) => els.map((el) => [el.getAttribute('data-card'), el.getAttribute('href')]));
      assert.deepEqual(Object.fromEntries(cards), want.cards);

      for (const path of want.writes) {
        await openList(page, path);
        await page.getByRole('button', { name: 'Dodaj', exact: true }).waitFor();
        await page.locator('.list-table tbody tr').first().getByRole('button', { name: 'Izmijeni' }).waitFor();
      }
      for (const path of want.readOnly) {
        await openList(page, path);
        // The rows are in, and the toolbar's refresh: the write buttons would be there by now.
        await page.getByRole('button', { name: 'Osvježi' }).first().waitFor();
        assert.equal(await page.getByRole('button', { name: 'Dodaj', exact: true }).count(), 0, `${role} ${path}: add`);
        assert.equal(await page.locator('.list-table').getByRole('button', { name: 'Izmijeni' }).count(), 0, `${role} ${path}: edit`);
        assert.equal(await page.locator('.list-table').getByRole('button', { name: /Deaktiviraj|Aktiviraj/ }).count(), 0, `${role} ${path}: toggle`);
      }
      for (const path of want.forbidden) {
        await page.goto(path);
        await page.getByTestId('not-allowed').waitFor();
        assert.equal(await page.getByRole('button', { name: 'Pokušaj ponovo' }).count(), 0);
        assert.equal(await page.locator('.app-dialog').count(), 0, `${role} ${path}: no error dialog`);
        assert.equal(await page.locator('.list-table').count(), 0);
      }
      if (want.forbidden.length > 0) await checkA11y(page, `not allowed (${role})`);

      // A campaign's details: its composition and its tabs' add buttons only for writers.
      const [campaign] = (await api.call('GET', '/api/campaigns?page=1&per_page=1', { token: admin })).body;
      await page.goto(`/campaigns/${campaign.id}?tab=categories`);
      await page.getByRole('heading', { name: campaign.name }).waitFor();
      await page.locator('.list-table tbody tr').first().waitFor();
      const writesCampaigns = role === 'director' || role === 'manager';
      assert.equal(await page.getByRole('button', { name: 'Sastav kampanje' }).count(), writesCampaigns ? 1 : 0, `${role}: composition`);
      assert.equal(await page.getByRole('button', { name: 'Dodaj kategorije' }).count(), writesCampaigns ? 1 : 0, `${role}: add categories`);
      assert.deepEqual(page.problems, []);
      await page.context().close();
    });
  }

  it("financier: the partner form loads its cities and saves a partner's new city", async () => {
    const page = await newPage(browser, server.baseURL);
    await signIn(page, demoUser.financier, 'demo1234');
    await openList(page, '/partners');
    const row = page.locator('.list-table tbody tr').first();
    // The selection column (bulk actions), the id, then the name.
    const name = (await row.locator('td').nth(2).innerText()).trim();
    await row.getByRole('button', { name: 'Izmijeni' }).click();
    const dialog = page.getByRole('dialog', { name: 'Izmjena partnera' });
    await dialog.waitFor();
    const city = dialog.locator('.p-dropdown').filter({ has: page.locator('#field-city_id') });
    await city.filter({ hasNotText: 'Izaberite grad' }).waitFor();
    await city.click();
    const current = (await city.innerText()).trim();
    const other = page.getByRole('option').filter({ hasNotText: current }).first();
    const chosen = (await other.innerText()).trim();
    await other.click();
    const saved = page.waitForResponse((res) => /\/api\/partners\/\d+$/.test(res.url()) && res.request().method() === 'PUT');
    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    assert.equal((await saved).status(), 200);
    await dialog.waitFor({ state: 'hidden' });
    const partners = (await api.call('GET', `/api/partners?page=1&per_page=5&name=${encodeURIComponent(name)}`, { token: admin })).body;
    assert.equal(partners.find((p) => p.name === name)?.city_name, chosen);
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });
});
