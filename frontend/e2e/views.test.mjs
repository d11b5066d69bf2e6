import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiClient, checkA11y, launchBrowser, listScreen, newPage, settle, shoot, signIn, startServer } from './harness.mjs';

// Saved views and the list state in the address (issue 25, ADR 0041), on the demo partners:
// save a view as the default and open the list into it again, bookmark a filtered address,
// Back and Forward through list states, a view shared by the director, the menu at 1280 and
// 375 px, and axe on the menu and the save dialog.
describe('saved views', () => {
  let server;
  let browser;
  let api;
  let page;
  let list;

  const params = (res) => Object.fromEntries(new URL(res.url()).searchParams);
  const viewsButton = () => page.locator('.views-menu__button');
  const menuItem = (name) => page.locator('.views-menu').getByRole('menuitem', { name });

  before(async () => {
    server = await startServer({ seedDemo: true });
    browser = await launchBrowser();
    api = apiClient(server.baseURL);
    const admin = await api.login('admin', server.adminPassword);
    await api.createUser(admin, { name: 'Dara Direktor', username: 'dara', password: 'dara1234', roles: ['director'] });
    await api.createUser(admin, { name: 'Marko Menadžer', username: 'marko', password: 'marko1234', roles: ['manager'] });
    page = await newPage(browser, server.baseURL);
    list = listScreen(page, 'partners');
    await signIn(page, 'marko', 'marko1234');
  });

  after(async () => {
    await page?.context().close();
    await browser?.close();
    await server?.stop();
  });

  it('bookmarks a filtered list: the address carries it and opens it again', async () => {
    await list.open();
    const filtered = await list.filter('Grad', 'Podgorica');
    assert.equal(params(filtered).city_name, 'Podgorica');
    await page.waitForURL(/city_name=Podgorica/);
    const sorted = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/partners');
    await page.getByRole('columnheader', { name: /Naziv/ }).first().click();
    assert.deepEqual(
      { sort: params(await sorted).sort, order: params(await sorted).order },
      { sort: 'name', order: 'asc' },
    );
    await page.waitForURL(/sort=name/);
    const bookmark = page.url();

    // A fresh tab with the bookmark asks for exactly that list.
    const other = await newPage(browser, server.baseURL);
    await signIn(other, 'marko', 'marko1234');
    const answered = other.waitForResponse((r) => new URL(r.url()).pathname === '/api/partners');
    await other.goto(bookmark);
    assert.deepEqual(params(await answered), { page: '1', per_page: '10', sort: 'name', order: 'asc', city_name: 'Podgorica' });
    assert.equal(await other.getByRole('textbox', { name: 'Grad — Pretraga' }).inputValue(), 'Podgorica');
    await other.context().close();
  });

  it('moves through list states with Back and Forward', async () => {
    await list.open('/partners');
    await list.filter('Naziv', 'a');
    await page.waitForURL(/name=a/);
    const sorted = list.waitForList();
    await page.getByRole('columnheader', { name: /Telefon/ }).first().click();
    assert.equal(params(await sorted).sort, 'phone');
    await page.waitForURL(/sort=phone/);

    // Each entry brings its list back: the address, the filter row and the sorted column.
    const nameFilter = page.getByRole('textbox', { name: 'Naziv — Pretraga' });
    const sortedBy = (name) => page.locator('th[aria-sort]').filter({ hasText: name });
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('name') === 'a' && !url.searchParams.has('sort'));
    await sortedBy('ID').waitFor();
    assert.equal(await nameFilter.inputValue(), 'a');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/partners' && url.search === '');
    await page.waitForFunction(() => document.querySelector('input[aria-label="Naziv — Pretraga"]')?.value === '');
    await page.goForward();
    await page.waitForURL((url) => url.searchParams.get('name') === 'a');
    await page.waitForFunction(() => document.querySelector('input[aria-label="Naziv — Pretraga"]')?.value === 'a');
    const forward = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/partners' && params(r).sort === 'phone');
    await page.goForward();
    assert.equal(params(await forward).name, 'a');
    await sortedBy('Telefon').waitFor();
  });

  it('saves a view as the default and opens the list into it again', async () => {
    await list.open('/partners');
    await list.filter('Grad', 'Bar');
    await viewsButton().click();
    await menuItem(/Sačuvaj trenutni kao/).waitFor();
    await shoot(page, 'views-menu');
    await checkA11y(page, 'views menu');
    await menuItem(/Sačuvaj trenutni kao/).click();
    const dialog = page.getByRole('dialog', { name: 'Sačuvaj listu kao prikaz' });
    await dialog.waitFor();
    await dialog.getByLabel('Naziv').fill('Partneri iz Bara');
    await dialog.getByText('Otvaraj ovu listu s njim').click();
    await settle(page);
    await checkA11y(page, 'views save dialog');
    const saved = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/views');
    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    const body = await (await saved).json();
    assert.equal(body.default, true);
    assert.equal(body.state.filters.city_name, 'Bar');
    await page.waitForURL((url) => url.searchParams.get('view') === String(body.id));
    await viewsButton().filter({ hasText: 'Partneri iz Bara' }).waitFor();

    // Opening the list again, from the drawer's bare address, applies the default view first.
    const reopened = list.waitForList();
    await page.goto('/partners');
    assert.equal(params(await reopened).city_name, 'Bar');
    await page.waitForURL((url) => url.searchParams.get('view') === String(body.id));
    await page.reload();
    await viewsButton().filter({ hasText: 'Partneri iz Bara' }).waitFor();
    assert.equal(await page.getByRole('textbox', { name: 'Grad — Pretraga' }).inputValue(), 'Bar');
    await shoot(page, 'views-applied');
  });

  it('a view the director shares with managers is listed read-only', async () => {
    const dara = await api.login('dara', 'dara1234');
    const res = await api.call('POST', '/api/views', {
      token: dara,
      body: { list: 'partners', name: 'Dužnici', state: { filters: { debt: '>0' }, sort: 'debt', order: 'desc', per_page: 20, columns: [] }, shared_roles: ['manager'] },
    });
    assert.equal(res.status, 201);
    await list.open('/partners?name=x');
    await viewsButton().click();
    const applied = list.waitForList();
    await menuItem('Dužnici').click();
    const q = params(await applied);
    assert.deepEqual({ debt: q.debt, sort: q.sort, order: q.order, per_page: q.per_page }, { debt: '>0', sort: 'debt', order: 'desc', per_page: '20' });
    assert.equal(q.name, undefined);
    await viewsButton().click();
    await menuItem(/Bez prikaza/).waitFor();
    assert.equal(await menuItem('Obriši').count(), 0);
    assert.equal(await menuItem(/Preimenuj/).count(), 0);
    await page.keyboard.press('Escape');
  });

  it('works at 375 px: the menu stays on the screen', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await list.open('/partners');
    await viewsButton().click();
    const menu = page.locator('.views-menu');
    await menu.waitFor();
    await settle(page);
    const box = await menu.boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 375, `menu at ${box.x}..${box.x + box.width}`);
    await page.screenshot({ path: new URL('./artifacts/views-menu-phone-375.png', import.meta.url).pathname });
    await checkA11y(page, 'views menu phone');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it("a campaign's Partners tab keeps a saved view across a reload, and a choose dialog applies views without the address", async () => {
    const admin = await api.login('admin', server.adminPassword);
    const winter = (await api.call('GET', '/api/campaigns?page=1&per_page=10&name=Zimska', { token: admin })).body.find(
      (c) => c.name === 'Zimska akcija alata',
    );
    assert.ok(winter, 'the demo campaign is there');
    const isTab = (r) => r.request().method() === 'GET' && new URL(r.url()).pathname === `/api/campaignDetailsById/partners/${winter.id}`;
    const opened = page.waitForResponse(isTab);
    await page.goto(`/campaigns/${winter.id}?tab=partners`);
    await opened;

    // Narrow the tab, sort it, and save that as a view.
    const nameFilter = page.getByRole('textbox', { name: 'Naziv partnera — Pretraga' });
    await nameFilter.fill('a');
    const filtered = page.waitForResponse((r) => isTab(r) && params(r).name === 'a');
    await nameFilter.press('Enter');
    await filtered;
    const sorted = page.waitForResponse((r) => isTab(r) && params(r).sort === 'phone');
    await page.getByRole('columnheader', { name: /Telefon/ }).first().click();
    await sorted;
    await page.waitForURL((url) => url.searchParams.get('tab') === 'partners' && url.searchParams.get('sort') === 'phone');
    await viewsButton().click();
    await menuItem(/Sačuvaj trenutni kao/).click();
    const dialog = page.getByRole('dialog', { name: 'Sačuvaj listu kao prikaz' });
    await dialog.getByLabel('Naziv').fill('Partneri sa a');
    const saved = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/views');
    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    const body = await (await saved).json();
    assert.deepEqual({ list: body.list, filters: body.state.filters, sort: body.state.sort }, { list: 'campaignPartners', filters: { name: 'a' }, sort: 'phone' });
    await page.waitForURL((url) => url.searchParams.get('view') === String(body.id) && url.searchParams.get('tab') === 'partners');

    // A reload opens the tab as the address says, the view named on its button.
    const reloaded = page.waitForResponse(isTab);
    await page.reload();
    assert.deepEqual(
      { name: params(await reloaded).name, sort: params(await reloaded).sort },
      { name: 'a', sort: 'phone' },
    );
    await viewsButton().filter({ hasText: 'Partneri sa a' }).waitFor();
    assert.equal(await nameFilter.inputValue(), 'a');
    await shoot(page, 'views-campaign-tab');
    await checkA11y(page, 'views campaign tab');

    // The choose dialog's own views: picked from its menu, applied to its table only.
    const shared = await api.call('POST', '/api/views', {
      token: await api.login('marko', 'marko1234'),
      body: { list: 'partnersActive', name: 'Partneri sa o', state: { filters: { name: 'o' }, sort: 'id', order: 'desc', per_page: 20, columns: [] } },
    });
    assert.equal(shared.status, 201);
    const address = page.url();
    const isPick = (r) => r.request().method() === 'GET' && new URL(r.url()).pathname === '/api/partnersActive';
    const first = page.waitForResponse(isPick);
    await page.getByRole('button', { name: 'Dodaj partnere' }).click();
    const picker = page.getByRole('dialog', { name: 'Izbor partnera' });
    await picker.waitFor();
    assert.equal(params(await first).per_page, '8');
    await picker.locator('.views-menu__button').click();
    const picked = page.waitForResponse((r) => isPick(r) && params(r).name === 'o');
    await menuItem('Partneri sa o').click();
    const q = params(await picked);
    assert.deepEqual({ sort: q.sort, order: q.order, per_page: q.per_page }, { sort: 'id', order: 'desc', per_page: '20' });
    assert.equal(await picker.getByRole('textbox', { name: 'Naziv partnera — Pretraga' }).inputValue(), 'o');
    assert.equal(page.url(), address, 'the dialog leaves the address alone');

    // Made the default, it applies when the dialog opens again.
    await picker.locator('.views-menu__button').click();
    const made = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === `/api/views/${shared.body.id}`);
    await menuItem(/Neka bude moj podrazumijevani/).click();
    assert.equal((await made).status(), 200);
    await picker.getByRole('button', { name: 'Zatvori' }).last().click();
    await picker.waitFor({ state: 'hidden' });
    const again = page.waitForResponse(isPick);
    await page.getByRole('button', { name: 'Dodaj partnere' }).click();
    assert.deepEqual({ name: params(await again).name, per_page: params(await again).per_page }, { name: 'o', per_page: '20' });
    await picker.locator('.views-menu__button').filter({ hasText: 'Partneri sa o' }).waitFor();
    assert.equal(page.url(), address);
    await picker.locator('tbody tr').first().waitFor();
    await shoot(page, 'views-choose-dialog');
    const shot = (name) => page.screenshot({ path: new URL(`./artifacts/${name}.png`, import.meta.url).pathname });
    await picker.locator('.views-menu__button').click();
    await menuItem(/Sačuvaj trenutni kao/).waitFor();
    await checkA11y(page, 'views choose dialog menu');
    await shot('views-choose-dialog-menu-1280');
    await page.keyboard.press('Escape');
    await page.locator('.views-menu').waitFor({ state: 'hidden' });
    await settle(page);
    assert.ok(await picker.isVisible(), 'Esc closes the menu, not the dialog under it');

    // On a phone the dialog's menu opens inside the screen.
    await page.setViewportSize({ width: 375, height: 812 });
    await settle(page);
    await picker.locator('.views-menu__button').click();
    await menuItem(/Sačuvaj trenutni kao/).waitFor();
    await settle(page);
    const box = await page.locator('.views-menu').boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 375, `menu at ${box.x}..${box.x + box.width}`);
    await shot('views-choose-dialog-menu-375');
    await checkA11y(page, 'views choose dialog menu phone');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
