import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  artifactsDir,
  DESKTOP,
  launchBrowser,
  listScreen,
  newPage,
  settle,
  signIn,
  startServer,
  writeArtifact,
} from './harness.mjs';
import { measureSwitches, median, ROUTES } from './screenSwitch.mjs';

// The tables over the demo data: how fast the drawer switches between lists, wide tables at
// 1280 px (pinned name and actions, scroll shadows, the column chooser), the choose-categories
// rows, the drawer at 768 px and a list that fails to load.

const TABLET = { width: 768, height: 1024 };
const PHONE = { width: 375, height: 812 };

const ROUNDS = 3;
// The targets for the screen switch (ms): a first visit under 300 ms, later visits under
// 100 ms median (and no visit over a second). The targets are measured by `go tool task
// bench:screens` (scripts/screen-switch.mjs, the median of five sessions' medians), not by this
// test: a timed test cannot hold a 100 ms target on a shared two-core machine without flaking.
// This test prints its figures and whether each target was met, and asserts guards against a
// regression: a first visit under 600 ms, the later visits' median under 250 ms and no visit
// over a second, each grown with the load when the machine is busier than its cores (twice the
// load per core). The build before ADR 0033 measured 78–113 ms median on 2026-11-26 and 184 ms
// on 2026-11-27 beside this build's 146 ms (the machine slower that day), so the guards sit
// well above either. E2E_SWITCH_FIRST_MS, _MEDIAN_MS and _MAX_MS set the bounds outright.
const FIRST_TARGET = 300;
const MEDIAN_TARGET = 100;
const MAX_TARGET = 1000;
const LOAD_PER_CORE = loadavg()[0] / cpus().length;
const SCALE = LOAD_PER_CORE > 1 ? 2 * LOAD_PER_CORE : 1;
const FIRST_GUARD = 600;
const FIRST_LIMIT = Number(process.env.E2E_SWITCH_FIRST_MS ?? Math.max(FIRST_GUARD, FIRST_TARGET * SCALE));
const MEDIAN_GUARD = 250;
const MEDIAN_LIMIT = Number(process.env.E2E_SWITCH_MEDIAN_MS ?? Math.max(MEDIAN_GUARD, MEDIAN_TARGET * SCALE));
const MAX_LIMIT = Number(process.env.E2E_SWITCH_MAX_MS ?? MAX_TARGET * SCALE);

/** Saves the page at each width (artifacts/<name>-<width>.png). */
async function shootAt(page, name, viewports) {
  mkdirSync(artifactsDir, { recursive: true });
  const original = page.viewportSize();
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    await settle(page); // media queries, the drawer and the scroll shadows
    await page.screenshot({ path: join(artifactsDir, `${name}-${viewport.width}.png`), fullPage: false });
  }
  await page.setViewportSize(original ?? DESKTOP);
  await settle(page);
}

