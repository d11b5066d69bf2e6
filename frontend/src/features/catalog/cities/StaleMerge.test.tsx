import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, route, type MockRequest } from '../../../test/fetchMock';
import { renderScreen } from '../../../test/render';
import type { City } from '../types';
import CitiesPage from './CitiesPage';

// Issue 20: after a 409 only the fields this user changed are theirs; the rest take the values
// saved meanwhile, and the list behind the dialog refreshes.

const STALE = { message: 'The record was changed by someone else. Reload it to see the changes.' };
const COUNTRIES = [
  { id: 1, name: 'Crna Gora', is_active: true, updated_at: '2026-11-24T10:00:00Z', version: 1 },
  { id: 2, name: 'Srbija', is_active: true, updated_at: '2026-11-24T10:00:00Z', version: 1 },
];

function city(version: number, name: string, countryId: number): City {
  const country = COUNTRIES.find((c) => c.id === countryId)!;
  return {
    id: 9,
    name,
    country_id: countryId,
    country: { id: countryId, name: country.name },
    country_name: country.name,
    is_active: true,
    updated_at: '2026-11-24T10:00:00Z',
    version,
  };
}

const listCalls = (calls: MockRequest[]) => calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/cities' && c.url.searchParams.has('page'));
const puts = (calls: MockRequest[]) => calls.filter((c) => c.method === 'PUT');

/** The server: the list shows `listed`; the record is now `server`; a PUT at an old version is 409. */
function world(listed: City, saved: City) {
  let server = saved;
  let stale = false;
  const mock = mockFetch(
    route('GET', '/api/cities', () => ({ body: [stale ? server : listed], headers: { 'X-Total-Count': '1' } })),
    route('GET', '/api/cities/9', () => ({ body: [server] })),
    route('GET', '/api/countries', { body: COUNTRIES }),
    route('PUT', '/api/cities/9', (req) => {
      if (req.headers.get('If-Match') !== `"${server.version}"`) {
        stale = true;
        return { status: 409, body: STALE };
      }
      server = { ...server, ...(req.body as object), version: server.version + 1 };
      return { body: server };
    }),
  );
  return mock;
}

/** The country select's shown value. */
const country = (dialog: HTMLElement) => dialog.querySelector<HTMLElement>('.p-dropdown-label')!;

async function openEdit(user: ReturnType<typeof userEvent.setup>, name: string) {
  renderScreen(<CitiesPage />);
  await user.click(within((await screen.findByText(name)).closest('tr')!).getByRole('button', { name: 'Izmijeni' }));
  const dialog = await screen.findByRole('dialog', { name: 'Izmjena grada' });
  await waitFor(() => expect(country(dialog)).toHaveTextContent('Crna Gora'));
  return dialog;
}

describe('a stale save keeps what is the user’s and only that', () => {
  it('does not list a field the user never touched, keeps their own change, and refreshes the list', async () => {
    // Someone else moved the city to Srbija; this user only renamed it.
    const { calls } = world(city(1, 'Bar', 1), city(2, 'Bar', 2));
    const user = userEvent.setup();
    const dialog = await openEdit(user, 'Bar');
    const name = within(dialog).getByLabelText(/^Naziv/);
    await user.clear(name);
    await user.type(name, 'Stari Bar');
    const listedBefore = listCalls(calls).length;
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));

    const panel = await within(dialog).findByRole('region', { name: 'Zapis je u međuvremenu izmijenio neko drugi.' });
    expect(panel).toHaveTextContent('vaše izmjene su zadržane');
    expect(within(panel).queryByText('Država')).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /Uzmi/ })).not.toBeInTheDocument();
    expect(name).toHaveValue('Stari Bar');
    await waitFor(() => expect(country(dialog)).toHaveTextContent('Srbija'));
    // The list behind the dialog asked again and shows the saved record.
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(listedBefore));

    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1].headers.get('If-Match')).toBe('"2"');
    expect(puts(calls)[1].body).toEqual({ name: 'Stari Bar', country_id: 2 });
  });

  it('lists only a field both changed; "take all mine" takes back only that one', async () => {
    // Someone else renamed it and moved it; this user renamed it differently and left the country.
    const { calls } = world(city(1, 'Bar', 1), city(2, 'Bar Grad', 2));
    const user = userEvent.setup();
    const dialog = await openEdit(user, 'Bar');
    const name = within(dialog).getByLabelText(/^Naziv/);
    await user.clear(name);
    await user.type(name, 'Stari Bar');
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));

    const panel = await within(dialog).findByRole('region', { name: 'Zapis je u međuvremenu izmijenio neko drugi.' });
    expect(panel).toHaveTextContent(/Sačuvano sada\s*Bar Grad/);
    expect(panel).toHaveTextContent(/Vaša vrijednost\s*Stari Bar/);
    expect(within(panel).queryByText('Država')).not.toBeInTheDocument();
    await waitFor(() => expect(name).toHaveValue('Bar Grad'));
    await user.click(within(panel).getByRole('button', { name: 'Uzmi moje: Naziv' }));
    expect(name).toHaveValue('Stari Bar');

    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    // The other user's country stays: taking this user's values back did not undo it.
    expect(puts(calls)[1].body).toEqual({ name: 'Stari Bar', country_id: 2 });
  });
});
