import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, route, type MockRequest } from '../../test/fetchMock';
import { renderScreen } from '../../test/render';
import NotificationsPage from './NotificationsPage';
import { ADMIN, notification } from './testData';

// The home page's push figures link here with `?id=>=<the week's first notification>` (issue 25):
// the list applies it from the start, says so, and offers the whole list.
const listCalls = (calls: MockRequest[]) => calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/notifications');

afterEach(() => vi.unstubAllGlobals());

describe('the notifications list opened from a figure', () => {
  it('applies the link filter and clears it on request', async () => {
    const { calls } = mockFetch(
      route('GET', '/api/notifications', { body: [notification(12, { subject: 'Nedjelja' })], headers: { 'X-Total-Count': '1' } }),
      route('GET', '/api/notifications/status', { body: { push_configured: true } }),
      route('GET', '/api/getLogedUserData', { body: { ...ADMIN, permissions: { notifications: ['read', 'write', 'pick'] } } }),
    );
    renderScreen(<NotificationsPage />, { path: '/notifications', initialEntry: '/notifications?id=%3E%3D12' });
    await screen.findByText('Nedjelja');
    expect(listCalls(calls)[0].url.searchParams.get('id')).toBe('>=12');
    expect(listCalls(calls).every((c) => c.url.searchParams.get('id') === '>=12')).toBe(true);
    expect(screen.getByText(/Samo redovi čiji je redni broj >=12/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Prikaži cijelu listu' }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.url.searchParams.has('id')).toBe(false));
    expect(screen.queryByText(/Samo redovi čiji je redni broj/)).not.toBeInTheDocument();
  });
});