describe('tables', () => {
  let server;
  let browser;
  let page;

  before(async () => {
    server = await startServer({ seedDemo: true });
    browser = await launchBrowser();
    page = await newPage(browser, server.baseURL);
    await signIn(page, 'admin', server.adminPassword);
    await page.getByRole('navigation', { name: 'Glavna navigacija' }).waitFor();
  });

  after(async () => {
    await page?.context().close();
    await browser?.close();
    await server?.stop();
  });

  it('switches between lists from the drawer within the targets, first visits included', async () => {
    // First visits: signed in a moment ago, the screens' code loaded ahead while the home screen
    // was read, the lists' data not yet asked for; then later visits, as a user who has been around.
    const { first, later: figures } = await measureSwitches(page, ROUNDS);
    const firsts = Object.values(first);
    const all = Object.values(figures).flat();
    const lines = [
      `Screen switch: drawer click to the first data row (ms); first visit, then ${ROUNDS} later rounds`,
      `${'list'.padEnd(12)}${'first'.padStart(8)}${'median'.padStart(8)}${'max'.padStart(8)}`,
      ...ROUTES.map(
        (r) =>
          `${r.padEnd(12)}${first[r].toFixed(0).padStart(8)}${median(figures[r]).toFixed(0).padStart(8)}${Math.max(...figures[r]).toFixed(0).padStart(8)}`,
      ),
      `${'all'.padEnd(12)}${Math.max(...firsts).toFixed(0).padStart(8)}${median(all).toFixed(0).padStart(8)}${Math.max(...all).toFixed(0).padStart(8)}`,
      `target: every first visit under ${FIRST_TARGET} ms — ${Math.max(...firsts) < FIRST_TARGET ? 'met' : 'NOT met'}`,
      `target: later visits under ${MEDIAN_TARGET} ms median — ${median(all) < MEDIAN_TARGET ? 'met' : 'NOT met'}`,
      `load average per core ${LOAD_PER_CORE.toFixed(2)}: asserted first < ${FIRST_LIMIT.toFixed(0)}, median < ${MEDIAN_LIMIT.toFixed(0)}, max < ${MAX_LIMIT.toFixed(0)} ms`,
    ];
    console.log(lines.join('\n'));
    writeArtifact('screen-switch.txt', `${lines.join('\n')}\n`);
    assert.ok(Math.max(...firsts) < FIRST_LIMIT, `a first visit took ${Math.max(...firsts).toFixed(0)} ms ≥ ${FIRST_LIMIT} ms`);
    assert.ok(median(all) < MEDIAN_LIMIT, `median ${median(all).toFixed(0)} ms ≥ ${MEDIAN_LIMIT} ms`);
    assert.ok(Math.max(...all) < MAX_LIMIT, `max ${Math.max(...all).toFixed(0)} ms ≥ ${MAX_LIMIT} ms`);
    assert.deepEqual(page.problems, []);
  });

  it('keeps the partners’ name and actions in view at 1280 px and marks the hidden columns', async () => {
    const list = listScreen(page, 'partners');
    await list.open();
    const row = list.row('Tehnomarket Podgorica');
    await row.waitFor();
    const wrapper = page.locator('.list-table .p-datatable-wrapper');
    const card = await page.locator('.list-card').boundingBox();
    const inCard = (box) => box && box.x >= card.x - 1 && box.x + box.width <= card.x + card.width + 1;

    // More columns lie to the right, and the actions column says so with its shadow.
    assert.equal(await wrapper.getAttribute('data-more-right'), 'true');
    assert.equal(await wrapper.getAttribute('data-more-left'), 'false');
    const shadow = (selector) => page.locator(selector).first().evaluate((el) => getComputedStyle(el).boxShadow);
    assert.notEqual(await shadow('.list-table td.list-actions-cell'), 'none');
    assert.equal(await shadow('.list-table td.list-pinned'), 'none');

    // Scrolled to the far right: the last figure shows, the name and the actions stay.
    await wrapper.evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
    });
    await page.waitForFunction(() => document.querySelector('.list-table .p-datatable-wrapper').dataset.moreLeft === 'true');
    assert.equal(await wrapper.getAttribute('data-more-right'), 'false');
    assert.notEqual(await shadow('.list-table td.list-pinned'), 'none');
    const name = row.locator('td.list-pinned');
    assert.equal((await name.innerText()).trim(), 'Tehnomarket Podgorica');
    assert.ok(inCard(await name.boundingBox()), 'the name is in view');
    assert.ok(inCard(await row.getByRole('button', { name: 'Izmijeni' }).boundingBox()), 'edit is in view');
    assert.ok(inCard(await row.getByRole('button', { name: 'Deaktiviraj' }).boundingBox()), 'deactivate is in view');
    const toolCash = page.getByRole('columnheader', { name: 'Keš za alat' });
    assert.ok(inCard(await toolCash.boundingBox()), 'the last figure is in view');
    // The name covers the columns scrolled under it rather than showing them through.
    const nameBox = await name.boundingBox();
    const atName = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest('td')?.classList.contains('list-pinned'),
      { x: nameBox.x + nameBox.width / 2, y: nameBox.y + nameBox.height / 2 },
    );
    assert.equal(atName, true);
    await shootAt(page, 'partners-scrolled', [DESKTOP]);
    await wrapper.evaluate((el) => {
      el.scrollLeft = 0;
    });
  });

  it('lets the user hide a partners column, remembers it after a reload and shows all again', async () => {
    const list = listScreen(page, 'partners');
    const headers = () => page.locator('.list-table thead tr').first().locator('th').allInnerTexts();
    await page.getByRole('button', { name: 'Kolone' }).click();
    const panel = page.locator('.column-chooser');
    await panel.waitFor();
    const name = panel.getByRole('checkbox', { name: /Naziv/ });
    assert.equal(await name.isChecked(), true);
    assert.equal(await name.isDisabled(), true);
    await panel.getByText('Bonus', { exact: true }).click();
    await page.getByRole('button', { name: 'Kolone (skriveno: 1)' }).waitFor();
    assert.ok(!(await headers()).some((h) => h.trim().toUpperCase() === 'BONUS'));
    await shootAt(page, 'partners-columns', [DESKTOP]);
    // With the views and bulk menus the button sits near the edge and the panel over it:
    // Escape closes it, as a keyboard user would.
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });

    const answered = list.waitForList();
    await page.reload();
    await answered;
    await list.row('Tehnomarket Podgorica').waitFor();
    const shown = (await headers()).map((h) => h.trim().toUpperCase());
    assert.ok(!shown.includes('BONUS'), shown.join());
    assert.ok(shown.includes('KEŠ ZA ALAT') && shown.includes('NAZIV') && shown.includes('AKCIJE'), shown.join());

    await page.getByRole('button', { name: 'Kolone (skriveno: 1)' }).click();
    const again = page.locator('.column-chooser');
    await again.getByRole('checkbox', { name: 'Bonus' }).waitFor();
    await again.getByRole('button', { name: 'Prikaži sve' }).click();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.list-table thead tr:first-child th')].some((th) => th.innerText.trim().toUpperCase() === 'BONUS'),
    );
    assert.equal(await page.evaluate(() => localStorage.getItem('vitrina.list-columns.partners.title')), null);
    const button = page.getByRole('button', { name: 'Kolone', exact: true });
    await page.keyboard.press('Escape');
    await again.waitFor({ state: 'hidden' });
    assert.equal(await button.getAttribute('aria-expanded'), 'false');
  });

  it('names every header cell and select of a list', async () => {
    const empty = await page.evaluate(() =>
      [...document.querySelectorAll('.list-table thead th')]
        .filter((th) => !th.textContent.trim() && !th.querySelector('[aria-label]'))
        .map((th) => th.outerHTML.slice(0, 120)),
    );
    assert.deepEqual(empty, []);
    const unnamed = await page.evaluate(() =>
      [...document.querySelectorAll('.list-page select, .list-page [role="combobox"], .list-page input')]
        .filter((el) => !el.getAttribute('aria-label') && !el.getAttribute('aria-labelledby'))
        .map((el) => el.outerHTML.slice(0, 120)),
    );
    assert.deepEqual(unnamed, []);
    // The page-size list's focusable input carries the name (its native <select> copy is hidden
    // from assistive technology, see theme.css).
    assert.ok(await page.locator('.list-page input[aria-label="Broj redova po strani"]').count());
  });

  it('toggles a choose-categories row by a click on it', async () => {
    await page.getByRole('button', { name: 'Dodaj' }).click();
    const form = page.getByRole('dialog', { name: 'Novi partner' });
    await form.waitFor();
    await form.getByRole('button', { name: /kategorije/i }).click();
    const picker = page.getByRole('dialog', { name: 'Izbor kategorija' });
    await picker.waitFor();
    const row = picker.locator('tbody tr').first();
    await row.locator('td').nth(1).waitFor();
    const name = (await row.locator('td').nth(1).innerText()).trim();

    await row.locator('td').nth(1).click();
    await picker.getByText('Izabrano: 1').waitFor();
    assert.equal(await row.locator('input[type="checkbox"]').isChecked(), true);
    await row.locator('td').nth(1).click();
    await picker.getByText('Izabrano: 0').waitFor();
    // The keyboard too: Space on the focused row.
    await row.focus();
    await page.keyboard.press('Space');
    await picker.getByText('Izabrano: 1').waitFor();
    await picker.getByRole('button', { name: 'Potvrdi' }).click();
    await picker.waitFor({ state: 'hidden' });
    await form.locator('.categories-field__chip', { hasText: name }).waitFor();
    await form.getByRole('button', { name: 'Zatvori' }).last().click();
    await form.waitFor({ state: 'hidden' });
  });

  it('collapses the drawer at 768 px and keeps the users’ actions in view', async () => {
    const list = listScreen(page, 'users');
    await list.open();
    await list.rows().first().waitFor();
    await shootAt(page, 'users', [DESKTOP, TABLET, PHONE]);
    await listScreen(page, 'partners').open();
    await listScreen(page, 'partners').row('Tehnomarket Podgorica').waitFor();
    await shootAt(page, 'partners', [DESKTOP, TABLET, PHONE]);

    await list.open();
    await list.rows().first().waitFor();
    await page.setViewportSize(TABLET);
    await page.getByRole('button', { name: 'Meni' }).waitFor();
    assert.equal(await page.locator('aside.drawer').count(), 0);
    const edit = await list.rows().first().getByRole('button', { name: 'Izmijeni' }).boundingBox();
    const toggle = await list.rows().first().getByRole('button', { name: /Deaktiviraj|Aktiviraj/ }).boundingBox();
    assert.ok(edit && edit.x >= 0 && edit.x + edit.width <= TABLET.width, JSON.stringify(edit));
    assert.ok(toggle && toggle.x + toggle.width <= TABLET.width, JSON.stringify(toggle));
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 768));

    // The menu opens the drawer over the page; a link closes it.
    await page.getByRole('button', { name: 'Meni' }).click();
    const drawer = page.locator('.drawer-mobile');
    await drawer.getByRole('link', { name: 'Države' }).click();
    await page.waitForURL((url) => url.pathname === '/countries');
    await drawer.waitFor({ state: 'hidden' });

    // At 1024 px the drawer is docked again.
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.locator('aside.drawer').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Meni' }).count(), 0);
    await page.setViewportSize(DESKTOP);
  });

  it('shows a list that failed to load as an error with a retry, not as no data', async () => {
    const failing = await newPage(browser, server.baseURL);
    try {
      await signIn(failing, 'admin', server.adminPassword);
      const isList = (url) => url.pathname === '/api/countries';
      await failing.route(isList, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }));
      await failing.goto('/countries');
      const table = failing.locator('.list-table');
      await table.getByText('Greška pri učitavanju podataka').waitFor();
      assert.equal(await table.getByText('Nema podataka').count(), 0);
      // The error dialog says so too; behind it the table offers to try again.
      const dialog = failing.getByRole('alertdialog').or(failing.getByRole('dialog'));
      await dialog.first().waitFor();
      await shootAt(failing, 'list-load-failed', [DESKTOP]);
      await failing.keyboard.press('Escape');
      await dialog.first().waitFor({ state: 'hidden' });

      await failing.unroute(isList);
      await table.getByRole('button', { name: 'Pokušaj ponovo' }).click();
      await listScreen(failing, 'countries').rows().first().waitFor();
      assert.equal(await table.getByText('Greška pri učitavanju podataka').count(), 0);
    } finally {
      await failing.context().close();
    }
  });
  it('shows a city saved by keyboard on top of the page it was added from, though it sorts onto page 2', async () => {
    const list = listScreen(page, 'cities');
    await list.open();
    await list.row('Bar').first().waitFor();
    // Sorted by name, 'Žabljak Novi' belongs on the last page, not on page 1.
    await page.getByRole('button', { name: 'Dodaj' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novi grad' });
    await dialog.waitFor();
    await dialog.getByLabel('Naziv').fill('Žabljak Novi');
    await dialog.locator('.p-dropdown').click();
    await page.getByRole('option', { name: 'Crna Gora' }).click();
    await dialog.getByLabel('Naziv').focus();
    const created = page.waitForResponse((res) => res.url().endsWith('/api/cities') && res.request().method() === 'POST');
    await page.keyboard.press('Enter');
    assert.equal((await created).status(), 201);
    await dialog.waitFor({ state: 'hidden' });

    // The first row is the new city, marked and tinted; the page's own rows follow it.
    const first = list.rows().first();
    await first.filter({ hasText: 'Žabljak Novi' }).waitFor();
    assert.match(await first.getAttribute('class'), /\blist-row--new\b/);
    await first.getByText('Novo').waitFor();
    await page.getByRole('status').filter({ hasText: 'Novi zapis „Žabljak Novi” je prikazan na vrhu tabele.' }).waitFor();
    assert.equal(await list.row('Bar').count(), 1);
    await shootAt(page, 'list-new-row', [DESKTOP]);

    // New criteria: the pin goes, and the city is found where the server puts it.
    await list.filter('Naziv', 'žabljak novi');
    await list.waitForCount(1);
    await list.row('Žabljak Novi').waitFor();
    assert.equal(await page.locator('.list-row--new').count(), 0);
    assert.deepEqual(page.problems, []);
  });
});
