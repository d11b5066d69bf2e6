import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiClient, launchBrowser, newPage, shoot, signIn, startServer } from './harness.mjs';

describe('home grid and profile', () => {
  let server;
  let browser;
  let api;

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    api = apiClient(server.baseURL);
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows seven cards, all enabled, each leading to its list', async () => {
    const page = await newPage(browser, server.baseURL);
    await signIn(page, 'admin', server.adminPassword);
    const cards = page.locator('[data-card]');
    await cards.last().waitFor();
    assert.equal(await cards.count(), 7);
    const titles = await page.locator('.home-card__title').allInnerTexts();
    assert.deepEqual(titles, ['Partneri', 'Slajderi', 'Kampanje', 'Proizvodi', 'Push notifikacije', 'Podešavanja', 'Aktivnosti']);
    assert.equal(await page.locator('.home-card--disabled[aria-disabled="true"]').count(), 0);
    assert.deepEqual(
      await page.locator('a.home-card').evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
      ['/partners', '/sliders', '/campaigns', '/products', '/notifications', '/users', '/activity'],
    );
    // The drawer links every section, the reference data under Settings.
    const nav = page.getByRole('navigation');
    assert.equal(await nav.locator('[aria-disabled="true"]').count(), 0);
    const settings = nav.getByRole('list', { name: 'Podešavanja' });
    assert.deepEqual(await settings.getByRole('link').allInnerTexts(), [
      'Korisnici',
      'Države',
      'Gradovi',
      'Kategorije',
      'Prodavnice',
      // Sign-in security (issue 23): the admin's two-factor policy.
      'Bezbjednost prijave',
    ]);
    await shoot(page, 'home');

    // An unknown path says so, marks no drawer item and leads home.
    await page.goto('/no/such/screen');
    await page.getByRole('heading', { name: 'Stranica nije pronađena' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/no/such/screen');
    assert.equal(await nav.locator('.nav-menu__link--active').count(), 0);
    assert.equal(await page.title(), 'Stranica nije pronađena · Vitrina');
    await shoot(page, 'not-found');
    await page.getByRole('link', { name: 'Na početnu' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.locator('[data-card="settings"]').waitFor();

    await page.locator('a.home-card[data-card="products"]').click();
    await page.waitForURL('**/products');
    await page.getByRole('heading', { name: 'Proizvodi' }).waitFor();
    await page.goto('/');
    await page.locator('a.home-card[data-card="settings"]').click();
    await page.waitForURL('**/users');
    await page.getByRole('heading', { name: 'Korisnici' }).waitFor();
    for (const [link, heading, path] of [
      ['Države', 'Države', '/countries'],
      ['Gradovi', 'Gradovi', '/cities'],
      ['Kategorije', 'Kategorije', '/categories'],
      ['Prodavnice', 'Prodavnice', '/stores'],
      ['Proizvodi', 'Proizvodi', '/products'],
    ]) {
      await nav.getByRole('link', { name: link }).click();
      await page.waitForURL(`**${path}`);
      await page.getByRole('heading', { name: heading }).waitFor();
    }
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });

  it('collapses the drawer into a menu button under 500 px', async () => {
    const page = await newPage(browser, server.baseURL, { width: 375, height: 812 });
    await signIn(page, 'admin', server.adminPassword);
    assert.equal(await page.locator('aside.drawer').count(), 0);
    await page.getByRole('button', { name: 'Meni' }).click();
    const drawer = page.locator('.drawer-mobile');
    await drawer.waitFor();
    await shoot(page, 'drawer-mobile');
    await drawer.getByRole('link', { name: 'Korisnici' }).click();
    // The choice closes the drawer and opens the screen, whatever the machine's speed.
    await drawer.waitFor({ state: 'hidden' });
    await page.waitForURL('**/users');
    await page.getByRole('heading', { name: 'Korisnici' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Meni' }).getAttribute('aria-expanded'), 'false');
    await page.context().close();
  });

  it('titles each tab after its screen, in the language in use', async () => {
    const page = await newPage(browser, server.baseURL);
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Prijava' }).waitFor();
    assert.equal(await page.title(), 'Prijava · Vitrina');
    await signIn(page, 'admin', server.adminPassword);
    await page.waitForFunction(() => document.title === 'Početna · Vitrina');
    const nav = page.getByRole('navigation', { name: 'Glavna navigacija' });
    for (const [link, title] of [
      ['Partneri', 'Partneri · Vitrina'],
      ['Slajderi', 'Slajderi · Vitrina'],
      ['Kampanje', 'Kampanje · Vitrina'],
      ['Države', 'Države · Vitrina'],
    ]) {
      await nav.getByRole('link', { name: link }).click();
      await page.waitForFunction((want) => document.title === want, title);
    }
    // A deep link's title is there without a click, and follows a language switch.
    await page.goto('/customerService');
    await page.waitForFunction(() => document.title === 'Sugestije i žalbe · Vitrina');
    await page.goto('/table-list');
    await page.waitForFunction(() => document.title === 'Pregled · Vitrina');
    await page.goto('/countries');
    await page.getByRole('heading', { name: 'Države' }).waitFor();
    await page.getByRole('button', { name: 'EN' }).click();
    await page.waitForFunction(() => document.title === 'Countries · Vitrina');
    await page.context().close();
  });

  it('offers a skip link and starts the keyboard at the screen’s heading after sign-in and each switch', async () => {
    const page = await newPage(browser, server.baseURL);
    await signIn(page, 'admin', server.adminPassword);
    const focusedHeading = () => page.evaluate(() => (document.activeElement?.tagName === 'H1' ? document.activeElement.textContent : null));
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    assert.match(await focusedHeading(), /Dobrodošli, admin/);

    // A drawer link by keyboard: the new screen's heading has the focus, the next Tab is in the screen.
    const nav = page.getByRole('navigation', { name: 'Glavna navigacija' });
    await nav.getByRole('link', { name: 'Države' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/countries');
    await page.waitForFunction(() => document.activeElement?.textContent?.trim() === 'Države' && document.activeElement.tagName === 'H1');
    await page.keyboard.press('Tab');
    assert.ok(
      await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement)),
      'the Tab after the heading is in the screen',
    );

    // A page the browser loads starts at the top: the first Tab is the skip link, which leads to the heading.
    await page.reload();
    await page.getByRole('heading', { name: 'Države' }).waitFor();
    assert.equal(await focusedHeading(), null);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Preskoči na sadržaj' });
    assert.ok(await skip.evaluate((el) => el === document.activeElement), 'the first Tab stop is the skip link');
    assert.ok(await skip.isVisible(), 'the skip link shows while it has the focus');
    await shoot(page, 'skip-link');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    assert.equal(new URL(page.url()).pathname, '/countries');
    assert.equal(new URL(page.url()).hash, '');
    await page.context().close();
  });

  it('changes the own password, then signs out and in with the new one', async () => {
    const adminToken = await api.login('admin', server.adminPassword);
    await api.createUser(adminToken, {
      name: 'Profil Proba',
      username: 'profil',
      password: 'staro1234',
      roles: ['manager'],
    });

    const page = await newPage(browser, server.baseURL);
    await signIn(page, 'profil', 'staro1234');
    await page.getByRole('link', { name: 'Profil' }).click();
    await page.waitForURL('**/user-profile');
    await page.getByTestId('profile-name').getByText('Profil Proba').waitFor();
    assert.equal(await page.getByTestId('profile-username').innerText(), 'profil');
    assert.match(await page.getByTestId('build-label').innerText(), /^\d{8} \(.+\)$/);
    await shoot(page, 'profile');

    await page.getByRole('button', { name: 'Izmijeni šifru' }).click();
    const dialog = page.getByRole('dialog', { name: 'Izmjena šifre' });
    await dialog.waitFor();
    // No current password, too short and not matching: nothing is sent.
    await dialog.getByLabel('Nova šifra').fill('abc');
    await dialog.getByLabel('Ponovite šifru').fill('abd');
    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    await dialog.getByText('Šifra mora imati najmanje 4 karaktera').waitFor();
    await dialog.getByText('Šifre se moraju poklapati').waitFor();
    await page.getByText('Morate popuniti obavezna polja').waitFor();
    assert.equal(await dialog.getByLabel('Trenutna šifra').getAttribute('aria-invalid'), 'true');
    await shoot(page, 'profile-password-dialog');

    // A wrong current password is refused by the server, translated, and the dialog stays.
    await dialog.getByLabel('Trenutna šifra').fill('pogresna');
    await dialog.getByLabel('Nova šifra').fill('novo5678');
    await dialog.getByLabel('Ponovite šifru').fill('novo5678');
    const refused = page.waitForResponse((res) => res.url().endsWith('/api/userUpdate'));
    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    assert.equal((await refused).status(), 422);
    const error = page.getByRole('dialog', { name: 'Greška u unosu' });
    await error.getByText('Trenutna šifra nije ispravna.').waitFor();
    await shoot(page, 'profile-password-wrong-current');
    await error.getByRole('button', { name: 'U redu' }).click();

    await dialog.getByLabel('Trenutna šifra').fill('staro1234');
    const saved = page.waitForResponse((res) => res.url().endsWith('/api/userUpdate'));
    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    const res = await saved;
    assert.equal(res.status(), 200);
    assert.deepEqual(JSON.parse(res.request().postData()), {
      name: 'Profil Proba',
      username: 'profil',
      password: 'novo5678',
      confirmPassword: 'novo5678',
      current_password: 'staro1234',
    });
    await page.getByText('Šifra je uspješno izmijenjena').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Odjava' }).click();
    await page.waitForURL('**/login');
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);

    // The old password no longer works; the new one does.
    assert.equal((await api.call('POST', '/api/login', { body: { username: 'profil', password: 'staro1234' } })).status, 401);
    await signIn(page, 'profil', 'novo5678');
    await page.getByRole('heading', { name: /Dobrodošli, profil/ }).waitFor();
    await page.context().close();
  });

  it('edits the own name and username from the profile', async () => {
    const adminToken = await api.login('admin', server.adminPassword);
    await api.createUser(adminToken, { name: 'Druga Osoba', username: 'druga', password: 'druga1234', roles: ['engineer'] });

    const page = await newPage(browser, server.baseURL);
    await signIn(page, 'druga', 'druga1234');
    await page.goto('/user-profile');
    await page.getByRole('button', { name: 'Izmijeni podatke' }).click();
    const dialog = page.getByRole('dialog', { name: 'Izmjena podataka' });
    await dialog.getByLabel('Ime i prezime').fill('Druga Osoba Nova');
    // A taken username is refused with the unique-username message.
    await dialog.getByLabel('Korisničko ime').fill('admin');
    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    const error = page.getByRole('dialog', { name: 'Greška u unosu' });
    await error.getByText('Korisničko ime je već zauzeto.').waitFor();
    await error.getByRole('button', { name: 'U redu' }).click();

    await dialog.getByLabel('Korisničko ime').fill('druga2');
    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    await page.getByText('Podaci su uspješno sačuvani').waitFor();
    await page.getByTestId('profile-username').getByText('druga2').waitFor();
    assert.equal(await page.getByTestId('profile-name').innerText(), 'Druga Osoba Nova');
    assert.equal(await page.evaluate(() => localStorage.getItem('username')), 'druga2');
    await page.context().close();
  });
});
