import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DESKTOP, MOBILE, apiClient, checkA11y, launchBrowser, listScreen, newPage, settle, shoot, signIn, startServer } from './harness.mjs';

// Issue 21, accountability: a partner's debt changed in the panel is on record in the activity
// log with who and from → to in the language's format; the event opens; reverting it puts the
// debt back through the partner's own rules and records the revert.

describe('activity log', () => {
  let server;
  let browser;
  let page;
  let get;

  let post;

  before(async () => {
    server = await startServer({ seedDemo: true });
    browser = await launchBrowser();
    page = await newPage(browser, server.baseURL, DESKTOP);
    await signIn(page, 'admin', server.adminPassword);
    const api = apiClient(server.baseURL);
    const token = await api.login('admin', server.adminPassword);
    post = async (path, body) => {
      const res = await api.call('POST', path, { token, body });
      assert.equal(res.status, 200, `${path}: ${JSON.stringify(res.body)}`);
      return res.body;
    };
    get = async (path) => {
      const res = await api.call('GET', path, { token });
      assert.equal(res.status, 200, `${path}: ${JSON.stringify(res.body)}`);
      return res.body;
    };
  });

  after(async () => {
    await page?.context().close();
    await browser?.close();
    await server?.stop();
  });

  it('shows a debt changed in the panel, opens the event and reverts it', async () => {
    const partner = (await get('/api/partners?page=1&per_page=1&sort=id&order=asc'))[0];
    const before = partner.debt;

    // The change, made as a user makes it: the partner form, Montenegrin digits.
    const partners = listScreen(page, 'partners');
    await partners.open();
    await partners.row(partner.name).getByRole('button', { name: 'Izmijeni' }).click();
    const form = page.getByRole('dialog', { name: 'Izmjena partnera' });
    await form.waitFor();
    await form.locator('#field-debt').fill('120.000,5');
    await form.locator('#field-debt').blur();
    const saved = page.waitForResponse((res) => new URL(res.url()).pathname === `/api/partners/${partner.id}` && res.request().method() === 'PUT');
    await form.locator('button[type="submit"]').click();
    assert.equal((await saved).status(), 200);
    await form.waitFor({ state: 'hidden' });
    assert.equal((await get(`/api/partners/${partner.id}`))[0].debt, '120000.5');

    // The log, newest first: the edit with who and the debt old → new as the language writes it.
    const log = listScreen(page, 'activity');
    await page.getByRole('navigation', { name: 'Glavna navigacija' }).getByRole('link', { name: 'Aktivnosti' }).click();
    await log.waitForList();
    const first = log.rows().first();
    await first.filter({ hasText: 'Izmjena' }).waitFor();
    const text = await first.innerText();
    assert.match(text, /admin/);
    assert.match(text, /Dug: .* → 120\.000,5/);
    await shoot(page, 'activity-list');

    // The event: who, from where, and the change field by field.
    await first.getByRole('button', { name: 'Detalji' }).click();
    const dialog = page.getByRole('dialog', { name: /Događaj #\d+/ });
    await dialog.waitFor();
    const row = dialog.locator('tr', { hasText: 'Dug' });
    await row.waitFor();
    assert.match(await row.innerText(), /120\.000,5/);
    assert.match(await dialog.innerText(), /127\.0\.0\.1/);
    await checkA11y(page, 'activity event dialog');
    await shoot(page, 'activity-event');

    // Revert: asked first, then done; the debt is back and the revert is on top of the log.
    await dialog.getByRole('button', { name: 'Poništi izmjenu' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Poništavanje izmjene' }).or(page.getByRole('dialog', { name: 'Poništavanje izmjene' }));
    await confirm.waitFor();
    const reverted = page.waitForResponse((res) => /\/api\/activity\/\d+\/revert$/.test(new URL(res.url()).pathname));
    await confirm.getByRole('button', { name: 'Potvrdi' }).click();
    assert.equal((await reverted).status(), 200);
    await page.getByText('Izmjena je poništena').first().waitFor();
    assert.equal((await get(`/api/partners/${partner.id}`))[0].debt, before);
    if (await dialog.isVisible()) await page.keyboard.press('Escape');
    await log.rows().first().filter({ hasText: 'Poništavanje' }).waitFor();

    // Reverting it again is refused: the debt is no longer what that change left (409, said in the dialog).
    await log.rows().nth(1).getByRole('button', { name: 'Detalji' }).click();
    const again = page.getByRole('dialog', { name: /Događaj #\d+/ });
    await again.getByRole('button', { name: 'Poništi izmjenu' }).click();
    await confirm.waitFor();
    const refused = page.waitForResponse((res) => /\/api\/activity\/\d+\/revert$/.test(new URL(res.url()).pathname));
    await confirm.getByRole('button', { name: 'Potvrdi' }).click();
    assert.equal((await refused).status(), 409);
    await again.getByRole('alert', { name: 'Zapis je u međuvremenu izmijenjen' }).waitFor();
    assert.equal((await get(`/api/partners/${partner.id}`))[0].debt, before);
    await page.keyboard.press('Escape');
    await again.waitFor({ state: 'hidden' });
    await checkA11y(page, 'activity list');
    assert.deepEqual(page.problems, []);
  });

  it("a partner's History and Timeline tabs show the change, and the chart moves when it is reverted", async () => {
    const partner = (await get('/api/partners?page=1&per_page=1&sort=id&order=desc'))[0];
    const partners = listScreen(page, 'partners');
    const openForm = async () => {
      await partners.open();
      await partners.row(partner.name).getByRole('button', { name: 'Izmijeni' }).click();
      const form = page.getByRole('dialog', { name: 'Izmjena partnera' });
      await form.waitFor();
      return form;
    };
    let form = await openForm();
    await form.locator('#field-debt').fill('250.000');
    await form.locator('#field-debt').blur();
    const saved = page.waitForResponse((res) => new URL(res.url()).pathname === `/api/partners/${partner.id}` && res.request().method() === 'PUT');
    await form.locator('button[type="submit"]').click();
    assert.equal((await saved).status(), 200);
    await form.waitFor({ state: 'hidden' });

    // History: the record's own events, newest first, the debt's change on top.
    form = await openForm();
    await form.getByRole('tab', { name: 'Istorija' }).click();
    const change = form.locator('tr', { hasText: /Dug: .* → 250\.000/ });
    await change.waitFor();

    // Timeline: the figures' chart over the partner's events; its drawing now.
    await form.getByRole('tab', { name: 'Vremenska linija' }).click();
    const chart = form.getByRole('img', { name: /./ }).locator('xpath=self::canvas').first();
    await chart.waitFor();
    await settle(page);
    const drawn = () => chart.evaluate((canvas) => canvas.toDataURL());
    const beforeRevert = await drawn();
    await shoot(page, 'partner-timeline');
    await checkA11y(page, 'partner timeline');

    // Revert from the History tab; the chart redraws without the raised debt.
    await form.getByRole('tab', { name: 'Istorija' }).click();
    await change.getByRole('button', { name: 'Detalji' }).click();
    const dialog = page.getByRole('dialog', { name: /Događaj #\d+/ });
    await dialog.getByRole('button', { name: 'Poništi izmjenu' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Poništavanje izmjene' }).or(page.getByRole('dialog', { name: 'Poništavanje izmjene' }));
    const reverted = page.waitForResponse((res) => /\/api\/activity\/\d+\/revert$/.test(new URL(res.url()).pathname));
    await confirm.getByRole('button', { name: 'Potvrdi' }).click();
    assert.equal((await reverted).status(), 200);
    assert.equal((await get(`/api/partners/${partner.id}`))[0].debt, partner.debt);
    if (await dialog.isVisible()) await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await form.getByRole('tab', { name: 'Vremenska linija' }).click();
    await chart.waitFor();
    await page.waitForFunction(
      ([before]) => {
        const canvas = document.querySelector('.partner-figures__chart canvas');
        return canvas && canvas.toDataURL() !== before;
      },
      [beforeRevert],
    );
    assert.deepEqual(page.problems, []);
  });

  it("reverts a partner's cash in a campaign from the log, through the cash's own rules", async () => {
    const winter = (await get('/api/campaigns?page=1&per_page=20')).find((c) => c.name === 'Zimska akcija alata');
    assert.ok(winter, 'the demo campaign is there');
    const cashOf = async () => String((await get(`/api/campaignDetailsById/partners/${winter.id}?id=1001`))[0].pivot.cash);
    const before = await cashOf();
    await post(`/api/partnerCampaignsCash/${winter.id}`, { partner_id: 1001, cash: '4321.5' });

    const log = listScreen(page, 'activity');
    await log.open();
    const row = log.rows().filter({ hasText: 'Keš' }).first();
    await row.waitFor();
    assert.match(await row.innerText(), /4\.321,5/);
    await row.getByRole('button', { name: 'Detalji' }).click();
    const dialog = page.getByRole('dialog', { name: /Događaj #\d+/ });
    await dialog.getByRole('button', { name: 'Poništi izmjenu' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Poništavanje izmjene' }).or(page.getByRole('dialog', { name: 'Poništavanje izmjene' }));
    await confirm.waitFor();
    const reverted = page.waitForResponse((res) => /\/api\/activity\/\d+\/revert$/.test(new URL(res.url()).pathname));
    await confirm.getByRole('button', { name: 'Potvrdi' }).click();
    assert.equal((await reverted).status(), 200);
    await page.getByText('Izmjena je poništena').first().waitFor();
    assert.equal(await cashOf(), before);
    if (await dialog.isVisible()) await page.keyboard.press('Escape');
    await log.rows().first().filter({ hasText: 'Poništavanje' }).waitFor();
    assert.deepEqual(page.problems, []);
  });

  it('reads on a phone', async () => {
    const phone = await newPage(browser, server.baseURL, MOBILE);
    await signIn(phone, 'admin', server.adminPassword);
    const log = listScreen(phone, 'activity');
    await log.open();
    await log.rows().first().waitFor();
    await settle(phone);
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px`);
    await shoot(phone, 'activity-list-375');
    await phone.context().close();
  });
});
