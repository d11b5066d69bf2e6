import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mockFetch, route, type MockRequest } from '../../test/fetchMock';
import { renderScreen } from '../../test/render';
import type { SavedView } from '../list/views/api';
import { ChooseCategoriesDialog } from './ChooseCategoriesDialog';

const pad = (n: number) => String(n).padStart(2, '0');
const ALL = Array.from({ length: 40 }, (_, i) => ({ id: i + 1, name: `Kategorija ${pad(i + 1)}`, is_active: true }));

const categoriesActive = route('GET', '/api/categoriesActive', (req) => {
  const q = req.url.searchParams;
  const name = (q.get('name') ?? '').toLowerCase();
  const matching = ALL.filter((c) => c.name.toLowerCase().includes(name));
  if (q.get('order') === 'desc') matching.reverse();
  const perPage = Number(q.get('per_page'));
  const page = Number(q.get('page'));
  return { body: matching.slice((page - 1) * perPage, page * perPage), headers: { 'X-Total-Count': String(matching.length) } };
});

function view(over: Partial<SavedView>): SavedView {
  return {
    id: 1,
    list: 'categoriesActive',
    name: 'Moj',
    state: { filters: {}, sort: '', order: '', per_page: 0, columns: [] },
    default: false,
    shared_roles: [],
    own: true,
    read_only: false,
    dropped: [],
    version: 1,
    ...over,
  };
}

function Host() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <ChooseCategoriesDialog visible={open} selected={[]} onConfirm={() => setOpen(false)} onHide={() => setOpen(false)} />
    </>
  );
}

const pickerCalls = (calls: MockRequest[]) => calls.filter((c) => c.url.pathname === '/api/categoriesActive');
const lastParams = (calls: MockRequest[]) => Object.fromEntries(pickerCalls(calls).at(-1)!.url.searchParams);

describe('choose dialog: saved views without the address', () => {
  it("applies the user's default view on each opening and a picked view to the dialog's table only", async () => {
    const dflt = view({
      id: 3,
      name: 'Zadnje',
      default: true,
      state: { filters: { name: 'Kategorija 1' }, sort: 'name', order: 'desc', per_page: 20, columns: [] },
    });
    const other = view({ id: 4, name: 'Dvojke', state: { filters: { name: 'Kategorija 2' }, sort: '', order: '', per_page: 30, columns: [] } });
    const { calls } = mockFetch(
      categoriesActive,
      route('GET', '/api/views', (req) => ({ body: req.url.searchParams.get('list') === 'categoriesActive' ? [dflt, other] : [] })),
    );
    const user = userEvent.setup();
    const { router } = renderScreen(<Host />, { path: '/sliders' });
    const href = window.location.href;
    // A closed dialog asks for nothing, not even its views.
    expect(calls.filter((c) => c.url.pathname === '/api/views')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Izbor kategorija' });
    await within(dialog).findByText('Kategorija 19');
    // The first page asked for is already the default view's.
    expect(pickerCalls(calls)).toHaveLength(1);
    expect(lastParams(calls)).toEqual({ name: 'Kategorija 1', sort: 'name', order: 'desc', page: '1', per_page: '20' });
    expect(within(dialog).getByRole('textbox', { name: /Naziv/ })).toHaveValue('Kategorija 1');
    expect(within(dialog).getByRole('button', { name: 'Prikaz: Zadnje' })).toBeInTheDocument();

    // A view picked from the dialog's menu applies to its table.
    await user.click(within(dialog).getByRole('button', { name: 'Prikaz: Zadnje' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Dvojke', hidden: true }));
    await waitFor(() => expect(lastParams(calls)).toEqual({ name: 'Kategorija 2', sort: 'name', order: 'asc', page: '1', per_page: '30' }));
    expect(within(dialog).getByRole('button', { name: 'Prikaz: Dvojke' })).toBeInTheDocument();

    // Esc closes the open menu, not the dialog under it.
    await user.click(within(dialog).getByRole('button', { name: 'Prikaz: Dvojke' }));
    await screen.findByRole('menuitem', { name: 'Zadnje', hidden: true });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Zadnje', hidden: true })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Izbor kategorija' })).toBeInTheDocument();

    // The address is never written: neither the router's nor the window's.
    expect(router.state.location.search).toBe('');
    expect(router.state.location.pathname).toBe('/sliders');
    expect(window.location.href).toBe(href);

    // Closing and opening again starts from the default view once more.
    const footer = dialog.querySelector<HTMLElement>('.p-dialog-footer')!;
    await user.click(within(footer).getByRole('button', { name: 'Zatvori' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const before = pickerCalls(calls).length;
    await user.click(screen.getByRole('button', { name: 'open' }));
    const again = await screen.findByRole('dialog', { name: 'Izbor kategorija' });
    await within(again).findByText('Kategorija 19');
    expect(pickerCalls(calls).slice(before).map((c) => Object.fromEntries(c.url.searchParams))).toEqual([
      { name: 'Kategorija 1', sort: 'name', order: 'desc', page: '1', per_page: '20' },
    ]);
    expect(within(again).getByRole('button', { name: 'Prikaz: Zadnje' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('saves the dialog’s search, sort and page size as a view of its list call', async () => {
    const stored: SavedView[] = [];
    const { calls } = mockFetch(
      categoriesActive,
      route('GET', '/api/views', () => ({ body: stored })),
      route('POST', '/api/views', (req) => {
        const created = view({ id: 12, name: (req.body as { name: string }).name, state: (req.body as SavedView).state });
        stored.push(created);
        return { status: 201, body: created };
      }),
    );
    const user = userEvent.setup();
    const { router } = renderScreen(<Host />, { path: '/sliders' });
    await user.click(screen.getByRole('button', { name: 'open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Izbor kategorija' });
    await within(dialog).findByText('Kategorija 01');
    // The default first page and sort; no default view.
    expect(lastParams(calls)).toEqual({ sort: 'name', order: 'asc', page: '1', per_page: '8' });

    await user.type(within(dialog).getByRole('textbox', { name: /Naziv/ }), 'Kategorija 3{Enter}');
    await waitFor(() => expect(lastParams(calls)).toMatchObject({ name: 'Kategorija 3' }));
    await user.click(within(dialog).getByRole('button', { name: 'Prikazi' }));
    await user.click(await screen.findByRole('menuitem', { name: /Sačuvaj trenutni kao/, hidden: true }));
    await user.type(await screen.findByRole('textbox', { name: /Naziv \*/ }), 'Trojke');
    await user.click(screen.getByRole('checkbox', { name: /podrazumijevani/ }));
    await user.click(screen.getByRole('button', { name: 'Sačuvaj' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      list: 'categoriesActive',
      name: 'Trojke',
      default: true,
      shared_roles: [],
      state: { filters: { name: 'Kategorija 3' }, sort: 'name', order: 'asc', per_page: 8, columns: [] },
    });
    expect(await within(dialog).findByRole('button', { name: 'Prikaz: Trojke' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });
});
