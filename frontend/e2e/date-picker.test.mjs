import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { launchBrowser, listScreen, MOBILE, newPage, settle, shoot, signIn, startServer } from './harness.mjs';

// The pop-up date picker of the slider edit dialog (issue 20): whole and responsive wherever its
// field sits, at 1280 and 375 px.

describe('date picker in the slider edit dialog', () => {
  let server;
  let browser;
  let page;

  before(async () => {
    server = await startServer({ seedDemo: true });
    browser = await launchBrowser();
    page = await newPage(browser, server.baseURL);
    await signIn(page, 'admin', server.adminPassword);
  });

  after(async () => {
    await page?.context().close();
    await browser?.close();
    await server?.stop();
  });

  async function openEdit() {
    const list = listScreen(page, 'sliders');
    await list.open();
    await list.rows().first().getByRole('button', { name: 'Izmijeni' }).click();
    const dialog = page.getByRole('dialog', { name: 'Izmjena slajdera' });
    await dialog.waitFor();
    return dialog;
  }

  /** The open calendar's month title, width, and whether its Sunday column is inside it and the window. */
  const measure = () =>
    page.locator('.form-date-panel').evaluate((panel) => {
      const box = panel.getBoundingClientRect();
      const row = panel.querySelector('.p-datepicker-calendar thead tr');
      const last = row.lastElementChild.getBoundingClientRect();
      return {
        title: panel.querySelector('.p-datepicker-title').textContent,
        width: box.width,
        columns: row.children.length,
        sundayInside: last.right <= box.right + 0.5 && box.right <= window.innerWidth && box.left >= 0,
      };
    });

  for (const viewport of [
    { width: 1280, height: 800 },
    MOBILE,
  ]) {
    it(`at ${viewport.width} px shows all seven days and takes the first "next month" after another field was touched`, async () => {
      await page.setViewportSize(viewport);
      const dialog = await openEdit();
      // Another field touched first: its blur validates the form, which renders again.
      const name = dialog.getByLabel(/^Naziv/);
      await name.fill(`${await name.inputValue()} `);
      await dialog.getByLabel('Prikazuje se do').click();
      await page.locator('.form-date-panel').waitFor();
      await settle(page);
      const before = await measure();
      assert.equal(before.columns, 7);
      assert.ok(before.sundayInside, `the weekend is cut off: ${JSON.stringify(before)}`);
      if (viewport.width === 1280) await shoot(page, 'slider-date-picker');

      await page.locator('.form-date-panel .p-datepicker-next').click();
      await page.waitForFunction(
        (title) => document.querySelector('.form-date-panel .p-datepicker-title')?.textContent !== title,
        before.title,
      );
      await settle(page);
      assert.notEqual((await measure()).title, before.title, 'the first click moved to the next month and stayed');
      await page.keyboard.press('Escape');
      await page.locator('.form-date-panel').waitFor({ state: 'hidden' });
      await dialog.getByRole('button', { name: 'Odustani' }).click();
      await dialog.waitFor({ state: 'hidden' });
    });
  }
});
