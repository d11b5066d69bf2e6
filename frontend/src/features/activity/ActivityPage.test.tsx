import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADMIN_ME, mockFetch, route, type MockAnswer, type MockRequest } from '../../test/fetchMock';
import { renderScreen } from '../../test/render';
import ActivityPage from './ActivityPage';
import type { ActivityEvent } from './types';

const edit: ActivityEvent = {
  id: 41,
  at: '2026-11-24T09:15:00Z',
  actor: { kind: 'user', id: 2, name: 'Dragan' },
  resource: 'partners',
  record_id: 1002,
  parent: null,
  action: 'edit',
  changes: [
    { field: 'debt', from: '12000', to: '120000.5' },
    { field: 'bonus', from: '5%', to: '7.5%' },
    { field: 'app_password', changed: true },
  ],
  import_id: null,
  reverts: null,
  request_id: 'req-41',
  address: '10.0.0.7',
};

const job: ActivityEvent = {
  ...edit,
  id: 40,
  actor: { kind: 'system', id: null, name: 'system' },
  action: 'import',
  changes: [],
  request_id: '',
};

const fromApp: ActivityEvent = {
  ...edit,
  id: 39,
  actor: { kind: 'partner', id: 1002, name: 'Voli Trade' },
  resource: 'campaigns',
  record_id: 7,
  action: 'order',
  changes: [{ field: 'quantity', from: null, to: '3' }],
};

function server(revertAnswer: MockAnswer = { body: { id: 1002 } }, permissions = ADMIN_ME.permissions) {
  return mockFetch(
    route('GET', '/api/getLogedUserData', { body: { ...ADMIN_ME, permissions } }),
    route('GET', '/api/activity', { body: [edit, job, fromApp], headers: { 'X-Total-Count': '123' } }),
    route('POST', '/api/activity/41/revert', revertAnswer),
  );
}

const lists = (calls: MockRequest[]) => calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/activity');
const query = (call: MockRequest | undefined) => Object.fromEntries(call?.url.searchParams ?? []);

async function openEdit(user: ReturnType<typeof userEvent.setup>) {
  const row = (await screen.findByText('Dragan')).closest('tr')!;
  await user.click(within(row).getByRole('button', { name: 'Detalji' }));
  return screen.findByRole('dialog', { name: 'Događaj #41' });
}

