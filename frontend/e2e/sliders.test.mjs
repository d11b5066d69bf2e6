import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { apiClient, launchBrowser, listHeaders, listScreen, newPage, shoot, signIn, startServer } from './harness.mjs';
import { makePng } from './images.mjs';
import { readZip } from './xlsx.mjs';

const isSave = (res) => /^\/api\/sliders(\/\d+)?$/.test(new URL(res.url()).pathname) && res.request().method() === 'POST';
const isContentImage = (res) => new URL(res.url()).pathname === '/api/sliderWysWygImages';
const isVisibility = (res) => /^\/api\/sliders\/activate\/\d+$/.test(new URL(res.url()).pathname);
const isPartners = (res) => /^\/api\/sliders\/\d+\/partners$/.test(new URL(res.url()).pathname);
const CONTENT_IMAGE = /<img src="\/api\/images\/sliders\/[0-9a-f]+\.(png|jpg)"/g;

// Sliders over the demo data: banners, two promotions with orders and two seminars with
// sign-ups (partners 1001–1010, app password partner1234), driven through the panel, with the
// partners' sign-ups and orders made through the partner app's API.
describe('sliders', () => {
  let server;
  let browser;
  let page;
  let list;
  let api;
  /** App tokens by partner id. */
  const appTokens = new Map();
  /** The sliders this test adds, by type. */
  const added = {};

  const select = (dialog, name) => dialog.locator('.p-dropdown').filter({ has: page.locator(`#field-${name}`) });

  async function chooseType(dialog, type) {
    await select(dialog, 'type').click();
    await page.getByRole('option', { name: type, exact: true }).click();
  }

  async function chooseCategories(dialog, names) {
    await dialog.getByRole('button', { name: /kategorije$/i }).click();
    const picker = page.getByRole('dialog', { name: 'Izbor kategorija' });
    await picker.waitFor();
    const search = picker.getByRole('textbox', { name: 'Naziv — Pretraga' });
    for (const name of names) {
      await search.fill(name);
      await search.press('Enter');
      const row = picker.locator('tbody tr', { hasText: name });
      await row.waitFor();
      await row.locator('.p-checkbox').click();
      await row.locator('[data-p-highlight="true"]').first().waitFor();
    }
    await picker.getByRole('button', { name: 'Potvrdi' }).click();
    await picker.waitFor({ state: 'hidden' });
  }

  const editor = (dialog) => dialog.getByRole('textbox', { name: 'Sadržaj stranice' });

  /** Types into the rich-text editor at its end. */
  async function typeContent(dialog, text) {
    await editor(dialog).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(text);
  }

  /** Chooses an image through the editor's toolbar; resolves with the upload's answer. */
  async function insertContentImage(dialog, file) {
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Umetni sliku' }).click();
    const uploaded = page.waitForResponse(isContentImage);
    await (await chooser).setFiles(file);
    return uploaded;
  }

  /** A day of next month as the calendar names its cell (d.m.yyyy.) and as the API sends it. */
  function nextMonthDay(day) {
    const now = new Date();
    const date = new Date(now.getFullYear(), now.getMonth() + 1, day);
    const iso = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    return { label: `${day}.${date.getMonth() + 1}.${date.getFullYear()}.`, iso };
  }

  /** Days of next month in the seminar's calendar (never before today). */
  async function pickSeminarDays(dialog, days) {
    const calendar = dialog.locator('.multi-date__calendar');
    await calendar.locator('.p-datepicker-next').click();
    for (const day of days) {
      const cell = calendar.locator(`td[aria-label="${nextMonthDay(day).label}"]`);
      await cell.locator('span').click();
      await cell.and(page.locator('[aria-selected="true"]')).waitFor();
    }
  }

  async function save(dialog) {
    const answered = page.waitForResponse(isSave);
    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    return answered;
  }

  async function openAdd() {
    await page.getByRole('button', { name: 'Dodaj', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Novi slajder' });
    await dialog.waitFor();
    return dialog;
  }

  async function openEdit(name) {
    await list.filter('Naziv', name);
    await list.row(name).getByRole('button', { name: 'Izmijeni' }).click();
    const dialog = page.getByRole('dialog', { name: 'Izmjena slajdera' });
    await dialog.waitFor();
    return dialog;
  }

  async function appToken(partnerId) {
    if (!appTokens.has(partnerId)) {
      const res = await api.call('POST', '/api/app/login', { body: { partner_id: partnerId, password: 'partner1234' } });
      assert.equal(res.status, 200, `app login ${partnerId}: ${JSON.stringify(res.body)}`);
      appTokens.set(partnerId, res.body.token);
    }
    return appTokens.get(partnerId);
  }

  const sliderId = async (name) => {
    const res = await list.filter('Naziv', name);
    const rows = await res.json();
    return rows.find((s) => s.name === name).id;
  };

  before(async () => {
    server = await startServer({ seedDemo: true });
    browser = await launchBrowser();
    page = await newPage(browser, server.baseURL);
    list = listScreen(page, 'sliders');
    api = apiClient(server.baseURL);
    await signIn(page, 'admin', server.adminPassword);
  });

  after(async () => {
    await page?.context().close();
    await browser?.close();
    await server?.stop();
  });

  it('lists the demo sliders newest first, with the actions of each type, and filters by type', async () => {
    await page.locator('a.home-card[data-card="sliders"]').click();
    await page.waitForURL('**/sliders');
    await list.row('Zimska akcija alata').waitFor();
    assert.deepEqual(await listHeaders(page), ['POSLJEDNJA IZMJENA', 'NAZIV', 'KATEGORIJE', 'TIP', 'PRIKAZ', 'AKTIVAN', 'AKCIJE']);
    assert.equal(await list.report().innerText(), '1–7 / 7');
    const actions = async (name) =>
      list.row(name).locator('.list-actions button').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
    assert.deepEqual(await actions('Zimska akcija alata'), ['Porudžbine', 'Sakrij', 'Detalji', 'Izmijeni', 'Deaktiviraj']);
    assert.deepEqual(await actions('Seminar: elektroinstalacije u praksi'), [
      'Prijavljeni partneri',
      'Sakrij',
      'Detalji',
      'Izmijeni',
      'Deaktiviraj',
    ]);
    assert.deepEqual(await actions('Stara jesenja akcija'), ['Prikaži', 'Izmijeni', 'Deaktiviraj']);
    await list.row('Stara jesenja akcija').locator('.p-tag', { hasText: 'Skriven' }).waitFor();
    await shoot(page, 'sliders');

    const filtered = list.waitForList();
    await page.locator('.list-filter__select', { has: page.locator('[aria-label="Tip"]') }).click();
    await page.getByRole('option', { name: 'Seminar', exact: true }).click();
    assert.equal(new URL((await filtered).url()).searchParams.get('type'), '3');
    await list.waitForReport('1–2 / 2');
    await list.clearFilters();
    await list.waitForReport('1–7 / 7');
  });

  it('shows every validation message, refuses bad images before uploading, and sends nothing', async () => {
    let posted = 0;
    const countPosts = (req) => {
      if (req.method() === 'POST' && /\/api\/(sliders|sliderWysWygImages)$/.test(req.url())) posted += 1;
    };
    page.on('request', countPosts);
    const dialog = await openAdd();

    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    await page.getByText('Morate popuniti obavezna polja').first().waitFor();
    assert.equal(await dialog.getByText('Obavezno polje').count(), 2); // name, type
    await dialog.getByText('Morate izabrati sliku u formatu jpg, jpeg ili png').waitFor();

    await dialog.getByLabel(/^Naziv/).fill('S');
    await chooseType(dialog, 'Seminar');
    await dialog.locator('#field-image').setInputFiles({ name: 'upute.txt', mimeType: 'text/plain', buffer: Buffer.from('nije slika') });
    await dialog.getByLabel('Pošalji notifikaciju').check();
    await dialog.getByLabel(/^Tekst notifikacije/).fill('x');
    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    await dialog.getByText('Izaberite bar jedan datum').waitFor();
    assert.equal(await dialog.getByText('Mora imati najmanje 2 karaktera').count(), 2); // name, notification text
    await dialog.getByText('Morate izabrati sliku u formatu jpg, jpeg ili png').waitFor();

    // The editor's image: over 5,242,880 bytes, or not jpg/png, is refused here.
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Umetni sliku' }).click();
    await (await chooser).setFiles({ name: 'velika.png', mimeType: 'image/png', buffer: Buffer.alloc(5_242_881, 1) });
    await dialog.locator('.rich-text').getByText('Slika ne smije biti veća od 5 MB').waitFor();
    const chooser2 = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Umetni sliku' }).click();
    await (await chooser2).setFiles({ name: 'animacija.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await dialog.locator('.rich-text').getByText('Slika mora biti u formatu jpg, jpeg ili png').waitFor();

    // A link takes only http, https or mailto.
    await dialog.getByRole('button', { name: 'Veza' }).click();
    const link = page.getByRole('dialog', { name: 'Veza' });
    await link.getByLabel('Adresa').fill('javascript:alert(1)');
    await link.getByRole('button', { name: 'Potvrdi' }).click();
    await link.getByText('Unesite adresu koja počinje sa http://, https:// ili mailto:').waitFor();
    await shoot(page, 'slider-link-invalid');
    await link.getByRole('button', { name: 'Odustani' }).click();
    await link.waitFor({ state: 'hidden' });
    await shoot(page, 'slider-dialog-invalid');

    // Everything else right but no category: the error dialog of spec §5, and still nothing sent.
    await dialog.getByLabel(/^Naziv/).fill('Seminar bez kategorije');
    await dialog.getByLabel(/^Tekst notifikacije/).fill('Prijavite se');
    await dialog.locator('#field-image').setInputFiles({ name: 'baner.png', mimeType: 'image/png', buffer: makePng(640, 240) });
    await pickSeminarDays(dialog, [12]);
    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    const error = page.getByRole('dialog', { name: 'Greška' });
    await error.getByText('Morate izabrati minimum 1 kategoriju').waitFor();
    await shoot(page, 'slider-no-category');
    await error.getByRole('button', { name: 'U redu' }).click();
    await error.waitFor({ state: 'hidden' });
    assert.equal(await dialog.getByLabel(/^Naziv/).inputValue(), 'Seminar bez kategorije', 'what was typed stays');
    assert.equal(posted, 0);
    page.off('request', countPosts);

    await dialog.getByRole('button', { name: 'Odustani' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('adds a Slika, a Promocija and a Seminar, pages written in the editor with an image', async () => {
    // Slika: name, type, banner, categories.
    let dialog = await openAdd();
    await dialog.getByLabel(/^Naziv/).fill('Ljetni baner: rasvjeta');
    await chooseType(dialog, 'Slika');
    assert.equal(await dialog.getByRole('toolbar').count(), 0, 'a banner has no page');
    await dialog.locator('#field-image').setInputFiles({ name: 'baner.png', mimeType: 'image/png', buffer: makePng(960, 320) });
    await chooseCategories(dialog, ['Rasvjeta']);
    let res = await save(dialog);
    assert.equal(res.status(), 201);
    added.slika = await res.json();
    assert.equal(added.slika.type, 1);
    assert.equal(added.slika.page_content, '');
    await page.getByText('Uspješno dodavanje').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await list.row('Ljetni baner: rasvjeta').waitFor();

    // Promocija: the extra image, the page with a heading, bold text, a link and an image, a push.
    dialog = await openAdd();
    await dialog.getByLabel(/^Naziv/).fill('Akcija kosilica');
    await chooseType(dialog, 'Promocija');
    await dialog.locator('#field-image').setInputFiles({ name: 'baner.png', mimeType: 'image/png', buffer: makePng(960, 320, [234, 88, 12], [250, 204, 21]) });
    await dialog
      .locator('#field-wyswygimg')
      .setInputFiles({ name: 'dodatna.png', mimeType: 'image/png', buffer: makePng(400, 240, [22, 163, 74], [163, 230, 53]) });
    await typeContent(dialog, 'Kosilice na akciji');
    await dialog.getByRole('button', { name: 'Naslov 2' }).click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Popust ');
    await dialog.getByRole('button', { name: 'Podebljano' }).click();
    await page.keyboard.type('25 %');
    await dialog.getByRole('button', { name: 'Podebljano' }).click();
    await page.keyboard.type(' do kraja mjeseca: ');
    await dialog.getByRole('button', { name: 'Veza' }).click();
    const link = page.getByRole('dialog', { name: 'Veza' });
    await link.getByLabel('Adresa').fill('https://vitrina.me/kosilice');
    await link.getByLabel('Adresa').press('Enter');
    await link.waitFor({ state: 'hidden' });
    const upload = await insertContentImage(dialog, { name: 'kosilica.png', mimeType: 'image/png', buffer: makePng(600, 300) });
    assert.equal(upload.status(), 201);
    const { link: imageLink } = await upload.json();
    await dialog.locator('.rich-text__image').waitFor();
    await dialog.getByLabel('Pošalji notifikaciju').check();
    await dialog.getByLabel(/^Tekst notifikacije/).fill('Kosilice 25 % jeftinije');
    await chooseCategories(dialog, ['Baštenski program']);
    await dialog.locator('.rich-text').scrollIntoViewIfNeeded();
    await shoot(page, 'slider-dialog-promotion');
    res = await save(dialog);
    assert.equal(res.status(), 201);
    added.promo = await res.json();
    assert.equal(added.promo.type, 2);
    assert.match(added.promo.page_content, /<h2>Kosilice na akciji<\/h2>/);
    assert.match(added.promo.page_content, /<strong>25 %<\/strong>/);
    assert.match(added.promo.page_content, /<a href="https:\/\/vitrina\.me\/kosilice"[^>]*>https:\/\/vitrina\.me\/kosilice<\/a>/);
    assert.ok(added.promo.page_content.includes(`<img src="${imageLink}"`), added.promo.page_content);
    assert.match(added.promo.wyswygimg_url, /^\/api\/images\/sliders\//);
    assert.equal(added.promo.push_notification, true);
    assert.equal(added.promo.notification_text, 'Kosilice 25 % jeftinije');
    await dialog.waitFor({ state: 'hidden' });

    // Seminar: two days of next month, a page with an image.
    dialog = await openAdd();
    await dialog.getByLabel(/^Naziv/).fill('Seminar: baštenski alati');
    await chooseType(dialog, 'Seminar');
    await dialog.locator('#field-image').setInputFiles({ name: 'baner.png', mimeType: 'image/png', buffer: makePng(960, 320, [124, 58, 237], [236, 72, 153]) });
    await pickSeminarDays(dialog, [10, 17]);
    const chosen = dialog.getByRole('list', { name: /Datumi seminara/ }).getByRole('listitem');
    assert.equal(await chosen.count(), 2);
    await typeContent(dialog, 'Prijave do petka, broj mjesta je ograničen.');
    await insertContentImage(dialog, { name: 'sala.png', mimeType: 'image/png', buffer: makePng(500, 280, [14, 116, 144], [45, 212, 191]) });
    await dialog.locator('.rich-text__image').waitFor();
    await chooseCategories(dialog, ['Baštenski program', 'Boje i lakovi']);
    await dialog.locator('.multi-date').scrollIntoViewIfNeeded();
    await shoot(page, 'slider-dialog-seminar');
    res = await save(dialog);
    assert.equal(res.status(), 201);
    added.seminar = await res.json();
    assert.equal(added.seminar.type, 3);
    assert.deepEqual(added.seminar.dates, [nextMonthDay(10).iso, nextMonthDay(17).iso]);
    assert.match(added.seminar.page_content, CONTENT_IMAGE);
    await dialog.waitFor({ state: 'hidden' });

    // The details show the page as its HTML, the image loaded.
    await list.filter('Naziv', 'Akcija kosilica');
    await list.row('Akcija kosilica').getByRole('button', { name: 'Detalji' }).click();
    const details = page.getByRole('dialog', { name: 'Detalji: Akcija kosilica' });
    const content = details.getByTestId('details-content');
    await content.getByRole('heading', { level: 2, name: 'Kosilice na akciji' }).waitFor();
    await content.getByRole('link', { name: 'https://vitrina.me/kosilice' }).waitFor();
    const loaded = await content.locator('img').evaluate(
      (img) => img.complete || new Promise((ok) => img.addEventListener('load', () => ok(true), { once: true })),
    );
    assert.ok(loaded);
    assert.ok(await content.locator('img').evaluate((img) => img.naturalWidth > 0));
    await shoot(page, 'slider-details');
    await details.getByRole('button', { name: 'Zatvori' }).last().click();
    await details.waitFor({ state: 'hidden' });
    await list.clearFilters();
  });

  it('edits with “Ukloni staru sliku”: the old images go, the one added in this edit stays', async () => {
    // A banner has no content: no such checkbox.
    let dialog = await openEdit('Ljetni baner: rasvjeta');
    assert.equal(await dialog.getByText('Ukloni staru sliku').count(), 0);
    await dialog.getByRole('button', { name: 'Odustani' }).click();
    await dialog.waitFor({ state: 'hidden' });

    dialog = await openEdit('Akcija kosilica');
    await editor(dialog).locator('.rich-text__image').waitFor();
    const oldImages = added.promo.page_content.match(CONTENT_IMAGE);
    const upload = await insertContentImage(dialog, { name: 'nova.png', mimeType: 'image/png', buffer: makePng(300, 200, [190, 18, 60], [251, 113, 133]) });
    const { link: newImage } = await upload.json();
    await dialog.getByLabel('Ukloni staru sliku').check();
    await shoot(page, 'slider-dialog-remove-old');
    const res = await save(dialog);
    assert.equal(res.status(), 200);
    const saved = await res.json();
    for (const old of oldImages) assert.ok(!saved.page_content.includes(old), `${old} removed`);
    assert.ok(saved.page_content.includes(`<img src="${newImage}"`), 'the new image stays');
    assert.equal(saved.wyswygimg, null, 'the stored extra image goes too');
    assert.match(saved.page_content, /Kosilice na akciji/);
    await page.getByText('Uspješna izmjena').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await list.clearFilters();
  });

  it('clears the end of the window when it is not after the start, and refuses a type change of a slider with orders (435)', async () => {
    const dialog = await openEdit('Zimska akcija alata');
    const end = dialog.getByLabel('Prikazuje se do');
    assert.notEqual(await end.inputValue(), '', 'the demo promotion ends in 30 days');
    // A start after the end: pick a day two months ahead.
    await dialog.getByLabel('Prikazuje se od').click();
    const panel = page.locator('.form-date-panel');
    await panel.waitFor();
    await panel.locator('.p-datepicker-next').click();
    await panel.locator('.p-datepicker-next').click();
    const now = new Date();
    const later = new Date(now.getFullYear(), now.getMonth() + 2, 15);
    await panel.locator(`td[aria-label="15.${later.getMonth() + 1}.${later.getFullYear()}."] > span`).click();
    await panel.waitFor({ state: 'hidden' });
    await dialog.getByText('Datum završetka je obrisan jer nije bio poslije početka.').waitFor();
    assert.equal(await end.inputValue(), '');

    await chooseType(dialog, 'Slika');
    const res = await save(dialog);
    assert.equal(res.status(), 435);
    const error = page.getByRole('dialog', { name: 'Greška' });
    await error.getByText('Izmjene zabranjene, koristi se u evidencijama').waitFor();
    await error.getByText('Slajder ima prijave ili porudžbine partnera.').waitFor();
    await shoot(page, 'slider-435');
    await error.getByRole('button', { name: 'U redu' }).click();
    await error.waitFor({ state: 'hidden' });
    assert.equal(await dialog.getByLabel(/^Naziv/).inputValue(), 'Zimska akcija alata');
    await dialog.getByRole('button', { name: 'Odustani' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await list.clearFilters();
  });

  it('shows and hides behind their confirmations; an inactive slider cannot be shown', async () => {
    const name = 'Ljetni baner: rasvjeta';
    await list.filter('Naziv', name);
    await list.row(name).getByRole('button', { name: 'Sakrij' }).click();
    let confirm = page.getByRole('dialog', { name: 'Skrivanje slajdera' });
    await confirm.getByText(`Da li ste sigurni da želite da sakrijete „${name}” od partnera?`).waitFor();
    await shoot(page, 'slider-hide-confirm');
    let answered = page.waitForResponse(isVisibility);
    await confirm.getByRole('button', { name: 'Potvrdi' }).click();
    assert.deepEqual(await (await answered).json(), { is_visible: false });
    await list.row(name).locator('.p-tag', { hasText: 'Skriven' }).waitFor();

    await list.row(name).getByRole('button', { name: 'Prikaži' }).click();
    confirm = page.getByRole('dialog', { name: 'Prikazivanje slajdera' });
    answered = page.waitForResponse(isVisibility);
    await confirm.getByRole('button', { name: 'Potvrdi' }).click();
    assert.deepEqual(await (await answered).json(), { is_visible: true });
    await list.row(name).locator('.p-tag', { hasText: 'Prikazan' }).waitFor();

    // Deactivated and hidden, it cannot be shown: the server's reason, translated.
    const off = await list.toggle(name);
    assert.equal(off.status(), 200);
    await list.row(name).locator('.p-tag', { hasText: 'Neaktivan' }).waitFor();
    await list.row(name).getByRole('button', { name: 'Sakrij' }).click();
    answered = page.waitForResponse(isVisibility);
    await page.getByRole('dialog', { name: 'Skrivanje slajdera' }).getByRole('button', { name: 'Potvrdi' }).click();
    assert.equal((await answered).status(), 200, 'hiding is always allowed');
    await list.row(name).locator('.p-tag', { hasText: 'Skriven' }).waitFor();
    await list.row(name).getByRole('button', { name: 'Prikaži' }).click();
    answered = page.waitForResponse(isVisibility);
    await page.getByRole('dialog', { name: 'Prikazivanje slajdera' }).getByRole('button', { name: 'Potvrdi' }).click();
    assert.equal((await answered).status(), 422);
    const error = page.getByRole('dialog', { name: 'Greška u unosu' });
    await error.getByText('Neaktivan slajder ne može biti prikazan.').waitFor();
    await shoot(page, 'slider-show-refused');
    await error.getByRole('button', { name: 'U redu' }).click();
    await error.waitFor({ state: 'hidden' });
    await list.row(name).locator('.p-tag', { hasText: 'Skriven' }).waitFor();

    const on = await list.toggle(name, 'Aktiviraj');
    assert.equal(on.status(), 200);
    await list.row(name).locator('.p-tag', { hasText: /^Aktivan$/ }).waitFor();
    await list.clearFilters();
  });

  it('lists a seminar’s sign-ups made in the partner app and confirms the chosen ones', async () => {
    const { id, dates } = added.seminar;
    // Partners of the seminar's categories sign up in the app: Gradnja Bar (1003) for both days,
    // Primorka Budva (1004) for the first, Boka Kotor (1008) for the second.
    for (const [partner, days] of [
      [1003, dates],
      [1004, [dates[0]]],
      [1008, [dates[1]]],
    ]) {
      const shown = await api.call('GET', '/api/app/sliders', { token: await appToken(partner) });
      assert.ok(shown.body.some((s) => s.id === id), `partner ${partner} sees the seminar`);
      const signup = await api.call('POST', `/api/app/sliders/${id}/signup`, { token: await appToken(partner), body: { dates: days } });
      assert.equal(signup.status, 200, JSON.stringify(signup.body));
    }

    await list.filter('Naziv', 'Seminar: baštenski alati');
    const loaded = page.waitForResponse(isPartners);
    await list.row('Seminar: baštenski alati').getByRole('button', { name: 'Prijavljeni partneri' }).click();
    const dialog = page.getByRole('dialog', { name: 'Prijavljeni partneri na seminar' });
    const rows = await (await loaded).json();
    assert.deepEqual(
      rows.map((r) => [r.id, r.all_dates]),
      [
        [1003, dates],
        [1004, [dates[0]]],
        [1008, [dates[1]]],
      ],
    );
    const row = (pid) => dialog.locator('tbody tr', { hasText: String(pid) });
    await row(1003).getByText(nextMonthDay(10).label, { exact: true }).waitFor();
    await row(1003).getByText(nextMonthDay(17).label, { exact: true }).waitFor();
    await row(1004).getByText('Nije potvrđen').waitFor();
    assert.ok(await dialog.getByRole('button', { name: 'Potvrdi' }).isDisabled());

    await row(1003).locator('.p-checkbox').click();
    await row(1004).locator('.p-checkbox').click();
    await dialog.getByText('Izabrano: 2').waitFor();
    await shoot(page, 'slider-signups');
    const confirmed = page.waitForResponse((res) => new URL(res.url()).pathname === `/api/sliders/${id}/confirm`);
    const refreshed = page.waitForResponse(isPartners);
    await dialog.getByRole('button', { name: 'Potvrdi' }).click();
    const answer = await confirmed;
    assert.deepEqual(answer.request().postDataJSON(), { partners: [1003, 1004] });
    assert.deepEqual(await answer.json(), { confirmed: 2 });
    await page.getByText('Potvrđenih prijava: 2').first().waitFor();
    await refreshed;
    await row(1003).getByText('Potvrđen', { exact: true }).waitFor();
    await row(1004).getByText('Potvrđen', { exact: true }).waitFor();
    await row(1008).getByText('Nije potvrđen').waitFor();
    await dialog.getByText('Izabrano: 0').waitFor();
    // The partner's app sees it confirmed.
    const mine = (await api.call('GET', '/api/app/sliders', { token: await appToken(1004) })).body.find((s) => s.id === id);
    assert.equal(mine.my_confirmed, true);

    // Excel of what the dialog shows: filtered by name.
    const search = dialog.getByRole('textbox', { name: 'Naziv — Pretraga' });
    await search.fill('Boka');
    const filtered = page.waitForResponse(isPartners);
    await search.press('Enter');
    assert.deepEqual(
      (await (await filtered).json()).map((r) => r.id),
      [1008],
    );
    const download = page.waitForEvent('download');
    const request = page.waitForRequest((req) => new URL(req.url()).pathname === `/api/sliders/${id}/partners/excel`);
    await dialog.getByRole('button', { name: 'Preuzmi Excel' }).click();
    assert.deepEqual(Object.fromEntries(new URL((await request).url()).searchParams), {
      sort: 'id',
      order: 'asc',
      name: 'Boka',
    });
    const file = await download;
    assert.equal(file.suggestedFilename(), 'Partners.xlsx');
    const entries = readZip(readFileSync(await file.path()));
    const sheet = entries.find((e) => e.name === 'xl/worksheets/sheet1.xml').data.toString('utf8');
    const strings = entries.find((e) => e.name === 'xl/sharedStrings.xml')?.data.toString('utf8') ?? '';
    assert.equal((sheet.match(/<row /g) ?? []).length, 2, 'the header and the one partner shown');
    assert.ok(`${sheet}${strings}`.includes('Boka Kotor'));
    await dialog.getByRole('button', { name: 'Zatvori' }).last().click();
    await dialog.waitFor({ state: 'hidden' });
    await list.clearFilters();
  });

  it('lists a promotion’s orders made in the partner app, with the total quantity', async () => {
    const name = 'Zimska akcija alata';
    const id = await sliderId(name);
    // In the app, Tehnomarket (1001) orders 5 instead of its 12 and Lovćen Trade (1005) withdraws.
    for (const [partner, quantity] of [
      [1001, 5],
      [1005, 0],
    ]) {
      const order = await api.call('POST', `/api/app/sliders/${id}/order`, { token: await appToken(partner), body: { quantity } });
      assert.equal(order.status, 200, JSON.stringify(order.body));
    }

    const loaded = page.waitForResponse(isPartners);
    await list.row(name).getByRole('button', { name: 'Porudžbine' }).click();
    const dialog = page.getByRole('dialog', { name: 'Partneri koji su poručili promotivni proizvod' });
    const response = await loaded;
    assert.equal(new URL(response.url()).searchParams.get('ordered'), '1');
    assert.deepEqual(
      (await response.json()).map((r) => [r.id, r.quantity]),
      [
        [1001, 5],
        [1009, 7],
      ],
    );
    await dialog.getByTestId('total-quantity').getByText('Ukupno poručeno: 12').waitFor();
    assert.deepEqual(await dialog.locator('thead tr').first().locator('th').allInnerTexts(), [
      'ID',
      'NAZIV',
      'KATEGORIJE',
      'KOLIČINA',
    ]);
    assert.equal(await dialog.locator('tbody .p-checkbox').count(), 0, 'nothing to confirm in orders');
    await shoot(page, 'slider-orders');

    const download = page.waitForEvent('download');
    const request = page.waitForRequest((req) => new URL(req.url()).pathname === `/api/sliders/${id}/partners/excel`);
    await dialog.getByRole('button', { name: 'Preuzmi Excel' }).click();
    assert.equal(new URL((await request).url()).searchParams.get('ordered'), '1');
    const file = await download;
    assert.equal(file.suggestedFilename(), 'Partners.xlsx');
    const sheet = readZip(readFileSync(await file.path()))
      .find((e) => e.name === 'xl/worksheets/sheet1.xml')
      .data.toString('utf8');
    assert.equal((sheet.match(/<row /g) ?? []).length, 3, 'the header and the two orders');
    await dialog.getByRole('button', { name: 'Zatvori' }).last().click();
    await dialog.waitFor({ state: 'hidden' });
    await list.clearFilters();
  });

  it('has no page errors', () => {
    assert.deepEqual(page.problems, []);
  });
});
