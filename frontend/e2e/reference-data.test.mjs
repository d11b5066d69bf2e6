import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  apiClient,
  launchBrowser,
  listHeaders,
  listScreen,
  newPage,
  shoot,
  signIn,
  startServer,
} from './harness.mjs';

const pad = (n) => String(n).padStart(2, '0');

// Countries, categories and cities over the demo catalog (8 countries, 10 categories, 14 cities).
describe('reference data: countries, categories, cities', () => {
  let server;
  let browser;
  let api;
  let token;
  let page;

  const post = async (path, body) => {
    const res = await api.call('POST', path, { token, body });
    assert.equal(res.status, 201, `${path} ${JSON.stringify(res.body)}`);
    return res.body;
  };

  /** The error dialog: its title, its text; closes it. */
  async function expectErrorDialog(title, ...texts) {
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.waitFor();
    for (const text of texts) await dialog.getByText(text).waitFor();
    return dialog;
  }

  async function closeErrorDialog(dialog) {
    await dialog.getByRole('button', { name: 'U redu' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  before(async () => {
    server = await startServer({ seedDemo: true });
    browser = await launchBrowser();
    api = apiClient(server.baseURL);
    token = await api.login('admin', server.adminPassword);
    for (let i = 1; i <= 6; i++) await post('/api/countries', { name: `E2E Država ${pad(i)}` });
    for (let i = 1; i <= 5; i++) await post('/api/categories', { name: `E2E Kategorija ${pad(i)}` });
    const albania = (await api.call('GET', '/api/countries?name=Albanija', { token })).body[0];
    for (const name of ['Tirana', 'Drač', 'Skadar']) await post('/api/cities', { name, country_id: albania.id });
    page = await newPage(browser, server.baseURL);
    await signIn(page, 'admin', server.adminPassword);
  });

  after(async () => {
    await page?.context().close();
    await browser?.close();
    await server?.stop();
  });

  describe('countries', () => {
    const list = () => listScreen(page, 'countries');

    it('pages through the countries sorted by name and filters by name', async () => {
      const l = list();
      const first = await l.open();
      assert.deepEqual(Object.fromEntries(new URL(first.url()).searchParams), {
        page: '1',
        per_page: '10',
        sort: 'name',
        order: 'asc',
      });
      await l.row('Albanija').waitFor();
      assert.deepEqual(await listHeaders(page), ['NAZIV', 'AKTIVAN', 'AKCIJE']);
      assert.equal(await l.report().innerText(), '1–10 / 14');
      await shoot(page, 'countries');

      await page.getByRole('button', { name: 'Strana 2' }).click();
      await l.row('Srbija').waitFor();
      await l.waitForCount(4);
      assert.equal(await l.report().innerText(), '11–14 / 14');

      const filtered = await l.filter('Naziv', 'e2e drž');
      assert.equal(new URL(filtered.url()).searchParams.get('name'), 'e2e drž');
      await l.waitForReport('1–6 / 6');
      await l.waitForCount(6);
      await l.clearFilters();
      await l.waitForCount(10);
    });

    it('adds a country, with client and server validation', async () => {
      await page.getByRole('button', { name: 'Dodaj' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nova država' });
      await dialog.waitFor();
      const name = dialog.getByLabel('Naziv');

      let posted = 0;
      const countPosts = (req) => {
        if (req.method() === 'POST' && req.url().endsWith('/api/countries')) posted += 1;
      };
      page.on('request', countPosts);
      await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
      await page.getByText('Morate popuniti obavezna polja').first().waitFor();
      await dialog.getByText('Obavezno polje').waitFor();
      await name.fill('1 Država');
      await dialog.getByText('Ne smije počinjati brojem').waitFor();
      await name.fill('G');
      await dialog.getByText('Mora imati najmanje 2 karaktera').waitFor();
      await shoot(page, 'country-dialog-invalid');
      await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
      page.off('request', countPosts);
      assert.equal(posted, 0, 'an invalid form sends nothing');

      // Unique case-insensitively: the server answers 422 and the dialog translates it.
      await name.fill('albanija');
      await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
      const error = await expectErrorDialog('Greška u unosu', 'Ime je već zauzeto.');
      await shoot(page, 'country-duplicate-422');
      await closeErrorDialog(error);
      assert.equal(await name.inputValue(), 'albanija');

      await name.fill('Grčka');
      await shoot(page, 'country-dialog');
      const created = page.waitForResponse((res) => res.url().endsWith('/api/countries') && res.request().method() === 'POST');
      await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
      const res = await created;
      assert.equal(res.status(), 201);
      assert.deepEqual(JSON.parse(res.request().postData()), { name: 'Grčka' });
      await page.getByText('Uspješno dodavanje').first().waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByText('1–10 / 15').waitFor();
    });

    it('renames a country', async () => {
      const l = list();
      await l.filter('Naziv', 'grčka');
      await l.row('Grčka').getByRole('button', { name: 'Izmijeni' }).click();
      const dialog = page.getByRole('dialog', { name: 'Izmjena države' });
      await dialog.waitFor();
      assert.equal(await dialog.getByLabel('Naziv').inputValue(), 'Grčka');
      await dialog.getByLabel('Naziv').fill('Grčka (Helada)');
      const updated = page.waitForResponse((res) => /\/api\/countries\/\d+$/.test(res.url()) && res.request().method() === 'PUT');
      await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
      assert.equal((await updated).status(), 200);
      await page.getByText('Uspješna izmjena').first().waitFor();
      await l.row('Grčka (Helada)').waitFor();
    });

    it('deactivates and reactivates; a duplicate of an inactive country is 434', async () => {
      const l = list();
      assert.deepEqual(await (await l.toggle('Grčka (Helada)')).json(), { is_active: false });
      await l.row('Grčka (Helada)').locator('.p-tag-danger', { hasText: 'Neaktivan' }).waitFor();
      await page.getByText('Status je uspješno promijenjen').first().waitFor();

      await page.getByRole('button', { name: 'Dodaj' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nova država' });
      await dialog.getByLabel('Naziv').fill('GRČKA (HELADA)');
      const answered = page.waitForResponse((res) => res.url().endsWith('/api/countries') && res.request().method() === 'POST');
      await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
      assert.equal((await answered).status(), 434);
      const error = await expectErrorDialog('Greška', 'Vec postoji (Status: Neaktivan)');
      await shoot(page, 'country-inactive-434');
      await closeErrorDialog(error);
      await dialog.getByRole('button', { name: 'Odustani' }).click();
      await dialog.waitFor({ state: 'hidden' });

      assert.deepEqual(await (await l.toggle('Grčka (Helada)', 'Aktiviraj')).json(), { is_active: true });
      await l.row('Grčka (Helada)').locator('.p-tag-success', { hasText: 'Aktivan' }).waitFor();
      await l.clearFilters();
    });

    it('refuses to deactivate a country with active cities (435) and says why', async () => {
      const l = list();
      await l.filter('Naziv', 'crna gora');
      const res = await l.toggle('Crna Gora');
      assert.equal(res.status(), 435);
      const error = await expectErrorDialog(
        'Greška',
        'Izmjene zabranjene, koristi se u evidencijama',
        'Država ima aktivne gradove.',
      );
      await shoot(page, 'country-in-use-435');
      await closeErrorDialog(error);
      await l.row('Crna Gora').locator('.p-tag-success', { hasText: 'Aktivan' }).waitFor();
      await l.clearFilters();
      assert.deepEqual(page.problems, []);
    });
  });

  describe('categories', () => {
    const list = () => listScreen(page, 'categories');

    it('lists, pages and filters the categories', async () => {
      const l = list();
      await l.open();
      await l.row('Baštenski program').waitFor();
      assert.deepEqual(await listHeaders(page), ['NAZIV', 'AKTIVAN', 'AKCIJE']);
      assert.equal(await l.report().innerText(), '1–10 / 15');
      await shoot(page, 'categories');
      await page.getByRole('button', { name: 'Strana 2' }).click();
      await l.waitForCount(5);
      await l.filter('Naziv', 'kategorija 0');
      await l.waitForReport('1–5 / 5');
      await l.waitForCount(5);
      await l.clearFilters();
      await l.waitForCount(10);
    });

    it('adds, renames, deactivates and reactivates a category', async () => {
      const l = list();
      await page.getByRole('button', { name: 'Dodaj' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nova kategorija' });
      await dialog.getByLabel('Naziv').fill('3D štampa');
      await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
      await dialog.getByText('Ne smije počinjati brojem').waitFor();
      await dialog.getByLabel('Naziv').fill('Električni ALATI');
      await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
      await closeErrorDialog(await expectErrorDialog('Greška u unosu', 'Ime je već zauzeto.'));
      await dialog.getByLabel('Naziv').fill('Štampa i kopiranje');
      await shoot(page, 'category-dialog');
      await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
      await page.getByText('Uspješno dodavanje').first().waitFor();
      await dialog.waitFor({ state: 'hidden' });

      await l.filter('Naziv', 'štampa');
      await l.row('Štampa i kopiranje').getByRole('button', { name: 'Izmijeni' }).click();
      const edit = page.getByRole('dialog', { name: 'Izmjena kategorije' });
      await edit.getByLabel('Naziv').fill('Štampa');
      await edit.getByRole('button', { name: 'Sačuvaj' }).click();
      await page.getByText('Uspješna izmjena').first().waitFor();
      await l.row('Štampa').waitFor();
      await l.waitForReport('1–1 / 1');

      assert.deepEqual(await (await l.toggle('Štampa')).json(), { is_active: false });
      await l.row('Štampa').locator('.p-tag-danger').waitFor();
      assert.deepEqual(await (await l.toggle('Štampa', 'Aktiviraj')).json(), { is_active: true });
      await l.row('Štampa').locator('.p-tag-success').waitFor();
      await l.clearFilters();
      assert.deepEqual(page.problems, []);
    });
  });

  describe('cities', () => {
    const list = () => listScreen(page, 'cities');

    it('lists cities with their country, pages and filters by country', async () => {
      const l = list();
      await l.open();
      await l.row('Bar').first().waitFor();
      assert.deepEqual(await listHeaders(page), ['NAZIV', 'DRŽAVA', 'AKTIVAN', 'AKCIJE']);
      assert.equal(await l.report().innerText(), '1–10 / 17');
      await shoot(page, 'cities');
      await page.getByRole('button', { name: 'Strana 2' }).click();
      await l.waitForCount(7);

      const filtered = await l.filter('Država', 'albanija');
      assert.equal(new URL(filtered.url()).searchParams.get('country_name'), 'albanija');
      await l.waitForReport('1–3 / 3');
      // After the selection column (bulk actions): the name.
      assert.deepEqual(await l.rows().locator('td:nth-child(2)').allInnerTexts(), ['Drač', 'Skadar', 'Tirana']);
      await l.clearFilters();
      await l.waitForCount(10);
    });

    it('adds a city with a country, refusing a duplicate within the country', async () => {
      const l = list();
      await page.getByRole('button', { name: 'Dodaj' }).click();
      const dialog = page.getByRole('dialog', { name: 'Novi grad' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
      assert.equal(await dialog.getByText('Obavezno polje').count(), 2);
      await dialog.getByLabel('Naziv').fill('9 Grad');
      await dialog.getByText('Ne smije počinjati brojem').waitFor();

      // Bar exists in Montenegro.
      await dialog.getByLabel('Naziv').fill('Bar');
      await dialog.locator('.p-dropdown').click();
      await page.getByRole('option', { name: 'Crna Gora' }).click();
      await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
      await closeErrorDialog(await expectErrorDialog('Greška u unosu', 'Ime je već zauzeto.'));

      await dialog.getByLabel('Naziv').fill('Dubrovnik');
      await dialog.locator('.p-dropdown').click();
      await page.getByRole('option', { name: 'Hrvatska' }).click();
      await shoot(page, 'city-dialog');
      const created = page.waitForResponse((res) => res.url().endsWith('/api/cities') && res.request().method() === 'POST');
      await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
      const res = await created;
      assert.equal(res.status(), 201);
      const body = JSON.parse(res.request().postData());
      assert.equal(body.name, 'Dubrovnik');
      assert.equal(typeof body.country_id, 'number');
      await page.getByText('Uspješno dodavanje').first().waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await l.filter('Naziv', 'dubrovnik');
      await l.row('Dubrovnik').getByText('Hrvatska').waitFor();
    });

    it('moves a city to another country, deactivates and reactivates it', async () => {
      const l = list();
      await l.row('Dubrovnik').getByRole('button', { name: 'Izmijeni' }).click();
      const dialog = page.getByRole('dialog', { name: 'Izmjena grada' });
      await dialog.waitFor();
      assert.equal(await dialog.getByLabel('Naziv').inputValue(), 'Dubrovnik');
      await dialog.locator('.p-dropdown', { hasText: 'Hrvatska' }).waitFor();
      await shoot(page, 'city-dialog-edit');
      await dialog.locator('.p-dropdown').click();
      await page.getByRole('option', { name: 'Bosna i Hercegovina' }).click();
      await dialog.getByLabel('Naziv').fill('Neum');
      await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
      await page.getByText('Uspješna izmjena').first().waitFor();
      await l.filter('Naziv', 'neum');
      await l.row('Neum').getByText('Bosna i Hercegovina').waitFor();

      assert.deepEqual(await (await l.toggle('Neum')).json(), { is_active: false });
      await l.row('Neum').locator('.p-tag-danger').waitFor();
      assert.deepEqual(await (await l.toggle('Neum', 'Aktiviraj')).json(), { is_active: true });
      await l.row('Neum').locator('.p-tag-success').waitFor();
      await l.clearFilters();
    });

    it('refuses to deactivate a city with active stores (435)', async () => {
      const l = list();
      await l.filter('Naziv', 'podgorica');
      assert.equal((await l.toggle('Podgorica')).status(), 435);
      await closeErrorDialog(await expectErrorDialog('Greška', 'Grad ima aktivne prodavnice.'));
      await l.clearFilters();
    });

    it('stacks the list under 500 px', async () => {
      await page.setViewportSize({ width: 375, height: 812 });
      await page.locator('.list-filters-stacked').waitFor();
      await page.locator('.list-table tbody .p-column-title', { hasText: 'Država' }).first().waitFor();
      await page.setViewportSize({ width: 1280, height: 800 });
      assert.deepEqual(page.problems, []);
    });
  });
});
