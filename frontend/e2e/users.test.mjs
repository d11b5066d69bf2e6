import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiClient, launchBrowser, listHeaders, listScreen, newPage, shoot, signIn, startServer } from './harness.mjs';

const pad = (n) => String(n).padStart(2, '0');

describe('users list', () => {
  let server;
  let browser;
  let api;
  let adminToken;
  let page;

  const rows = () => page.locator('.list-table tbody tr');
  const report = () => page.locator('.p-paginator-current');

  /** Types into the name filter and applies it with Enter. */
  async function filterByName(text) {
    const filter = page.getByRole('textbox', { name: 'Ime i prezime — Pretraga' });
    await filter.fill(text);
    const answered = page.waitForResponse((res) => res.url().includes('/api/users?'));
    await filter.press('Enter');
    const res = await answered;
    assert.equal(new URL(res.url()).searchParams.get('name'), text || null);
  }

  function row(text) {
    return rows().filter({ hasText: text });
  }

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    api = apiClient(server.baseURL);
    adminToken = await api.login('admin', server.adminPassword);
    for (let i = 1; i <= 25; i++) {
      await api.createUser(adminToken, {
        name: `E2E Korisnik ${pad(i)}`,
        username: `e2e.user${pad(i)}`,
        password: 'lozinka1',
        roles: [i % 2 ? 'manager' : 'engineer'],
      });
    }
    page = await newPage(browser, server.baseURL);
    await signIn(page, 'admin', server.adminPassword);
  });

  after(async () => {
    await page?.context().close();
    await browser?.close();
    await server?.stop();
  });

  it('lists the first page sorted by name with the total, and changes page and size', async () => {
    const first = page.waitForResponse((res) => res.url().includes('/api/users?'));
    await page.goto('/users');
    const params = new URL((await first).url()).searchParams;
    assert.deepEqual(Object.fromEntries(params), { page: '1', per_page: '10', sort: 'name', order: 'asc' });
    await row('E2E Korisnik 01').waitFor();
    assert.equal(await rows().count(), 10);
    assert.equal(await report().innerText(), '1–10 / 26');
    // The list's own headers (listHeaders leaves out the bulk actions' selection column).
    const headers = await listHeaders(page);
    assert.deepEqual(
      headers.map((h) => h.trim().toUpperCase()),
      // 2FA: whether two-factor sign-in is on (issue 23).
      ['IME I PREZIME', 'KORISNIČKO IME', 'PARTNER', '2FA', 'AKTIVAN', 'AKCIJE'],
    );
    await shoot(page, 'users');

    await page.getByRole('button', { name: 'Strana 2' }).click();
    await row('E2E Korisnik 11').waitFor();
    assert.equal(await report().innerText(), '11–20 / 26');

    await page.getByRole('button', { name: 'Strana 3' }).click();
    await row('E2E Korisnik 25').waitFor();
    assert.equal(await rows().count(), 6);

    // Sorting by name descending puts the last one first.
    await page.getByRole('columnheader', { name: /Ime i prezime/ }).click();
    await page.locator('.list-table tbody tr').first().filter({ hasText: 'E2E Korisnik 25' }).waitFor();
    assert.equal(await report().innerText(), '1–10 / 26');
    await page.getByRole('columnheader', { name: /Ime i prezime/ }).click();
    await page.locator('.list-table tbody tr').first().filter({ hasText: 'Administrator' }).waitFor();

    // 20 rows per page.
    await page.locator('.p-paginator .p-dropdown').click();
    await page.getByRole('option', { name: '20' }).click();
    await row('E2E Korisnik 19').waitFor();
    assert.equal(await rows().count(), 20);
    assert.equal(await report().innerText(), '1–20 / 26');
    await page.locator('.p-paginator .p-dropdown').click();
    await page.getByRole('option', { name: '10' }).click();
    await page.waitForFunction(() => document.querySelectorAll('.list-table tbody tr').length === 10);
  });

  it('filters by name on Enter and clears the filter', async () => {
    await filterByName('korisnik 07');
    await page.waitForFunction(() => document.querySelectorAll('.list-table tbody tr').length === 1);
    await row('E2E Korisnik 07').waitFor();
    assert.equal(await report().innerText(), '1–1 / 1');

    await filterByName('nobody-has-this-name');
    await page.getByText('Nema podataka').waitFor();

    await page.getByRole('button', { name: 'Poništi filtere' }).click();
    await row('E2E Korisnik 01').waitFor();
    assert.equal(await report().innerText(), '1–10 / 26');
  });

  it('adds a user through the dialog', async () => {
    await page.getByRole('button', { name: 'Dodaj' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novi korisnik' });
    await dialog.waitFor();
    await dialog.getByText('Polja označena zvjezdicom (*) su obavezna.').waitFor();

    // An empty form sends nothing and says so.
    let posted = 0;
    const countPosts = (req) => {
      if (req.method() === 'POST' && req.url().endsWith('/api/users')) posted += 1;
    };
    page.on('request', countPosts);
    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    await page.getByText('Morate popuniti obavezna polja').waitFor();
    assert.equal(await dialog.getByText('Obavezno polje').count(), 4);
    assert.equal(posted, 0);
    page.off('request', countPosts);

    await dialog.getByLabel('Ime i prezime').fill('Nova Osoba');
    await dialog.getByLabel('Korisničko ime').fill('nova.osoba');
    await dialog.getByLabel('Šifra').fill('tajna123');
    await dialog.getByLabel('Ponovite šifru').fill('tajna123');
    await dialog.locator('.p-multiselect').click();
    await page.getByRole('option', { name: 'Menadžer' }).click();
    await page.getByRole('option', { name: 'Finansijer' }).click();
    await page.keyboard.press('Escape');
    await shoot(page, 'user-dialog');

    const created = page.waitForResponse((res) => res.url().endsWith('/api/users') && res.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    const res = await created;
    assert.equal(res.status(), 201);
    assert.deepEqual(JSON.parse(res.request().postData()), {
      name: 'Nova Osoba',
      username: 'nova.osoba',
      password: 'tajna123',
      confirmPassword: 'tajna123',
      partner_id: null,
      roles: ['manager', 'financier'],
    });
    await page.getByText('Uspješno dodavanje').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // The list reloads: one more in total (the new one sorts onto a later page).
    await page.getByText('1–10 / 27').waitFor();
    await filterByName('Nova');
    await row('Nova Osoba').waitFor();
    await filterByName('');

    // Opening Add again starts from an empty form.
    await page.getByRole('button', { name: 'Dodaj' }).click();
    await dialog.waitFor();
    assert.equal(await dialog.getByLabel('Ime i prezime').inputValue(), '');
    // A taken username comes back as 422 and the validation dialog explains it.
    await dialog.getByLabel('Ime i prezime').fill('Duplikat');
    await dialog.getByLabel('Korisničko ime').fill('nova.osoba');
    await dialog.getByLabel('Šifra').fill('tajna123');
    await dialog.getByLabel('Ponovite šifru').fill('tajna123');
    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    const error = page.getByRole('dialog', { name: 'Greška u unosu' });
    await error.getByText('Korisničko ime je već zauzeto.').waitFor();
    await shoot(page, 'error-dialog');
    await error.getByRole('button', { name: 'U redu' }).click();
    await error.waitFor({ state: 'hidden' });
    // The form stays as typed; cancel discards it.
    assert.equal(await dialog.getByLabel('Ime i prezime').inputValue(), 'Duplikat');
    await dialog.getByRole('button', { name: 'Odustani' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('edits a user, keeping the password when it is left blank', async () => {
    await filterByName('Nova Osoba');
    await row('Nova Osoba').getByRole('button', { name: 'Izmijeni' }).click();
    const dialog = page.getByRole('dialog', { name: 'Izmjena korisnika' });
    await dialog.waitFor();
    assert.equal(await dialog.getByLabel('Ime i prezime').inputValue(), 'Nova Osoba');
    assert.equal(await dialog.getByLabel('Korisničko ime').inputValue(), 'nova.osoba');
    await dialog.getByText('Ostavite prazno da biste zadržali postojeću šifru.').waitFor();

    await dialog.getByLabel('Ime i prezime').fill('Nova Osoba Izmijenjena');
    await dialog.locator('.p-inputswitch').click();
    await dialog.getByLabel(/^Partner/).waitFor();
    await shoot(page, 'user-dialog-edit');
    // Switch it off again: partner_id goes back to null.
    await dialog.locator('.p-inputswitch').click();
    await dialog.getByLabel(/^Partner/).waitFor({ state: 'detached' });

    const updated = page.waitForResponse((res) => /\/api\/users\/\d+$/.test(res.url()) && res.request().method() === 'PUT');
    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    const res = await updated;
    assert.equal(res.status(), 200);
    const body = JSON.parse(res.request().postData());
    assert.equal(body.name, 'Nova Osoba Izmijenjena');
    assert.equal(body.partner_id, null);
    assert.deepEqual(body.roles, ['manager', 'financier']);
    assert.ok(!('password' in body), 'a blank password is not sent');
    await page.getByText('Uspješna izmjena').waitFor();
    await row('Nova Osoba Izmijenjena').waitFor();

    // The old password still works.
    assert.equal((await api.call('POST', '/api/login', { body: { username: 'nova.osoba', password: 'tajna123' } })).status, 200);
  });

  it('deactivates and reactivates a user behind confirmations', async () => {
    const target = row('Nova Osoba Izmijenjena');
    await target.getByRole('button', { name: 'Deaktiviraj' }).click();
    const confirm = page.getByRole('dialog', { name: 'Deaktivacija' });
    await confirm.waitFor();
    assert.match(await confirm.innerText(), /Nova Osoba Izmijenjena/);
    await shoot(page, 'users-confirm');
    const toggled = page.waitForResponse((res) => res.request().method() === 'DELETE');
    await confirm.getByRole('button', { name: 'Potvrdi' }).click();
    assert.deepEqual(await (await toggled).json(), { is_active: false });
    await target.locator('.p-tag-danger', { hasText: 'Neaktivan' }).waitFor();
    await page.getByText('Status je uspješno promijenjen').first().waitFor();
    assert.equal((await api.call('POST', '/api/login', { body: { username: 'nova.osoba', password: 'tajna123' } })).status, 401);

    // Only inactive ones.
    await page.getByRole('button', { name: 'Status' }).click();
    const inactiveOnly = page.waitForResponse((res) => res.url().includes('is_active=0'));
    await page.getByRole('option', { name: 'Neaktivan' }).click();
    await inactiveOnly;
    await filterByName('');
    await page.waitForFunction(() => document.querySelectorAll('.list-table tbody tr').length === 1);
    await shoot(page, 'users-inactive');

    await row('Nova Osoba Izmijenjena').getByRole('button', { name: 'Aktiviraj' }).click();
    const reactivate = page.getByRole('dialog', { name: 'Reaktivacija' });
    await reactivate.getByRole('button', { name: 'Potvrdi' }).click();
    await page.getByText('Status je uspješno promijenjen').first().waitFor();
    assert.equal((await api.call('POST', '/api/login', { body: { username: 'nova.osoba', password: 'tajna123' } })).status, 200);
    // The list refreshes from the server: under "Not active" the reactivated user is gone.
    await page.getByText('Nema podataka').waitFor();

    await page.getByRole('button', { name: 'Poništi filtere' }).click();
    await row('E2E Korisnik 01').waitFor();
    assert.deepEqual(page.problems, []);
  });

  it('stacks the table under 500 px', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.locator('.list-filters-stacked').waitFor();
    // Column headers are hidden; each cell carries its title.
    assert.equal(await page.locator('.list-table thead th').first().isVisible(), false);
    await page.locator('.list-table tbody .p-column-title', { hasText: 'Korisničko ime' }).first().waitFor();
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});

describe('users: the superior partner', () => {
  let server;
  let browser;
  let api;
  let page;
  let list;
  let partners;

  const isPicker = (res) => new URL(res.url()).pathname === '/api/partnersActive';

  before(async () => {
    server = await startServer({ seedDemo: true }); // active demo partners 1001–1010
    browser = await launchBrowser();
    api = apiClient(server.baseURL);
    const token = await api.login('admin', server.adminPassword);
    partners = (await api.call('GET', '/api/partnersActive?sort=name&order=asc', { token })).body;
    assert.ok(partners.length > 8, 'more active partners than one page of the dialog');
    page = await newPage(browser, server.baseURL);
    list = listScreen(page, 'users');
    await signIn(page, 'admin', server.adminPassword);
  });

  after(async () => {
    await page?.context().close();
    await browser?.close();
    await server?.stop();
  });

  it('adds a user whose superior partner is chosen in the choose-partner dialog', async () => {
    await list.open();
    await page.getByRole('button', { name: 'Dodaj' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novi korisnik' });
    await dialog.waitFor();
    await dialog.getByLabel('Ime i prezime').fill('Partnerov Korisnik');
    await dialog.getByLabel('Korisničko ime').fill('partnerov.korisnik');
    await dialog.getByLabel('Šifra').fill('tajna123');
    await dialog.getByLabel('Ponovite šifru').fill('tajna123');

    // The switch shows the read-only partner field; without a partner nothing is sent.
    await dialog.getByRole('switch', { name: 'Nadređeni partner' }).click();
    const field = dialog.getByLabel(/^Partner/);
    await field.waitFor();
    assert.equal(await field.getAttribute('readonly'), '');
    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    await dialog.getByText('Izaberite nadređenog partnera').waitFor();

    // The dialog: 8 active partners per page, sorted by name.
    const firstPage = page.waitForResponse(isPicker);
    await dialog.getByRole('button', { name: 'Izaberi', exact: true }).click();
    const chooser = page.getByRole('dialog', { name: 'Izbor partnera' });
    await chooser.waitFor();
    const params = new URL((await firstPage).url()).searchParams;
    assert.deepEqual(Object.fromEntries(params), { page: '1', per_page: '8', sort: 'name', order: 'asc' });
    const rows = chooser.locator('tbody tr:not(.p-datatable-emptymessage)');
    await chooser.getByText(`1–8 / ${partners.length}`).waitFor();
    assert.equal(await rows.count(), 8);
    const headers = (await chooser.locator('thead tr').first().locator('th').allInnerTexts()).map((h) => h.trim());
    // The checkbox column's name ('Izbor') is for screen readers only.
    assert.deepEqual(
      headers.filter((h) => h && h !== 'IZBOR'),
      ['NAZIV', 'ADRESA', 'PIB', 'PDV', 'AKTIVAN', 'TIP PARTNERA', 'AKCIJE'],
    );
    await shoot(page, 'choose-partner');

    // Page 2 holds the rest.
    const second = page.waitForResponse(isPicker);
    await chooser.getByRole('button', { name: 'Strana 2' }).click();
    await second;
    await chooser.getByText(partners[8].name).waitFor();

    // Filter by name and choose with the checkbox.
    const target = partners.find((p) => p.partner_type_name) ?? partners[0];
    const byName = page.waitForResponse(isPicker);
    const nameFilter = chooser.getByRole('textbox', { name: 'Naziv — Pretraga' });
    await nameFilter.fill(target.name.slice(0, 6));
    await nameFilter.press('Enter');
    assert.equal(new URL((await byName).url()).searchParams.get('name'), target.name.slice(0, 6));
    await chooser.getByText(target.name).waitFor();
    // PrimeReact labels both the checkbox box and its input; the input is the control.
    await chooser.getByLabel(`Izaberi ${target.name}`, { exact: true }).and(page.locator('input')).check();
    await chooser.getByText(`Izabran: ${target.name}`).waitFor();
    await chooser.getByRole('button', { name: 'Potvrdi' }).click();
    await chooser.waitFor({ state: 'hidden' });
    assert.equal(await field.inputValue(), target.name);
    await shoot(page, 'user-form-partner');

    const created = page.waitForResponse((res) => res.url().endsWith('/api/users') && res.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    const res = await created;
    assert.equal(res.status(), 201);
    assert.equal(JSON.parse(res.request().postData()).partner_id, target.id);
    await dialog.waitFor({ state: 'hidden' });

    // The list shows the partner's name.
    await list.filter('Ime i prezime', 'Partnerov');
    await list.row('Partnerov Korisnik').filter({ hasText: target.name }).waitFor();

    // A partner-linked account may not use the back office: the login answers with its partner
    // (the screen says the account belongs to the partner app: auth.test.mjs).
    const login = await api.call('POST', '/api/login', { body: { username: 'partnerov.korisnik', password: 'tajna123' } });
    assert.equal(login.status, 200);
    assert.equal(login.body.partner_id, target.id);
  });

  it('edit shows the current partner and switching it off unlinks the user', async () => {
    await list.row('Partnerov Korisnik').getByRole('button', { name: 'Izmijeni' }).click();
    const dialog = page.getByRole('dialog', { name: 'Izmjena korisnika' });
    await dialog.waitFor();
    const field = dialog.getByLabel(/^Partner/);
    const row = await list.row('Partnerov Korisnik').innerText();
    assert.ok(row.includes(await field.inputValue()), 'the form shows the linked partner');
    assert.equal(await dialog.getByRole('switch', { name: 'Nadređeni partner' }).isChecked(), true);

    await dialog.getByRole('switch', { name: 'Nadređeni partner' }).click();
    await field.waitFor({ state: 'detached' });
    const updated = page.waitForResponse((res) => /\/api\/users\/\d+$/.test(res.url()) && res.request().method() === 'PUT');
    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    const res = await updated;
    assert.equal(res.status(), 200);
    assert.equal(JSON.parse(res.request().postData()).partner_id, null);
    await dialog.waitFor({ state: 'hidden' });
    await list.row('Partnerov Korisnik').filter({ hasText: '—' }).waitFor();
    const login = await api.call('POST', '/api/login', { body: { username: 'partnerov.korisnik', password: 'tajna123' } });
    assert.equal(login.body.partner_id, null);
    assert.deepEqual(page.problems, []);
  });
});
