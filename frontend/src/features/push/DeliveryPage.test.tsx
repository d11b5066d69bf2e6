import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from 'i18next';
import { mockFetch, route, type MockRequest } from '../../test/fetchMock';
import { renderScreen } from '../../test/render';
import DeliveryPage, { DELIVERY_POLL_MS } from './DeliveryPage';
import { delivery, notification } from './testData';

const gets = (calls: MockRequest[], path: string) => calls.filter((c) => c.method === 'GET' && c.url.pathname === path);
const lastParams = (calls: MockRequest[], path: string) => Object.fromEntries(gets(calls, path).at(-1)!.url.searchParams);

const DELIVERIES = '/api/notifications/9/deliveries';
const NOTIFICATION = '/api/notifications/9';

function render() {
  return renderScreen(<DeliveryPage />, { path: '/notifications/:id', initialEntry: '/notifications/9' });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('delivery view', { timeout: 30_000 }, () => {
  it('shows the figures, a progress bar and the failed deliveries first', async () => {
    const { calls } = mockFetch(
      route('GET', NOTIFICATION, { body: [notification(9, { subject: 'Zimska akcija', devices: 1200, delivered: 1150, failed: 50 })] }),
      route('GET', '/api/notifications/status', { body: { push_configured: true } }),
      route('GET', DELIVERIES, {
        body: [delivery(1, { partner_name: 'Boje Kotor', platform: 'ios', reason: 'UNREGISTERED', attempts: 1 })],
        headers: { 'X-Total-Count': '50' },
      }),
    );
    const user = userEvent.setup();
    render();
    expect(await screen.findByRole('heading', { name: 'Zimska akcija' })).toBeInTheDocument();
    const tile = (key: string) => document.querySelector(`[data-figure="${key}"] dd`)?.textContent;
    expect(tile('devices')).toBe('1.200');
    expect(tile('delivered')).toBe('1.150');
    expect(tile('failed')).toBe('50');
    expect(screen.getByRole('progressbar', { name: 'Tok isporuke' })).toHaveAttribute('aria-valuenow', '100');
    const row = (await screen.findByText('Boje Kotor')).closest('tr')!;
    expect(within(row).getByText('iOS')).toBeInTheDocument();
    expect(within(row).getByText('UNREGISTERED')).toBeInTheDocument();
    expect(within(row).getByText('Neuspjelo')).toBeInTheDocument();
    expect(lastParams(calls, DELIVERIES)).toEqual({ page: '1', per_page: '10', sort: 'updated_at', order: 'desc', failed: '1' });

    await user.click(screen.getByRole('button', { name: 'Stanje' }));
    await user.click(await screen.findByRole('option', { name: 'Sva stanja', hidden: true }));
    await waitFor(() => expect(lastParams(calls, DELIVERIES)).not.toHaveProperty('failed'));
    await user.type(screen.getByRole('textbox', { name: 'Naziv partnera' }), 'boje{Enter}');
    await waitFor(() => expect(lastParams(calls, DELIVERIES)).toMatchObject({ partner_name: 'boje' }));
    expect(screen.queryByText(/nijesu podešene/)).not.toBeInTheDocument();
  });

  it('opens on every device when none failed (a finished or unsent notification is not an empty table)', async () => {
    const { calls } = mockFetch(
      route('GET', NOTIFICATION, { body: [notification(9, { devices: 4, delivered: 0, failed: 0, pending: 0, not_configured: 4 })] }),
      route('GET', '/api/notifications/status', { body: { push_configured: false } }),
      route('GET', DELIVERIES, { body: [delivery(1, { partner_name: 'Boje Kotor', state: 'not_configured' })], headers: { 'X-Total-Count': '4' } }),
    );
    render();
    expect(await screen.findByText('Boje Kotor')).toBeInTheDocument();
    expect(gets(calls, DELIVERIES)).toHaveLength(1);
    expect(lastParams(calls, DELIVERIES)).not.toHaveProperty('failed');
  });

  it('follows a delivery every 2 s while some are pending and stops when none is', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    let answers = 0;
    let tableEnded = false;
    const { calls } = mockFetch(
      route('GET', NOTIFICATION, () => {
        answers += 1;
        const pending = answers >= 3 ? 0 : 2;
        return { body: [notification(9, { devices: 4, delivered: 4 - pending, pending })] };
      }),
      route('GET', '/api/notifications/status', { body: { push_configured: true } }),
      // The table lags the figures by one answer: its poll can go out just before the end.
      route('GET', DELIVERIES, () => {
        const shown = tableEnded;
        if (answers >= 3) tableEnded = true;
        return { body: [delivery(1, { state: shown ? 'delivered' : 'pending', reason: '' })], headers: { 'X-Total-Count': '1' } };
      }),
    );
    render();
    expect(await screen.findByText(/Slanje u toku: završeno 2 od 4 uređaja \(50 %\)/)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(DELIVERY_POLL_MS));
    await waitFor(() => expect(gets(calls, NOTIFICATION)).toHaveLength(2));
    await act(() => vi.advanceTimersByTimeAsync(DELIVERY_POLL_MS));
    expect(await screen.findByText('Završeno: 4 od 4 uređaja.')).toBeInTheDocument();
    expect(gets(calls, NOTIFICATION)).toHaveLength(3);
    // Nothing pending: the table asks once more and shows the end too.
    expect(await screen.findByText('Isporučeno', { selector: '.p-tag-value' })).toBeInTheDocument();
    const tableCalls = gets(calls, DELIVERIES).length;
    // Nothing pending: no more asking, the table neither.
    await act(() => vi.advanceTimersByTimeAsync(DELIVERY_POLL_MS * 3));
    expect(gets(calls, NOTIFICATION)).toHaveLength(3);
    expect(gets(calls, DELIVERIES)).toHaveLength(tableCalls);
  });

  it('says when push is not configured', async () => {
    mockFetch(
      route('GET', NOTIFICATION, { body: [notification(9, { delivered: 0, not_configured: 4 })] }),
      route('GET', '/api/notifications/status', { body: { push_configured: false } }),
      route('GET', DELIVERIES, { body: [], headers: { 'X-Total-Count': '0' } }),
    );
    render();
    expect(await screen.findByText(/Push notifikacije nijesu podešene na serveru/)).toBeInTheDocument();
    expect(document.querySelector('[data-figure="not_configured"] dd')?.textContent).toBe('4');
  });
  it('writes numbers and labels the English way in English', async () => {
    await i18n.changeLanguage('en');
    mockFetch(
      route('GET', NOTIFICATION, { body: [notification(9, { devices: 1200, delivered: 1150, failed: 50 })] }),
      route('GET', '/api/notifications/status', { body: { push_configured: true } }),
      route('GET', DELIVERIES, { body: [delivery(1)], headers: { 'X-Total-Count': '1' } }),
    );
    render();
    expect(await screen.findByText('Finished: 1,200 of 1,200 devices.')).toBeInTheDocument();
    expect(document.querySelector('[data-figure="delivered"] dt')?.textContent).toBe('Delivered');
    expect(document.querySelector('[data-figure="delivered"] dd')?.textContent).toBe('1,150');
    expect(await screen.findByRole('button', { name: 'State' })).toBeInTheDocument();
  });
});
