import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiClient, launchBrowser, listScreen, MOBILE, DESKTOP, newPage, shoot, settle, signIn, startServer } from './harness.mjs';

// Issue 10, "what a daily user notices", over the demo seed: focus in dialogs, when required
// errors show, amounts in the reader's format, the snackbar beside dialogs, Esc in lists, the
// wrong Excel file, deep links through the login and one notification call per sign-in.
describe('finish: what a daily user notices', () => {
  let server;
  let browser;
  let api;
  let token;
  let page;
  let commentInfoRequests = 0;

  const label = (text) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?$`);
  const required = (scope) => scope.getByText('Obavezno polje', { exact: true });
  /** Whether the focused element is inside the given dialog. */
  const focusInside = (dialog) => dialog.evaluate((el) => el.contains(document.activeElement) && document.activeElement !== document.body);
  const overlaps = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

  async function openAdd(path, title) {
    await listScreen(page, path.slice(1)).open(path);
    await page.getByRole('button', { name: 'Dodaj' }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.waitFor();
    // The dialog has finished opening (PrimeReact's own first focus has run).
    await page.locator('.p-dialog.p-dialog-enter-done').first().waitFor();
    return dialog;
  }

  async function closeDialog(dialog) {
    await dialog.getByRole('button', { name: 'Odustani' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  before(async () => {
    server = await startServer({ seedDemo: true });
    browser = await launchBrowser();
    api = apiClient(server.baseURL);
    token = await api.login('admin', server.adminPassword);
    // A partner with round figures: 162500 reads 162.500 in Montenegrin and 162,500 in English.
    const bar = (await api.call('GET', '/api/cities?name=Bar', { token })).body.find((c) => c.name === 'Bar');
    const category = (await api.call('GET', '/api/categories', { token })).body[0];
    const created = await api.call('POST', '/api/partners', {
      token,
      body: {
        id: '3001',
        name: 'Brojevi d.o.o.',
        address: 'Obala 1',
        pib: '03999888',
        pdv: '30/31-11111-1',
        city_id: bar.id,
        phone: '+382 30 111 222',
        debt: '162500',
        moneyCirculation: '1234567890.5',
        annualPlan: '0',
        payment: '7.25',
        bonus: '12.5',
        toolCash: '125.111',
        password: 'tajna1',
        confirmPassword: 'tajna1',
        categories: [category.id],
        partner_type_id: null,
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));

    page = await newPage(browser, server.baseURL);
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/getCommentInfo') commentInfoRequests += 1;
    });
    await signIn(page, 'admin', server.adminPassword);
  });

  after(async () => {
    await page?.context().close();
    await browser?.close();
    await server?.stop();
  });

  it('asks for the notification info exactly once per sign-in', async () => {
    await page.locator('.topbar__bell').waitFor();
    await page.waitForLoadState('networkidle');
    assert.equal(commentInfoRequests, 1);
    // Moving around the app does not ask again (the bell polls only once a minute).
    const answered = listScreen(page, 'countries').waitForList();
    await page.locator('a[href="/countries"]').first().click();
    await answered;
    await page.waitForLoadState('networkidle');
    assert.equal(commentInfoRequests, 1);
  });

  it('shows "Obavezno polje" only after a field is left or a save tried, and a reopened dialog is clean', async () => {
    let dialog = await openAdd('/countries', 'Nova država');
    const name = dialog.getByLabel(label('Naziv'));
    assert.equal(await required(dialog).count(), 0, 'no error on open');
    assert.ok(await name.evaluate((el) => el === document.activeElement), 'the first field has the focus');

    await page.keyboard.press('Tab');
    await required(dialog).waitFor();
    assert.equal(await name.getAttribute('aria-invalid'), 'true');
    await closeDialog(dialog);

    dialog = await openAdd('/countries', 'Nova država');
    assert.equal(await required(dialog).count(), 0, 'no error after closing and reopening');
    await closeDialog(dialog);

    // An add dialog with its errors, after a save was tried: at 1280 and 375 px.
    dialog = await openAdd('/cities', 'Novi grad');
    assert.equal(await required(dialog).count(), 0);
    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    await required(dialog).first().waitFor();
    assert.equal(await required(dialog).count(), 2);
    await shoot(page, 'finish-add-dialog-errors');
    await closeDialog(dialog);
  });

  it('keeps the focus in the add dialog after the error dialog is acknowledged', async () => {
    const dialog = await openAdd('/countries', 'Nova država');
    await dialog.getByLabel(label('Naziv')).fill('Albanija');
    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    const error = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'U redu' }) });
    await error.waitFor();
    await error.getByRole('button', { name: 'U redu' }).click();
    await error.waitFor({ state: 'hidden' });

    await page.waitForFunction(() => document.querySelector('.form-dialog')?.contains(document.activeElement));
    assert.ok(await focusInside(dialog), 'focus is back in the add dialog');
    for (let i = 0; i < 4; i += 1) {
      await page.keyboard.press('Tab');
      assert.ok(await focusInside(dialog), `Tab ${i + 1} stays in the add dialog`);
    }
    await closeDialog(dialog);
  });

  it('shows figures grouped in the reader’s language', async () => {
    const list = listScreen(page, 'partners');
    await list.open();
    await list.filter('ID', '3001');
    const row = list.row('Brojevi d.o.o.');
    await row.waitFor();
    // The selection column comes first (bulk actions), then the list's.
    const cell = (i) => row.locator('td').nth(i + 1).innerText();
    // Columns: id, name, phone, categories, city, debt, moneyCirculation, annualPlan, payment, bonus, toolCash.
    assert.equal(await cell(0), '3001');
    assert.equal(await cell(5), '162.500');
    assert.equal(await cell(6), '1.234.567.890,5');
    assert.equal(await cell(7), '0');
    assert.equal(await cell(8), '7,25');
    assert.equal(await cell(9), '12,5');
    assert.equal(await cell(10), '125,111');
    await list.clearFilters();
    await list.row('Elektro Nikšić').waitFor();
    await shoot(page, 'finish-partners');

    // In English the same figures read with English separators.
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    const en = listScreen(page, 'partners');
    await en.waitForList().catch(() => undefined);
    const input = page.getByRole('textbox', { name: 'ID — Search' });
    await input.fill('3001');
    const answered = en.waitForList();
    await input.press('Enter');
    await answered;
    const enRow = en.row('Brojevi d.o.o.');
    await enRow.waitFor();
    assert.equal(await enRow.locator('td').nth(6).innerText(), '162,500');
    assert.equal(await enRow.locator('td').nth(7).innerText(), '1,234,567,890.5');
    assert.equal(await enRow.locator('td').nth(11).innerText(), '125.111');
    await page.evaluate(() => localStorage.setItem('language', 'sr-Latn-ME'));
    await page.reload();
    await page.locator('.list-table').waitFor();
  });

  it('the snackbar stays clear of the dialog’s footer buttons at 375 px, lets presses through and closes under a resting pointer', async () => {
    await page.setViewportSize(MOBILE);
    try {
      const dialog = await openAdd('/partners', 'Novi partner');
      await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
      const toast = page.locator('.p-toast-message', { hasText: 'Morate popuniti obavezna polja' });
      await toast.waitFor();
      await settle(page); // its entry animation
      const toastBox = await toast.boundingBox();
      for (const name of ['Odustani', 'Sačuvaj']) {
        const button = await dialog.getByRole('button', { name }).boundingBox();
        assert.ok(!overlaps(toastBox, button), `${name}: ${JSON.stringify({ toastBox, button })}`);
      }
      assert.ok(toastBox.x >= 0 && toastBox.x + toastBox.width <= MOBILE.width, JSON.stringify(toastBox));
      // A press on the snackbar reaches what lies beneath it; only its close button takes presses.
      const hits = await toast.evaluate((el) => {
        const centre = (node) => {
          const r = node.getBoundingClientRect();
          return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        };
        const close = el.querySelector('button');
        return { text: el.contains(centre(el.querySelector('.p-toast-message-text') ?? el)), close: close.contains(centre(close)) };
      });
      assert.deepEqual(hits, { text: false, close: true });
      // It can be dismissed; a new one closes after its time even with the pointer on it.
      await toast.getByRole('button').click();
      await toast.waitFor({ state: 'hidden' });
      await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
      await toast.waitFor();
      const resting = await toast.boundingBox();
      await page.mouse.move(resting.x + resting.width / 2, resting.y + resting.height / 2);
      await toast.waitFor({ state: 'hidden' });
      await closeDialog(dialog);
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });

  it('a closing confirmation gives the focus back to its opener, unless the user put it elsewhere', async () => {
    const list = listScreen(page, 'countries');
    await list.open();
    const opener = list.rows().first().getByRole('button', { name: 'Deaktiviraj' });
    const filter = page.getByRole('textbox', { name: 'Naziv — Pretraga' });
    const focused = (locator) => locator.evaluate((el) => el === document.activeElement);
    const cancel = async () => {
      await opener.click();
      const confirm = page.getByRole('dialog', { name: 'Deaktivacija' });
      await confirm.waitFor();
      await confirm.getByRole('button', { name: 'Odustani' }).click();
      return confirm;
    };

    // Left alone, the focus returns to the button that opened the confirmation.
    let confirm = await cancel();
    await confirm.waitFor({ state: 'detached' });
    assert.equal(await focused(opener), true);

    // Focused elsewhere while the confirmation fades out, the focus stays there, and Enter there
    // is the filter's (it searches), not the opener's.
    confirm = await cancel();
    await filter.focus();
    await confirm.waitFor({ state: 'detached' });
    await settle(page);
    assert.equal(await focused(filter), true);
  });

  it('a phone list’s stacked column titles follow a language switch at once', async () => {
    await page.setViewportSize(MOBILE);
    try {
      await listScreen(page, 'countries').open();
      const firstTitle = (text) =>
        page.waitForFunction(
          // The first titled cell: the selection column's checkbox has no title.
          (want) =>
            [...document.querySelectorAll('.list-table tbody tr:first-child .p-column-title')].map((e) => e.textContent).find(Boolean) ===
            want,
          text,
        );
      await firstTitle('Naziv');
      await page.getByRole('button', { name: 'EN', exact: true }).click();
      await firstTitle('Name');
      await page.getByRole('button', { name: 'SR', exact: true }).click();
      await firstTitle('Naziv');
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });

  it('Esc in an open list closes the list only, never the dialog', async () => {
    // A form dialog: the country list of a new city.
    const city = await openAdd('/cities', 'Novi grad');
    await city.locator('.p-dropdown').first().click();
    const panel = page.locator('.p-dropdown-panel');
    await panel.waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    assert.ok(await city.isVisible(), 'the city dialog stays open');
    await closeDialog(city);

    // A form dialog over a closable one: a new contact over a partner's contacts.
    const list = listScreen(page, 'partners');
    await list.open();
    await list.row('Tehnomarket Podgorica').getByRole('button', { name: 'Izmijeni' }).click();
    const form = page.getByRole('dialog', { name: 'Izmjena partnera' });
    await form.waitFor();
    await form.getByRole('button', { name: 'Kontakti' }).click();
    const contacts = page.getByRole('dialog', { name: 'Kontakti: Tehnomarket Podgorica' });
    await contacts.waitFor();
    await contacts.getByRole('button', { name: 'Dodaj kontakt' }).click();
    const add = page.getByRole('dialog', { name: 'Novi kontakt' });
    await add.waitFor();
    await add.locator('.p-dropdown').first().click();
    await panel.waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    // And Esc in the form itself.
    await add.getByLabel(label('Kontakt')).focus();
    await page.keyboard.press('Escape');
    await settle(page); // a dialog closing would have animated out by now
    assert.ok(await add.isVisible(), 'the contact form stays open');
    assert.ok(await contacts.isVisible(), 'the contacts dialog stays open');

    await add.getByRole('button', { name: 'Odustani' }).click();
    await add.waitFor({ state: 'hidden' });
    // The contacts dialog itself still closes on Esc.
    await contacts.getByRole('button', { name: 'Dodaj kontakt' }).focus();
    await page.keyboard.press('Escape');
    await contacts.waitFor({ state: 'hidden' });
    await closeDialog(form);
  });

  it('a text file named .xlsx is the wrong Excel file and is not sent', async () => {
    const list = listScreen(page, 'partners');
    await list.open();
    let uploads = 0;
    const count = (req) => {
      if (new URL(req.url()).pathname === '/api/saveAddPartnerExcelDoc') uploads += 1;
    };
    page.on('request', count);
    try {
      await page.getByRole('button', { name: 'Učitaj Excel' }).click();
      const dialog = page.getByRole('dialog', { name: 'Učitavanje partnera iz Excel fajla' });
      await dialog.waitFor();
      await dialog.locator('input[type="file"]').setInputFiles({
        name: 'Partners.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: Buffer.from('id;name\n1001;Gradnja\n'),
      });
      await dialog.getByText(/Dodat je pogrešan Excel fajl/).waitFor();
      assert.equal(await dialog.getByText('Fajl mora biti .xlsx ili .xls').count(), 0);
      assert.ok(await dialog.getByRole('button', { name: 'Potvrdi' }).isDisabled());
      assert.equal(uploads, 0);
      await dialog.getByRole('button', { name: 'Odustani' }).click();
      await dialog.waitFor({ state: 'hidden' });
    } finally {
      page.off('request', count);
    }
  });

  it('a deep link opened signed out lands on that page after sign-in', async () => {
    const visitor = await newPage(browser, server.baseURL);
    try {
      await visitor.goto('/partners');
      await visitor.waitForURL((url) => url.pathname === '/login');
      await visitor.getByLabel('Korisničko ime').fill('admin');
      await visitor.getByLabel('Šifra').fill(server.adminPassword);
      await visitor.getByRole('button', { name: 'Prijavi se' }).click();
      await visitor.waitForURL((url) => url.pathname === '/partners');
      await visitor.locator('.list-table tbody tr', { hasText: 'Elektro Nikšić' }).waitFor();
      assert.deepEqual(visitor.problems, []);
    } finally {
      await visitor.context().close();
    }
  });

  it('raised no page errors', () => {
    assert.deepEqual(page.problems, []);
  });
});
