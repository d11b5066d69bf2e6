import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { apiClient, launchBrowser, listHeaders, listScreen, newPage, shoot, signIn, startServer } from './harness.mjs';
import { appendRow, editSheet, readZip, setCell } from './xlsx.mjs';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** A form label: its text, then the required star when the field has one. */
/** A figure as the Montenegrin table shows it (162.500,5) read back as a number. */
const figure = (text) => Number(String(text).replace(/\./g, '').replace(',', '.'));
const label = (text) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?$`);
const isDownload = (url) => new URL(url).pathname === '/api/getAddPartnerExcelDoc';
const isUpload = (res) => new URL(res.url()).pathname === '/api/saveAddPartnerExcelDoc' && res.request().method() === 'POST';

// Partners over the demo data (1001–1010 with cities, categories, figures, types and contacts).
describe('partners', () => {
  let server;
  let browser;
  let api;
  let token;
  let page;
  let list;
  /** The whole list as the Excel download wrote it, kept for the upload tests. */
  let workbook;

  /** The first data cell: the bulk actions' checkbox comes before it. */
  const FIRST = 1;
  /** The text of one column (0-based, the checkbox not counted) in every shown row. */
  const columnTexts = (index) =>
    list.rows().evaluateAll((rows, i) => rows.map((r) => r.cells[i]?.innerText.trim()), index + FIRST);
  /** A row's cell by its column (0-based, the checkbox not counted). */
  const cell = (row, index) => row.locator('td').nth(index + FIRST);

  /** A select field of a form dialog, by its field name (the Dropdown wraps the hidden input). */
  const select = (dialog, name) => dialog.locator('.p-dropdown').filter({ has: page.locator(`#field-${name}`) });

  async function choose(dialog, name, option) {
    await select(dialog, name).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  async function chooseCategories(dialog, names) {
    await dialog.getByRole('button', { name: /kategorije/i }).click();
    const picker = page.getByRole('dialog', { name: 'Izbor kategorija' });
    await picker.waitFor();
    const search = picker.getByRole('textbox', { name: 'Naziv — Pretraga' });
    for (const name of names) {
      // Search so the category is on the first page, then tick its row.
      await search.fill(name);
      await search.press('Enter');
      const row = picker.locator('tbody tr', { hasText: name });
      await row.waitFor();
      await row.locator('.p-checkbox').click();
      await row.locator('.p-checkbox.p-highlight, .p-checkbox-checked, [data-p-highlight="true"]').first().waitFor();
    }
    await picker.getByRole('button', { name: 'Potvrdi' }).click();
    await picker.waitFor({ state: 'hidden' });
  }

  const FIGURE_LABELS = {
    debt: 'Dug',
    moneyCirculation: 'Promet',
    annualPlan: 'Godišnji plan',
    payment: 'Uplata',
    bonus: 'Bonus',
    toolCash: 'Keš za alat',
  };

  async function fillFigures(dialog, figures) {
    for (const [field, value] of Object.entries(figures)) {
      await dialog.getByLabel(label(FIGURE_LABELS[field])).fill(value);
    }
  }

  async function openEdit(name) {
    await list.row(name).getByRole('button', { name: 'Izmijeni' }).click();
    const dialog = page.getByRole('dialog', { name: 'Izmjena partnera' });
    await dialog.waitFor();
    // The lookups fill the selects once they answer.
    await select(dialog, 'city_id').filter({ hasNotText: 'Izaberite grad' }).waitFor();
    return dialog;
  }

  async function openUpload() {
    await page.getByRole('button', { name: 'Učitaj Excel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Učitavanje partnera iz Excel fajla' });
    await dialog.waitFor();
    return dialog;
  }

  async function uploadPreview(dialog, name, buffer) {
    const answered = page.waitForResponse(isUpload);
    await dialog.locator('input[type="file"]').setInputFiles({ name, mimeType: XLSX_TYPE, buffer });
    const res = await answered;
    assert.equal(new URL(res.url()).searchParams.get('preview'), '1');
    return res;
  }

  /** Waits until the shown debt column (the 6th) is in the given order. */
  const waitForSortedDebt = (order) =>
    page.waitForFunction((o) => {
      // The 6th column, after the bulk actions' checkbox.
      const cells = [...document.querySelectorAll('.list-table tbody tr:not(.p-datatable-emptymessage)')].map((r) =>
        Number(r.cells[6]?.innerText.replace(/\./g, '').replace(',', '.')),
      );
      return cells.length > 1 && cells.every((v, i) => i === 0 || (o === 'asc' ? cells[i - 1] <= v : cells[i - 1] >= v));
    }, order);

  /** Snackbars fade after 3 s; screenshots wait for them so they show the dialog underneath. */
  const quietToasts = () => page.waitForFunction(() => !document.querySelector('.p-toast-message'));

  /** Scrolls a dialog's content back to its top. */
  const scrollTop = (dialog) =>
    dialog.locator('.p-dialog-content').evaluate((el) => {
      el.scrollTop = 0;
    });

  const stat = (dialog, key) => dialog.getByTestId(`import-${key}`).innerText();

  before(async () => {
    server = await startServer({ seedDemo: true });
    browser = await launchBrowser();
    api = apiClient(server.baseURL);
    token = await api.login('admin', server.adminPassword);
    page = await newPage(browser, server.baseURL);
    list = listScreen(page, 'partners');
    await signIn(page, 'admin', server.adminPassword);
  });

  after(async () => {
    await page?.context().close();
    await browser?.close();
    await server?.stop();
  });

  it('lists partners by id with 13 columns, right-aligned figures and a sideways scroll', async () => {
    // The home card leads here.
    const answered = list.waitForList();
    await page.locator('a.home-card[data-card="partners"]').click();
    await page.waitForURL('**/partners');
    const first = await answered;
    assert.deepEqual(Object.fromEntries(new URL(first.url()).searchParams), {
      page: '1',
      per_page: '10',
      sort: 'id',
      order: 'asc',
    });
    await list.row('Tehnomarket Podgorica').waitFor();
    assert.deepEqual(await listHeaders(page), [
      'ID',
      'NAZIV',
      'TELEFON',
      'KATEGORIJE',
      'GRAD',
      'DUG',
      'PROMET',
      'GODIŠNJI PLAN',
      'UPLATA',
      'BONUS',
      'KEŠ ZA ALAT',
      'AKTIVAN',
      'AKCIJE',
    ]);
    assert.equal(await list.report().innerText(), '1–10 / 10');
    assert.deepEqual((await columnTexts(0)).slice(0, 3), ['1001', '1002', '1003']);
    // Figures are the server's exact digits in the Montenegrin format (125.111 is 125 and 111
    // thousandths), right-aligned.
    const nik = list.row('Elektro Nikšić');
    assert.equal(await cell(nik, 10).innerText(), '125,111');
    assert.equal(await cell(nik, 5).evaluate((td) => getComputedStyle(td).textAlign), 'right');
    // 13 columns scroll inside their card; the page itself does not scroll sideways.
    const widths = await page.evaluate(() => {
      const wrapper = document.querySelector('.list-table .p-datatable-wrapper');
      return { scroll: wrapper.scrollWidth, client: wrapper.clientWidth, page: document.documentElement.scrollWidth };
    });
    assert.ok(widths.scroll > widths.client, JSON.stringify(widths));
    assert.ok(widths.page <= 1280, JSON.stringify(widths));
    // The row actions stay at the card's right edge without scrolling sideways.
    const edit = await list.row('Tehnomarket Podgorica').getByRole('button', { name: 'Izmijeni' }).boundingBox();
    const card = await page.locator('.list-card').boundingBox();
    assert.ok(edit.x > card.x && edit.x + edit.width <= card.x + card.width, JSON.stringify({ edit, card }));
    // The figure filters say what they accept.
    const debt = page.getByRole('textbox', { name: 'Dug — Pretraga' });
    assert.equal(await debt.getAttribute('placeholder'), 'npr. >100');
    assert.match(await debt.getAttribute('title'), /raspon \(100\.\.200\)/);
    const id = page.getByRole('textbox', { name: 'ID — Pretraga' });
    assert.equal(await id.getAttribute('placeholder'), 'Tačan ID');
    await shoot(page, 'partners');

    // At 375 px the many filters fold behind one button; the rows stack.
    await page.setViewportSize({ width: 375, height: 812 });
    const toggle = page.getByRole('button', { name: 'Filteri' });
    await toggle.click();
    await page.getByRole('textbox', { name: 'Dug — Pretraga' }).waitFor();
    assert.equal(await page.getByRole('textbox', { name: 'Dug — Pretraga' }).getAttribute('placeholder'), 'Dug: npr. >100');
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 375));
    await toggle.click();
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('filters figure columns with the server syntax and sorts by a figure', async () => {
    const filtered = await list.filter('Dug', '>1000');
    assert.equal(new URL(filtered.url()).searchParams.get('debt'), '>1000');
    await list.waitForReport('1–9 / 9');
    assert.ok((await columnTexts(5)).every((d) => figure(d) > 1000));

    let sorted = list.waitForList();
    await page.getByRole('columnheader', { name: /Dug/ }).click();
    assert.deepEqual(
      Object.fromEntries(new URL((await sorted).url()).searchParams),
      { page: '1', per_page: '10', sort: 'debt', order: 'asc', debt: '>1000' },
    );
    await waitForSortedDebt('asc');
    sorted = list.waitForList();
    await page.getByRole('columnheader', { name: /Dug/ }).click();
    await sorted;
    await waitForSortedDebt('desc');

    // A range, inclusive, with a decimal comma on another figure.
    await list.filter('Dug', '1550..4650');
    await page.waitForFunction(() => document.querySelectorAll('.list-table tbody tr:not(.p-datatable-emptymessage)').length < 9);
    assert.ok((await columnTexts(5)).every((d) => figure(d) >= 1550 && figure(d) <= 4650));
    assert.ok((await columnTexts(5)).includes('1.550'));
    await list.filter('Keš za alat', '>=125,111');
    assert.ok((await columnTexts(10)).every((d) => figure(d) >= 125.111));

    // A filter the server cannot read is explained, translated.
    await list.filter('Dug', '>>abc');
    const error = page.getByRole('dialog', { name: 'Greška u unosu' });
    await error.getByText('Filter mora biti broj ili raspon, npr. >100 ili 100..200.').waitFor();
    await error.getByRole('button', { name: 'U redu' }).click();
    await error.waitFor({ state: 'hidden' });

    await list.clearFilters();
    await list.waitForReport('1–10 / 10');
    // Every partner, still by debt descending: the figure's order the server keeps in memory.
    await waitForSortedDebt('desc');
    await list.filter('ID', '1005');
    await list.waitForReport('1–1 / 1');
    await list.clearFilters();
    await list.waitForReport('1–10 / 10');
    sorted = list.waitForList();
    await page.getByRole('columnheader', { name: /^ID/ }).click();
    await sorted;
    // The first cell after the bulk actions' checkbox.
    await page.waitForFunction(() => document.querySelector('.list-table tbody tr td:nth-child(2)')?.innerText === '1001');
  });

  it('validates the add form: every message shows and nothing is sent', async () => {
    let posted = 0;
    const countPosts = (req) => {
      if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/partners') posted += 1;
    };
    page.on('request', countPosts);
    await page.getByRole('button', { name: 'Dodaj' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novi partner' });
    await dialog.waitFor();
    await dialog.getByText('Polja označena zvjezdicom (*) su obavezna.').waitFor();

    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    await page.getByText('Morate popuniti obavezna polja').waitFor();
    // ID, name, city, six figures and the password pair; the categories say so themselves.
    await dialog.getByText('Morate izabrati minimum 1 kategoriju').waitFor();
    assert.equal(await dialog.getByText('Obavezno polje', { exact: true }).count(), 11);

    await dialog.getByLabel(label('ID')).fill('0');
    await dialog.getByLabel(label('Naziv')).fill('X');
    await fillFigures(dialog, { debt: '-5', moneyCirculation: '15%', bonus: 'abc', payment: '1.2345' });
    await dialog.getByLabel(label('Šifra')).fill('abc');
    await dialog.getByLabel(label('Ponovite šifru')).fill('abd');
    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    await dialog.getByText('Unesite pozitivan cijeli broj').waitFor();
    await dialog.getByText('Mora imati najmanje 2 karaktera').waitFor();
    // What is wrong is named: a negative debt, too many decimals, and two that are no number.
    assert.equal(await dialog.getByText('Mora biti broj', { exact: true }).count(), 2);
    await dialog.getByText('Iznos ne može biti manji od 0', { exact: true }).waitFor();
    await dialog.getByText('Najviše 3 decimale', { exact: true }).waitFor();
    await dialog.getByText('Šifra mora imati najmanje 4 karaktera').waitFor();
    await dialog.getByText('Šifre se moraju poklapati').waitFor();
    await dialog.getByText('Morate izabrati minimum 1 kategoriju').waitFor();
    await quietToasts();
    await scrollTop(dialog);
    await shoot(page, 'partner-add-errors');
    assert.equal(posted, 0);
    page.off('request', countPosts);

    await dialog.getByRole('button', { name: 'Odustani' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('adds a partner, and refuses an id that is taken', async () => {
    const fill = async (dialog, id) => {
      await dialog.getByLabel(label('ID')).fill(id);
      await dialog.getByLabel(label('Naziv')).fill('E2E Partner d.o.o.');
      await dialog.getByLabel(label('Adresa')).fill('Ulica Slobode 1');
      await dialog.getByLabel(label('PIB')).fill('03123456');
      await dialog.getByLabel(label('PDV broj')).fill('30/31-99999-9');
      await dialog.getByLabel(label('Telefon')).fill('+382 69 000 111');
      await choose(dialog, 'city_id', 'Bar');
      await choose(dialog, 'partner_type_id', 'Majstor');
      await chooseCategories(dialog, ['Rasvjeta', 'Boje i lakovi']);
      await dialog.locator('.categories-field__chip', { hasText: 'Rasvjeta' }).waitFor();
      await fillFigures(dialog, {
        debt: '1500,5',
        moneyCirculation: '20000',
        annualPlan: '60000',
        payment: '0',
        bonus: '10',
        toolCash: '99,999',
      });
      await dialog.getByLabel(label('Šifra')).fill('tajna1');
      await dialog.getByLabel(label('Ponovite šifru')).fill('tajna1');
    };

    await page.getByRole('button', { name: 'Dodaj' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novi partner' });
    await dialog.waitFor();
    await fill(dialog, '2001');
    const created = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/partners' && res.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    const res = await created;
    assert.equal(res.status(), 201);
    const sent = JSON.parse(res.request().postData());
    assert.equal(sent.id, '2001');
    // Typed the Montenegrin way, sent in the API's one exact form (issue 20).
    assert.equal(sent.debt, '1500.5');
    assert.equal(sent.toolCash, '99.999');
    assert.equal(sent.categories.length, 2);
    assert.equal(typeof sent.city_id, 'number');
    assert.equal(typeof sent.partner_type_id, 'number');
    await page.getByText('Uspješno dodavanje').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await list.waitForReport('1–10 / 11');

    await list.filter('ID', '2001');
    const row = list.row('E2E Partner d.o.o.');
    await row.waitFor();
    assert.equal(await cell(row, 5).innerText(), '1.500,5');
    assert.equal(await cell(row, 4).innerText(), 'Bar');
    await list.clearFilters();

    // The same id again: the server's 422, translated.
    await page.getByRole('button', { name: 'Dodaj' }).click();
    await dialog.waitFor();
    assert.equal(await dialog.getByLabel(label('ID')).inputValue(), '');
    await fill(dialog, '2001');
    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    const error = page.getByRole('dialog', { name: 'Greška u unosu' });
    await error.getByText('ID je već zauzet.').waitFor();
    await error.getByRole('button', { name: 'U redu' }).click();
    await error.waitFor({ state: 'hidden' });
    await dialog.getByRole('button', { name: 'Odustani' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('edits a partner and keeps a percent figure exactly as typed', async () => {
    const dialog = await openEdit('Elektro Nikšić');
    assert.equal(await dialog.getByLabel(label('ID')).count(), 0);
    // The edit form reads as the list: 125,111 (issue 20: it pre-filled 125.111).
    assert.equal(await dialog.getByLabel(label('Keš za alat')).inputValue(), '125,111');
    await dialog.getByText('Ostavite prazno da biste zadržali postojeću šifru.').waitFor();
    await dialog.locator('.categories-field__chip', { hasText: 'Rasvjeta' }).waitFor();
    await fillFigures(dialog, { moneyCirculation: '15%', bonus: '12,5%' });
    // A bad figure on edit shows the spec's message.
    await dialog.getByLabel(label('Uplata')).fill('12a');
    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    await dialog.getByText('Ovo polje mora biti broj.').waitFor();
    await dialog.getByLabel(label('Uplata')).fill('900');
    await quietToasts();
    await scrollTop(dialog);
    await shoot(page, 'partner-edit');

    const updated = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/partners/1002' && res.request().method() === 'PUT');
    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    const res = await updated;
    assert.equal(res.status(), 200);
    const body = JSON.parse(res.request().postData());
    assert.equal(body.moneyCirculation, '15%');
    assert.equal(body.password, '');
    assert.ok(!('id' in body));
    await page.getByText('Uspješna izmjena').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const row = list.row('Elektro Nikšić');
    await row.locator('td', { hasText: '15%' }).waitFor();
    assert.equal(await cell(row, 6).innerText(), '15%');
    assert.equal(await cell(row, 9).innerText(), '12,5%');

    const again = await openEdit('Elektro Nikšić');
    assert.equal(await again.getByLabel(label('Promet')).inputValue(), '15%');
    await again.getByRole('button', { name: 'Odustani' }).click();
    await again.waitFor({ state: 'hidden' });
  });

  it('manages the contacts of a partner from its edit dialog', async () => {
    const form = await openEdit('Tehnomarket Podgorica');
    await form.getByRole('button', { name: 'Kontakti' }).click();
    const contacts = page.getByRole('dialog', { name: 'Kontakti: Tehnomarket Podgorica' });
    await contacts.waitFor();
    const rows = contacts.locator('tbody tr:not(.p-datatable-emptymessage)');
    await rows.filter({ hasText: 'prodaja@partner1001.me' }).waitFor();
    assert.equal(await rows.count(), 2);
    await rows.filter({ hasText: 'prodaja@partner1001.me' }).getByText('E-mail').waitFor();
    assert.equal(await rows.filter({ hasText: 'prodaja@partner1001.me' }).locator('.pi-envelope').count(), 1);

    await contacts.getByRole('button', { name: 'Dodaj kontakt' }).click();
    const add = page.getByRole('dialog', { name: 'Novi kontakt' });
    await add.waitFor();
    await add.getByRole('button', { name: 'Sačuvaj' }).click();
    assert.equal(await add.getByText('Obavezno polje', { exact: true }).count(), 2);
    await add.getByLabel(label('Kontakt')).fill('V');
    await add.getByRole('button', { name: 'Sačuvaj' }).click();
    await add.getByText('Mora imati najmanje 2 karaktera').waitFor();
    await add.getByLabel(label('Kontakt')).fill('+382 69 555 444');
    await choose(add, 'contact_type_id', 'Viber');
    const created = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/contacts' && res.request().method() === 'POST');
    await add.getByRole('button', { name: 'Sačuvaj' }).click();
    const res = await created;
    assert.equal(res.status(), 201);
    assert.deepEqual(JSON.parse(res.request().postData()), { contact: '+382 69 555 444', contact_type_id: 5, partner_id: 1001 });
    await add.waitFor({ state: 'hidden' });
    await rows.filter({ hasText: '+382 69 555 444' }).getByText('Viber').waitFor();

    await rows.filter({ hasText: '+382 69 555 444' }).getByRole('button', { name: 'Izmijeni' }).click();
    const edit = page.getByRole('dialog', { name: 'Izmjena kontakta' });
    await edit.waitFor();
    assert.equal(await edit.getByLabel(label('Kontakt')).inputValue(), '+382 69 555 444');
    await edit.getByLabel(label('Kontakt')).fill('+382 69 555 445');
    await choose(edit, 'contact_type_id', 'Mobilni');
    await edit.getByRole('button', { name: 'Sačuvaj' }).click();
    await edit.waitFor({ state: 'hidden' });
    const changed = rows.filter({ hasText: '+382 69 555 445' });
    await changed.getByText('Mobilni').waitFor();

    await changed.getByRole('button', { name: 'Deaktiviraj' }).click();
    let confirm = page.getByRole('dialog', { name: 'Deaktivacija' });
    await confirm.getByRole('button', { name: 'Potvrdi' }).click();
    await changed.locator('.p-tag', { hasText: 'Neaktivan' }).waitFor();
    await changed.getByRole('button', { name: 'Aktiviraj' }).click();
    confirm = page.getByRole('dialog', { name: 'Reaktivacija' });
    await confirm.getByRole('button', { name: 'Potvrdi' }).click();
    await changed.locator('.p-tag', { hasText: /^Aktivan$/ }).waitFor();
    await changed.getByRole('button', { name: 'Deaktiviraj' }).click();
    confirm = page.getByRole('dialog', { name: 'Deaktivacija' });
    await confirm.getByRole('button', { name: 'Potvrdi' }).click();
    await changed.locator('.p-tag', { hasText: 'Neaktivan' }).waitFor();
    await page.getByRole('dialog', { name: 'Deaktivacija' }).waitFor({ state: 'hidden' });
    await quietToasts();
    await shoot(page, 'partner-contacts');

    await contacts.locator('.p-dialog-footer').getByRole('button', { name: 'Zatvori' }).click();
    await contacts.waitFor({ state: 'hidden' });
    await form.getByRole('button', { name: 'Odustani' }).click();
    await form.waitFor({ state: 'hidden' });
  });

  it('deactivates and reactivates a partner', async () => {
    const off = await list.toggle('Primorka Budva');
    assert.equal(off.status(), 200);
    await list.row('Primorka Budva').locator('.p-tag', { hasText: 'Neaktivan' }).waitFor();
    const on = await list.toggle('Primorka Budva', 'Aktiviraj');
    assert.equal(on.status(), 200);
    await list.row('Primorka Budva').locator('.p-tag', { hasText: /^Aktivan$/ }).waitFor();
  });

  it('downloads Partners.xlsx for the current filters and sort', async () => {
    await list.filter('Grad', 'podgor');
    await list.waitForReport('1–1 / 1');
    let request = page.waitForRequest((req) => isDownload(req.url()));
    let download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Preuzmi Excel' }).click();
    assert.deepEqual(Object.fromEntries(new URL((await request).url()).searchParams), {
      sort: 'id',
      order: 'asc',
      city_name: 'podgor',
    });
    let file = await download;
    assert.equal(file.suggestedFilename(), 'Partners.xlsx');
    let bytes = readFileSync(await file.path());
    assert.equal(bytes.subarray(0, 2).toString('latin1'), 'PK');
    let sheet = readZip(bytes).find((e) => e.name === 'xl/worksheets/sheet1.xml').data.toString('utf8');
    assert.equal((sheet.match(/<row /g) ?? []).length, 2); // the header and Podgorica's partner
    assert.match(sheet, /Tehnomarket Podgorica/);

    await list.clearFilters();
    await list.waitForReport('1–10 / 11');
    request = page.waitForRequest((req) => isDownload(req.url()));
    download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Preuzmi Excel' }).click();
    assert.deepEqual(Object.fromEntries(new URL((await request).url()).searchParams), { sort: 'id', order: 'asc' });
    file = await download;
    assert.equal(file.suggestedFilename(), 'Partners.xlsx');
    bytes = readFileSync(await file.path());
    assert.equal(bytes.subarray(0, 2).toString('latin1'), 'PK');
    sheet = readZip(bytes).find((e) => e.name === 'xl/worksheets/sheet1.xml').data.toString('utf8');
    assert.equal((sheet.match(/<row /g) ?? []).length, 12);
    workbook = bytes;
  });

  it('uploads the downloaded file: as downloaded it changes nothing; with one address edited the preview says it updates one, and confirm saves it', async () => {
    assert.ok(workbook, 'the download test keeps the workbook');
    let dialog = await openUpload();
    let preview = await uploadPreview(dialog, 'Partners.xlsx', workbook);
    assert.equal(preview.status(), 200);
    // Every row equals its stored partner (ADR 0027): nothing to write, confirm stays off.
    await dialog.getByText('Fajl ne sadrži partnere za dodavanje ni izmjenu.').waitFor();
    assert.equal(await stat(dialog, 'updated'), '0');
    assert.equal(await stat(dialog, 'skipped'), '11');
    assert.equal(await dialog.getByRole('button', { name: 'Potvrdi' }).isDisabled(), true);
    await dialog.getByRole('button', { name: 'Odustani' }).click();
    await dialog.waitFor({ state: 'hidden' });

    dialog = await openUpload();
    preview = await uploadPreview(dialog, 'Partners.xlsx', editSheet(workbook, (xml) => setCell(xml, 'C2', 'Nova adresa 1')));
    assert.equal(preview.status(), 200);
    await dialog.getByText('Fajl je ispravan. Potvrdite da biste upisali promjene.').waitFor();
    assert.equal(await stat(dialog, 'added'), '0');
    assert.equal(await stat(dialog, 'updated'), '1');
    assert.equal(await stat(dialog, 'skipped'), '10');
    assert.equal(await stat(dialog, 'rejected'), '0');
    await dialog.getByTestId('import-file-name').getByText(/Partners\.xlsx/).waitFor();

    const saved = page.waitForResponse(isUpload);
    const reloaded = list.waitForList();
    await dialog.getByRole('button', { name: 'Potvrdi' }).click();
    const res = await saved;
    assert.equal(res.status(), 200);
    assert.equal(new URL(res.url()).searchParams.has('preview'), false);
    const done = await res.json();
    await page.getByText(`Uvoz je završen — dodato: ${done.added}, izmijenjeno: ${done.updated}`).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await reloaded;
    // The percent figure made the round trip unchanged.
    await list.row('Elektro Nikšić').locator('td', { hasText: '15%' }).waitFor();
  });

  it('previews a file with errors: problems translated, confirm disabled, nothing written', async () => {
    const broken = editSheet(workbook, (xml) =>
      appendRow(setCell(setCell(xml, 'I3', 'abc'), 'F4', 'Atlantida'), [
        '3001',
        'Novi iz Excela',
        'Adresa 1',
        '',
        '',
        'Bar',
        '',
        '1',
        '2',
        '3',
        '4',
        '5',
        '6',
        'Rasvjeta',
        '',
      ]),
    );
    const dialog = await openUpload();
    // The type is checked before anything is sent.
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'partners.csv', mimeType: 'text/csv', buffer: Buffer.from('id,name') });
    await dialog.getByText('Fajl mora biti .xlsx ili .xls').waitFor();

    await uploadPreview(dialog, 'Partners-greske.xlsx', broken);
    await dialog.getByText(/Ništa se ne upisuje dok fajl ima grešaka/).waitFor();
    assert.equal(await stat(dialog, 'added'), '1');
    // Row 2 differs from its partner since the address was saved above; the other eight match theirs.
    assert.equal(await stat(dialog, 'updated'), '1');
    assert.equal(await stat(dialog, 'skipped'), '8');
    assert.equal(await stat(dialog, 'rejected'), '2');
    const problems = await dialog
      .locator('.import-problems tbody tr')
      .evaluateAll((rows) => rows.map((r) => [...r.cells].map((c) => c.innerText.trim())));
    assert.deepEqual(problems, [
      ['3', 'Dug', 'Dug mora biti broj.'],
      ['4', 'Grad', 'Grad ne postoji.'],
    ]);
    assert.equal(await dialog.getByRole('button', { name: 'Potvrdi' }).isDisabled(), true);
    await quietToasts();
    await shoot(page, 'partners-upload-problems');

    await dialog.getByRole('button', { name: 'Odustani' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const check = await api.call('GET', '/api/partners?page=1&per_page=10&id=3001', { token });
    assert.equal(check.headers.get('x-total-count'), '0');
    const nik = await api.call('GET', '/api/partners/1002', { token });
    assert.equal(nik.body[0].debt, '1550');
    assert.deepEqual(page.problems, []);
  });
});
