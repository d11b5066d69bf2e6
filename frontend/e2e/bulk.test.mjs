import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiClient, checkA11y, launchBrowser, listScreen, newPage, settle, shoot, signIn, startServer } from './harness.mjs';

/** Partners made for the bulk action: more than a page, so "all that match" goes past it. */
const MADE = 14;
const NAME = 'Masovni test';

const isBulk = (path) => (res) => res.request().method() === 'POST' && new URL(res.url()).pathname === path;

// Issue 25: bulk actions with undo, over the demo data and partners made for it.
describe('bulk actions', () => {
  let server;
  let browser;
  let api;
  let token;
  let page;
  let partners;

  /** The list's rows' active chips, as shown. */
  const chips = () => page.locator('.list-table tbody tr .p-tag-value').allInnerTexts();

  /** Waits for a run to end, on its state (a 202 is followed on its event). */
  async function finished(answer) {
    let run = answer;
    while (run.state === 'running') {
      const res = await api.call('GET', `/api/activity/${run.event_id}`, { token });
      run = res.body.bulk;
    }
    return run;
  }

  before(async () => {
    server = await startServer({ seedDemo: true });
    browser = await launchBrowser();
    api = apiClient(server.baseURL);
    token = await api.login('admin', server.adminPassword);
    const [city] = (await api.call('GET', '/api/citiesActive', { token })).body;
    const [category] = (await api.call('GET', '/api/categoriesActive', { token })).body;
    for (let i = 1; i <= MADE; i += 1) {
      const res = await api.call('POST', '/api/partners', {
        token,
        body: {
          id: 5000 + i, name: `${NAME} ${String(i).padStart(2, '0')}`, address: 'Njegoševa 1', pib: '02345678',
          pdv: '30/31-01234-5', city_id: city.id, phone: '+382 67 111 111', bonus: '0', debt: '0', payment: '0',
          toolCash: '0', annualPlan: '0', moneyCirculation: '0', password: 'tajna1', confirmPassword: 'tajna1',
          categories: [category.id],
        },
      });
      assert.equal(res.status, 201, JSON.stringify(res.body));
    }
    page = await newPage(browser, server.baseURL);
    partners = listScreen(page, 'partners');
    await signIn(page, 'admin', server.adminPassword);
  });

  after(async () => {
    await page?.context().close();
    await browser?.close();
    await server?.stop();
  });

  it('selects all partners that match the filter, deactivates them, and undoes it', async () => {
    await partners.open();
    await partners.filter('Naziv', NAME);
    await partners.waitForReport(`1–10 / ${MADE}`);
    const menu = page.getByTestId('bulk-menu');
    assert.equal(await menu.isDisabled(), true);

    // The page's checkbox, then all that match: the banner says so and the menu counts them.
    await page.locator('.list-table thead .p-checkbox').first().click();
    const banner = page.getByTestId('bulk-banner');
    await banner.getByText('Izabrani su svi redovi na ovoj strani (10).').waitFor();
    await banner.getByRole('button', { name: `Izaberi svih ${MADE} koji odgovaraju filteru` }).click();
    await banner.getByText(`Izabrani su svi redovi koji odgovaraju filteru (${MADE}).`).waitFor();
    await shoot(page, 'bulk-selected');
    await checkA11y(page, 'bulk selection');

    await menu.click();
    await page.getByRole('menuitem', { name: 'Deaktiviraj' }).click();
    const confirm = page.getByRole('dialog', { name: 'Deaktiviraj' });
    await confirm.getByText(`sve koji odgovaraju filteru: ${MADE} partnera`).waitFor();
    await checkA11y(page, 'bulk confirm');
    const answered = page.waitForResponse(isBulk('/api/partners/bulk'));
    await confirm.getByTestId('bulk-apply').click();
    const res = await answered;
    // The selection went as the filter, resolved on the server, not as ids.
    assert.deepEqual(res.request().postDataJSON(), { action: 'deactivate', filter: { name: NAME } });
    const run = await finished(await res.json());
    assert.equal(run.done, MADE);

    const result = page.getByRole('dialog', { name: 'Deaktiviraj: rezultat' });
    await result.waitFor();
    assert.equal(await result.getByTestId('bulk-done').innerText(), String(MADE));
    assert.equal(await result.getByTestId('bulk-skipped').innerText(), '0');
    assert.match(await result.getByTestId('bulk-event-link').getAttribute('href'), /^\/activity\?event=\d+$/);
    await shoot(page, 'bulk-result');
    await checkA11y(page, 'bulk result');
    // The list behind has been asked again: every one of them is inactive now.
    await page.waitForFunction(() => [...document.querySelectorAll('.list-table tbody tr .p-tag-value')].every((t) => t.textContent === 'Neaktivan'));
    assert.equal((await api.call('GET', `/api/partners?name=${encodeURIComponent(NAME)}&is_active=1`, { token })).body.length, 0);

    // Undo from the result dialog: each one is active again.
    await result.getByTestId('bulk-undo').click();
    const ask = page.getByRole('dialog', { name: 'Poništiti skupnu akciju?' });
    await ask.waitFor();
    const undone = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/activity\/\d+\/undo$/.test(new URL(r.url()).pathname));
    await ask.getByRole('button', { name: 'Poništi' }).click();
    const undo = await finished(await (await undone).json());
    assert.equal(undo.restored, MADE);
    const undoResult = page.getByRole('dialog', { name: 'Poništavanje: rezultat' });
    await undoResult.waitFor();
    assert.equal(await undoResult.getByTestId('bulk-restored').innerText(), String(MADE));
    await shoot(page, 'bulk-undone');
    await undoResult.getByRole('button', { name: 'Zatvori' }).last().click();
    await undoResult.waitFor({ state: 'hidden' });
    await page.waitForFunction(() => [...document.querySelectorAll('.list-table tbody tr .p-tag-value')].every((t) => t.textContent === 'Aktivan'));
    assert.deepEqual([...new Set(await chips())], ['Aktivan']);
    assert.equal((await api.call('GET', `/api/partners?name=${encodeURIComponent(NAME)}&is_active=0`, { token })).body.length, 0);
    // Focus went back to the toolbar, not lost on the page.
    assert.notEqual(await page.evaluate(() => document.activeElement?.tagName), 'BODY');
  });

  it('a new filter clears the selection', async () => {
    await partners.open();
    await partners.filter('Naziv', NAME);
    await partners.rows().first().locator('.p-checkbox').click();
    await page.getByTestId('bulk-banner').getByText('Izabran je 1 red.').waitFor();
    await partners.filter('Naziv', `${NAME} 0`);
    await page.getByTestId('bulk-banner').waitFor({ state: 'detached' });
    assert.equal(await page.getByTestId('bulk-menu').isDisabled(), true);
  });

  it('lists the categories a rule keeps (435 reasons) and changes the others; the event opens in the log with its undo', async () => {
    const spare = (await api.call('POST', '/api/categories', { token, body: { name: 'Masovna rezerva' } })).body;
    const used = (await api.call('GET', '/api/partners?id=1001', { token })).body[0].categories[0];
    const categories = listScreen(page, 'categories');
    await categories.open();
    for (const name of [used.name, spare.name]) {
      await categories.filter('Naziv', name);
      await categories.row(name).locator('.p-checkbox').click();
    }
    // A new filter clears the selection: choose both under one that shows them.
    await categories.clearFilters();
    await categories.row(used.name).locator('.p-checkbox').click();
    await categories.row(spare.name).locator('.p-checkbox').click();
    await page.getByTestId('bulk-banner').getByText('Izabrana su 2 reda.').waitFor();

    await page.getByTestId('bulk-menu').click();
    await page.getByRole('menuitem', { name: 'Deaktiviraj' }).click();
    const confirm = page.getByRole('dialog', { name: 'Deaktiviraj' });
    await confirm.getByText('2 kategorije').waitFor();
    const answered = page.waitForResponse(isBulk('/api/categories/bulk'));
    await confirm.getByTestId('bulk-apply').click();
    const res = await answered;
    assert.deepEqual(res.request().postDataJSON().ids.sort((a, b) => a - b), [used.id, spare.id].sort((a, b) => a - b));
    const run = await finished(await res.json());
    assert.equal(run.done, 1);
    assert.equal(run.skipped_count, 1);

    const result = page.getByRole('dialog', { name: 'Deaktiviraj: rezultat' });
    await result.waitFor();
    const skipped = result.getByTestId('bulk-skipped-list');
    await skipped.getByText(`#${used.id}`).waitFor();
    // The server's reason, in Montenegrin.
    assert.doesNotMatch(await skipped.innerText(), /\bThe\b/);
    await shoot(page, 'bulk-skipped');
    await checkA11y(page, 'bulk result with skipped');

    // The event in the activity log: its outcome and the undo.
    await result.getByTestId('bulk-event-link').click();
    await page.waitForURL(/\/activity\?event=\d+/);
    const outcome = page.getByTestId('bulk-outcome');
    await outcome.waitFor();
    assert.equal(await outcome.getByTestId('bulk-done').innerText(), '1');
    await outcome.getByTestId('bulk-skipped-list').getByText(`#${used.id}`).waitFor();
    await settle(page);
    await shoot(page, 'bulk-event');
    await checkA11y(page, 'bulk event');
    await outcome.getByTestId('bulk-undo').click();
    const ask = page.getByRole('dialog', { name: 'Poništiti skupnu akciju?' });
    await ask.getByRole('button', { name: 'Poništi' }).click();
    const undoResult = page.getByRole('dialog', { name: 'Poništavanje: rezultat' });
    await undoResult.waitFor();
    assert.equal(await undoResult.getByTestId('bulk-restored').innerText(), '1');
    const [back] = (await api.call('GET', `/api/categories?id=${spare.id}`, { token })).body;
    assert.equal(back.is_active, true);
  });

  it('at 375 px the banner and the menu stay on screen', async () => {
    await partners.open();
    await partners.filter('Naziv', NAME);
    await page.setViewportSize({ width: 375, height: 812 });
    await settle(page);
    await page.getByTestId('bulk-banner').getByRole('button', { name: 'Izaberi ovu stranu' }).click();
    const banner = page.getByTestId('bulk-banner');
    await banner.getByRole('button', { name: `Izaberi svih ${MADE} koji odgovaraju filteru` }).waitFor();
    for (const box of [await banner.boundingBox(), await page.getByTestId('bulk-menu').boundingBox()]) {
      assert.ok(box && box.x >= 0 && box.x + box.width <= 375, JSON.stringify(box));
    }
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= 375), true);
    await checkA11y(page, 'bulk selection at 375');
    await page.setViewportSize({ width: 1280, height: 800 });
    assert.deepEqual(page.problems, []);
  });
});
