import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADMIN_ME, mockFetch, route } from '../../test/fetchMock';
import { renderScreen } from '../../test/render';
import ActivityPage from './ActivityPage';
import type { ActivityEvent } from './types';

const bulkEvent = (undoUntil: string, undoneBy: number | null = null): ActivityEvent => ({
  id: 90,
  at: '2026-11-28T09:15:00Z',
  actor: { kind: 'user', id: 5, name: 'Milica' },
  resource: 'partners',
  record_id: null,
  parent: null,
  action: 'bulk',
  changes: [
    { field: 'action', from: null, to: 'deactivate' },
    { field: 'selected', from: null, to: '3' },
  ],
  import_id: null,
  reverts: null,
  request_id: 'req-90',
  address: '10.0.0.7',
  bulk: {
    state: 'done',
    total: 3,
    done: 2,
    unchanged: 0,
    skipped_count: 1,
    skipped: [{ id: 1003, reason: 'The category is used by active records.', code: 435 }],
    undo_until: undoUntil,
    undone_by_event: undoneBy,
  },
});

const soon = () => new Date(Date.now() + 20 * 60_000).toISOString();
const me = (id: number, roles: string[]) => ({
  ...ADMIN_ME,
  id,
  roles,
  permissions: { ...ADMIN_ME.permissions, activity: ['read'] },
});

function server(event: ActivityEvent, profile: ReturnType<typeof me>) {
  return mockFetch(
    route('GET', '/api/getLogedUserData', { body: profile }),
    route('GET', '/api/activity', { body: [event], headers: { 'X-Total-Count': '1' } }),
    route('GET', '/api/activity/90', { body: event }),
    route('POST', '/api/activity/90/undo', { body: { event_id: 91, state: 'done', restored: 2, left: [] } }),
  );
}

/** The log opened on the event, as the result dialog's link opens it. */
async function openLinked() {
  renderScreen(<ActivityPage />, { path: '/activity', initialEntry: '/activity?event=90' });
  return screen.findByTestId('bulk-outcome');
}

describe('a bulk action in the activity log', () => {
  it('opens from its link with its outcome, the skipped reasons translated, and Undo for the user who ran it', async () => {
    const { calls } = server(bulkEvent(soon()), me(5, ['manager']));
    const user = userEvent.setup();
    const outcome = await openLinked();
    expect(within(outcome).getByTestId('bulk-done')).toHaveTextContent('2');
    expect(within(outcome).getByTestId('bulk-skipped-list')).toHaveTextContent('#1003 Kategorija se koristi u aktivnim evidencijama.');
    await user.click(within(outcome).getByTestId('bulk-undo'));
    const ask = await screen.findByRole('dialog', { name: 'Poništiti skupnu akciju?' });
    await user.click(within(ask).getByRole('button', { name: 'Poništi' }));
    expect(await screen.findByRole('dialog', { name: 'Poništavanje: rezultat' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/activity/90/undo')).toBe(true);
  });

  it('offers no undo to another user who is not an admin', async () => {
    server(bulkEvent(soon()), me(6, ['manager']));
    const outcome = await openLinked();
    await waitFor(() => expect(within(outcome).getByTestId('bulk-done')).toHaveTextContent('2'));
    expect(within(outcome).queryByTestId('bulk-undo')).not.toBeInTheDocument();
  });

  it('offers it to an admin', async () => {
    server(bulkEvent(soon()), me(1, ['admin']));
    const outcome = await openLinked();
    expect(await within(outcome).findByTestId('bulk-undo')).toBeInTheDocument();
  });

  it('offers none once the window has passed', async () => {
    server(bulkEvent(new Date(Date.now() - 1000).toISOString()), me(5, ['manager']));
    const outcome = await openLinked();
    await waitFor(() => expect(within(outcome).getByTestId('bulk-done')).toHaveTextContent('2'));
    expect(within(outcome).queryByTestId('bulk-undo')).not.toBeInTheDocument();
  });

  it('says when it was undone', async () => {
    server(bulkEvent(soon(), 95), me(5, ['manager']));
    const outcome = await openLinked();
    expect(within(outcome).getByTestId('bulk-state')).toHaveTextContent('Poništena (događaj #95)');
    expect(within(outcome).queryByTestId('bulk-undo')).not.toBeInTheDocument();
  });
});
