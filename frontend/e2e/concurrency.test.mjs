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
});
