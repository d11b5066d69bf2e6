import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiClient, launchBrowser, listHeaders, listScreen, newPage, shoot, signIn, startServer } from './harness.mjs';

const TILE_ERROR = /ERR_INTERNET_DISCONNECTED/;

// Stores over the demo catalog (14 stores in Montenegrin cities) with the map offline: every
// request to the tile server fails, as it does on a machine without internet.
describe('stores', () => {
  let server;
  let browser;
  let api;
  let token;
  let page;
  let list;
  let tileRequests = 0;

  const isSave = (res) => /\/api\/stores(\/\d+)?$/.test(new URL(res.url()).pathname) && ['POST', 'PUT'].includes(res.request().method());
  const coordinates = async (dialog) => [
    Number(await dialog.getByLabel('Geografska širina').inputValue()),
    Number(await dialog.getByLabel('Geografska dužina').inputValue()),
  ];

  /** Waits until the dialog's opening animation is over, so boxes no longer move. */
  const settled = (dialog) => dialog.and(page.locator('.p-dialog-enter-done')).waitFor();

  /** The centre of the marker's tip, where it points. */
  async function markerTip(dialog) {
    const box = await dialog.locator('.store-pin').boundingBox();
    return { x: box.x + box.width / 2, y: box.y + box.height };
  }

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
    list = listScreen(page, 'stores');
    await signIn(page, 'admin', server.adminPassword);
  });

  after(async () => {
    await page?.context().close();
    await browser?.close();
    await server?.stop();
  });

  it('lists stores by city, pages and filters', async () => {
    const first = await list.open();
    assert.deepEqual(Object.fromEntries(new URL(first.url()).searchParams), {
      page: '1',
      per_page: '10',
      sort: 'city_name',
      order: 'asc',
    });
    await list.row('Jovana Tomaševića 12').waitFor();
    assert.deepEqual(await listHeaders(page), ['GRAD', 'ADRESA', 'KONTAKT', 'AKTIVAN', 'AKCIJE']);
    assert.equal(await list.report().innerText(), '1–10 / 14');
    await shoot(page, 'stores');
    await page.getByRole('button', { name: 'Strana 2' }).click();
    await list.waitForReport('11–14 / 14');

    const filtered = await list.filter('Grad', 'podgor');
    assert.equal(new URL(filtered.url()).searchParams.get('city_name'), 'podgor');
    await list.waitForReport('1–1 / 1');
    // Filters combine: Podgorica's store has no Bar phone number.
    await list.filter('Kontakt', '+382 22');
    await page.getByText('Nema podataka').waitFor();
    assert.equal(await list.rows().count(), 0);
    await list.clearFilters();
    await list.waitForReport('1–10 / 14');
  });

  it('validates the store form and shows the offline map', async () => {
    await page.getByRole('button', { name: 'Dodaj' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova prodavnica' });
    await dialog.waitFor();
    await dialog.locator('.leaflet-container').waitFor();
    // Tiles were asked for and failed; the map says so and stays usable.
    await dialog.getByText('Satelitski snimak nije dostupan. Marker i koordinate i dalje rade.').waitFor();
    assert.ok(tileRequests > 0);
    await dialog.getByText('Kliknite na mapu da postavite prodavnicu').waitFor();

    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    await page.getByText('Morate popuniti obavezna polja').first().waitFor();
    assert.equal(await dialog.getByText('Obavezno polje').count(), 3);
    await dialog.getByText('Izaberite poziciju na mapi').waitFor();
    await dialog.getByLabel('Kontakt').fill('x');
    await dialog.getByText('Mora imati najmanje 2 karaktera').waitFor();
    await dialog.getByLabel('Geografska širina').fill('95');
    await dialog.getByLabel('Geografska dužina').fill('19.3');
    await dialog.getByText('Geografska širina mora biti broj između -90 i 90').waitFor();
    await shoot(page, 'store-dialog-invalid');
    await dialog.getByLabel('Geografska širina').fill('');
    await dialog.getByLabel('Geografska dužina').fill('');
    await dialog.getByRole('button', { name: 'Odustani' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('places a new store by clicking on the map and saves it', async () => {
    await page.getByRole('button', { name: 'Dodaj' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova prodavnica' });
    await dialog.waitFor();
    assert.equal(await dialog.getByLabel('Geografska širina').inputValue(), '', 'a fresh form');
    await dialog.locator('.p-dropdown').click();
    await page.getByRole('option', { name: 'Podgorica' }).click();
    await dialog.getByLabel('Adresa').fill('Hercegovačka 48');
    await dialog.getByLabel('Kontakt').fill('+382 20 000 111');

    // The map opens on Montenegro (42.7, 19.3) at zoom 7; a click in the middle lands there.
    // The previous test's snackbar shows at the top while a dialog is open: let it go first.
    await settled(dialog);
    await page.waitForFunction(() => document.querySelectorAll('.p-toast-message').length === 0);
    const map = dialog.locator('.store-map__map');
    const box = await map.boundingBox();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await dialog.locator('.store-pin').waitFor();
    const [lat, lng] = await coordinates(dialog);
    assert.ok(Math.abs(lat - 42.7) < 0.02 && Math.abs(lng - 19.3) < 0.02, `clicked at ${lat}, ${lng}`);
    const tip = await markerTip(dialog);
    assert.ok(Math.abs(tip.x - (box.x + box.width / 2)) <= 2 && Math.abs(tip.y - (box.y + box.height / 2)) <= 2, 'the pin points at the click');

    // Clicking elsewhere moves it: 100 px left and 50 px up is west and north. A second click
    // within the double-click interval would be a double click (a zoom) to the browser. This
    // pause is the interval itself (500 ms in Chromium), not a wait for the page: a slower
    // machine does not need a longer one.
    await page.waitForTimeout(600);
    await page.mouse.click(box.x + box.width / 2 - 100, box.y + box.height / 2 - 50);
    await page.waitForFunction(
      ([latBefore]) => Number(document.querySelector('#field-lat').value) > latBefore,
      [lat],
    );
    const [lat2, lng2] = await coordinates(dialog);
    assert.ok(lat2 > lat && lng2 < lng, `moved to ${lat2}, ${lng2}`);
    await shoot(page, 'store-dialog');

    const saved = page.waitForResponse(isSave);
    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    const res = await saved;
    assert.equal(res.status(), 201);
    const body = JSON.parse(res.request().postData());
    assert.deepEqual(
      { ...body, city_id: typeof body.city_id },
      {
        city_id: 'number',
        address: 'Hercegovačka 48',
        contact: '+382 20 000 111',
        lat: lat2,
        lng: lng2,
      },
    );
    await page.getByText('Uspješno dodavanje').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await list.filter('Adresa', 'hercegovačka');
    await list.row('Hercegovačka 48').getByText('Podgorica').waitFor();
  });

  it('edits the store: the marker starts at the saved position, dragging and typing move it', async () => {
    const stored = (await api.call('GET', '/api/stores?address=Hercegova%C4%8Dka', { token })).body[0];
    await list.row('Hercegovačka 48').getByRole('button', { name: 'Izmijeni' }).click();
    const dialog = page.getByRole('dialog', { name: 'Izmjena prodavnice' });
    await settled(dialog);
    await dialog.locator('.store-pin').waitFor();
    assert.deepEqual(await coordinates(dialog), [stored.lat, stored.lng]);
    await dialog.locator('.p-dropdown', { hasText: 'Podgorica' }).waitFor();
    // Editing opens centred on the store.
    const box = await dialog.locator('.store-map__map').boundingBox();
    const tip = await markerTip(dialog);
    assert.ok(Math.abs(tip.x - (box.x + box.width / 2)) <= 2 && Math.abs(tip.y - (box.y + box.height / 2)) <= 2);
    await shoot(page, 'store-dialog-edit');

    // Drag the pin 80 px right and 40 px down: east and south.
    const pin = await dialog.locator('.store-pin').boundingBox();
    const grab = { x: pin.x + pin.width / 2, y: pin.y + pin.height / 3 };
    await page.mouse.move(grab.x, grab.y);
    await page.mouse.down();
    await page.mouse.move(grab.x + 40, grab.y + 20, { steps: 5 });
    await page.mouse.move(grab.x + 80, grab.y + 40, { steps: 5 });
    await page.mouse.up();
    await page.waitForFunction(([lngBefore]) => Number(document.querySelector('#field-lng').value) > lngBefore, [stored.lng]);
    const [dragLat, dragLng] = await coordinates(dialog);
    assert.ok(dragLat < stored.lat && dragLng > stored.lng, `dragged to ${dragLat}, ${dragLng}`);
    const moved = await markerTip(dialog);
    assert.ok(Math.abs(moved.x - tip.x - 80) <= 3 && Math.abs(moved.y - tip.y - 40) <= 3, 'the pin followed the drag');

    // Typed coordinates move the marker too.
    await dialog.getByLabel('Geografska širina').fill('42,4413');
    await dialog.getByLabel('Geografska dužina').fill('19.2636');
    await page.waitForFunction(
      ([x]) => Math.abs(document.querySelector('.store-pin').getBoundingClientRect().x - x) > 3,
      [moved.x - 15],
    );

    const saved = page.waitForResponse(isSave);
    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    const res = await saved;
    assert.equal(res.status(), 200);
    assert.deepEqual(
      (({ lat, lng }) => ({ lat, lng }))(JSON.parse(res.request().postData())),
      { lat: 42.4413, lng: 19.2636 },
    );
    await page.getByText('Uspješna izmjena').first().waitFor();
    const after = (await api.call('GET', `/api/stores/${stored.id}`, { token })).body[0];
    assert.deepEqual([after.lat, after.lng], [42.4413, 19.2636]);
  });

  it('reports a city deactivated meanwhile with the server’s 422', async () => {
    const montenegro = (await api.call('GET', '/api/countries?name=Crna%20Gora', { token })).body[0];
    const city = (await api.call('POST', '/api/cities', { token, body: { name: 'Žabljak Sjever', country_id: montenegro.id } })).body;
    await page.getByRole('button', { name: 'Dodaj' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova prodavnica' });
    await dialog.waitFor();
    await dialog.locator('.p-dropdown').click();
    await page.getByRole('option', { name: 'Žabljak Sjever' }).click();
    await dialog.getByLabel('Adresa').fill('Trg Durmitorskih ratnika 1');
    await dialog.getByLabel('Kontakt').fill('+382 52 000 000');
    await dialog.getByLabel('Geografska širina').fill('43.1540');
    await dialog.getByLabel('Geografska dužina').fill('19.1230');
    await dialog.locator('.store-pin').waitFor();
    // Someone else deactivates the city before this form is saved.
    assert.equal((await api.call('DELETE', `/api/cities/${city.id}`, { token })).status, 200);
    const refused = page.waitForResponse(isSave);
    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    assert.equal((await refused).status(), 422);
    const error = page.getByRole('dialog', { name: 'Greška u unosu' });
    await error.getByText('Izabrani grad ne postoji ili nije aktivan.').waitFor();
    await shoot(page, 'store-city-422');
    await error.getByRole('button', { name: 'U redu' }).click();
    await error.waitFor({ state: 'hidden' });
    await dialog.getByRole('button', { name: 'Odustani' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('deactivates and reactivates a store', async () => {
    assert.deepEqual(await (await list.toggle('Hercegovačka 48')).json(), { is_active: false });
    await list.row('Hercegovačka 48').locator('.p-tag-danger', { hasText: 'Neaktivan' }).waitFor();
    assert.deepEqual(await (await list.toggle('Hercegovačka 48', 'Aktiviraj')).json(), { is_active: true });
    await list.row('Hercegovačka 48').locator('.p-tag-success', { hasText: 'Aktivan' }).waitFor();
    await list.clearFilters();
    // Only the blocked tiles complained.
    assert.deepEqual(page.problems.filter((p) => !TILE_ERROR.test(p)), []);
  });
});
