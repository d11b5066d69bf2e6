import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiClient, launchBrowser, listScreen, newPage, shoot, signIn, startServer } from './harness.mjs';

// Two staff members edit the same category in two browsers (ADR 0011): the second save is
// stale (409); its dialog keeps what was typed beside the saved value, takes it back on
// request and saves at the new version.
describe('concurrent edits: the second save sees the first', () => {
  let server;
  let browser;
  let api;
  let token;
  let first;
  let second;

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    api = apiClient(server.baseURL);
    token = await api.login('admin', server.adminPassword);
    await api.createUser(token, { name: 'Druga Osoba', username: 'druga', password: 'druga-sifra', roles: ['admin'] });
    const res = await api.call('POST', '/api/categories', { token, body: { name: 'Boje' } });
    assert.equal(res.status, 201);
    assert.equal(res.body.version, 1);
    first = await newPage(browser, server.baseURL);
    second = await newPage(browser, server.baseURL);
    await signIn(first, 'admin', server.adminPassword);
    await signIn(second, 'druga', 'druga-sifra');
  });

  after(async () => {
    await first?.context().close();
    await second?.context().close();
    await browser?.close();
    await server?.stop();
  });

  async function openEdit(page) {
    const list = listScreen(page, 'categories');
    await list.open();
    await list.row('Boje').getByRole('button', { name: 'Izmijeni' }).click();
    const dialog = page.getByRole('dialog', { name: 'Izmjena kategorije' });
    await dialog.waitFor();
    return dialog;
  }

  const nameField = (dialog) => dialog.getByRole('textbox', { name: 'Naziv', exact: true });
  const isSave = (res) => /\/api\/categories\/\d+$/.test(new URL(res.url()).pathname) && res.request().method() === 'PUT';

  it('shows the conflict with both values, takes "use mine" and saves', async () => {
    const a = await openEdit(first);
    const b = await openEdit(second);

    await nameField(a).fill('Boje i lakovi');
    const saved = first.waitForResponse(isSave);
    await a.getByRole('button', { name: 'Sačuvaj' }).click();
    assert.equal((await saved).status(), 200);
    await a.waitFor({ state: 'hidden' });

    await nameField(b).fill('Boje za drvo');
    const stale = second.waitForResponse(isSave);
    await b.getByRole('button', { name: 'Sačuvaj' }).click();
    const refused = await stale;
    assert.equal(refused.status(), 409);
    assert.equal(refused.request().headers()['if-match'], '"1"');

    const panel = b.getByRole('region', { name: 'Zapis je u međuvremenu izmijenio neko drugi.' });
    await panel.waitFor();
    await panel.getByText('Boje i lakovi').waitFor();
    await panel.getByText('Boje za drvo').waitFor();
    assert.equal(await nameField(b).inputValue(), 'Boje i lakovi');
    assert.equal(await second.getByRole('dialog', { name: 'Greška' }).count(), 0, 'no error dialog over the form');
    await shoot(second, 'concurrency-conflict');

    await panel.getByRole('button', { name: 'Uzmi moje: Naziv' }).click();
    assert.equal(await nameField(b).inputValue(), 'Boje za drvo');
    await panel.getByRole('button', { name: 'Vaše: Naziv' }).waitFor();
    await shoot(second, 'concurrency-mine-taken');

    const again = second.waitForResponse(isSave);
    await b.getByRole('button', { name: 'Sačuvaj' }).click();
    const answer = await again;
    assert.equal(answer.status(), 200);
    assert.equal(answer.request().headers()['if-match'], '"2"');
    await b.waitFor({ state: 'hidden' });
    await second.getByText('Uspješna izmjena').first().waitFor();

    const now = await api.call('GET', '/api/categories?name=boje', { token });
    assert.deepEqual(
      now.body.map((c) => [c.name, c.version]),
      [['Boje za drvo', 3]],
    );
    assert.deepEqual([...first.problems, ...second.problems], []);
  });

  // Issue 20: the first user changed the phone and the debt; the second only the address. The
  // second's 409 lists nothing as theirs, the form takes the first's phone and debt and keeps
  // the second's address, the list behind refreshes, and the save undoes nothing.
  it("a partner's conflict: untouched fields take the newer values and are not called the user's", async () => {
    const country = (await api.call('POST', '/api/countries', { token, body: { name: 'Crna Gora' } })).body;
    const city = (await api.call('POST', '/api/cities', { token, body: { name: 'Podgorica', country_id: country.id } })).body;
    const category = (await api.call('POST', '/api/categories', { token, body: { name: 'Alati' } })).body;
    const created = await api.call('POST', '/api/partners', {
      token,
      body: {
        id: 4242, name: 'Gradnja Konflikt', address: 'Njegoševa 1', pib: '02345678', pdv: '30/31-01234-5', city_id: city.id,
        phone: '+382 67 111 111', bonus: '0', debt: '100', payment: '0', toolCash: '0', annualPlan: '0', moneyCirculation: '0',
        password: 'tajna1', confirmPassword: 'tajna1', categories: [category.id],
      },
    });
    assert.equal(created.status, 201);

    const list = listScreen(second, 'partners');
    await list.open();
    await list.row('Gradnja Konflikt').getByRole('button', { name: 'Izmijeni' }).click();
    const b = second.getByRole('dialog', { name: 'Izmjena partnera' });
    await b.waitFor();
    await b.locator('#field-address').waitFor();
    assert.equal(await b.locator('#field-phone').inputValue(), '+382 67 111 111');

    // The first user's save, made meanwhile.
    const [loaded] = (await api.call('GET', '/api/partners/4242', { token })).body;
    const pick = ['id', 'name', 'address', 'pib', 'pdv', 'bonus', 'payment', 'toolCash', 'annualPlan', 'moneyCirculation'];
    const body = {
      ...Object.fromEntries(pick.map((k) => [k, loaded[k]])),
      city_id: city.id,
      categories: [category.id],
      phone: '+382 69 222 222',
      debt: '3200',
      version: loaded.version,
    };
    assert.equal((await api.call('PUT', '/api/partners/4242', { token, body })).status, 200);

    await b.locator('#field-address').fill('Bulevar 7');
    const stale = second.waitForResponse((res) => /\/api\/partners\/4242$/.test(res.url()) && res.request().method() === 'PUT');
    const relisted = second.waitForResponse(
      (res) => new URL(res.url()).pathname === '/api/partners' && res.request().method() === 'GET',
    );
    await b.getByRole('button', { name: 'Sačuvaj' }).click();
    assert.equal((await stale).status(), 409);
    const panel = b.getByRole('region', { name: 'Zapis je u međuvremenu izmijenio neko drugi.' });
    await panel.waitFor();
    await relisted; // the list behind the dialog asked again
    await panel.getByText('vaše izmjene su zadržane', { exact: false }).waitFor();
    assert.equal(await panel.getByText('Telefon').count(), 0, 'the phone is not the user\'s');
    assert.equal(await panel.getByText('Dug').count(), 0, 'the debt is not the user\'s');
    assert.equal(await panel.getByRole('button', { name: /Uzmi/ }).count(), 0);
    assert.equal(await b.locator('#field-phone').inputValue(), '+382 69 222 222');
    assert.equal(await b.locator('#field-address').inputValue(), 'Bulevar 7');
    await shoot(second, 'concurrency-partner-merged');

    const again = second.waitForResponse((res) => /\/api\/partners\/4242$/.test(res.url()) && res.request().method() === 'PUT');
    await b.getByRole('button', { name: 'Sačuvaj' }).click();
    assert.equal((await again).status(), 200);
    await b.waitFor({ state: 'hidden' });
    const [now] = (await api.call('GET', '/api/partners/4242', { token })).body;
    assert.equal(now.address, 'Bulevar 7');
    assert.equal(now.phone, '+382 69 222 222');
    assert.equal(Number(now.debt), 3200);
    assert.deepEqual(second.problems, []);
  });
});
