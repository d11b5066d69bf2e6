import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, route, type MockHandler, type MockRequest } from '../../test/fetchMock';
import { renderScreen } from '../../test/render';
import NotificationsPage from './NotificationsPage';
import { ADMIN, notification } from './testData';

const ROWS = [
  notification(2, { subject: 'Zimska akcija', category_names: 'Alati, Boje', delivered: 3, devices: 5, failed: 1, pending: 1 }),
  notification(1, { subject: 'Seminar', sent_by: null }),
];

const base = (roles = ADMIN.roles, configured = true): MockHandler[] => [
  route('GET', '/api/notifications', { body: ROWS, headers: { 'X-Total-Count': '2' } }),
  route('GET', '/api/notifications/status', { body: { push_configured: configured } }),
  route('GET', '/api/getLogedUserData', {
    body: { ...ADMIN, roles, permissions: { notifications: roles.includes('engineer') ? ['read', 'pick'] : ['read', 'write', 'pick'] } },
  }),
  route('GET', '/api/notifications/reach', (req) => ({
    body: { partners: req.url.searchParams.get('categories') === '2' ? 7 : 0, devices: 11, push_configured: configured },
  })),
  route('GET', '/api/categoriesActive', {
    body: [
      { id: 1, name: 'Alati', is_active: true },
      { id: 2, name: 'Boje', is_active: true },
    ],
    headers: { 'X-Total-Count': '2' },
  }),
];

const listCalls = (calls: MockRequest[]) => calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/notifications');
const lastListParams = (calls: MockRequest[]) => Object.fromEntries(listCalls(calls).at(-1)!.url.searchParams);
const posts = (calls: MockRequest[]) => calls.filter((c) => c.method === 'POST');

function render() {
  return renderScreen(<NotificationsPage />, {
    path: '/notifications',
    extraRoutes: [{ path: '/notifications/:id', element: <p>delivery view</p> }],
  });
}

async function openAdd(user: UserEvent) {
  const utils = render();
  await screen.findByText('Zimska akcija');
  await user.click(await screen.findByRole('button', { name: 'Dodaj' }));
  return { ...utils, dialog: await screen.findByRole('dialog', { name: 'Nova push notifikacija' }) };
}

