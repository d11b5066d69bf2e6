import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationBell } from '../../shared/notifications/NotificationBell';
import { mockFetch, route, type MockRequest } from '../../test/fetchMock';
import { renderScreen } from '../../test/render';
import SupportPage from './SupportPage';
import type { SupportMessage } from './types';

const MESSAGES: SupportMessage[] = [
  {
    id: 3,
    type_id: 2,
    type_name: 'Žalba',
    message_content: 'Roba je stigla oštećena.',
    partner_id: 1001,
    partner_name: 'Gradnja Plus d.o.o.',
    is_active: true,
    created_at: '2026-11-21T09:30:00Z',
  },
  {
    id: 2,
    type_id: 1,
    type_name: 'Prijedlog',
    message_content: 'Dodajte više boja.',
    partner_id: 1002,
    partner_name: 'Voli Trade',
    is_active: false,
    created_at: '2026-11-20T08:00:00Z',
  },
];

/** A small server: the list, the toggle, the unseen messages and the seen call. */
function server({ unseen = 2 }: { unseen?: number } = {}) {
  const active = new Map(MESSAGES.map((m) => [m.id, m.is_active]));
  let seen = false;
  const evidentions = () =>
    seen
      ? []
      : Array.from({ length: unseen }, (_, i) => ({
          id: 100 + i,
          type_name: i % 2 ? 'Prijedlog' : 'Žalba',
          partner_name: `Partner ${i + 1}`,
          created_at: '2026-11-21T09:30:00Z',
        }));
  return mockFetch(
    route('GET', '/api/customerSupport', () => ({
      body: MESSAGES.map((m) => ({ ...m, is_active: active.get(m.id) })),
      headers: { 'X-Total-Count': String(MESSAGES.length) },
    })),
    route('DELETE', /^\/api\/customerSupport\/\d+$/, (req) => {
      const id = Number(req.url.pathname.split('/').pop());
      active.set(id, !active.get(id));
      return { body: { is_active: active.get(id) } };
    }),
    route('GET', '/api/getCommentInfo', () => ({ body: { evidentions: evidentions() } })),
    route('POST', '/api/customerSupport/seen', () => {
      seen = true;
      return { body: { evidentions: [] } };
    }),
  );
}

function signIn() {
  localStorage.setItem('token', 'test-token');
  localStorage.setItem('expiration', String(Date.now() + 3_600_000));
  localStorage.setItem('partner_id', 'null');
  localStorage.setItem('username', 'admin');
}

/** The bell above the routes, the way the app bar sits above every screen. */
function Shell() {
  return (
    <>
      <NotificationBell />
      <Routes>
        <Route path="/" element={<p>home</p>} />
        <Route path="/customerService" element={<SupportPage />} />
      </Routes>
    </>
  );
}

