import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { launchBrowser, listHeaders, listScreen, newPage, shoot, signIn, startServer } from './harness.mjs';
import { makePng } from './images.mjs';

/** The natural size of the loaded image, once it has loaded. */
async function loadedSize(img) {
  await img.waitFor();
  await img.evaluate((el) =>
    el.complete && el.naturalWidth > 0
      ? null
      : new Promise((ok, fail) => {
          el.addEventListener('load', ok, { once: true });
          el.addEventListener('error', () => fail(new Error(`image failed: ${el.src}`)), { once: true });
        }),
  );
  return img.evaluate((el) => ({ width: el.naturalWidth, height: el.naturalHeight, src: el.getAttribute('src') }));
}

// Products over the demo catalog (16 products with generated images).
describe('products', () => {
  let server;
  let browser;
  let page;
  let list;

  const isSave = (res) => /\/api\/products(\/\d+)?$/.test(new URL(res.url()).pathname) && res.request().method() === 'POST';

  before(async () => {
    server = await startServer({ seedDemo: true });
    browser = await launchBrowser();
    page = await newPage(browser, server.baseURL);
    list = listScreen(page, 'products');
    await signIn(page, 'admin', server.adminPassword);
  });

  after(async () => {
    await page?.context().close();
    await browser?.close();
    await server?.stop();
  });

  it('lists products with thumbnails and prices, pages, sorts and filters', async () => {
    await list.open();
    const hose = list.row('Baštensko crijevo 25 m');
    await hose.waitFor();
    assert.deepEqual(await listHeaders(page), ['SLIKA', 'NAZIV', 'OPIS', 'CIJENA', 'AKTIVAN', 'AKCIJE']);
    assert.equal(await list.report().innerText(), '1–10 / 16');
    // The list shows the server's thumbnail, never the full image.
    const thumb = await loadedSize(hose.locator('img.product-thumb'));
    assert.match(thumb.src, /^\/api\/images\/products\/[0-9a-f]+\.(jpg|png)\?size=thumb$/);
    assert.equal(await hose.locator('.price').innerText(), '24,90');
    await shoot(page, 'products');

    await page.getByRole('button', { name: 'Strana 2' }).click();
    await list.waitForReport('11–16 / 16');
    await list.waitForCount(6);

    // Sorting by price asks the server.
    const sorting = list.waitForList();
    await page.getByRole('columnheader', { name: 'Cijena', exact: true }).click();
    const sorted = await sorting;
    const params = new URL(sorted.url()).searchParams;
    assert.deepEqual([params.get('sort'), params.get('order'), params.get('page')], ['price', 'asc', '1']);
    const cheapest = await sorted.json();
    assert.deepEqual(
      cheapest.map((p) => p.price),
      cheapest.map((p) => p.price).sort((a, b) => a - b),
    );
    await list.rows().first().filter({ hasText: cheapest[0].name }).waitFor();
    await list.rows().last().filter({ hasText: cheapest.at(-1).name }).waitFor();

    const filtered = await list.filter('Opis', 'baterij');
    assert.equal(new URL(filtered.url()).searchParams.get('description'), 'baterij');
    await list.waitForReport('1–1 / 1');
    await list.row('Akumulatorski odvijač 18 V').waitFor();
    await list.clearFilters();
    await list.waitForReport('1–10 / 16');
  });

  it('shows a product read-only with its full image', async () => {
    await list.filter('Naziv', 'crijevo');
    await list.row('Baštensko crijevo 25 m').getByRole('button', { name: 'Detalji' }).click();
    const dialog = page.getByRole('dialog', { name: 'Detalji proizvoda' });
    await dialog.waitFor();
    assert.equal(await dialog.getByTestId('details-name').innerText(), 'Baštensko crijevo 25 m');
    assert.equal(await dialog.getByTestId('details-price').innerText(), '24,90');
    const image = await loadedSize(dialog.getByRole('img', { name: 'Baštensko crijevo 25 m' }));
    assert.match(image.src, /^\/api\/images\/products\/[0-9a-f]+\.(jpg|png)$/);
    assert.ok(image.width > 200, `the full image, not the thumbnail (${image.width} px)`);
    assert.equal(await dialog.locator('input, textarea').count(), 0, 'read-only');
    await shoot(page, 'product-details');
    await dialog.getByRole('button', { name: 'Zatvori' }).last().click();
    await dialog.waitFor({ state: 'hidden' });
    await list.clearFilters();
  });

  it('validates the form on the client and refuses a fake image on the server', async () => {
    await page.getByRole('button', { name: 'Dodaj' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novi proizvod' });
    await dialog.waitFor();
    let posted = 0;
    const countPosts = (req) => {
      if (req.method() === 'POST' && req.url().endsWith('/api/products')) posted += 1;
    };
    page.on('request', countPosts);

    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    await page.getByText('Morate popuniti obavezna polja').first().waitFor();
    assert.equal(await dialog.getByText('Obavezno polje').count(), 3);
    await dialog.getByText('Morate izabrati sliku u formatu jpg, jpeg ili png').waitFor();

    await dialog.getByLabel('Naziv').fill('Bušilica udarna 800 W');
    await dialog.getByLabel('Opis').fill('Dva brzinska stepena, metalni kofer');
    await dialog.getByLabel('Cijena').fill('12,3456');
    await dialog.getByText('Najviše 3 decimale').waitFor();
    await dialog.getByLabel('Cijena').fill('12x');
    await dialog.getByText('Pogrešno unesena cijena').waitFor();
    const file = dialog.locator('input[type="file"]');
    await file.setInputFiles({ name: 'upute.txt', mimeType: 'text/plain', buffer: Buffer.from('nije slika') });
    await dialog.getByText('Slika mora biti u formatu jpg, jpeg ili png').waitFor();
    await shoot(page, 'product-dialog-invalid');
    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    page.off('request', countPosts);
    assert.equal(posted, 0, 'an invalid form sends nothing');

    // A text file named .png passes the browser's check; the server reads the content and refuses it.
    await dialog.getByLabel('Cijena').fill('1499,9');
    await file.setInputFiles({ name: 'lazna-slika.png', mimeType: 'image/png', buffer: Buffer.from('<html>not a picture</html>') });
    await dialog.getByText('lazna-slika.png').waitFor();
    const refused = page.waitForResponse(isSave);
    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    assert.equal((await refused).status(), 422);
    const error = page.getByRole('dialog', { name: 'Greška u unosu' });
    await error.getByText('Slika mora biti u formatu jpeg, jpg ili png.').waitFor();
    await shoot(page, 'product-fake-image-422');
    await error.getByRole('button', { name: 'U redu' }).click();
    await error.waitFor({ state: 'hidden' });
  });

  it('adds a product with an image and shows it in the details', async () => {
    const dialog = page.getByRole('dialog', { name: 'Novi proizvod' });
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'busilica.png',
      mimeType: 'image/png',
      buffer: makePng(480, 360),
    });
    await dialog.getByText(/^busilica\.png \(\d+ kB\)$/).waitFor();
    const preview = await loadedSize(dialog.getByRole('img', { name: 'Pregled slike' }));
    assert.match(preview.src, /^blob:/);
    await shoot(page, 'product-dialog');

    const saved = page.waitForResponse(isSave);
    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    const res = await saved;
    assert.equal(res.status(), 201);
    assert.match(res.request().headers()['content-type'], /^multipart\/form-data; boundary=/);
    // (Chromium does not hand a file upload's body to the test; the saved record shows what was sent.)
    const product = await res.json();
    assert.equal(product.name, 'Bušilica udarna 800 W');
    assert.equal(product.description, 'Dva brzinska stepena, metalni kofer');
    assert.equal(product.price, 1499.9);
    assert.match(product.image, /^[0-9a-f]{32}\.png$/);
    await page.getByText('Uspješno dodavanje').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await list.filter('Naziv', 'bušilica udarna');
    const row = list.row('Bušilica udarna 800 W');
    assert.equal(await row.locator('.price').innerText(), '1.499,90');
    await loadedSize(row.locator('img.product-thumb'));
    await row.getByRole('button', { name: 'Detalji' }).click();
    const details = page.getByRole('dialog', { name: 'Detalji proizvoda' });
    const image = await loadedSize(details.getByRole('img', { name: 'Bušilica udarna 800 W' }));
    assert.deepEqual([image.width, image.height], [480, 360]);
    assert.equal(await details.getByTestId('details-description').innerText(), 'Dva brzinska stepena, metalni kofer');
    await shoot(page, 'product-details-new');
    await details.getByRole('button', { name: 'Zatvori' }).last().click();
    await details.waitFor({ state: 'hidden' });
  });

  it('edits the price keeping the image, then replaces the image', async () => {
    const product = await (await list.filter('Naziv', 'bušilica udarna')).json().then((rows) => rows[0]);
    const row = list.row('Bušilica udarna 800 W');
    await row.getByRole('button', { name: 'Izmijeni' }).click();
    const dialog = page.getByRole('dialog', { name: 'Izmjena proizvoda' });
    await dialog.waitFor();
    assert.equal(await dialog.getByLabel('Cijena').inputValue(), '1.499,90');
    await dialog.getByText('Trenutna slika').waitFor();
    await loadedSize(dialog.getByRole('img', { name: 'Pregled slike' }));
    await shoot(page, 'product-dialog-edit');
    await dialog.getByLabel('Cijena').fill('1299.5');

    // The answer replaces the row; no list reload is needed.
    let reloads = 0;
    const countReloads = (req) => {
      if (req.method() === 'GET' && new URL(req.url()).pathname === '/api/products') reloads += 1;
    };
    page.on('request', countReloads);
    const saved = page.waitForResponse(isSave);
    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    const res = await saved;
    assert.equal(res.status(), 200);
    await page.getByText('Uspješna izmjena').first().waitFor();
    await row.locator('.price', { hasText: '1.299,50' }).waitFor();
    page.off('request', countReloads);
    assert.equal(reloads, 0);
    const kept = (await res.json()).image;
    assert.equal(kept, product.image, 'without a new file the image stays');

    await row.getByRole('button', { name: 'Izmijeni' }).click();
    await dialog.waitFor();
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'nova.png',
      mimeType: 'image/png',
      buffer: makePng(320, 320, [225, 29, 72], [251, 191, 36]),
    });
    const replaced = page.waitForResponse(isSave);
    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    const next = await (await replaced).json();
    assert.notEqual(next.image, kept);
    await dialog.waitFor({ state: 'hidden' });
    await row.getByRole('button', { name: 'Detalji' }).click();
    const details = page.getByRole('dialog', { name: 'Detalji proizvoda' });
    const image = await loadedSize(details.getByRole('img', { name: 'Bušilica udarna 800 W' }));
    assert.deepEqual([image.width, image.height], [320, 320]);
    await details.getByRole('button', { name: 'Zatvori' }).last().click();
    await details.waitFor({ state: 'hidden' });
  });

  it('deactivates and reactivates a product', async () => {
    assert.deepEqual(await (await list.toggle('Bušilica udarna 800 W')).json(), { is_active: false });
    await list.row('Bušilica udarna 800 W').locator('.p-tag-danger', { hasText: 'Neaktivan' }).waitFor();
    await shoot(page, 'products-inactive');
    assert.deepEqual(await (await list.toggle('Bušilica udarna 800 W', 'Aktiviraj')).json(), { is_active: true });
    await list.row('Bušilica udarna 800 W').locator('.p-tag-success', { hasText: 'Aktivan' }).waitFor();
    await list.clearFilters();
    assert.deepEqual(page.problems, []);
  });
});