async function chooseCategory(user: UserEvent, dialog: HTMLElement, name: string) {
  await user.click(within(dialog).getByRole('button', { name: /kategorije$/ }));
  const picker = await screen.findByRole('dialog', { name: 'Izbor kategorija' });
  await user.click(within((await within(picker).findByText(name)).closest('tr')!).getByRole('checkbox'));
  await user.click(within(picker).getByRole('button', { name: 'Potvrdi' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Izbor kategorija' })).not.toBeInTheDocument());
}

async function fill(user: UserEvent, dialog: HTMLElement) {
  await user.type(within(dialog).getByLabelText(/^Naslov/), 'Zimska akcija');
  await user.type(within(dialog).getByLabelText(/^Tekst notifikacije/), 'Popusti do 30 %');
  await chooseCategory(user, dialog, 'Boje');
}

const send = (user: UserEvent, dialog: HTMLElement) => user.click(within(dialog).getByRole('button', { name: 'Pošalji' }));

/** Sends and answers the question before sending with Send; answers the question. */
async function sendConfirmed(user: UserEvent, dialog: HTMLElement) {
  await send(user, dialog);
  const question = await screen.findByRole('dialog', { name: 'Poslati notifikaciju?' });
  await user.click(within(question).getByRole('button', { name: 'Pošalji' }));
  return question;
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('push notifications screen', { timeout: 30_000 }, () => {
  it('lists newest first with the delivery figures; no active column, no edit, no delete', async () => {
    const { calls } = mockFetch(...base());
    render();
    const row = (await screen.findByText('Zimska akcija')).closest('tr')!;
    expect(lastListParams(calls)).toEqual({ page: '1', per_page: '10', sort: 'created_at', order: 'desc' });
    const headers = screen.getAllByRole('columnheader').slice(0, 7).map((h) => h.textContent?.trim());
    expect(headers).toEqual(['Poslato', 'Naslov', 'Tekst notifikacije', 'Kategorije', 'Poslao', 'Isporučeno / uređaji', 'Akcije']);
    expect(within(row).getByText('3 / 5')).toBeInTheDocument();
    expect(within(row).getByText('Neuspjelo: 1')).toBeInTheDocument();
    expect(within(row).getByText('U slanju: 1')).toBeInTheDocument();
    expect(within(row).getByText('Alati, Boje')).toBeInTheDocument();
    expect(within(row).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Isporuka']);
    expect(screen.queryByText('Aktivan')).not.toBeInTheDocument();
    expect(screen.queryByText(/nijesu podešene/)).not.toBeInTheDocument();
  });

  it('filters by subject and sorts by the figures on the server', async () => {
    const { calls } = mockFetch(...base());
    const user = userEvent.setup();
    render();
    await screen.findByText('Zimska akcija');
    await user.type(screen.getByRole('textbox', { name: /^Naslov/ }), 'zim{Enter}');
    await waitFor(() => expect(lastListParams(calls)).toMatchObject({ subject: 'zim', page: '1' }));
    await user.click(screen.getByRole('columnheader', { name: 'Isporučeno / uređaji' }));
    await waitFor(() => expect(lastListParams(calls)).toMatchObject({ sort: 'devices', order: 'asc' }));
  });

  it('says when push is not configured, and an engineer sees no add button', async () => {
    mockFetch(...base(['engineer'], false));
    render();
    await screen.findByText('Zimska akcija');
    expect(await screen.findByText(/Push notifikacije nijesu podešene na serveru/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Dodaj' })).not.toBeInTheDocument());
  });

  it('the add dialog checks subject, text and categories and sends nothing', async () => {
    const { calls } = mockFetch(...base());
    const user = userEvent.setup();
    const { dialog } = await openAdd(user);
    await send(user, dialog);
    expect(await screen.findByText('Morate popuniti obavezna polja')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Obavezno polje')).toHaveLength(2);
    expect(within(dialog).getByText('Morate izabrati minimum 1 kategoriju')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Naslov/), 'A');
    await user.type(within(dialog).getByLabelText(/^Tekst notifikacije/), 'B');
    await send(user, dialog);
    await waitFor(() => expect(within(dialog).getAllByText('Mora imati najmanje 2 karaktera')).toHaveLength(2));
    expect(posts(calls)).toHaveLength(0);
  });

  it('sends subject, text and category ids; saved, it opens the delivery view', async () => {
    const { calls } = mockFetch(
      ...base(),
      route('POST', '/api/notifications', { body: notification(9, { pending: 2, delivered: 2 }) }),
    );
    const user = userEvent.setup();
    const { dialog, router } = await openAdd(user);
    await fill(user, dialog);
    await sendConfirmed(user, dialog);
    await waitFor(() => expect(router.state.location.pathname).toBe('/notifications/9'));
    expect(posts(calls)[0].body).toEqual({ subject: 'Zimska akcija', notification_text: 'Popusti do 30 %', categories: [2] });
    expect(await screen.findByText('Uspješno dodavanje')).toBeInTheDocument();
  });

  it('422 keeps everything typed and shows the field errors', async () => {
    mockFetch(
      ...base(),
      route('POST', '/api/notifications', {
        status: 422,
        body: { message: 'The given data was invalid.', errors: { subject: ['The subject contains characters that are not allowed.'] } },
      }),
    );
    const user = userEvent.setup();
    const { dialog } = await openAdd(user);
    await fill(user, dialog);
    await sendConfirmed(user, dialog);
    expect(await within(dialog).findByText('Naslov sadrži nedozvoljene karaktere.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Naslov/)).toHaveValue('Zimska akcija');
    expect(within(dialog).getByLabelText(/^Tekst notifikacije/)).toHaveValue('Popusti do 30 %');
    expect(within(dialog).getByText('Boje')).toBeInTheDocument();
  });

  it('a network failure keeps everything typed', async () => {
    mockFetch(...base(), route('POST', '/api/notifications', () => {
      throw new TypeError('Failed to fetch');
    }));
    const user = userEvent.setup();
    const { dialog } = await openAdd(user);
    await fill(user, dialog);
    await sendConfirmed(user, dialog);
    expect(await screen.findByText(/Server nije dostupan/)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Nova push notifikacija' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Naslov/)).toHaveValue('Zimska akcija');
  });

  it('491: the add dialog closes (saved), the error dialog says so and opens the delivery view', async () => {
    const { calls } = mockFetch(
      ...base(),
      route('POST', '/api/notifications', {
        status: 491,
        body: {
          message: 'Došlo je do greške prilikom slanja notifikacija na neke od uređaja.',
          notification: notification(9, { delivered: 3, failed: 1 }),
        },
      }),
    );
    const user = userEvent.setup();
    const { dialog, router } = await openAdd(user);
    await fill(user, dialog);
    const before = listCalls(calls).length;
    await sendConfirmed(user, dialog);
    const error = await screen.findByRole('dialog', { name: 'Greška' });
    expect(error).toHaveTextContent('Došlo je do greške prilikom slanja notifikacija na neke od uređaja.');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nova push notifikacija' })).not.toBeInTheDocument());
    // Saved: the list asks again.
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
    expect(screen.queryByText('Uspješno dodavanje')).not.toBeInTheDocument();
    await user.click(within(error).getByRole('button', { name: 'Pogledaj isporuku' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/notifications/9'));
  });

  it('asks first, naming the partners and devices it reaches; Cancel sends nothing and keeps the form', async () => {
    const { calls } = mockFetch(
      ...base(),
      route('POST', '/api/notifications', { body: notification(9, { pending: 2, delivered: 2 }) }),
    );
    const user = userEvent.setup();
    const { dialog, router } = await openAdd(user);
    await fill(user, dialog);
    await send(user, dialog);
    const question = await screen.findByRole('dialog', { name: 'Poslati notifikaciju?' });
    expect(question).toHaveTextContent('„Zimska akcija” odmah ide aktivnim partnerima izabranih kategorija. Partnera: 7; njihovih uređaja: 11.');
    const reach = calls.filter((c) => c.url.pathname === '/api/notifications/reach');
    expect(reach).toHaveLength(1);
    expect(reach[0].url.searchParams.get('categories')).toBe('2');
    expect(posts(calls)).toHaveLength(0);

    await user.click(within(question).getByRole('button', { name: 'Odustani' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Poslati notifikaciju?' })).not.toBeInTheDocument());
    expect(posts(calls)).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Nova push notifikacija' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Naslov/)).toHaveValue('Zimska akcija');
    expect(within(dialog).getByLabelText(/^Naslov/)).toBeEnabled();

    // Asked again, Send sends.
    await sendConfirmed(user, dialog);
    await waitFor(() => expect(router.state.location.pathname).toBe('/notifications/9'));
    expect(posts(calls)).toHaveLength(1);
  });

  it('says when push is not set up, before sending', async () => {
    mockFetch(...base(ADMIN.roles, false));
    const user = userEvent.setup();
    const { dialog } = await openAdd(user);
    await fill(user, dialog);
    await send(user, dialog);
    const question = await screen.findByRole('dialog', { name: 'Poslati notifikaciju?' });
    expect(question).toHaveTextContent('Slanje notifikacija nije podešeno na ovom serveru');
  });
});
