import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import CategoriesPage from './CategoriesPage';
import type { NamedRecord } from '../types';
import { mockFetch, route } from '../../../test/fetchMock';
import { renderScreen } from '../../../test/render';

const STALE = { message: 'The record was changed by someone else. Reload it to see the changes.' };

function category(version: number, name: string): NamedRecord {
  return { id: 5, name, is_active: true, updated_at: '2026-11-24T10:00:00Z', version };
}

describe('FormDialog through the categories screen: a stale save (409)', () => {
  it('reloads the record, lists the saved value beside the typed one, and saves at the new version', async () => {
    let server = category(2, 'Boje i lakovi');
    const { calls } = mockFetch(
      route('GET', '/api/categories', { body: [category(1, 'Boje')], headers: { 'X-Total-Count': '1' } }),
      route('GET', '/api/categories/5', () => ({ body: [server] })),
      route('PUT', '/api/categories/5', (req) => {
        if (req.headers.get('If-Match') !== `"${server.version}"`) return { status: 409, body: STALE };
        server = { ...server, ...(req.body as object), version: server.version + 1 };
        return { body: server };
      }),
    );
    const user = userEvent.setup();
    renderScreen(<CategoriesPage />);
    const row = (await screen.findByText('Boje')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Izmijeni' }));
    const dialog = await screen.findByRole('dialog', { name: /kategorij/i });
    const name = within(dialog).getByLabelText(/^Naziv/);
    await user.clear(name);
    await user.type(name, 'Boje za drvo');
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));

    // The dialog stays, shows the saved value in the form and both values in the panel.
    const panel = await within(dialog).findByRole('region', { name: 'Zapis je u međuvremenu izmijenio neko drugi.' });
    expect(calls.filter((c) => c.method === 'PUT')[0].headers.get('If-Match')).toBe('"1"');
    await waitFor(() => expect(name).toHaveValue('Boje i lakovi'));
    expect(panel).toHaveTextContent(/Sačuvano sada\s*Boje i lakovi/);
    expect(panel).toHaveTextContent(/Vaša vrijednost\s*Boje za drvo/);
    expect(screen.queryByRole('dialog', { name: 'Greška' })).not.toBeInTheDocument();
    await waitFor(() => expect(panel).toHaveFocus());

    // The keyboard takes back the typed value, then the save goes out at the new version.
    await user.tab();
    expect(within(panel).getByRole('button', { name: 'Uzmi moje: Naziv' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(name).toHaveValue('Boje za drvo');
    expect(within(panel).getByRole('button', { name: 'Vaše: Naziv' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    const second = calls.filter((c) => c.method === 'PUT')[1];
    expect(second.headers.get('If-Match')).toBe('"2"');
    expect(second.body).toEqual({ name: 'Boje za drvo' });
    expect(await screen.findByText('Uspješna izmjena')).toBeInTheDocument();
  });

  it('keeps the saved value when the user does not take theirs back', async () => {
    const server = category(3, 'Alati i pribor');
    const { calls } = mockFetch(
      route('GET', '/api/categories', { body: [category(1, 'Alati')], headers: { 'X-Total-Count': '1' } }),
      route('GET', '/api/categories/5', { body: [server] }),
      route('PUT', '/api/categories/5', (req) =>
        req.headers.get('If-Match') === '"3"' ? { body: { ...server, ...(req.body as object), version: 4 } } : { status: 409, body: STALE },
      ),
    );
    const user = userEvent.setup();
    renderScreen(<CategoriesPage />);
    await user.click(within((await screen.findByText('Alati')).closest('tr')!).getByRole('button', { name: 'Izmijeni' }));
    const dialog = await screen.findByRole('dialog', { name: /kategorij/i });
    await user.type(within(dialog).getByLabelText(/^Naziv/), ' 2');
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    await within(dialog).findByRole('region', { name: 'Zapis je u međuvremenu izmijenio neko drugi.' });
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT')[1].body).toEqual({ name: 'Alati i pribor' });
  });
});
