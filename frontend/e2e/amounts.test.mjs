import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { apiClient, launchBrowser, newPage, signIn, startServer } from './harness.mjs';

// Issue 20, "Money typed the local way" (ADR 0024): every amount field reads and shows numbers in
// the user's language (sr-Latn-ME: '.' groups and ',' marks the decimals; en: the reverse), and
// the API keeps its one exact form. Each form's amounts are typed here in both languages and the
// saved value is checked through the API: the partner figures, a product's price, a campaign
// partner's cash in the cash dialog, in the add-partners dialog and in the composition stepper.
// '3.200' is three thousand two hundred in Montenegrin and three point two in English.

const LOCALES = new URL('../src/locales/', import.meta.url);
const catalogue = (lang) =>
  ['', 'campaigns.', 'campaign_stepper.', 'partners.', 'products.'].reduce(
    (all, prefix) => ({ ...all, ...JSON.parse(readFileSync(new URL(`${prefix}${lang}.json`, LOCALES), 'utf8')) }),
    {},
  );
const CATALOGUES = { 'sr-Latn-ME': catalogue('sr-Latn-ME'), en: catalogue('en') };

/** The catalogue's text of key in lang, with {{name}} placeholders filled. */
function tr(lang, key, vars = {}) {
  const text = key.split('.').reduce((node, part) => node?.[part], CATALOGUES[lang]);
  assert.equal(typeof text, 'string', `${lang} has ${key}`);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name) => String(vars[name]));
}

/** An API amount as the language shows it (grouped, the decimals it has). */
const shown = (lang, value, minDecimals = 0) =>
  new Intl.NumberFormat(lang, { useGrouping: 'always', minimumFractionDigits: minDecimals, maximumFractionDigits: 3 }).format(
    Number(value),
  );

/** What each language's user types, what the field shows on leaving it, and what the API must keep. */
const CASES = {
  'sr-Latn-ME': {
    debt: ['3.200', '3.200', '3200'],
    bonus: ['1.600,5', '1.600,5', '1600.5'],
    payment: ['12.5', '12,5', '12.5'],
    annualPlan: ['125111', '125.111', '125111'],
    price: ['1.299', '1.299,00', 1299],
    cash: ['12.500', '12.500', '12500'],
    added: ['2.500,75', '2.500,75', '2500.75'],
    stepper: ['1777', '1.777', '1777'],
  },
  en: {
    debt: ['3.200', '3.2', '3.2'],
    bonus: ['1,600.5', '1,600.5', '1600.5'],
    payment: ['12,5', '12.5', '12.5'],
    annualPlan: ['125,111', '125,111', '125111'],
    price: ['1,299', '1,299.00', 1299],
    cash: ['13,250.5', '13,250.5', '13250.5'],
    added: ['2,500.75', '2,500.75', '2500.75'],
    stepper: ['1,888', '1,888', '1888'],
  },
};

