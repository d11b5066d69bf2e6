// End-to-end harness: runs the real vitrina binary on a free loopback port with a fresh SQLite
// database, drives Debian's Chromium through playwright-core, and keeps screenshots in artifacts/.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const frontendDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const artifactsDir = join(frontendDir, 'e2e', 'artifacts');

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * How long any wait for a state (a selector, a response, a count) may take before the test
 * fails. Waits are on state, never on time, so a slow machine only makes them take longer: the
 * bound is generous (a fresh clone on a loaded two-core machine) and E2E_TIMEOUT_MS can change it.
 */
export const STATE_TIMEOUT = Number(process.env.E2E_TIMEOUT_MS ?? 30_000);

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 375, height: 812 };

async function freePort() {
  const server = createServer();
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  await new Promise((ok) => server.close(ok));
  return port;
}

/**
 * Starts `vitrina serve` and waits for /readyz. With seedDemo, `vitrina seed --demo` loads
 * the demo data first (partners 1001–1010, demo users, the catalog). env adds to the server's
 * environment; a function of the server's data directory when it needs files there.
 */
export async function startServer({ seedDemo = false, env: extraEnv = {} } = {}) {
  const bin = resolve(frontendDir, process.env.VITRINA_BIN || '../bin/vitrina');
  if (!existsSync(bin)) {
    throw new Error(`vitrina binary not found at ${bin}: build it (npm run build, then go build) or set VITRINA_BIN`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'vitrina-e2e-'));
  const port = await freePort();
  const adminPassword = randomBytes(12).toString('base64url');
  const log = [];
  const env = {
    ...process.env,
    VITRINA_ADDR: `127.0.0.1:${port}`,
    VITRINA_DATABASE_URL: `sqlite://${dir}/e2e.db`,
    VITRINA_DATA_DIR: dir,
    VITRINA_ADMIN_USERNAME: 'admin',
    VITRINA_ADMIN_PASSWORD: adminPassword,
    ...(typeof extraEnv === 'function' ? await extraEnv(dir) : extraEnv),
  };
  if (seedDemo) {
    const seed = spawnSync(bin, ['seed', '--demo'], { env, encoding: 'utf8' });
    if (seed.status !== 0) throw new Error(`vitrina seed --demo failed:\n${seed.stdout}${seed.stderr}`);
  }
  const child = spawn(bin, ['serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (chunk) => log.push(chunk));
  child.stderr.on('data', (chunk) => log.push(chunk));
  let exited = null;
  child.on('exit', (code, signal) => {
    exited = { code, signal };
  });

  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 2 * STATE_TIMEOUT;
  for (;;) {
    if (exited) throw new Error(`vitrina exited early (${JSON.stringify(exited)}):\n${Buffer.concat(log)}`);
    try {
      const res = await fetch(`${baseURL}/readyz`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`vitrina not ready within ${(2 * STATE_TIMEOUT) / 1000} s:\n${Buffer.concat(log)}`);
    }
    await sleep(100);
  }

  return {
    baseURL,
    adminPassword,
    log: () => Buffer.concat(log).toString(),
    async stop() {
      if (!exited) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await new Promise((ok) => (exited ? ok() : child.once('exit', ok)));
        clearTimeout(killer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A fresh browser context (own localStorage) at desktop width, failing on page errors.
 * page.apiIdle() resolves once no /api request of the page is in flight.
 */
export async function newPage(browser, baseURL, viewport = DESKTOP) {
  const context = await browser.newContext({ baseURL, viewport, locale: 'sr-Latn-ME' });
  context.setDefaultTimeout(STATE_TIMEOUT);
  context.setDefaultNavigationTimeout(STATE_TIMEOUT);
  const page = await context.newPage();
  trackApiRequests(page);
  const problems = [];
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/status of (401|403|404|409|422|429|434|435|436|491)/.test(msg.text())) {
      problems.push(`console: ${msg.text()}`);
    }
  });
  page.problems = problems;
  return page;
}

/** Counts the page's /api requests in flight, for page.apiIdle(). */
function trackApiRequests(page) {
  let inFlight = 0;
  let waiters = [];
  const isApi = (req) => new URL(req.url()).pathname.startsWith('/api/');
  const done = (req) => {
    if (!isApi(req)) return;
    inFlight = Math.max(0, inFlight - 1);
    if (inFlight === 0) waiters.splice(0).forEach((w) => w());
  };
  page.on('request', (req) => {
    if (isApi(req)) inFlight += 1;
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  page.apiIdle = async () => {
    // A request a click has just started is announced a moment later: let the page run a frame first.
    await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
    if (inFlight === 0) return;
    await new Promise((ok, fail) => {
      const timer = setTimeout(() => fail(new Error(`${inFlight} /api request(s) still in flight after ${STATE_TIMEOUT} ms`)), STATE_TIMEOUT);
      waiters.push(() => {
        clearTimeout(timer);
        ok();
      });
    });
  };
}

/**
 * Waits until the page has laid out what it shows now: two frames have been drawn (a resize's
 * media queries, a render that followed a state change) and no finite animation or transition
 * (a dialog, a drawer, a snackbar moving in or out) is still running.
 */
export async function settle(page) {
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
  try {
    await page.waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      null,
      { polling: 'raf' },
    );
  } catch (error) {
    // Name what kept running, so that a page that never settles says why.
    const running = await page
      .evaluate(() =>
        document
          .getAnimations()
          .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity)
          .map((a) => {
            const target = a.effect?.target;
            const where = target ? `${target.tagName.toLowerCase()}.${[...target.classList].join('.')}` : '?';
            return `${a.constructor.name} ${a.animationName ?? a.transitionProperty ?? a.id ?? ''} on ${where} (${a.currentTime?.toFixed?.(0)} ms)`;
          }),
      )
      .catch(() => []);
    error.message += `; still running: ${running.join('; ') || 'none now'}`;
    throw error;
  }
}

/** Saves the page at 1280 px and at 375 px wide (artifacts/<name>-1280.png, -375.png). */
export async function shoot(page, name) {
  mkdirSync(artifactsDir, { recursive: true });
  const original = page.viewportSize();
  for (const viewport of [DESKTOP, MOBILE]) {
    await page.setViewportSize(viewport);
    await settle(page);
    await page.screenshot({ path: join(artifactsDir, `${name}-${viewport.width}.png`), fullPage: false });
  }
  await page.setViewportSize(original ?? DESKTOP);
  await settle(page);
}

/** Minimal JSON client for setting up data as the admin. */
export function apiClient(baseURL) {
  async function call(method, path, { token, body } = {}) {
    const res = await fetch(`${baseURL}${path}`, {
      method,
      headers: {
        ...(body ? { 'Content-Type': 'application/json' } : {}),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    let json = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: res.status, body: json, headers: res.headers };
  }
  return {
    call,
    async login(username, password) {
      const res = await call('POST', '/api/login', { body: { username, password } });
      if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.token;
    },
    async createUser(token, user) {
      const res = await call('POST', '/api/users', {
        token,
        body: { partner_id: null, roles: [], confirmPassword: user.password, ...user },
      });
      if (res.status !== 201) throw new Error(`create ${user.username}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    },
  };
}

/** Signs in through the login screen (Serbian labels) and waits for the home grid. */
export async function signIn(page, username, password) {
  await page.goto('/login');
  await page.getByLabel('Korisničko ime').fill(username);
  await page.getByLabel('Šifra').fill(password);
  await page.getByRole('button', { name: 'Prijavi se' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

export function writeArtifact(name, text) {
  mkdirSync(artifactsDir, { recursive: true });
  writeFileSync(join(artifactsDir, name), text);
}

/**
 * Helpers for a screen built on the generic list: rows, the page report, text filters (applied
 * with Enter, resolving with the list answer) and the deactivate/reactivate confirmation.
 */
export function listScreen(page, resource) {
  const rows = () => page.locator('.list-table tbody tr:not(.p-datatable-emptymessage)');
  const isList = (res) => res.request().method() === 'GET' && new URL(res.url()).pathname === `/api/${resource}`;
  return {
    rows,
    row: (text) => rows().filter({ hasText: text }),
    report: () => page.locator('.list-table .p-paginator-current'),
    waitForList: () => page.waitForResponse(isList),
    async open(path = `/${resource}`) {
      const answered = page.waitForResponse(isList);
      await page.goto(path);
      return answered;
    },
    async filter(header, text) {
      const input = page.getByRole('textbox', { name: `${header} — Pretraga` });
      await input.fill(text);
      const answered = page.waitForResponse(isList);
      await input.press('Enter');
      return answered;
    },
    async clearFilters() {
      const answered = page.waitForResponse(isList);
      await page.getByRole('button', { name: 'Poništi filtere' }).click();
      return answered;
    },
    /** Waits until the paginator reports e.g. '1–5 / 5'. */
    async waitForReport(text) {
      await page.locator('.list-table .p-paginator-current', { hasText: text }).waitFor();
    },
    async waitForCount(n) {
      await page.waitForFunction(
        (count) => document.querySelectorAll('.list-table tbody tr:not(.p-datatable-emptymessage)').length === count,
        n,
      );
    },
    /** Clicks the row's deactivate or reactivate button and confirms; resolves with the DELETE answer. */
    async toggle(text, action = 'Deaktiviraj') {
      await rows().filter({ hasText: text }).getByRole('button', { name: action }).click();
      const confirm = page.getByRole('dialog', { name: action === 'Deaktiviraj' ? 'Deaktivacija' : 'Reaktivacija' });
      await confirm.waitFor();
      const answered = page.waitForResponse((res) => res.request().method() === 'DELETE');
      await confirm.getByRole('button', { name: 'Potvrdi' }).click();
      return answered;
    },
  };
}

/** The header texts of the list's first header row, upper-cased as shown (not the bulk actions' checkbox column). */
export async function listHeaders(page) {
  const headers = await page.locator('.list-table thead tr').first().locator('th:not(.p-selection-column)').allInnerTexts();
  return headers.map((h) => h.trim().toUpperCase());
}

/** The impacts that fail the accessibility gate; moderate and minor ones are only reported. */
const BLOCKING_IMPACTS = new Set(['critical', 'serious']);

/**
 * Runs axe-core on the whole document as it is now (the screen and any open dialog) and writes
 * every violation to artifacts/a11y-<label>.json. Throws, listing rule, impact, targets and the
 * failure summary, when any violation is critical or serious; there is no allow-list.
 */
export async function checkA11y(page, label) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) {
    // The app's Content-Security-Policy (script-src 'self') blocks page.addScriptTag's inline
    // script, so the source is evaluated over the DevTools protocol, which the policy leaves be.
    await page.evaluate(`${readFileSync(axePath, 'utf8')}\n;undefined`);
  }
  // Let dialog and menu transitions settle so colours are measured at their final opacity.
  await settle(page);
  const violations = await page.evaluate(async () => {
    const results = await window.axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({ impact: n.impact, target: n.target, html: n.html, summary: n.failureSummary })),
    }));
  });
  const name = label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').toLowerCase();
  writeArtifact(`a11y-${name}.json`, `${JSON.stringify({ label, url: page.url(), violations }, null, 2)}\n`);
  const blocking = violations.filter((v) => BLOCKING_IMPACTS.has(v.impact));
  if (blocking.length > 0) {
    const lines = blocking.flatMap((v) => [
      `${v.id} (${v.impact}): ${v.help}`,
      ...v.nodes.map((n) => `  ${n.target.join(' ')}\n    ${(n.summary ?? '').replace(/\n/g, '\n    ')}`),
    ]);
    throw new Error(`accessibility violations on ${label} (${page.url()}):\n${lines.join('\n')}`);
  }
  return violations;
}
