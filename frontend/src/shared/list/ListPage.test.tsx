import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { mockFetch, route, type MockRequest } from '../../test/fetchMock';
import { baseApi } from '../api/baseApi';
import { listQueryParams, listTags, toPage, type ListParams, type Page, type ToggleAnswer } from '../api/list';
import { ListPage } from './ListPage';
import type { ListColumn, UseListQuery } from './types';
import type { ReactNode } from 'react';

interface Thing {
  id: number;
  name: string;
  code: string;
  is_active: boolean;
}

// A resource configured only for this test, the way a feature configures the list.
const thingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listThings: build.query<Page<Thing>, ListParams>({
      query: (params) => ({ url: 'things', params: listQueryParams(params) }),
      transformResponse: (items: Thing[], meta) => toPage(items, meta),
      providesTags: (page) => listTags('User', page),
    }),
    toggleThing: build.mutation<ToggleAnswer, number>({
      query: (id) => ({ url: `things/${id}`, method: 'DELETE' }),
    }),
  }),
});

const columns: ListColumn<Thing>[] = [
  { field: 'name', header: 'users.name', filter: true },
  { field: 'code', header: 'users.username', filter: true, sortable: false },
];

function things(count: number, from = 1): Thing[] {
  return Array.from({ length: count }, (_, i) => ({
    id: from + i,
    name: `Thing ${from + i}`,
    code: `T${from + i}`,
    is_active: true,
  }));
}

function renderList() {
  return renderScreen(
    <ListPage<Thing>
      title="users.title"
      columns={columns}
      defaultSort={{ field: 'name', order: 'asc' }}
      useList={thingsApi.useListThingsQuery}
      useToggle={thingsApi.useToggleThingMutation}
      rowLabel={(t) => t.name}
    />,
  );
}

const listCalls = (calls: MockRequest[]) => calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/things');
const lastParams = (calls: MockRequest[]) => Object.fromEntries(listCalls(calls).at(-1)!.url.searchParams);

