import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { join } from 'node:path';
import { apiClient, artifactsDir, checkA11y, DESKTOP, launchBrowser, listScreen, MOBILE, newPage, settle, signIn, startServer } from './harness.mjs';

/** An exact decimal as sr-Latn-ME writes it (dots group, a comma marks the decimals), by hand. */
function sr(value) {
  const [whole, fraction = ''] = String(value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const digits = fraction.replace(/0+$/, '');
  return digits ? `${grouped},${digits}` : grouped;
}

/** The home page's figures at both widths, scrolled to them. */
async function shootFigures(page, name) {
  for (const viewport of [DESKTOP, MOBILE]) {
    await page.setViewportSize(viewport);
    await settle(page);
    await page.evaluate(() => {
      document.getElementById('home-figures-title').scrollIntoView();
      window.scrollBy(0, -72); // below the app bar
    });
    await settle(page);
    await page.screenshot({ path: join(artifactsDir, `${name}-${viewport.width}.png`) });
    await checkA11y(page, `${name} ${viewport.width}`);
  }
  await page.setViewportSize(DESKTOP);
}

// The home page's figures (issue 25) over the demo data: each figure equals what the list it
// links to adds up, the links open those lists filtered, at 1280 and 375 px, with axe.
describe('home page figures', () => {
  let server;
  let browser;
  let api;
  let token;
  let page;
  let get;
  let raised;

  before(async () => {
    server = await startServer({ seedDemo: true });
    browser = await launchBrowser();
    api = apiClient(server.baseURL);
    token = await api.login('admin', server.adminPassword);
    get = async (path) => {
      const res = await api.call('GET', path, { token });
      assert.equal(res.status, 200, `${path}: ${JSON.stringify(res.body)}`);
      return res;
    };
    page = await newPage(browser, server.baseURL);
    await signIn(page, 'admin', server.adminPassword);

    // A debt that rises today: the partner form, as staff change it (the first partner's
    // debt, doubled plus one).
    raised = (await get(`/api/partners?page=1&per_page=1&sort=id&order=asc&debt=${encodeURIComponent('>1')}`)).body[0];
    const partners = listScreen(page, 'partners');
    await partners.open();
    await partners.row(raised.name).getByRole('button', { name: 'Izmijeni' }).click();
    const form = page.getByRole('dialog', { name: 'Izmjena partnera' });
    await form.waitFor();
    raised.newDebt = String(Math.floor(Number(raised.debt) * 2) + 1);
    await form.locator('#field-debt').fill(raised.newDebt);
    await form.locator('#field-debt').blur();
    const saved = page.waitForResponse((res) => new URL(res.url()).pathname === `/api/partners/${raised.id}` && res.request().method() === 'PUT');
    await form.locator('button[type="submit"]').click();
    assert.equal((await saved).status(), 200);
    await form.waitFor({ state: 'hidden' });
  });

  after(async () => {
    await page?.context().close();
    await browser?.close();
    await server?.stop();
  });

  it('campaigns: granted and spent are the Partners and Cart tabs’ totals; the name opens the Partners tab', async () => {
    await page.goto('/');
    const block = page.locator('[data-figures="campaigns"]');
    await block.locator('tbody tr').first().waitFor();
    const campaigns = (await get('/api/overview/campaigns')).body;
    assert.ok(campaigns.length > 0, 'the demo has active campaigns');
    for (const c of campaigns) {
      const partners = await get(`/api/campaignDetailsById/partners/${c.id}?page=1&per_page=10`);
      const cart = await get(`/api/campaignDetailsById/cart/${c.id}?page=1&per_page=10`);
      assert.equal(c.granted, partners.headers.get('X-Total-Cash'), `${c.name}: granted`);
      assert.equal(c.spent, cart.headers.get('X-Total-Ordered'), `${c.name}: spent`);
      const row = block.locator(`tr[data-campaign="${c.id}"]`);
      assert.equal(await row.locator('[data-figure="granted"]').innerText(), sr(c.granted));
      assert.equal(await row.locator('[data-figure="spent"]').innerText(), sr(c.spent));
      assert.equal(await row.locator('[data-figure="remaining"]').innerText(), sr(c.remaining));
    }
    // The burn-down of the first campaign ends at what remains.
    const first = campaigns[0];
    const burn = (await get(`/api/overview/campaigns/${first.id}/burndown`)).body;
    assert.equal(burn.days.at(-1).remaining, first.remaining);
    await block.getByRole('img', { name: new RegExp(`do ${sr(first.remaining).replace(/\./g, '\\.')}$`) }).waitFor();

    await shootFigures(page, 'home-figures');

    const tab = page.waitForResponse((res) => new URL(res.url()).pathname === `/api/campaignDetailsById/partners/${first.id}`);
    await block.locator(`tr[data-campaign="${first.id}"] a[data-link="campaign-partners"]`).click();
    await page.waitForURL((url) => url.pathname === `/campaigns/${first.id}` && url.searchParams.get('tab') === 'partners');
    assert.equal((await tab).headers()['x-total-cash'], first.granted);
  });

  it('push: the week’s figures are the sums of the notifications list it opens', async () => {
    await page.goto('/');
    const block = page.locator('[data-figures="push"]');
    await block.locator('[data-figure="devices"] dd').waitFor();
    const week = (await get('/api/overview/push')).body;
    assert.ok(week.from_id > 0, 'the demo sent notifications this week');
    const listed = (await get(`/api/notifications?id=${encodeURIComponent(`>=${week.from_id}`)}`)).body;
    const sum = (key) => listed.reduce((n, row) => n + row[key], 0);
    assert.equal(week.notifications, listed.length);
    assert.equal(week.devices, sum('devices'));
    assert.equal(week.delivered, sum('delivered'));
    assert.equal(week.failed, sum('failed'));
    assert.equal(await block.locator('[data-figure="devices"] dd').innerText(), sr(week.devices));
    assert.equal(await block.locator('[data-figure="notifications"] dd').innerText(), sr(week.notifications));

    const list = listScreen(page, 'notifications');
    const answered = list.waitForList();
    await block.getByRole('link', { name: 'Otvori listu' }).click();
    const res = await answered;
    assert.equal(new URL(res.url()).searchParams.get('id'), `>=${week.from_id}`);
    await list.waitForReport(`1–${Math.min(10, listed.length)} / ${listed.length}`);
    await page.getByText(`Samo redovi čiji je redni broj >=${week.from_id}`).waitFor();
  });

  it('debt: the partner whose debt rose is listed with its rise, and opens in the partners list', async () => {
    await page.goto('/');
    const block = page.locator('[data-figures="debt"]');
    const row = block.locator(`tr[data-partner="${raised.id}"]`);
    await row.waitFor();
    const since = await block.locator('[data-since]').getAttribute('data-since');
    const answer = await get(`/api/overview/debtRise?since=${since}&page=1&per_page=10`);
    assert.equal(await block.locator('[data-figure="debt-total"]').getAttribute('data-total'), answer.headers.get('X-Total-Count'));
    assert.equal(answer.headers.get('X-Debt-Rise-Threshold'), '20');
    const mine = answer.body.find((p) => p.id === raised.id);
    assert.equal(mine.then, raised.debt);
    assert.equal(mine.now, raised.newDebt);
    assert.match(await row.innerText(), new RegExp(sr(raised.newDebt).replace(/\./g, '\\.')));

    // A director sets the threshold here; the admin may too. 500 % leaves a doubled debt out.
    const input = block.getByLabel('Rast veći od');
    await input.fill('500');
    const saved = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/overview/debtRiseThreshold' && res.request().method() === 'PUT');
    await block.getByRole('button', { name: 'Sačuvaj' }).click();
    assert.equal((await saved).status(), 200);
    await block.locator('[data-figure="debt-total"]', { hasText: '500 %' }).waitFor();
    assert.equal(await row.count(), 0);
    await input.fill('20');
    await block.getByRole('button', { name: 'Sačuvaj' }).click();
    await row.waitFor();

    const partners = listScreen(page, 'partners');
    const answered = partners.waitForList();
    await row.getByRole('link', { name: raised.name }).click();
    assert.equal(new URL((await answered).url()).searchParams.get('id'), String(raised.id));
    await partners.waitForCount(1);
  });

  it('support: each type’s open messages are the filtered support list’s total', async () => {
    await page.goto('/');
    const block = page.locator('[data-figures="support"]');
    await block.locator('li').first().waitFor();
    const types = (await get('/api/overview/supportByType')).body;
    for (const type of types) {
      const listed = await get(`/api/customerSupport?page=1&per_page=10&is_active=1&type_name=${encodeURIComponent(type.name)}`);
      assert.equal(type.open, Number(listed.headers.get('X-Total-Count')), type.name);
      assert.equal(await block.locator(`li[data-type="${type.name}"] [data-figure="open"]`).innerText(), sr(type.open));
    }
    const busiest = types.reduce((a, b) => (b.open > a.open ? b : a));
    assert.ok(busiest.open > 0, 'the demo has open messages');
    const list = listScreen(page, 'customerSupport');
    const answered = list.waitForList();
    await block.locator(`li[data-type="${busiest.name}"] a`).click();
    const url = new URL((await answered).url());
    assert.equal(url.searchParams.get('type_name'), busiest.name);
    assert.equal(url.searchParams.get('is_active'), '1');
    await list.waitForReport(`1–${Math.min(10, busiest.open)} / ${busiest.open}`);
  });

  it('a role sees only the blocks it may read: an engineer has no support block and no threshold form', async () => {
    await api.createUser(token, { name: 'Inženjer Figura', username: 'inzenjer-figure', password: 'pass1234', roles: ['engineer'] });
    const other = await newPage(browser, server.baseURL);
    try {
      await signIn(other, 'inzenjer-figure', 'pass1234');
      await other.locator('[data-figures="debt"] [data-threshold]').waitFor();
      assert.deepEqual(await other.locator('[data-figures]').evaluateAll((els) => els.map((e) => e.getAttribute('data-figures'))), [
        'campaigns',
        'push',
        'debt',
      ]);
      assert.equal(await other.locator('[data-figures="debt"] form').count(), 0);
      await checkA11y(other, 'home figures engineer');
    } finally {
      await other.context().close();
    }
  });
});