const count = (calls: MockRequest[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.url.pathname === path).length;

/** jsdom cannot lay the overlay out, so PrimeReact leaves it display:none and nameless to queries. */
const findBellPanel = () =>
  waitFor(() => {
    const panel = screen
      .getAllByRole('dialog', { hidden: true })
      .find((d) => d.getAttribute('aria-label') === 'Nove sugestije i žalbe');
    if (!panel) throw new Error('no bell panel');
    return panel;
  });

const bell = () => screen.getByRole('button', { name: /^Nepregledane sugestije i žalbe/ });

beforeEach(signIn);

describe('customer-support screen', () => {
  it('lists the messages newest first with date, type, message and partner; no add or edit', async () => {
    const { calls } = server();
    renderScreen(<SupportPage />);
    const row = (await screen.findByText('Roba je stigla oštećena.')).closest('tr')!;

    const list = calls.find((c) => c.url.pathname === '/api/customerSupport')!;
    expect(Object.fromEntries(list.url.searchParams)).toEqual({
      page: '1',
      per_page: '10',
      sort: 'created_at',
      order: 'desc',
    });
    expect(screen.getByRole('heading', { name: 'Sugestije i žalbe' })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim() ?? '');
    expect(headers.slice(0, 6)).toEqual(['Datum', 'Tip', 'Poruka', 'Partner', 'Aktivan', 'Akcije']);

    expect(row).toHaveTextContent('Žalba');
    expect(row).toHaveTextContent('Gradnja Plus d.o.o.');
    const date = within(row).getByText((_, el) => el?.tagName === 'TIME');
    expect(date).toHaveAttribute('dateTime', '2026-11-21T09:30:00Z');
    expect(date.textContent).toMatch(/2026/);
    expect(date.textContent).not.toContain('T09');

    expect(screen.queryByRole('button', { name: 'Dodaj' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Izmijeni' })).not.toBeInTheDocument();
    expect(within(row).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Deaktiviraj']);
    const inactive = screen.getByText('Dodajte više boja.').closest('tr')!;
    expect(within(inactive).getByRole('button', { name: 'Aktiviraj' })).toBeInTheDocument();
  });

  it('marks the messages seen when it opens', async () => {
    const { calls } = server();
    renderScreen(<SupportPage />);
    await screen.findByText('Roba je stigla oštećena.');
    await waitFor(() => expect(count(calls, 'POST', '/api/customerSupport/seen')).toBeGreaterThan(0));
  });

  it('filters by partner name on the server', async () => {
    const { calls } = server();
    const user = userEvent.setup({ delay: null });
    renderScreen(<SupportPage />);
    await screen.findByText('Roba je stigla oštećena.');
    await user.type(screen.getByRole('textbox', { name: 'Partner — Pretraga' }), 'voli{Enter}');
    await waitFor(() =>
      expect(Object.fromEntries(calls.filter((c) => c.url.pathname === '/api/customerSupport').at(-1)!.url.searchParams)).toMatchObject({
        partner_name: 'voli',
        page: '1',
      }),
    );
  });
});

describe('app-bar count of unseen messages', () => {
  it('shows the count, lists the messages, and drops to 0 once the screen is opened', async () => {
    const { calls } = server({ unseen: 3 });
    const user = userEvent.setup({ delay: null });
    const { router } = renderScreen(<Shell />, { path: '/*', initialEntry: '/' });

    await waitFor(() => expect(bell()).toHaveAccessibleName('Nepregledane sugestije i žalbe: 3'));
    expect(bell().querySelector('.p-badge')).toHaveTextContent('3');

    await user.click(bell());
    const panel = await findBellPanel();
    expect(within(panel).getAllByRole('listitem', { hidden: true })).toHaveLength(3);
    expect(within(panel).getByText('Partner 2')).toBeInTheDocument();
    expect(within(panel).getAllByText('Žalba')).toHaveLength(2);

    await user.click(within(panel).getByRole('link', { name: /Prikaži sve/, hidden: true }));
    expect(router.state.location.pathname).toBe('/customerService');
    await screen.findByText('Roba je stigla oštećena.');
    await waitFor(() => expect(bell()).toHaveAccessibleName('Nepregledane sugestije i žalbe: 0'));
    expect(bell().querySelector('.p-badge')).toBeNull();
    expect(count(calls, 'POST', '/api/customerSupport/seen')).toBeGreaterThan(0);
    // What the login stored follows the live count.
    expect(JSON.parse(localStorage.getItem('evidentions') ?? 'null')).toEqual([]);
  });

  it('a delete or restore on the screen refreshes the count', async () => {
    const { calls } = server();
    const user = userEvent.setup({ delay: null });
    renderScreen(<Shell />, { path: '/*', initialEntry: '/customerService' });
    await screen.findByText('Roba je stigla oštećena.');
    await waitFor(() => expect(count(calls, 'POST', '/api/customerSupport/seen')).toBeGreaterThan(0));
    const before = count(calls, 'GET', '/api/getCommentInfo');

    const row = screen.getByText('Roba je stigla oštećena.').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Deaktiviraj' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Deaktivacija' })).getByRole('button', { name: 'Potvrdi' }));
    await waitFor(() => expect(count(calls, 'DELETE', '/api/customerSupport/3')).toBe(1));
    await waitFor(() => expect(count(calls, 'GET', '/api/getCommentInfo')).toBeGreaterThan(before));
  });

  it('hides the badge at 0 and says there is nothing new', async () => {
    server({ unseen: 0 });
    const user = userEvent.setup({ delay: null });
    renderScreen(<Shell />, { path: '/*', initialEntry: '/' });
    await waitFor(() => expect(bell()).toHaveAccessibleName('Nepregledane sugestije i žalbe: 0'));
    expect(bell().querySelector('.p-badge')).toBeNull();
    await user.click(bell());
    const panel = await findBellPanel();
    expect(within(panel).getByText('Nema novih poruka')).toBeInTheDocument();
  });

  it('shows what the login stored while the server does not answer', async () => {
    localStorage.setItem(
      'evidentions',
      JSON.stringify([
        { id: 1, type_name: 'Žalba', partner_name: 'A', created_at: '2026-11-21T09:30:00Z' },
        { id: 2, type_name: 'Žalba', partner_name: 'B', created_at: '2026-11-21T09:30:00Z' },
      ]),
    );
    mockFetch(route('GET', '/api/getCommentInfo', { status: 500, body: { message: 'down' } }));
    renderScreen(<Shell />, { path: '/*', initialEntry: '/' });
    await waitFor(() => expect(bell()).toHaveAccessibleName('Nepregledane sugestije i žalbe: 2'));
    // A failed background poll opens no error dialog.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('polling', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks again every 60 s while signed in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = server();
    renderScreen(<Shell />, { path: '/*', initialEntry: '/' });
    await waitFor(() => expect(count(calls, 'GET', '/api/getCommentInfo')).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(count(calls, 'GET', '/api/getCommentInfo')).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    await waitFor(() => expect(count(calls, 'GET', '/api/getCommentInfo')).toBe(2));
  });

  it('does not ask without a session', async () => {
    localStorage.clear();
    const { calls } = server();
    renderScreen(<Shell />, { path: '/*', initialEntry: '/' });
    await screen.findByText('home');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(count(calls, 'GET', '/api/getCommentInfo')).toBe(0);
  });
});