describe('generic list', () => {
  it('renders the configured columns, the active chip and the actions', async () => {
    mockFetch(route('GET', '/api/things', { body: things(3), headers: { 'X-Total-Count': '3' } }));
    renderList();

    expect(await screen.findByText('Thing 1')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent ?? '');
    expect(headers.some((h) => h.includes('Ime i prezime'))).toBe(true);
    expect(headers.some((h) => h.includes('Korisničko ime'))).toBe(true);
    expect(headers.some((h) => h.includes('Aktivan'))).toBe(true);
    expect(headers.some((h) => h.includes('Akcije'))).toBe(true);
    expect(screen.getByRole('heading', { name: 'Korisnici' })).toBeInTheDocument();
    expect(screen.getAllByText('Aktivan', { selector: '.p-tag-value' })).toHaveLength(3);
    expect(screen.getAllByRole('button', { name: 'Deaktiviraj' })).toHaveLength(3);
    expect(screen.getByText('1–3 / 3')).toBeInTheDocument();
  });

  it('asks the server for page, size, sort and order, then follows sorting and paging', async () => {
    const { calls } = mockFetch(
      route('GET', '/api/things', (req) => {
        const page = Number(req.url.searchParams.get('page'));
        return { body: things(10, (page - 1) * 10 + 1), headers: { 'X-Total-Count': '25' } };
      }),
    );
    const user = userEvent.setup();
    renderList();

    await screen.findByText('Thing 1');
    expect(lastParams(calls)).toEqual({ page: '1', per_page: '10', sort: 'name', order: 'asc' });

    await user.click(screen.getByRole('columnheader', { name: /Ime i prezime/ }));
    await waitFor(() => expect(lastParams(calls)).toMatchObject({ sort: 'name', order: 'desc', page: '1' }));

    await user.click(screen.getByRole('button', { name: /\b2$/ }));
    await waitFor(() => expect(lastParams(calls)).toMatchObject({ page: '2', per_page: '10' }));
    expect(await screen.findByText('Thing 11')).toBeInTheDocument();
  });

  it('applies a text filter on Enter and the active select at once, and clears both', async () => {
    const { calls } = mockFetch(
      route('GET', '/api/things', (req) => {
        const filtered = req.url.searchParams.has('name') || req.url.searchParams.has('is_active');
        const body = filtered ? things(1) : things(2);
        return { body, headers: { 'X-Total-Count': String(body.length) } };
      }),
    );
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Thing 2');

    const nameFilter = screen.getByRole('textbox', { name: /Ime i prezime/ });
    await user.type(nameFilter, 'abc');
    // Typing alone does not query.
    expect(lastParams(calls)).not.toHaveProperty('name');
    await user.type(nameFilter, '{Enter}');
    await waitFor(() => expect(lastParams(calls)).toMatchObject({ name: 'abc', page: '1' }));
    await waitFor(() => expect(screen.queryByText('Thing 2')).not.toBeInTheDocument());

    await user.type(screen.getByRole('textbox', { name: /Korisničko ime/ }), 'T1');
    await user.click(screen.getByRole('button', { name: 'Pretraži' }));
    await waitFor(() => expect(lastParams(calls)).toMatchObject({ name: 'abc', code: 'T1' }));

    await user.click(screen.getByRole('button', { name: 'Status' }));
    // jsdom cannot lay the overlay out, so PrimeReact leaves it display:none.
    await user.click(await screen.findByRole('option', { name: 'Neaktivan', hidden: true }));
    await waitFor(() => expect(lastParams(calls)).toMatchObject({ name: 'abc', code: 'T1', is_active: '0' }));

    await user.click(screen.getByRole('button', { name: 'Poništi filtere' }));
    expect(await screen.findByText('Thing 2')).toBeInTheDocument();
    expect(nameFilter).toHaveValue('');
  });

  it('stops a text filter at the server\'s 200 characters', async () => {
    mockFetch(route('GET', '/api/things', () => ({ body: things(1), headers: { 'X-Total-Count': '1' } })));
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Thing 1');
    const nameFilter = screen.getByRole('textbox', { name: /Ime i prezime/ });
    await user.click(nameFilter);
    await user.paste('x'.repeat(250));
    expect(nameFilter).toHaveValue('x'.repeat(200));
  });

  it('shows the no-data alert for an empty answer', async () => {
    mockFetch(route('GET', '/api/things', { body: [], headers: { 'X-Total-Count': '0' } }));
    renderList();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Nema podataka');
  });

  it('says data is loading while the first page is on its way', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { fetchMock } = mockFetch(
      route('GET', '/api/things', { body: things(1), headers: { 'X-Total-Count': '1' } }),
    );
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (...args) => {
      await gate;
      return original(...args);
    });
    renderList();
    expect(await screen.findByText('Učitavanje podataka...')).toBeInTheDocument();
    release();
    expect(await screen.findByText('Thing 1')).toBeInTheDocument();
  });

  it('deactivates after confirmation and applies the server answer to the row', async () => {
    const { calls } = mockFetch(
      route('GET', '/api/things', { body: things(2), headers: { 'X-Total-Count': '2' } }),
      route('DELETE', '/api/things/2', { body: { is_active: false } }),
    );
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Thing 2');

    const row = screen.getByText('Thing 2').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Deaktiviraj' }));

    const dialog = await screen.findByRole('dialog', { name: 'Deaktivacija' });
    expect(dialog).toHaveTextContent('Thing 2');
    // Cancel sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Odustani' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(within(row).getByRole('button', { name: 'Deaktiviraj' }));
    const again = await screen.findByRole('dialog', { name: 'Deaktivacija' });
    await user.click(within(again).getByRole('button', { name: 'Potvrdi' }));

    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    const updatedRow = screen.getByText('Thing 2').closest('tr')!;
    expect(await within(updatedRow).findByText('Neaktivan')).toBeInTheDocument();
    expect(within(updatedRow).getByText('Neaktivan').closest('.p-tag')).toHaveClass('p-tag-danger');
    expect(within(updatedRow).getByRole('button', { name: 'Aktiviraj' })).toBeInTheDocument();
    expect(await screen.findByText('Status je uspješno promijenjen')).toBeInTheDocument();

    // Reactivation is titled accordingly.
    await user.click(within(updatedRow).getByRole('button', { name: 'Aktiviraj' }));
    expect(await screen.findByRole('dialog', { name: 'Reaktivacija' })).toBeInTheDocument();
  });

  it('shows configured row actions before edit and hands them the row', async () => {
    mockFetch(route('GET', '/api/things', { body: things(2), headers: { 'X-Total-Count': '2' } }));
    const opened: number[] = [];
    const user = userEvent.setup();
    renderScreen(
      <ListPage<Thing>
        title="users.title"
        columns={columns}
        defaultSort={{ field: 'name', order: 'asc' }}
        useList={thingsApi.useListThingsQuery}
        useToggle={thingsApi.useToggleThingMutation}
        rowLabel={(t) => t.name}
        rowActions={[
          {
            key: 'details',
            icon: 'pi pi-eye',
            label: 'products.details',
            onClick: (row) => opened.push(row.id),
            visible: (row) => row.id !== 1,
          },
        ]}
      />,
    );
    await screen.findByText('Thing 2');
    const first = screen.getByText('Thing 1').closest('tr')!;
    const second = screen.getByText('Thing 2').closest('tr')!;
    expect(within(first).queryByRole('button', { name: 'Detalji' })).not.toBeInTheDocument();
    const buttons = within(second).getAllByRole('button').map((b) => b.getAttribute('aria-label'));
    expect(buttons).toEqual(['Detalji', 'Deaktiviraj']);
    await user.click(within(second).getByRole('button', { name: 'Detalji' }));
    expect(opened).toEqual([2]);
  });
  it('hands the toolbar extras the current query: filters, active select, sort and page', async () => {
    mockFetch(route('GET', '/api/things', { body: things(10), headers: { 'X-Total-Count': '25' } }));
    const seen: ListParams[] = [];
    const user = userEvent.setup();
    renderScreen(
      <ListPage<Thing>
        title="users.title"
        columns={columns}
        defaultSort={{ field: 'name', order: 'asc' }}
        useList={thingsApi.useListThingsQuery}
        useToggle={thingsApi.useToggleThingMutation}
        rowLabel={(t) => t.name}
        toolbarExtra={(params): ReactNode => {
          seen.push(params);
          return (
            <button type="button" data-testid="extra">
              {`${params.sort} ${params.order} ${params.page} ${JSON.stringify(params.filters)}`}
            </button>
          );
        }}
      />,
    );
    await screen.findByText('Thing 1');
    expect(screen.getByTestId('extra')).toHaveTextContent('name asc 1 {"name":"","code":""}');

    // Typed but not applied: the extras still get the applied query.
    await user.type(screen.getByRole('textbox', { name: /Ime i prezime/ }), 'abc');
    expect(screen.getByTestId('extra')).toHaveTextContent('{"name":"","code":""}');
    await user.type(screen.getByRole('textbox', { name: /Ime i prezime/ }), '{Enter}');
    await user.click(screen.getByRole('columnheader', { name: /Ime i prezime/ }));
    await waitFor(() => expect(screen.getByTestId('extra')).toHaveTextContent('name desc 1 {"name":"abc","code":""}'));
    expect(seen.at(-1)?.is_active).toBeUndefined();
  });

  it('shows a column’s own filter placeholder and tooltip', async () => {
    mockFetch(route('GET', '/api/things', { body: things(1), headers: { 'X-Total-Count': '1' } }));
    renderScreen(
      <ListPage<Thing>
        title="users.title"
        columns={[
          { field: 'name', header: 'users.name', filter: true },
          {
            field: 'code',
            header: 'users.username',
            filter: true,
            filterPlaceholder: 'partners.figure_filter_placeholder',
            filterHint: 'partners.figure_filter_hint',
          },
        ]}
        defaultSort={{ field: 'name', order: 'asc' }}
        useList={thingsApi.useListThingsQuery}
        useToggle={thingsApi.useToggleThingMutation}
        rowLabel={(t) => t.name}
      />,
    );
    await screen.findByText('Thing 1');
    const plain = screen.getByRole('textbox', { name: 'Ime i prezime — Pretraga' });
    expect(plain).toHaveAttribute('placeholder', 'Pretraga');
    expect(plain).not.toHaveAttribute('title');
    const own = screen.getByRole('textbox', { name: 'Korisničko ime — Pretraga' });
    expect(own).toHaveAttribute('placeholder', 'npr. >100');
    expect(own.getAttribute('title')).toMatch(/^Broj \(100\)/);
  });

  it('on a narrow screen folds many filters behind a Filters button that counts the applied ones', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: true,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    const { calls } = mockFetch(route('GET', '/api/things', { body: things(1), headers: { 'X-Total-Count': '1' } }));
    // Five filters: more than the four that stay open.
    type WideThing = Thing & { phone: string; debt: string };
    const many: ListColumn<WideThing>[] = [
      { field: 'id', header: 'partners.id', filter: true },
      { field: 'name', header: 'users.name', filter: true },
      { field: 'code', header: 'users.username', filter: true },
      { field: 'phone', header: 'partners.phone', filter: true },
      { field: 'debt', header: 'partners.debt', filter: true, filterPlaceholder: 'partners.figure_filter_placeholder' },
    ];
    const user = userEvent.setup();
    try {
      renderScreen(
        <ListPage<WideThing>
          title="users.title"
          columns={many}
          defaultSort={{ field: 'name', order: 'asc' }}
          useList={thingsApi.useListThingsQuery as unknown as UseListQuery<WideThing>}
          useToggle={thingsApi.useToggleThingMutation}
          rowLabel={(t) => t.name}
        />,
      );
      await screen.findByText('Thing 1');
      const toggle = screen.getByRole('button', { name: 'Filteri' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(screen.queryByRole('textbox', { name: /Ime i prezime/ })).not.toBeInTheDocument();

      await user.click(toggle);
      const name = screen.getByRole('textbox', { name: 'Ime i prezime — Pretraga' });
      // Narrow placeholders name the column, with the column's own hint when it has one.
      expect(name).toHaveAttribute('placeholder', 'Ime i prezime');
      expect(screen.getByRole('textbox', { name: 'Dug — Pretraga' })).toHaveAttribute('placeholder', 'Dug: npr. >100');
      await user.type(name, 'abc{Enter}');
      await waitFor(() => expect(lastParams(calls)).toMatchObject({ name: 'abc' }));
      expect(screen.getByRole('button', { name: 'Filteri (1)' })).toHaveAttribute('aria-expanded', 'true');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('shows a failed load as an error with a retry, not as "no data"', async () => {
    let fail = true;
    const { calls } = mockFetch(
      route('GET', '/api/things', () =>
        fail ? { status: 500, body: { message: 'boom' } } : { body: things(2), headers: { 'X-Total-Count': '2' } },
      ),
    );
    const user = userEvent.setup();
    renderList();

    const table = document.querySelector<HTMLElement>('.list-table')!;
    expect(await within(table).findByText('Greška pri učitavanju podataka')).toBeInTheDocument();
    expect(within(table).queryByText('Nema podataka')).not.toBeInTheDocument();

    fail = false;
    await user.click(within(table).getByRole('button', { name: 'Pokušaj ponovo' }));
    expect(await screen.findByText('Thing 2')).toBeInTheDocument();
    expect(within(table).queryByText('Greška pri učitavanju podataka')).not.toBeInTheDocument();
    expect(listCalls(calls)).toHaveLength(2);
  });

  it('hides and shows columns from the toolbar, remembers the choice per list and keeps the name', async () => {
    const { calls } = mockFetch(route('GET', '/api/things', { body: things(2), headers: { 'X-Total-Count': '2' } }));
    const user = userEvent.setup();
    const first = renderList();
    await screen.findByText('Thing 1');
    const headerTexts = () => screen.getAllByRole('columnheader').map((h) => h.textContent ?? '');

    // A filter on the column about to be hidden is dropped with it.
    await user.type(screen.getByRole('textbox', { name: 'Korisničko ime — Pretraga' }), 'T1{Enter}');
    await waitFor(() => expect(lastParams(calls)).toMatchObject({ code: 'T1' }));

    await user.click(screen.getByRole('button', { name: 'Kolone' }));
    const name = await screen.findByRole('checkbox', { name: /Ime i prezime/, hidden: true });
    expect(name).toBeChecked();
    expect(name).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Korisničko ime', hidden: true }));

    await waitFor(() => expect(headerTexts().some((h) => h.includes('Korisničko ime'))).toBe(false));
    expect(screen.queryByText('T1', { selector: 'td' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Kolone (skriveno: 1)' })).toBeInTheDocument();
    await waitFor(() => expect(lastParams(calls)).not.toHaveProperty('code'));
    expect(JSON.parse(localStorage.getItem('vitrina.list-columns.users.title')!)).toEqual(['code']);

    // A new visit to the list keeps it hidden.
    first.unmount();
    renderList();
    await screen.findByText('Thing 1');
    expect(headerTexts().some((h) => h.includes('Ime i prezime'))).toBe(true);
    expect(headerTexts().some((h) => h.includes('Korisničko ime'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Kolone (skriveno: 1)' }));
    await user.click(await screen.findByRole('button', { name: 'Prikaži sve', hidden: true }));
    await waitFor(() => expect(headerTexts().some((h) => h.includes('Korisničko ime'))).toBe(true));
    expect(localStorage.getItem('vitrina.list-columns.users.title')).toBeNull();
  });

  it('opens the column chooser with the focus inside and closes it with Esc, back on its button', async () => {
    mockFetch(route('GET', '/api/things', { body: things(2), headers: { 'X-Total-Count': '2' } }));
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Thing 1');
    const button = screen.getByRole('button', { name: 'Kolone' });
    await user.click(button);
    // The name column is fixed (disabled), so the first checkbox to take the focus is the next one.
    const code = await screen.findByRole('checkbox', { name: 'Korisničko ime', hidden: true });
    await waitFor(() => expect(code).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Korisničko ime', hidden: true })).not.toBeInTheDocument());
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('ignores a stored choice that would hide the name', async () => {
    localStorage.setItem('vitrina.list-columns.users.title', JSON.stringify(['name', 42]));
    mockFetch(route('GET', '/api/things', { body: things(1), headers: { 'X-Total-Count': '1' } }));
    renderList();
    await screen.findByText('Thing 1');
    expect(screen.getByRole('columnheader', { name: /Ime i prezime/ })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Korisničko ime/ })).toBeInTheDocument();
  });

  it('pins the name and actions columns and names every header cell and select', async () => {
    mockFetch(route('GET', '/api/things', { body: things(2), headers: { 'X-Total-Count': '2' } }));
    renderScreen(
      <ListPage<Thing>
        title="users.title"
        columns={[
          { field: 'code', header: 'users.username', filter: false },
          { field: 'name', header: 'users.name', filter: true },
        ]}
        defaultSort={{ field: 'name', order: 'asc' }}
        useList={thingsApi.useListThingsQuery}
        useToggle={thingsApi.useToggleThingMutation}
        rowLabel={(t) => t.name}
      />,
    );
    await screen.findByText('Thing 1');
    // The name, not the first column, names the row.
    expect(screen.getByText('Thing 1').closest('td')).toHaveClass('list-pinned');
    expect(screen.getByText('T1').closest('td')).not.toHaveClass('list-pinned');
    expect(screen.getByRole('columnheader', { name: /Ime i prezime/ })).toHaveClass('list-pinned');
    expect(screen.getByText('Thing 1').closest('tr')!.lastElementChild).toHaveClass('list-actions-cell');

    // No header cell is empty: each has text or a named control, and a column without a filter
    // says so in the filter row.
    for (const th of document.querySelectorAll('.list-table thead th')) {
      expect(th.textContent?.trim() || th.querySelector('[aria-label]'), th.outerHTML).toBeTruthy();
    }
    expect(screen.getByText('Korisničko ime: bez filtera')).toHaveClass('sr-only');

    // The page-size and status selects have names, their hidden native selects too.
    expect(screen.getByRole('combobox', { name: 'Broj redova po strani' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeInTheDocument();
    for (const select of document.querySelectorAll('.list-table select')) {
      expect(select.getAttribute('aria-label')).toMatch(/Broj redova po strani|Status/);
    }
  });

  it('stacks the cells with their column titles once the screen narrows to a phone', async () => {
    let narrow = false;
    const listeners = new Set<() => void>();
    vi.stubGlobal('matchMedia', (query: string) => ({
      get matches() {
        return narrow && query.includes('500px');
      },
      media: query,
      addEventListener: (_: string, fn: () => void) => listeners.add(fn),
      removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
    }));
    mockFetch(route('GET', '/api/things', { body: things(1), headers: { 'X-Total-Count': '1' } }));
    try {
      renderList();
      const cell = () => screen.getByText('Thing 1').closest('td')!;
      await screen.findByText('Thing 1');
      // Wide: no stacked titles in the cells.
      expect(cell().querySelector('.p-column-title')).toBeNull();

      narrow = true;
      act(() => listeners.forEach((fn) => fn()));
      await waitFor(() => expect(cell().querySelector('.p-column-title')).toHaveTextContent('Ime i prezime'));
    } finally {
      vi.unstubAllGlobals();
    }
  });
  it('on a phone each stacked select says what it filters, not only "Svi"', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: true,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    mockFetch(route('GET', '/api/things', { body: things(1), headers: { 'X-Total-Count': '1' } }));
    const selects: ListColumn<Thing>[] = [
      { field: 'name', header: 'users.name', filter: true },
      { field: 'code', header: 'users.username', filter: true, filterOptions: [{ value: 'T1', label: 'active.active' }] },
    ];
    try {
      renderScreen(
        <ListPage<Thing>
          title="users.title"
          columns={selects}
          defaultSort={{ field: 'name', order: 'asc' }}
          useList={thingsApi.useListThingsQuery}
          useToggle={thingsApi.useToggleThingMutation}
          rowLabel={(t) => t.name}
        />,
      );
      await screen.findByText('Thing 1');
      const shown = [...document.querySelectorAll('.list-filters-stacked .p-dropdown-label')].map((l) => l.textContent);
      expect(shown).toEqual(['Korisničko ime: Svi', 'Status: Svi']);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('shows a record just added on top of the page, marked and announced, whatever the sort', async () => {
    // The new record sorts onto another page: the server's page 1 does not hold it.
    const { calls } = mockFetch(
      route('GET', '/api/things', (req) => {
        const page = Number(req.url.searchParams.get('page'));
        return { body: things(10, (page - 1) * 10 + 1), headers: { 'X-Total-Count': '25' } };
      }),
    );
    const created: Thing = { id: 99, name: 'Zeta', code: 'Z', is_active: true };
    const user = userEvent.setup();
    renderScreen(
      <ListPage<Thing>
        title="users.title"
        columns={columns}
        defaultSort={{ field: 'name', order: 'asc' }}
        useList={thingsApi.useListThingsQuery}
        useToggle={thingsApi.useToggleThingMutation}
        rowLabel={(t) => t.name}
        renderForm={({ visible, onSaved }) =>
          visible ? (
            <button type="button" onClick={() => onSaved(undefined, created)}>
              save-new
            </button>
          ) : null
        }
      />,
    );
    await screen.findByText('Thing 1');
    await user.click(screen.getByRole('button', { name: 'Dodaj' }));
    await user.click(await screen.findByRole('button', { name: 'save-new' }));

    const first = () => document.querySelector('.list-table tbody tr')!;
    await waitFor(() => expect(first()).toHaveTextContent('Zeta'));
    expect(first()).toHaveClass('list-row--new');
    expect(within(first() as HTMLElement).getByText('Novo')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: '' })).toBeDefined();
    expect(screen.getByText('Novi zapis „Zeta” je prikazan na vrhu tabele.')).toBeInTheDocument();
    expect(screen.getByText('Thing 1')).toBeInTheDocument();

    // Another page, another set of criteria: the pin goes.
    await user.click(screen.getByRole('button', { name: /\b2$/ }));
    await waitFor(() => expect(lastParams(calls)).toMatchObject({ page: '2' }));
    await screen.findByText('Thing 11');
    expect(screen.queryByText('Zeta')).not.toBeInTheDocument();
    expect(document.querySelector('.list-row--new')).toBeNull();
  });

  it('hides every write action from a role that may only read (canWrite false)', async () => {
    mockFetch(route('GET', '/api/things', { body: things(2), headers: { 'X-Total-Count': '2' } }));
    const seen: boolean[] = [];
    renderScreen(
      <ListPage<Thing>
        title="users.title"
        columns={columns}
        defaultSort={{ field: 'name', order: 'asc' }}
        useList={thingsApi.useListThingsQuery}
        useToggle={thingsApi.useToggleThingMutation}
        rowLabel={(t) => t.name}
        canWrite={false}
        rowActions={[
          { key: 'look', icon: 'pi pi-eye', label: 'products.details', onClick: () => undefined },
          { key: 'wipe', icon: 'pi pi-bolt', label: 'table.edit', onClick: () => undefined, write: true },
        ]}
        toolbarExtra={(_params, canWrite) => {
          seen.push(canWrite);
          return null;
        }}
        renderForm={() => null}
      />,
    );
    await screen.findByText('Thing 2');
    expect(screen.queryByRole('button', { name: 'Dodaj' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Izmijeni' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deaktiviraj' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Detalji' })).toHaveLength(2);
    // The active state still shows; only the buttons that change it go.
    expect(screen.getAllByText('Aktivan', { selector: '.p-tag-value' })).toHaveLength(2);
    expect(seen.every((w) => w === false)).toBe(true);
  });
});