describe('activity log', () => {
  it('asks for the first page newest first and shows who, what and the exact total', async () => {
    const { calls } = server();
    renderScreen(<ActivityPage />);
    expect(await screen.findByText('Dragan')).toBeInTheDocument();
    expect(query(lists(calls)[0])).toEqual({ page: '1', per_page: '10' });
    expect(screen.getByText('Sistem')).toBeInTheDocument();
    expect(screen.getByText('Voli Trade (partner)')).toBeInTheDocument();
    const row = screen.getByText('Dragan').closest('tr')!;
    expect(row).toHaveTextContent('Partneri');
    expect(row).toHaveTextContent('Izmjena');
    expect(row).toHaveTextContent('1002');
    expect(row).toHaveTextContent('Dug, Bonus, Šifra aplikacije');
    expect(screen.getByText('Količina: — → 3')).toBeInTheDocument();
    expect(screen.getByText(/\/ 123/)).toBeInTheDocument();
  });

  it('sends the user text as q, the record id and a date range as from/to', async () => {
    const { calls } = server();
    const user = userEvent.setup({ delay: null });
    renderScreen(<ActivityPage />);
    await screen.findByText('Dragan');
    await user.type(screen.getByRole('textbox', { name: /^Korisnik/ }), 'Dragan');
    await user.type(screen.getByRole('textbox', { name: /^ID zapisa/ }), '1002');
    await user.type(screen.getByRole('textbox', { name: /^Datum i vrijeme/ }), '1.11.2026..30.11.2026{Enter}');
    await waitFor(() => expect(lists(calls).length).toBeGreaterThan(1));
    expect(query(lists(calls).at(-1))).toEqual({
      page: '1',
      per_page: '10',
      q: 'Dragan',
      record_id: '1002',
      from: new Date(2026, 10, 1).toISOString(),
      to: new Date(2026, 11, 1).toISOString(),
    });
  });

  it('an event shows where from and its changes old → new, amounts in the language, a secret only "changed"', async () => {
    server();
    const user = userEvent.setup({ delay: null });
    renderScreen(<ActivityPage />);
    const dialog = await openEdit(user);
    expect(within(dialog).getByText('10.0.0.7')).toBeInTheDocument();
    expect(within(dialog).getByText('req-41')).toBeInTheDocument();
    expect(within(dialog).getByTestId('event-record')).toHaveTextContent('Partneri #1002');
    const debt = within(dialog).getByText('Dug').closest('tr')!;
    expect(debt).toHaveTextContent('12.000');
    expect(debt).toHaveTextContent('120.000,5');
    const bonus = within(dialog).getByText('Bonus').closest('tr')!;
    expect(bonus.textContent).toMatch(/7,5\s?%/);
    const secret = within(dialog).getByText('Šifra aplikacije').closest('tr')!;
    expect(within(secret).getAllByText('izmijenjeno')).toHaveLength(2);
    // Each revertible field has its own button; the secret one has none.
    expect(within(dialog).getByRole('button', { name: 'Vrati polje: Dug' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Vrati polje: Šifra aplikacije' })).not.toBeInTheDocument();
  });

  it('reverts the whole event after a confirmation and reloads the log', async () => {
    const { calls } = server();
    const user = userEvent.setup({ delay: null });
    renderScreen(<ActivityPage />);
    const dialog = await openEdit(user);
    const before = lists(calls).length;
    await user.click(within(dialog).getByRole('button', { name: 'Poništi izmjenu' }));
    const confirm = await screen.findByRole('dialog', { name: 'Poništavanje izmjene' });
    expect(confirm).toHaveTextContent('Vratiti sva polja ove izmjene na stare vrijednosti?');
    await user.click(within(confirm).getByRole('button', { name: 'Potvrdi' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/activity/41/revert');
    expect(post.body).toEqual({});
    expect(await screen.findByText('Izmjena je poništena')).toBeInTheDocument();
    await waitFor(() => expect(lists(calls).length).toBeGreaterThan(before));
  });

  it('reverts one field with its name', async () => {
    const { calls } = server();
    const user = userEvent.setup({ delay: null });
    renderScreen(<ActivityPage />);
    const dialog = await openEdit(user);
    await user.click(within(dialog).getByRole('button', { name: 'Vrati polje: Dug' }));
    const confirm = await screen.findByRole('dialog', { name: 'Poništavanje izmjene' });
    expect(confirm).toHaveTextContent('Vratiti polje „Dug“ na staru vrijednost?');
    await user.click(within(confirm).getByRole('button', { name: 'Potvrdi' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ fields: ['debt'] }));
  });

  // Retried: once in a fresh-clone CI run (2026-11-27, 2f8d9a5, nothing in this screen changed)
  // the conflict panel did not appear within the 10 s wait in the full suite, and it passed in
  // every run before and since, alone and under load. The cause is not found yet: a failure of
  // all three tries is still a failure.
  it('a field changed since (409) is said in the language with its newer value', { retry: 2 }, async () => {
    server({
      status: 409,
      body: {
        message: 'The record was changed again since this change. Reload it to see the changes.',
        conflicts: [{ field: 'debt', expected: '120000.5', current: '130000' }],
      },
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<ActivityPage />);
    const dialog = await openEdit(user);
    await user.click(within(dialog).getByRole('button', { name: 'Poništi izmjenu' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Poništavanje izmjene' })).getByRole('button', { name: 'Potvrdi' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Zapis je ponovo izmijenjen nakon ove izmjene. Osvježite ga da vidite izmjene.');
    expect(alert).toHaveTextContent('Dug sada glasi: 130.000');
  });

  it('an invalid reverted value (422) opens the error dialog with the translated sentence', async () => {
    server({ status: 422, body: { message: 'The name has already been taken.', errors: { name: ['The name has already been taken.'] } } });
    const user = userEvent.setup({ delay: null });
    renderScreen(<ActivityPage />);
    const dialog = await openEdit(user);
    await user.click(within(dialog).getByRole('button', { name: 'Poništi izmjenu' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Poništavanje izmjene' })).getByRole('button', { name: 'Potvrdi' }));
    const sr = (await import('../../locales/sr-Latn-ME.json')).default.errorValidations.The_name_has_already_been_taken;
    expect(await screen.findByText(sr)).toBeInTheDocument();
  });

  it('a role that may only read the record is offered no revert', async () => {
    server(undefined, { ...ADMIN_ME.permissions, partners: ['read'] });
    const user = userEvent.setup({ delay: null });
    renderScreen(<ActivityPage />);
    const dialog = await openEdit(user);
    expect(within(dialog).queryByRole('button', { name: 'Poništi izmjenu' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Vrati polje/ })).not.toBeInTheDocument();
  });
});
