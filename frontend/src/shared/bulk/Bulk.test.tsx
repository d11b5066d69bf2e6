import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADMIN_ME, mockFetch, route, type MockRequest } from '../../test/fetchMock';
import { renderScreen } from '../../test/render';
import { baseApi } from '../api/baseApi';
import { listQueryParams, listTags, toPage, type ListParams, type Page, type ToggleAnswer } from '../api/list';
import { ListPage } from '../list/ListPage';
import type { ListColumn } from '../list/types';
import type { BulkConfig } from './types';

interface Thing {
  id: number;
  name: string;
  is_active: boolean;
}

const thingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listBulkThings: build.query<Page<Thing>, ListParams>({
      query: (params) => ({ url: 'things', params: listQueryParams(params) }),
      transformResponse: (items: Thing[], meta) => toPage(items, meta),
      providesTags: (page) => listTags('User', page),
    }),
    toggleBulkThing: build.mutation<ToggleAnswer, number>({
      query: (id) => ({ url: `things/${id}`, method: 'DELETE' }),
    }),
  }),
});

const columns: ListColumn<Thing>[] = [{ field: 'name', header: 'users.name', filter: true }];

const BULK: BulkConfig = {
  path: 'things',
  resource: 'users',
  actions: ['deactivate', 'activate'],
  tags: [{ type: 'User', id: 'LIST' }],
  noun: 'bulk.nouns.users',
};

const things = (count: number, from = 1): Thing[] =>
  Array.from({ length: count }, (_, i) => ({ id: from + i, name: `Thing ${from + i}`, is_active: true }));

const inWindow = () => new Date(Date.now() + 30 * 60_000).toISOString();

function renderList() {
  return renderScreen(
    <ListPage<Thing>
      title="users.title"
      columns={columns}
      defaultSort={{ field: 'name', order: 'asc' }}
      useList={thingsApi.useListBulkThingsQuery}
      useToggle={thingsApi.useToggleBulkThingMutation}
      rowLabel={(t) => t.name}
      bulk={BULK}
    />,
    { extraRoutes: [{ path: '/activity', element: <p>activity log</p> }] },
  );
}

const listAnswer = route('GET', '/api/things', { body: things(10), headers: { 'X-Total-Count': '25' } });
// Every role reads the activity log (ADR 0032).
const withLog = route('GET', '/api/getLogedUserData', {
  body: { ...ADMIN_ME, permissions: { ...ADMIN_ME.permissions, activity: ['read'] } },
});
const bulkCalls = (calls: MockRequest[]) => calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/things/bulk');

async function deactivate(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByTestId('bulk-menu'));
  await user.click(await screen.findByRole('menuitem', { name: 'Deaktiviraj', hidden: true }));
  const dialog = await screen.findByRole('dialog', { name: 'Deaktiviraj' });
  return dialog;
}