describe('amounts typed the local way', () => {
  let server;
  let browser;
  let page;
  let api;
  let token;
  let winter;
  let installations;
  /** A campaign and two partners of its categories that are not in it yet, one per language. */
  let joining;
  let newcomers;

  const get = async (path) => {
    const res = await api.call('GET', path, { token });
    assert.equal(res.status, 200, `${path}: ${JSON.stringify(res.body)}`);
    return res.body;
  };

  async function useLanguage(lang) {
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
  }

  /** Types into an amount field, leaves it, and checks what it shows then. */
  async function typeAmount(input, [typed, display]) {
    await input.fill(typed);
    await input.press('Tab');
    assert.equal(await input.inputValue(), display, `'${typed}' is shown as '${display}' on leaving the field`);
  }

  before(async () => {
    // VITRINA_E2E_DATABASE_URL runs it on another database (an empty PostgreSQL one); SQLite otherwise.
    const database = process.env.VITRINA_E2E_DATABASE_URL;
    server = await startServer({ seedDemo: true, env: database ? { VITRINA_DATABASE_URL: database } : {} });
    browser = await launchBrowser();
    page = await newPage(browser, server.baseURL);
    api = apiClient(server.baseURL);
    token = await api.login('admin', server.adminPassword);
    const campaigns = await get('/api/campaigns?page=1&per_page=20');
    winter = campaigns.find((c) => c.name === 'Zimska akcija alata');
    installations = campaigns.find((c) => c.name === 'Instalacije 2027');
    assert.ok(winter && installations, 'the demo campaigns are there');
    // The add-partners dialog's campaign: "Fasade i gradnja" given the winter campaign's
    // categories too, so that partners of its categories are outside it (the demo has none).
    joining = campaigns.find((c) => c.name === 'Fasade i gradnja');
    const winterCategories = (await get(`/api/campaigns/${winter.id}`)).categories.map((c) => c.id);
    const linked = await api.call('POST', '/api/categoryCampaigns', { token, body: { campaign_id: joining.id, categories: winterCategories } });
    assert.equal(linked.status, 200, JSON.stringify(linked.body));
    const details = await get(`/api/campaigns/${joining.id}`);
    const inCampaign = new Set(details.partners.map((p) => p.id));
    const ids = details.categories.map((x) => x.id).join(',');
    const candidates = await get(`/api/partners?page=1&per_page=100&is_active=1&category_ids=${ids}`);
    newcomers = candidates.filter((p) => !inCampaign.has(p.id)).slice(0, 2);
    assert.equal(newcomers.length, 2, 'two partners of its categories are outside it');
    await signIn(page, 'admin', server.adminPassword);
  });

  after(async () => {
    await page?.context().close();
    await browser?.close();
    await server?.stop();
  });

  for (const lang of Object.keys(CASES)) {
    const amounts = CASES[lang];

    it(`${lang}: the partner form pre-fills figures as the list shows them and saves what was typed`, async () => {
      await useLanguage(lang);
      const partner = (await get('/api/partners?page=1&per_page=1&sort=id&order=asc'))[0];
      const listed = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/partners');
      await page.goto('/partners');
      await listed;
      const row = page.locator('.list-table tbody tr', { hasText: partner.name });
      await row.getByRole('button', { name: tr(lang, 'table.edit') }).click();
      const dialog = page.getByRole('dialog', { name: tr(lang, 'partners.edit_title') });
      await dialog.waitFor();
      // Pre-filled in the language's format, as the list has it (issue 20: '125.111' beside '125,111').
      for (const field of ['toolCash', 'moneyCirculation', 'debt']) {
        const value = partner[field];
        const expected = value.endsWith('%') ? shown(lang, value.slice(0, -1)) + '%' : shown(lang, value);
        assert.equal(await dialog.locator(`#field-${field}`).inputValue(), expected, `${field} ${value}`);
      }
      for (const field of ['debt', 'bonus', 'payment', 'annualPlan']) await typeAmount(dialog.locator(`#field-${field}`), amounts[field]);
      const saved = page.waitForResponse((res) => new URL(res.url()).pathname === `/api/partners/${partner.id}` && res.request().method() === 'PUT');
      await dialog.locator('button[type="submit"]').click();
      assert.equal((await saved).status(), 200);
      await dialog.waitFor({ state: 'hidden' });
      const after = (await get(`/api/partners?page=1&per_page=1&id=${partner.id}`))[0];
      for (const field of ['debt', 'bonus', 'payment', 'annualPlan']) assert.equal(after[field], amounts[field][2], field);
      // The list shows the saved debt in the language's format.
      await row.locator('td', { hasText: shown(lang, amounts.debt[2]) }).first().waitFor();
    });

    it(`${lang}: a product's price`, async () => {
      await useLanguage(lang);
      const listed = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/products');
      await page.goto('/products');
      await listed;
      const row = page.locator('.list-table tbody tr').first();
      await row.getByRole('button', { name: tr(lang, 'table.edit') }).click();
      const dialog = page.getByRole('dialog', { name: tr(lang, 'products.edit_title') });
      await dialog.waitFor();
      const price = dialog.locator('#field-price');
      assert.match(await price.inputValue(), lang === 'en' ? /\.\d\d\d?$/ : /,\d\d\d?$/, 'the price starts with its decimals the local way');
      await typeAmount(price, amounts.price);
      const saved = page.waitForResponse((res) => /^\/api\/products\/\d+$/.test(new URL(res.url()).pathname) && res.request().method() === 'POST');
      await dialog.locator('button[type="submit"]').click();
      const res = await saved;
      assert.equal(res.status(), 200);
      assert.match(res.request().postData(), /name="price"\r\n\r\n1299\r\n/);
      assert.equal(Number((await res.json()).price), amounts.price[2]);
      await dialog.waitFor({ state: 'hidden' });
    });

    it(`${lang}: a campaign partner's cash in the cash dialog and in the add-partners dialog`, async () => {
      await useLanguage(lang);
      const tab = page.waitForResponse((res) => new URL(res.url()).pathname === `/api/campaignDetailsById/partners/${winter.id}`);
      await page.goto(`/campaigns/${winter.id}?tab=partners`);
      await tab;
      const partner = (await get(`/api/campaignDetailsById/partners/${winter.id}?id=1001`))[0];
      const rows = page.locator('.campaign-tab__table tbody tr');
      await rows.filter({ hasText: partner.name }).getByRole('button', { name: tr(lang, 'campaigns.edit_cash') }).click();
      const dialog = page.getByRole('dialog', { name: tr(lang, 'campaigns.cash_title', { name: partner.name }) });
      await dialog.waitFor();
      assert.equal(await dialog.locator('#field-cash').inputValue(), shown(lang, partner.pivot.cash));
      // A negative cash says what is wrong, in the field and in the notice (issue 20).
      await dialog.locator('#field-cash').fill('-5');
      await dialog.locator('button[type="submit"]').click();
      await dialog.getByText(tr(lang, 'validation.amount_negative')).waitFor();
      await page.locator('.p-toast').getByText(tr(lang, 'validation.amount_negative')).first().waitFor();
      await typeAmount(dialog.locator('#field-cash'), amounts.cash);
      const saved = page.waitForResponse((res) => new URL(res.url()).pathname === `/api/partnerCampaignsCash/${winter.id}`);
      await dialog.locator('button[type="submit"]').click();
      const res = await saved;
      assert.equal(res.status(), 200);
      assert.equal(JSON.parse(res.request().postData()).cash, amounts.cash[2]);
      await dialog.waitFor({ state: 'hidden' });
      const kept = (await get(`/api/campaignDetailsById/partners/${winter.id}?id=1001`))[0];
      assert.equal(String(kept.pivot.cash), amounts.cash[2]);

      const newcomer = newcomers[lang === 'en' ? 1 : 0];
      const joiningTab = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/campaignDetailsById/partners/${joining.id}`);
      await page.goto(`/campaigns/${joining.id}?tab=partners`);
      await joiningTab;
      await page.getByRole('button', { name: tr(lang, 'campaigns.add_partners') }).click();
      const picker = page.getByRole('dialog', { name: tr(lang, 'campaigns.choose_partners') });
      await picker.waitFor();
      const search = picker.locator('input').first();
      await search.fill(newcomer.name);
      await search.press('Enter');
      const pick = picker.locator('tbody tr', { hasText: newcomer.name }).first();
      await pick.waitFor();
      await pick.locator('.p-checkbox').click();
      await typeAmount(picker.getByRole('textbox', { name: tr(lang, 'campaigns.cash_of', { name: newcomer.name }) }), amounts.added);
      const added = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/partnerCampaigns');
      await picker.getByRole('button', { name: tr(lang, 'dialog.confirm') }).click();
      const answer = await added;
      assert.equal(answer.status(), 200, await answer.text());
      assert.deepEqual(JSON.parse(answer.request().postData()).partners, [{ id: newcomer.id, cash: amounts.added[2] }]);
      const stored = (await get(`/api/campaignDetailsById/partners/${joining.id}?id=${newcomer.id}`))[0];
      assert.equal(String(stored.pivot.cash), amounts.added[2]);
    });

    it(`${lang}: the composition stepper's cash${lang === 'en' ? '' : ', kept when a category is removed'}`, async () => {
      await useLanguage(lang);
      const tab = page.waitForResponse((res) => /^\/api\/campaignDetailsById\//.test(new URL(res.url()).pathname));
      await page.goto(`/campaigns/${installations.id}`);
      await tab;
      const loaded = page.waitForResponse((res) => new URL(res.url()).pathname === `/api/campaigns/${installations.id}`);
      await page.getByRole('button', { name: tr(lang, 'campaigns.composition'), exact: true }).click();
      await loaded;
      const dialog = page.getByRole('dialog', { name: tr(lang, 'campaign_stepper.title_of', { name: installations.name }) });
      await dialog.waitFor();
      const goTo = async (label, step) => {
        await dialog.locator('.p-steps-item', { hasText: label }).locator('a').click();
        await dialog.getByRole('heading', { name: tr(lang, 'campaign_stepper.step_of', { step, label }) }).waitFor();
      };
      const stepRow = (text) => dialog.locator('section.composition-step:not([hidden]) tbody tr', { hasText: text });
      await goTo(tr(lang, 'campaign_stepper.step_partners'), 2);
      const cash = dialog.getByRole('textbox', { name: tr(lang, 'campaign_stepper.cash_for', { name: 'Elektro Nikšić' }) });
      await cash.waitFor();
      await typeAmount(cash, amounts.stepper);
      const expected = [{ partner_id: 1002, cash: amounts.stepper[2] }, { partner_id: 1010, cash: '2500' }];

      if (lang !== 'en') {
        // Issue 20: removing Vodoinstalacije prunes Sjever Pljevlja (in no remaining category)
        // and nothing else: the cash just typed and the other ticks stay.
        await goTo(tr(lang, 'campaign_stepper.step_categories'), 1);
        const vodo = stepRow('Vodoinstalacije');
        await vodo.locator('[data-p-highlight="true"]').first().waitFor();
        await vodo.locator('.p-checkbox').click();
        await dialog.getByTestId('prune-notice').filter({ hasText: 'Sjever Pljevlja' }).waitFor();
        await goTo(tr(lang, 'campaign_stepper.step_partners'), 2);
        await stepRow('Elektro Nikšić').waitFor();
        assert.equal(await cash.inputValue(), amounts.stepper[1], 'the typed cash stays');
        await dialog.getByTestId('cash-total').filter({ hasText: shown(lang, '4277') }).waitFor();
      }

      const saved = page.waitForResponse(
        (res) => res.request().method() === 'PUT' && new URL(res.url()).pathname === `/api/campaignDetails/${installations.id}`,
      );
      await dialog.getByRole('button', { name: tr(lang, 'campaign_stepper.add'), exact: true }).click();
      const res = await saved;
      assert.equal(res.status(), 200, await res.text());
      assert.deepEqual(JSON.parse(res.request().postData()).partners, expected);
      const after = await get(`/api/campaigns/${installations.id}`);
      assert.equal(String(after.partners.find((p) => p.id === 1002).pivot.cash), amounts.stepper[2]);
      await dialog.waitFor({ state: 'hidden' });
    });
  }
});
