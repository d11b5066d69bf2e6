import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startFakeFcm } from './fakefcm.mjs';
import { join } from 'node:path';
import { apiClient, artifactsDir, checkA11y, DESKTOP, launchBrowser, listScreen, newPage, shoot, settle, signIn, startServer } from './harness.mjs';
import { makePng } from './images.mjs';

const isPost = (path) => (res) => res.request().method() === 'POST' && new URL(res.url()).pathname === path;
const isSliderSave = (res) => res.request().method() === 'POST' && /^\/api\/sliders(\/\d+)?$/.test(new URL(res.url()).pathname);

// Push notifications (issue 13) over the demo data, with a fake FCM on loopback: the partners of
// one category register a device each through the partner app's API; the panel sends a
// notification and follows its delivery, meets a 491 when a device is unregistered, and a
// promotion slider saved with "send a notification" sends one too.
describe('push notifications', () => {
  let server;
  let fcm;
  let browser;
  let page;
  let api;
  let adminToken;
  let list;
  /** The category every notification here goes to, and its active partners' device tokens. */
  let category;
  const tokens = new Map(); // partner id → token
  const sent = new Map(); // token → how many notifications targeted it
  /** Devices the first notification went to: ours and the demo data's of the same partners. */
  let firstDevices = 0;

  const tile = (key) => page.locator(`[data-figure="${key}"] dd`);

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

  async function openAdd() {
    await page.getByRole('button', { name: 'Dodaj', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova push notifikacija' });
    await dialog.waitFor();
    return dialog;
  }

  async function fill(dialog, subject, text) {
    await dialog.getByLabel(/^Naslov/).fill(subject);
    await dialog.getByLabel(/^Tekst notifikacije/).fill(text);
    await chooseCategories(dialog, [category.name]);
  }

  const countTargets = () => {
    for (const token of tokens.values()) sent.set(token, (sent.get(token) ?? 0) + 1);
  };

  before(async () => {
    server = await startServer({
      seedDemo: true,
      env: async (dir) => {
        fcm = await startFakeFcm(dir);
        // A short wait for the first attempts, so a held device leaves the answer pending; a long
        // send timeout, so the held send is still the first attempt when it is released.
        return { ...fcm.env, VITRINA_PUSH_WAIT: '3s', VITRINA_PUSH_TIMEOUT: '45s' };
      },
    });
    api = apiClient(server.baseURL);
    adminToken = await api.login('admin', server.adminPassword);
    const partners = (await api.call('GET', '/api/partners?page=1&per_page=100&is_active=1', { token: adminToken })).body;
    category = partners.find((p) => p.categories.length > 0).categories[0];
    const targets = partners.filter((p) => p.is_active && p.categories.some((c) => c.id === category.id));
    assert.ok(targets.length >= 2, `need two partners in ${category.name}`);
    for (const [i, partner] of targets.entries()) {
      const login = await api.call('POST', '/api/app/login', { body: { partner_id: partner.id, password: 'partner1234' } });
      assert.equal(login.status, 200, `app login ${partner.id}: ${JSON.stringify(login.body)}`);
      const token = `e2e-device-${partner.id}`;
      const res = await api.call('POST', '/api/app/devices', {
        token: login.body.token,
        body: { token, platform: i % 2 ? 'ios' : 'android' },
      });
      assert.ok(res.status === 200 || res.status === 201 || res.status === 204, `register ${partner.id}: ${res.status}`);
      tokens.set(partner.id, token);
    }
    browser = await launchBrowser();
    page = await newPage(browser, server.baseURL);
    list = listScreen(page, 'notifications');
    await signIn(page, 'admin', server.adminPassword);
  });

  after(async () => {
    await page?.context().close();
    await browser?.close();
    await server?.stop();
    await fcm?.stop();
  });

  /**
   * Sends from the add dialog: the dialog first asks, naming what the server says the
   * notification reaches (issue 20), and Send on that question sends. Answers the reach.
   */
  async function sendConfirmed(dialog, { check = false } = {}) {
    const reached = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/notifications/reach');
    await dialog.getByRole('button', { name: 'Pošalji' }).click();
    const reach = await (await reached).json();
    const question = page.getByRole('dialog', { name: 'Poslati notifikaciju?' });
    await question.getByText(`Partnera: ${reach.partners}; njihovih uređaja: ${reach.devices}.`, { exact: false }).waitFor();
    if (check) {
      await shoot(page, 'push-confirm');
      await checkA11y(page, 'push confirm');
    }
    await question.getByRole('button', { name: 'Pošalji' }).click();
    return reach;
  }

  it('sends a notification to a category and follows its delivery until every device has it', async () => {
    await page.locator('a.home-card[data-card="notifications"]').click();
    await page.waitForURL('**/notifications');
    await page.locator('.list-table').waitFor();
    // One device answers only when released: the save comes back with it still pending.
    const [heldPartner, heldToken] = [...tokens.entries()][0];
    fcm.hold(heldToken);

    const dialog = await openAdd();
    await fill(dialog, 'Zimski popusti', 'Popusti do 30 % na sve alate');
    await shoot(page, 'push-add');
    const answered = page.waitForResponse(isPost('/api/notifications'));
    const reach = await sendConfirmed(dialog, { check: true });
    // Busy while the server waits for the first attempts: one save, no second.
    await dialog.getByRole('status').filter({ hasText: 'Slanje na uređaje partnera' }).waitFor();
    assert.ok(await dialog.getByRole('button', { name: 'Pošalji' }).isDisabled());
    const res = await answered;
    assert.equal(res.status(), 200);
    const saved = await res.json();
    countTargets();
    // Ours, and the demo partners' own made-up devices (the fake FCM takes those too).
    assert.ok(saved.devices >= tokens.size, `${saved.devices} devices`);
    assert.equal(reach.devices, saved.devices, 'the question named the devices it reached');
    firstDevices = saved.devices;
    assert.ok(saved.pending >= 1, `the held device is pending: ${JSON.stringify(saved)}`);

    await page.waitForURL(`**/notifications/${saved.id}`);
    await page.getByRole('heading', { name: 'Zimski popusti' }).waitFor();
    await page.getByText(/Slanje u toku/).waitFor();
    assert.equal(await tile('devices').innerText(), String(saved.devices));
    await page.getByRole('button', { name: 'Stanje' }).click();
    await page.getByRole('option', { name: 'Sva stanja', exact: true }).click();
    await page.locator('.push-deliveries__table tbody tr', { hasText: 'U slanju' }).first().waitFor();
    await shoot(page, 'push-delivery-pending');
    await checkA11y(page, 'push delivery view');

    // Released: the view follows by itself (every 2 s) and stops at the end.
    fcm.release(heldToken);
    await page.getByText(/^Završeno:/).waitFor();
    assert.equal(await tile('delivered').innerText(), String(saved.devices));
    assert.equal(await tile('pending').innerText(), '0');
    assert.equal(await page.getByRole('progressbar').getAttribute('aria-valuenow'), '100');
    await page.locator('.push-deliveries__table tbody tr', { hasText: 'U slanju' }).first().waitFor({ state: 'detached' });
    await shoot(page, 'push-delivery-done');
    assert.equal(fcm.received(heldToken), 1, `partner ${heldPartner}'s device got it once`);

    // Finished: no more asking.
    let asked = 0;
    const count = (req) => {
      if (new URL(req.url()).pathname === `/api/notifications/${saved.id}`) asked += 1;
    };
    page.on('request', count);
    // Longer than the view's polling interval: the time is what is checked, not a wait for the page.
    await page.waitForTimeout(4_500);
    page.off('request', count);
    assert.equal(asked, 0, 'a finished delivery is not polled');
  });

  it('491: a device that is no longer registered fails; the dialog opens the delivery view with the reason', async () => {
    const [deadPartner, deadToken] = [...tokens.entries()][1];
    fcm.unregister(deadToken);
    await list.open();
    const dialog = await openAdd();
    await fill(dialog, 'Seminar: novi alati', 'Prijave su otvorene');
    const answered = page.waitForResponse(isPost('/api/notifications'));
    await sendConfirmed(dialog);
    const res = await answered;
    assert.equal(res.status(), 491);
    const body = await res.json();
    countTargets();
    assert.equal(body.notification.failed, 1);

    const error = page.getByRole('dialog', { name: 'Greška' });
    await error.getByText('Došlo je do greške prilikom slanja notifikacija na neke od uređaja.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await shoot(page, 'push-491');
    await checkA11y(page, 'push 491 dialog');
    await error.getByRole('button', { name: 'Pogledaj isporuku' }).click();
    await page.waitForURL(`**/notifications/${body.notification.id}`);
    // The failed devices first: the partner and the provider's reason.
    const row = page.locator('.push-deliveries__table tbody tr', { hasText: 'UNREGISTERED' });
    await row.waitFor();
    assert.equal(await page.locator('.push-deliveries__table tbody tr').count(), 1);
    const partner = (await api.call('GET', `/api/partners/${deadPartner}`, { token: adminToken })).body;
    const name = (Array.isArray(partner) ? partner[0] : partner).name;
    assert.ok((await row.innerText()).includes(name), `the failed row names ${name}`);
    assert.equal(await tile('failed').innerText(), '1');
    await shoot(page, 'push-delivery-failed');
    await page.setViewportSize({ width: 768, height: 1024 });
    await settle(page);
    await page.screenshot({ path: join(artifactsDir, 'push-delivery-failed-768.png') });
    await page.setViewportSize(DESKTOP);
    // Its token is removed: later notifications do not target it.
    tokens.delete(deadPartner);
  });

  it('lists what was sent, newest first, with the delivery figures', async () => {
    await list.open();
    // Newest first: the two sent here lead (the demo data may hold older ones).
    await list.row('Zimski popusti').waitFor();
    const subjects = await list.rows().locator('td:nth-child(2)').allInnerTexts();
    assert.deepEqual(subjects.slice(0, 2).map((s) => s.replace(/^Naslov\s*/, '').trim()), ['Seminar: novi alati', 'Zimski popusti']);
    await list.row('Seminar: novi alati').locator('.p-tag', { hasText: 'Neuspjelo: 1' }).waitFor();
    await list.row('Zimski popusti').getByText(`${firstDevices} / ${firstDevices}`).waitFor();
    await shoot(page, 'push-list');
    // And on a tablet.
    await page.setViewportSize({ width: 768, height: 1024 });
    await settle(page);
    await page.screenshot({ path: join(artifactsDir, 'push-list-768.png') });
    await page.setViewportSize(DESKTOP);
    const filtered = await list.filter('Naslov', 'zimski popusti');
    assert.equal(new URL(filtered.url()).searchParams.get('subject'), 'zimski popusti');
    await list.waitForCount(1);
  });

  it('a promotion slider saved with "send a notification" sends it, with a link to its delivery', async () => {
    await page.goto('/sliders');
    await page.getByRole('button', { name: 'Dodaj', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Novi slajder' });
    await dialog.waitFor();
    await dialog.getByLabel(/^Naziv/).fill('Proljećna akcija boja');
    await dialog.locator('.p-dropdown').filter({ has: page.locator('#field-type') }).click();
    await page.getByRole('option', { name: 'Promocija', exact: true }).click();
    await dialog.locator('#field-image').setInputFiles({ name: 'baner.png', mimeType: 'image/png', buffer: makePng(960, 320) });
    await chooseCategories(dialog, [category.name]);
    await dialog.getByLabel('Pošalji notifikaciju').check();
    await dialog.getByLabel(/^Tekst notifikacije/).fill('Nova akcija boja');
    const answered = page.waitForResponse(isSliderSave);
    await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
    const res = await answered;
    assert.equal(res.status(), 201);
    const slider = await res.json();
    countTargets();
    assert.ok(slider.notification?.id, `the answer names its notification: ${JSON.stringify(slider.notification)}`);
    const link = page.getByRole('link', { name: 'Pogledaj isporuku' });
    await page.getByText('Sačuvano. Notifikacija se šalje partnerima.').waitFor();
    await shoot(page, 'push-slider-snackbar');
    await link.click();
    await page.waitForURL(`**/notifications/${slider.notification.id}`);
    await page.getByRole('heading', { name: 'Proljećna akcija boja' }).waitFor();
    await page.getByText(/^Završeno:/).waitFor();
    assert.equal(await tile('devices').innerText(), String(slider.notification.devices));
    assert.ok(slider.notification.devices >= tokens.size);

    // Every live device got each notification it was targeted by once, none twice.
    for (const token of tokens.values()) assert.equal(fcm.received(token), sent.get(token), token);
    assert.deepEqual(page.problems, []);
  });
});
