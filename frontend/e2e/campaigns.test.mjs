import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { apiClient, launchBrowser, listHeaders, listScreen, newPage, shoot, signIn, startServer } from './harness.mjs';
import { makePng } from './images.mjs';
import { editSheet, readZip, setCell } from './xlsx.mjs';

const isTab = (tab) => (res) =>
  res.request().method() === 'GET' && new RegExp(`^/api/campaignDetailsById/${tab}/\\d+$`).test(new URL(res.url()).pathname);

// Campaigns over the demo data (bootstrap/seed_campaigns.go: three campaigns with categories,
// partners with cash, products and cart items), driven through the panel: the list, a new
// campaign with its image, its details' tabs, cash rules, a delivery and the Excel round trip.
describe('campaigns', () => {
  let server;
  let browser;
  let page;
  let list;
  let api;
  let token;
  /** The demo campaign "Zimska akcija alata" and the one this test adds. */
  let winter;
  let created;

  const tabRows = () => page.locator('.campaign-tab__table tbody tr:not(.p-datatable-emptymessage)');
  const tabRow = (text) => tabRows().filter({ hasText: text });

  async function openTab(name, tab) {
    const answered = page.waitForResponse(isTab(tab));
    await page.getByRole('tab', { name: new RegExp(name) }).click();
    await answered;
  }

  async function openDetails(id, tab) {
    const answered = page.waitForResponse(isTab(tab));
    await page.goto(`/campaigns/${id}?tab=${tab}`);
    await answered;
  }

  before(async () => {
    server = await startServer({ seedDemo: true });
    browser = await launchBrowser();
    page = await newPage(browser, server.baseURL);
    list = listScreen(page, 'campaigns');
    api = apiClient(server.baseURL);
    token = await api.login('admin', server.adminPassword);
    const all = (await api.call('GET', '/api/campaigns?page=1&per_page=10&name=Zimska', { token })).body;
    winter = all.find((c) => c.name === 'Zimska akcija alata');
    assert.ok(winter, 'the demo campaign is there');
    await signIn(page, 'admin', server.adminPassword);
  });

  after(async () => {
    await page?.context().close();
    await browser?.close();
    await server?.stop();
  });

  it('lists the demo campaigns from the home card, 20 per page, with their actions', async () => {
    const answered = list.waitForList();
    await page.locator('a.home-card[data-card="campaigns"]').click();
    await page.waitForURL('**/campaigns');
    assert.equal(new URL((await answered).url()).searchParams.get('per_page'), '20');
    await list.row('Zimska akcija alata').waitFor();
    assert.deepEqual(await listHeaders(page), ['NAZIV', 'OPIS', 'PRIKAZ', 'AKTIVAN', 'AKCIJE']);
    assert.equal(await list.report().innerText(), '1–3 / 3');
    const actions = await list
      .row('Zimska akcija alata')
      .locator('.list-actions button')
      .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
    assert.deepEqual(actions, ['Detalji', 'Sakrij', 'Izmijeni', 'Deaktiviraj']);
    // The drawer links here too.
    await page.getByRole('navigation').getByRole('link', { name: 'Kampanje' }).waitFor();
    await shoot(page, 'campaigns');
  });

  it('creates a campaign with an image, then lands on its details with the composition open', async () => {
    await list.open();
    await page.getByRole('button', { name: 'Dodaj', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova kampanja' });
    await dialog.waitFor();
    await dialog.getByLabel(/^Naziv/).fill('Proljeće u bašti');
    await dialog.getByLabel(/^Opis/).fill('Alati i oprema za baštu, akcija do kraja aprila.');
    await dialog.locator('#field-image').setInputFiles({ name: 'basta.png', mimeType: 'image/png', buffer: makePng(320, 240) });
    const saved = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/campaigns' && res.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    const res = await saved;
    assert.equal(res.status(), 201);
    created = await res.json();
    await page.getByText('Uspješno dodavanje').first().waitFor();
    await page.waitForURL((url) => url.pathname === `/campaigns/${created.id}`);
    // The composition stepper opens at its first step (categories).
    const stepper = page.getByRole('dialog', { name: 'Sastav kampanje' });
    await stepper.waitFor();
    await stepper.locator('.p-dialog-header-close').click();
    await stepper.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Proljeće u bašti' }).waitFor();
    const image = page.locator('.campaign-card__image');
    await image.waitFor();
    assert.equal(await image.evaluate((img) => img.complete && img.naturalWidth > 0), true);
    assert.equal(await page.getByRole('tab', { name: /Kategorije/ }).getAttribute('aria-selected'), 'true');
  });

  it('adds a category to the new campaign through the choose-categories dialog', async () => {
    await openDetails(created.id, 'categories');
    await page.getByRole('button', { name: 'Dodaj kategorije' }).click();
    const picker = page.getByRole('dialog', { name: 'Izbor kategorija' });
    await picker.waitFor();
    const search = picker.getByRole('textbox', { name: 'Naziv — Pretraga' });
    await search.fill('Ručni alati');
    await search.press('Enter');
    const row = picker.locator('tbody tr', { hasText: 'Ručni alati' });
    await row.waitFor();
    await row.locator('.p-checkbox').click();
    const added = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/categoryCampaigns');
    await picker.getByRole('button', { name: 'Potvrdi' }).click();
    assert.equal((await added).status(), 200);
    await tabRow('Ručni alati').waitFor();
  });

  it('adds a partner of that category with its cash, refusing a bad cash first', async () => {
    // A partner of the category, by name, from the partners list.
    const inCategory = (
      await api.call('GET', `/api/partners?page=1&per_page=5&is_active=1&category_names=${encodeURIComponent('Ručni alati')}`, { token })
    ).body[0];
    assert.ok(inCategory, 'a demo partner in Ručni alati');
    await openTab('Partneri', 'partners');
    await page.getByRole('button', { name: 'Dodaj partnere' }).click();
    const picker = page.getByRole('dialog', { name: 'Izbor partnera' });
    await picker.waitFor();
    const search = picker.getByRole('textbox', { name: 'Naziv partnera — Pretraga' });
    await search.fill(inCategory.name);
    await search.press('Enter');
    const row = picker.locator('tbody tr', { hasText: inCategory.name }).first();
    await row.waitFor();
    await row.locator('.p-checkbox').click();
    const cash = picker.getByRole('textbox', { name: `Iznos za ${inCategory.name}` });
    await cash.fill('-10');
    await picker.getByRole('button', { name: 'Potvrdi' }).click();
    await picker.getByText('Iznos ne može biti manji od 0').waitFor();
    await cash.fill('12345678901');
    await picker.getByText('Ovo polje mora biti broj.').waitFor();
    await cash.fill('1234,5');
    const added = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/partnerCampaigns');
    await picker.getByRole('button', { name: 'Potvrdi' }).click();
    const res = await added;
    assert.equal(res.status(), 200, JSON.stringify(await res.json()));
    await tabRow(inCategory.name).getByText('1.234,5').waitFor();
    await page.getByTestId('total-cash').getByText('1.234,5').waitFor();
  });

  it('edits a cash, and refuses one below what the partner has ordered, naming the amount', async () => {
    await openDetails(winter.id, 'partners');
    const partner = (await api.call('GET', `/api/campaignDetailsById/partners/${winter.id}?id=1001`, { token })).body[0];
    assert.ok(Number(partner.spent) > 0, 'partner 1001 has ordered in the demo campaign');
    const row = tabRow(partner.name);
    await row.getByRole('button', { name: 'Izmijeni iznos' }).click();
    const dialog = page.getByRole('dialog', { name: `Iznos: ${partner.name}` });
    await dialog.waitFor();
    await dialog.getByLabel(/^Iznos/).fill('1');
    const refused = page.waitForResponse((res) => new URL(res.url()).pathname === `/api/partnerCampaignsCash/${winter.id}`);
    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    const answer = await refused;
    assert.equal(answer.status(), 422);
    const { ordered } = await answer.json();
    const error = page.getByRole('dialog', { name: 'Greška u unosu' });
    await error.getByText('Iznos je manji od vrijednosti koju je partner već poručio.').waitFor();
    await error.getByRole('button').last().click();
    const shown = new Intl.NumberFormat('sr-Latn-ME', { useGrouping: 'always', maximumFractionDigits: 3 }).format(Number(ordered));
    await dialog.getByText(`Partner je već poručio u vrijednosti od ${shown};`, { exact: false }).waitFor();
    await shoot(page, 'campaign-cash-refused');

    await dialog.getByLabel(/^Iznos/).fill('2500');
    const saved = page.waitForResponse((res) => new URL(res.url()).pathname === `/api/partnerCampaignsCash/${winter.id}`);
    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    assert.equal((await saved).status(), 200);
    await page.getByText('Uspješna izmjena').first().waitFor();
    await row.getByText('2.500').waitFor();
    await shoot(page, 'campaign-partners');
  });

  it('marks a cart item delivered after the confirmation; the delivered total follows', async () => {
    await openDetails(winter.id, 'cart');
    const before = await page.getByTestId('total-delivered').innerText();
    const row = tabRow('Ugaona brusilica 125 mm');
    await row.getByText('Nije isporučeno').waitFor();
    await row.getByRole('button', { name: 'Označi kao isporučeno' }).click();
    const confirm = page.getByRole('dialog', { name: 'Isporučeno' });
    await confirm.waitFor();
    const toggled = page.waitForResponse((res) => /^\/api\/deleteCampaignItemCart\/\d+$/.test(new URL(res.url()).pathname));
    await confirm.getByRole('button', { name: 'Potvrdi' }).click();
    assert.deepEqual(await (await toggled).json(), { is_active: true });
    await page.getByText('Stavka je označena kao isporučena').first().waitFor();
    await row.getByText('Isporučeno', { exact: true }).waitFor();
    await page.waitForFunction(
      (old) => document.querySelector('[data-testid="total-delivered"]')?.textContent !== old,
      before,
    );
    await shoot(page, 'campaign-cart');
  });

  it('downloads the partners as Partners.xlsx and uploads it back through the preview', async () => {
    await openDetails(winter.id, 'partners');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Preuzmi Excel' }).click();
    const file = await download;
    assert.equal(file.suggestedFilename(), 'Partners.xlsx');
    const bytes = readFileSync(await file.path());
    assert.ok(readZip(bytes).some((e) => e.name === 'xl/workbook.xml'), 'an xlsx workbook');

    // The first partner's cash (column F) raised: the preview finds one update and nothing wrong.
    const edited = editSheet(bytes, (xml) => setCell(xml, 'F2', '9999'));
    const totalBefore = await page.getByTestId('total-cash').innerText();
    await page.getByRole('button', { name: 'Učitaj Excel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Učitavanje partnera kampanje iz Excel fajla' });
    await dialog.waitFor();
    const isUpload = (preview) => (res) => {
      const url = new URL(res.url());
      return url.pathname === `/api/saveCampaignPartners/${winter.id}` && url.searchParams.has('preview') === preview;
    };
    const previewed = page.waitForResponse(isUpload(true));
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'Partners.xlsx', mimeType: 'application/octet-stream', buffer: edited });
    assert.equal((await previewed).status(), 200);
    await dialog.getByText('Fajl je ispravan. Potvrdite da biste upisali promjene.').waitFor();
    assert.equal(await dialog.getByTestId('import-updated').innerText(), '1');
    assert.equal(await dialog.getByTestId('import-rejected').innerText(), '0');
    await shoot(page, 'campaign-excel-preview');
    const saved = page.waitForResponse(isUpload(false));
    await dialog.getByRole('button', { name: 'Potvrdi' }).click();
    const done = await saved;
    assert.equal(done.status(), 200);
    const counts = await done.json();
    await page.getByText(`Uvoz je završen — dodato: ${counts.added}, izmijenjeno: ${counts.updated}, bez promjene: ${counts.skipped ?? counts.unchanged}`).first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction(
      (old) => document.querySelector('[data-testid="total-cash"]')?.textContent !== old,
      totalBefore,
    );
  });

  it('downloads the cart with the tab filters as Cart.xlsx', async () => {
    await openDetails(winter.id, 'cart');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Preuzmi korpu (Excel)' }).click();
    const file = await download;
    assert.equal(file.suggestedFilename(), 'Cart.xlsx');
    assert.ok(readZip(readFileSync(await file.path())).some((e) => e.name === 'xl/workbook.xml'));
  });

  it('at 375 px the details fit the screen and the tabs can be switched', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    try {
      await openDetails(winter.id, 'partners');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px`);
      await openTab('Korpa', 'cart');
      assert.match(page.url(), /tab=cart/);
      await tabRows().first().waitFor();
      await shoot(page, 'campaign-details-phone');
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    assert.deepEqual(page.problems, []);
  });
});
