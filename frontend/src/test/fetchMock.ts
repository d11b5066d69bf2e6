import { vi } from 'vitest';

export interface MockRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
  /** The fields of a multipart body (strings, and files as Blobs). */
  form?: FormData;
}

export interface MockAnswer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type MockHandler = (req: MockRequest) => MockAnswer | undefined;

const ALL = ['read', 'write', 'pick'];

/** The profile answer when a test names none: an admin, who may do everything (ADR 0029). */
export const ADMIN_ME = {
  id: 1,
  name: 'Administrator',
  username: 'admin',
  partner_id: null,
  roles: ['admin'],
  version: 1,
  permissions: Object.fromEntries(
    ['users', 'countries', 'categories', 'cities', 'products', 'stores', 'partners', 'customerSupport', 'sliders', 'campaigns', 'notifications'].map(
      (r) => [r, ALL],
    ),
  ),
};

/**
 * Replaces fetch with a router over handlers (first answer wins) and records every request.
 * The profile call answers ADMIN_ME and the saved views none unless a handler answers them. Other unhandled calls answer
 * 404 so a test notices them.
 */
export function mockFetch(...handlers: MockHandler[]) {
  const calls: MockRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const multipart = (request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data');
    const form = multipart ? await request.clone().formData() : undefined;
    const text = await request.text();
    let body: unknown = undefined;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    const req: MockRequest = {
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body,
      form,
    };
    calls.push(req);
    const answer = handlers.reduce<MockAnswer | undefined>((found, h) => found ?? h(req), undefined) ??
      (req.method === 'GET' && req.url.pathname === '/api/getLogedUserData'
        ? { body: ADMIN_ME }
        : req.method === 'GET' && req.url.pathname === '/api/views'
          ? { body: [] } // no saved views unless a handler answers them
          : { status: 404, body: { message: 'Not found.' } });
    const status = answer.status ?? 200;
    const payload = answer.body === undefined || status === 204 ? null : JSON.stringify(answer.body);
    return new Response(payload, {
      status,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** Matches method and path, e.g. route('GET', '/api/users', …). */
export function route(
  method: string,
  path: string | RegExp,
  answer: MockAnswer | ((req: MockRequest) => MockAnswer),
): MockHandler {
  return (req) => {
    if (req.method !== method) return undefined;
    const matches = typeof path === 'string' ? req.url.pathname === path : path.test(req.url.pathname);
    if (!matches) return undefined;
    return typeof answer === 'function' ? answer(req) : answer;
  };
}
