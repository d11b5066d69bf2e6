import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import i18n, { i18nReady, LAZY_NAMESPACES } from '../app/i18n';

// fetchBaseQuery builds a Request from '/api/…'; Node's Request needs an absolute URL and its own
// AbortSignal class, so tests resolve the URL against the page and drop jsdom's signal.
const NodeRequest = globalThis.Request;
class PageRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    const url = typeof input === 'string' ? new URL(input, window.location.origin).href : input;
    const rest: RequestInit = { ...init };
    delete rest.signal;
    super(url, rest);
  }
}
globalThis.Request = PageRequest as typeof Request;

await i18nReady;
// The strings the app loads with their screen or component.
await i18n.loadNamespaces([...LAZY_NAMESPACES]);

// On a loaded 2-core machine, with every test file running at once, a dialog can take more than
// the default second to appear; the wait is a bound, not a delay.
configure({ asyncUtilTimeout: 10000 });

beforeEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('sr-Latn-ME');
});

afterEach(() => {
  cleanup();
});
