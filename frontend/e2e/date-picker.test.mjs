import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { launchBrowser, listScreen, MOBILE, newPage, settle, shoot, signIn, startServer } from './harness.mjs';

// The date pickers of the slider edit dialog (issue 20): a seminar's calendar of dates showed
// 191 px wide with the weekend cut off, and ignored the first "next month" after another field
// was touched (the form's re-render moved it back). At 1280 and 375 px, with the demo data.

describe('date pickers in the slider edit dialog', () => {
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

  async function openEdit(type) {
    const list = listScreen(page, 'sliders');
    await list.open();
    await list.rows().first().waitFor();
    await list.rows().filter({ hasText: type }).first().getByRole('button', { name: 'Izmijeni' }).click();
    const dialog = page.getByRole('dialog', { name: 'Izmjena slajdera' });
    await dialog.waitFor();
    return dialog;
  }

  /** A calendar's month title, width, and whether its Sunday column is inside it and the window. */
  const measure = (calendar) =>
    calendar.evaluate((panel) => {
      const box = panel.getBoundingClientRect();
      const row = panel.querySelector('.p-datepicker-calendar thead tr');
      const last = row.lastElementChild.getBoundingClientRect();
      return {
        title: panel.querySelector('.p-datepicker-title').textContent,
        width: Math.round(box.width),
        columns: row.children.length,
        sundayInside: last.right <= box.right + 0.5 && box.right <= window.innerWidth && box.left >= 0,
      };
    });

  /** Touches the name (its blur renders the form again), then goes one month on. */
  async function nextMonthAfterAnotherField(dialog, calendar) {
    const name = dialog.getByLabel(/^Naziv/);
    await name.fill(`${await name.inputValue()} `);
    const before = await measure(calendar);
    await calendar.locator('.p-datepicker-next').click();
    await settle(page);
    await page.apiIdle();
    const after = await measure(calendar);
    assert.notEqual(after.title, before.title, `the first "next month" was undone: ${before.title} → ${after.title}`);
  }

  for (const viewport of [{ width: 1280, height: 800 }, MOBILE]) {
    it(`at ${viewport.width} px a seminar’s calendar of dates shows the whole week and takes the first "next month"`, async () => {
      await page.setViewportSize(viewport);
      const dialog = await openEdit('Seminar');
      const calendar = dialog.locator('.multi-date__calendar .p-datepicker');
      await calendar.waitFor();
      await settle(page);
      const shown = await measure(calendar);
      assert.equal(shown.columns, 7);
      assert.ok(shown.sundayInside, `the weekend is cut off: ${JSON.stringify(shown)}`);
      if (viewport.width === 1280) {
        await calendar.scrollIntoViewIfNeeded();
        await shoot(page, 'slider-seminar-dates');
      }
      await nextMonthAfterAnotherField(dialog, calendar);
      await dialog.getByRole('button', { name: 'Odustani' }).click();
      await dialog.waitFor({ state: 'hidden' });
    });

    it(`at ${viewport.width} px the pop-up calendar of the window's end shows the whole week and takes the first "next month"`, async () => {
      await page.setViewportSize(viewport);
      const dialog = await openEdit('Slika');
      await dialog.getByLabel('Prikazuje se do').click();
      const calendar = page.locator('.form-date-panel');
      await calendar.waitFor();
      await settle(page);
      const shown = await measure(calendar);
      assert.equal(shown.columns, 7);
      assert.ok(shown.sundayInside, `the weekend is cut off: ${JSON.stringify(shown)}`);
      await calendar.locator('.p-datepicker-next').click();
      await settle(page);
      assert.notEqual((await measure(calendar)).title, shown.title);
      await page.keyboard.press('Escape');
      await calendar.waitFor({ state: 'hidden' });
      await dialog.getByRole('button', { name: 'Odustani' }).click();
      await dialog.waitFor({ state: 'hidden' });
    });
  }
});
