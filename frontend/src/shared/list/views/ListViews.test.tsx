import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { mockFetch, route, type MockRequest } from '../../../test/fetchMock';
import { baseApi } from '../../api/baseApi';
import { listQueryParams, toPage, type ListParams, type Page } from '../../api/list';
import { ListPage } from '../ListPage';
import type { ListColumn } from '../types';
import type { SavedView } from './api';

interface Thing {
  id: number;
  name: string;
  code: string;
  is_active: boolean;
}

const thingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listViewThings: build.query<Page<Thing>, ListParams>({
      query: (params) => ({ url: 'things', params: listQueryParams(params) }),
      transformResponse: (items: Thing[], meta) => toPage(items, meta),
    }),
  }),
});

const columns: ListColumn<Thing>[] = [
  { field: 'name', header: 'users.name', filter: true },
  { field: 'code', header: 'users.username', filter: true },
];

const things = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `Thing ${i + 1}`, code: `T${i + 1}`, is_active: true }));
const listCalls = (calls: MockRequest[]) => calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/things');
const lastParams = (calls: MockRequest[]) => Object.fromEntries(listCalls(calls).at(-1)!.url.searchParams);

function view(over: Partial<SavedView>): SavedView {
  return {
    id: 1,
    list: 'things',
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

function renderList(initialEntry = '/things') {
  return renderScreen(
    <ListPage<Thing>
      title="users.title"
      listKey="views-test"
      viewList="things"
      columns={columns}
      defaultSort={{ field: 'name', order: 'asc' }}
      useList={thingsApi.useListViewThingsQuery}
      rowLabel={(t) => t.name}
    />,
    { path: '/things', initialEntry },
  );
}

const listAnswer = route('GET', '/api/things', () => ({ body: things(3), headers: { 'X-Total-Count': '30' } }));

describe('list state in the address and saved views', () => {
  it('opens a bookmarked address as it says, and writes each applied change into the history', async () => {
    const { calls } = mockFetch(listAnswer);
    const user = userEvent.setup();
    const { router } = renderList('/things?name=abc&sort=code&order=desc&page=2&per_page=20');
    await screen.findByText('Thing 1');
    expect(listCalls(calls)).toHaveLength(1);
    expect(lastParams(calls)).toEqual({ name: 'abc', sort: 'code', order: 'desc', page: '2', per_page: '20' });
    expect(screen.getByRole('textbox', { name: /Ime i prezime/ })).toHaveValue('abc');

    // Typing is no history entry; applying is one.
    const code = screen.getByRole('textbox', { name: /Korisničko ime/ });
    await user.type(code, 'T9');
    expect(router.state.location.search).toBe('?name=abc&sort=code&order=desc&page=2&per_page=20');
    await user.type(code, '{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?name=abc&code=T9&sort=code&order=desc&per_page=20'));
    await waitFor(() => expect(lastParams(calls)).toMatchObject({ code: 'T9', page: '1' }));

    // Back returns the list to the previous entry's state, Forward brings the change again.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(lastParams(calls)).toMatchObject({ page: '2' }));
    expect(lastParams(calls)).not.toHaveProperty('code');
    expect(screen.getByRole('textbox', { name: /Korisničko ime/ })).toHaveValue('');
    await act(() => router.navigate(1));
    await waitFor(() => expect(lastParams(calls)).toMatchObject({ code: 'T9', page: '1' }));
  });

  it('applies the default view before asking for the first page, and says what it lost', async () => {
    const dflt = view({
      id: 4,
      name: 'Tješnje',
      default: true,
      state: { filters: { code: 'T1', is_active: '0' }, sort: 'code', order: 'desc', per_page: 30, columns: ['code'] },
      dropped: ['region'],
    });
    const { calls } = mockFetch(listAnswer, route('GET', '/api/views', { body: [dflt] }));
    const { router } = renderList();
    await screen.findByText('Thing 1');
    expect(listCalls(calls)).toHaveLength(1);
    expect(lastParams(calls)).toEqual({ code: 'T1', is_active: '0', sort: 'code', order: 'desc', page: '1', per_page: '30' });
    expect(router.state.location.search).toBe('?view=4&code=T1&is_active=0&sort=code&order=desc&per_page=30');
    expect(screen.getByText('Filter region ovog prikaza više ne postoji i izostavljen je.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Prikaz: Tješnje' })).toBeInTheDocument();
    // Its columns: the name is always shown, the code is, nothing else was hideable.
    expect(screen.getAllByRole('columnheader').some((h) => h.textContent?.includes('Korisničko ime'))).toBe(true);
  });

  it('an address with a list state wins over the default view', async () => {
    const { calls } = mockFetch(listAnswer, route('GET', '/api/views', { body: [view({ default: true, state: { filters: { code: 'X' }, sort: '', order: '', per_page: 0, columns: [] } })] }));
    renderList('/things?name=zz');
    await screen.findByText('Thing 1');
    expect(lastParams(calls)).toEqual({ name: 'zz', sort: 'name', order: 'asc', page: '1', per_page: '10' });
  });

  it('saves the list as it is under a name, then picks a shared view read-only', async () => {
    const shared = view({ id: 9, name: 'Za tim', own: false, read_only: true, state: { filters: { name: 'tim' }, sort: '', order: '', per_page: 0, columns: [] } });
    const stored: SavedView[] = [shared];
    const { calls } = mockFetch(
      listAnswer,
      route('GET', '/api/views', () => ({ body: stored })),
      route('POST', '/api/views', (req) => {
        const created = view({ id: 12, name: (req.body as { name: string }).name, state: (req.body as SavedView).state });
        stored.unshift(created);
        return { status: 201, body: created };
      }),
    );
    const user = userEvent.setup();
    const { router } = renderList('/things?code=T2');
    await screen.findByText('Thing 1');

    await user.click(screen.getByRole('button', { name: 'Prikazi' }));
    await user.click(await screen.findByRole('menuitem', { name: /Sačuvaj trenutni kao/, hidden: true }));
    const name = await screen.findByRole('textbox', { name: /Naziv/ });
    await user.click(screen.getByRole('button', { name: 'Sačuvaj' }));
    expect(await screen.findByText('Naziv je obavezan.')).toBeInTheDocument();
    await user.type(name, 'Samo T2');
    await user.click(screen.getByRole('checkbox', { name: /podrazumijevani/ }));
    await user.click(screen.getByRole('button', { name: 'Sačuvaj' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      list: 'things',
      name: 'Samo T2',
      default: true,
      shared_roles: [],
      state: { filters: { code: 'T2' }, sort: 'name', order: 'asc', per_page: 10, columns: ['name', 'code'] },
    });
    await waitFor(() => expect(router.state.location.search).toBe('?view=12&code=T2'));

    // A shared view is picked like one's own, and offers nothing to change.
    await user.click(screen.getByRole('button', { name: /Prikaz: Samo T2/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Za tim', hidden: true }));
    await waitFor(() => expect(lastParams(calls)).toMatchObject({ name: 'tim' }));
    expect(router.state.location.search).toBe('?view=9&name=tim');
    await user.click(screen.getByRole('button', { name: /Prikaz: Za tim/ }));
    expect(await screen.findByRole('menuitem', { name: /Bez prikaza/, hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Obriši', hidden: true })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Preimenuj/, hidden: true })).not.toBeInTheDocument();
  });
});