describe('bulk actions on a list', () => {
  it('sends the ids checked, then shows the result with the skipped reasons translated and the event link', async () => {
    const { calls } = mockFetch(
      listAnswer,
      withLog,
      route('POST', '/api/things/bulk', {
        body: {
          event_id: 77,
          state: 'done',
          total: 2,
          done: 1,
          unchanged: 0,
          skipped: [{ id: 2, reason: 'The category is used by active records.', code: 435 }],
          undo_until: inWindow(),
        },
      }),
    );
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Thing 1');
    expect(screen.getByTestId('bulk-menu')).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: /Thing 1$/ }));
    await user.click(screen.getByRole('checkbox', { name: /Thing 2$/ }));
    expect(screen.getByTestId('bulk-banner')).toHaveTextContent('Izabrana su 2 reda.');
    const dialog = await deactivate(user);
    expect(dialog).toHaveTextContent('2 korisnika');
    await user.click(within(dialog).getByTestId('bulk-apply'));

    const result = await screen.findByRole('dialog', { name: 'Deaktiviraj: rezultat' });
    expect(bulkCalls(calls)[0].body).toEqual({ action: 'deactivate', ids: [1, 2] });
    expect(within(result).getByTestId('bulk-done')).toHaveTextContent('1');
    expect(within(result).getByTestId('bulk-skipped-list')).toHaveTextContent('#2 Kategorija se koristi u aktivnim evidencijama.');
    expect(within(result).getByTestId('bulk-event-link')).toHaveAttribute('href', '/activity?event=77');
    // The selection is spent; the list is asked again.
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/things').length).toBeGreaterThan(1));
    expect(screen.queryByTestId('bulk-banner')).not.toBeInTheDocument();
  });

  it('selects all that match after the page: the filter is sent, not the ids', async () => {
    const { calls } = mockFetch(
      listAnswer,
      route('POST', '/api/things/bulk', {
        body: { event_id: 5, state: 'done', total: 25, done: 25, unchanged: 0, skipped: [], undo_until: inWindow() },
      }),
    );
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Thing 1');
    await user.type(screen.getByRole('textbox', { name: /Ime i prezime/ }), 'thing{Enter}');
    await waitFor(() => expect(calls.some((c) => c.url.searchParams.get('name') === 'thing')).toBe(true));

    const header = screen.getAllByRole('columnheader')[0];
    await user.click(within(header).getByRole('checkbox'));
    expect(screen.getByTestId('bulk-banner')).toHaveTextContent('Izabrani su svi redovi na ovoj strani (10).');
    await user.click(screen.getByTestId('bulk-select-all'));
    expect(screen.getByTestId('bulk-banner')).toHaveTextContent('Izabrani su svi redovi koji odgovaraju filteru (25).');
    expect(screen.getByTestId('bulk-menu')).toHaveAccessibleName('Skupne akcije (25)');

    const dialog = await deactivate(user);
    expect(dialog).toHaveTextContent('sve koji odgovaraju filteru: 25 korisnika');
    await user.click(within(dialog).getByTestId('bulk-apply'));
    await screen.findByRole('dialog', { name: 'Deaktiviraj: rezultat' });
    expect(bulkCalls(calls)[0].body).toEqual({ action: 'deactivate', filter: { name: 'thing' } });
  });

  it('clears the selection when the filter changes', async () => {
    mockFetch(listAnswer);
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Thing 1');
    await user.click(screen.getByRole('checkbox', { name: /Thing 3$/ }));
    expect(screen.getByTestId('bulk-banner')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /Ime i prezime/ }), 'x{Enter}');
    await waitFor(() => expect(screen.queryByTestId('bulk-banner')).not.toBeInTheDocument());
    expect(screen.getByTestId('bulk-menu')).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: /Thing 3$/ })).not.toBeChecked();
  });

  it('shows the undo only within its window', async () => {
    mockFetch(
      listAnswer,
      route('POST', '/api/things/bulk', {
        body: { event_id: 6, state: 'done', total: 1, done: 1, unchanged: 0, skipped: [], undo_until: new Date(Date.now() - 1000).toISOString() },
      }),
    );
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Thing 1');
    await user.click(screen.getByRole('checkbox', { name: /Thing 1$/ }));
    await user.click(within(await deactivate(user)).getByTestId('bulk-apply'));
    const result = await screen.findByRole('dialog', { name: 'Deaktiviraj: rezultat' });
    expect(within(result).queryByTestId('bulk-undo')).not.toBeInTheDocument();
  });

  it('undoes from the result dialog and shows what was restored and left', async () => {
    const { calls } = mockFetch(
      listAnswer,
      route('POST', '/api/things/bulk', {
        body: { event_id: 8, state: 'done', total: 2, done: 2, unchanged: 0, skipped: [], undo_until: inWindow() },
      }),
      route('POST', '/api/activity/8/undo', {
        body: { event_id: 9, state: 'done', restored: 1, left: [{ id: 2, reason: 'The country has active cities.', code: 409 }] },
      }),
    );
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Thing 1');
    await user.click(screen.getByRole('checkbox', { name: /Thing 1$/ }));
    await user.click(screen.getByRole('checkbox', { name: /Thing 2$/ }));
    await user.click(within(await deactivate(user)).getByTestId('bulk-apply'));
    const result = await screen.findByRole('dialog', { name: 'Deaktiviraj: rezultat' });
    await user.click(within(result).getByTestId('bulk-undo'));
    const ask = await screen.findByRole('dialog', { name: 'Poništiti skupnu akciju?' });
    await user.click(within(ask).getByRole('button', { name: 'Poništi' }));
    const undone = await screen.findByRole('dialog', { name: 'Poništavanje: rezultat' });
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/activity/8/undo')).toBe(true);
    expect(within(undone).getByTestId('bulk-restored')).toHaveTextContent('1');
    expect(within(undone).getByTestId('bulk-left-list')).toHaveTextContent('#2 Država ima aktivne gradove.');
  });

  it('offers the undo in a snackbar after the result closes', async () => {
    const { calls } = mockFetch(
      listAnswer,
      route('POST', '/api/things/bulk', {
        body: { event_id: 12, state: 'done', total: 1, done: 1, unchanged: 0, skipped: [], undo_until: inWindow() },
      }),
      route('POST', '/api/activity/12/undo', { body: { event_id: 13, state: 'done', restored: 1, left: [] } }),
    );
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Thing 1');
    await user.click(screen.getByRole('checkbox', { name: /Thing 1$/ }));
    await user.click(within(await deactivate(user)).getByTestId('bulk-apply'));
    const result = await screen.findByRole('dialog', { name: 'Deaktiviraj: rezultat' });
    await user.click(within(result).getAllByRole('button', { name: 'Zatvori' }).at(-1)!);
    const snack = (await screen.findByText('Deaktiviraj: promijenjeno 1.')).closest('.p-toast-message') as HTMLElement;
    await user.click(within(snack).getByRole('button', { name: 'Poništi' }));
    const ask = await screen.findByRole('dialog', { name: 'Poništiti skupnu akciju?' });
    await user.click(within(ask).getByRole('button', { name: 'Poništi' }));
    await screen.findByRole('dialog', { name: 'Poništavanje: rezultat' });
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/activity/12/undo')).toBe(true);
  });

  it('polls a long run until it is done, then stops', async () => {
    let polls = 0;
    const { calls } = mockFetch(
      listAnswer,
      route('POST', '/api/things/bulk', {
        status: 202,
        body: { event_id: 40, state: 'running', total: 25, done: 0, unchanged: 0, skipped: [], undo_until: null },
      }),
      route('GET', '/api/activity/40', () => {
        polls += 1;
        const running = polls < 3;
        return {
          body: {
            id: 40,
            action: 'bulk',
            bulk: {
              state: running ? 'running' : 'done',
              total: 25,
              done: running ? 10 * polls : 25,
              unchanged: 0,
              skipped_count: 0,
              skipped: [],
              undo_until: inWindow(),
              undone_by_event: null,
            },
          },
          headers: { 'X-Progress': `${running ? 10 * polls : 25}/25` },
        };
      }),
    );
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Thing 1');
    const header = screen.getAllByRole('columnheader')[0];
    await user.click(within(header).getByRole('checkbox'));
    await user.click(screen.getByTestId('bulk-select-all'));
    await user.click(within(await deactivate(user)).getByTestId('bulk-apply'));

    expect(await screen.findByRole('dialog', { name: 'Skupna akcija je u toku' })).toBeInTheDocument();
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
    const result = await screen.findByRole('dialog', { name: 'Deaktiviraj: rezultat' });
    expect(within(result).getByTestId('bulk-done')).toHaveTextContent('25');
    const after = calls.filter((c) => c.url.pathname === '/api/activity/40').length;
    expect(after).toBe(3);
    await act(() => new Promise((resolve) => setTimeout(resolve, 1300)));
    expect(calls.filter((c) => c.url.pathname === '/api/activity/40').length).toBe(after);
  });

  it('offers no selection to a role that may only read', async () => {
    mockFetch(listAnswer, route('GET', '/api/getLogedUserData', { body: { ...ADMIN_ME, permissions: { users: ['read'] } } }));
    renderList();
    await screen.findByText('Thing 1');
    expect(screen.queryByTestId('bulk-menu')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /Thing 1$/ })).not.toBeInTheDocument();
  });
});
