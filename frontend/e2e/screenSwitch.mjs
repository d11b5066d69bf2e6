// The screen switch of issue 20, shared by e2e/tables.test.mjs (a loose regression guard) and
// scripts/screen-switch.mjs (the benchmark that holds the 100 ms target): a drawer click to the
// first frame that shows a data row of another list.
import { STATE_TIMEOUT } from './harness.mjs';

/** The drawer's lists, in the order they are visited. */
export const ROUTES = ['countries', 'cities', 'categories', 'products', 'stores', 'partners', 'users'];

/** The User Timing mark the app sets when the screens' code has loaded ahead (src/app/layout/prefetchWhenIdle.ts). */
export const SCREENS_PREFETCHED = 'vitrina:screens-prefetched';

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * Clicks the drawer's link to a list and answers the milliseconds from the click to the first
 * frame that shows a data row of the new list, measured in the page.
 */
export function switchTo(page, route) {
  return page.evaluate(
    async ([path, limit]) => {
      // Rows of the list being left do not count.
      document.querySelectorAll('.list-table tbody tr').forEach((row) => {
        row.dataset.left = '1';
      });
      const link = document.querySelector(`nav a[href="/${path}"]`);
      const start = performance.now();
      link.click();
      return new Promise((resolve, reject) => {
        const give = setTimeout(() => reject(new Error(`no rows of /${path} within ${limit} ms`)), limit);
        const check = () => {
          const row = document.querySelector('.list-table tbody tr:not([data-left]):not(.p-datatable-emptymessage) td');
          if (location.pathname === `/${path}` && row) {
            clearTimeout(give);
            resolve(performance.now() - start);
          } else {
            requestAnimationFrame(check);
          }
        };
        requestAnimationFrame(check);
      });
    },
    [route, STATE_TIMEOUT],
  );
}

/**
 * On a page signed in a moment ago: each list's first visit (the screens' code loaded ahead, the
 * lists' data not yet asked for), then home, then `rounds` later rounds over every list. Answers
 * { first: { route: ms }, later: { route: [ms, ...] } }. `beforeLater` runs between the two
 * (e.g. to start a profiler).
 */
export async function measureSwitches(page, rounds, beforeLater = async () => {}) {
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, SCREENS_PREFETCHED);
  const first = {};
  for (const route of ROUTES) {
    await page.apiIdle(); // the previous list's answers are in
    first[route] = await switchTo(page, route);
  }
  await page.locator('nav a[href="/"]').click();
  await page.waitForURL((url) => url.pathname === '/');
  await beforeLater();

  // Later visits, as a user who has been around.
  const later = Object.fromEntries(ROUTES.map((r) => [r, []]));
  for (let round = 0; round < rounds; round++) {
    for (const route of ROUTES) {
      await page.apiIdle(); // the previous list's refetch has answered
      later[route].push(await switchTo(page, route));
    }
  }
  return { first, later };
}
