import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, route, type MockHandler, type MockRequest } from '../../../test/fetchMock';
import { renderScreen } from '../../../test/render';
import type { SavedView } from '../../../shared/list/views/api';
import { campaign, cartItem, partner } from '../testData';
import CampaignDetailsPage from './CampaignDetailsPage';

const ID = 4;
const record = route('GET', '/api/campaigns', { body: [campaign(ID)], headers: { 'X-Total-Count': '1' } });
const partners = route('GET', `/api/campaignDetailsById/partners/${ID}`, {
  body: [partner(1001, { name: 'Gradnja Petrović' })],
  headers: { 'X-Total-Count': '40', 'X-Total-Cash': '1500' },
});
const cart = route('GET', `/api/campaignDetailsById/cart/${ID}`, {
  body: [cartItem(1)],
  headers: { 'X-Total-Count': '1', 'X-Total-Ordered': '251', 'X-Total-Delivered': '0' },
});

function view(over: Partial<SavedView>): SavedView {
  return {
    id: 1,
    list: 'campaignPartners',
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

/** GET /api/views answers the views of the list asked for. */
const viewsOf = (byList: Record<string, SavedView[]>) =>
  route('GET', '/api/views', (req) => ({ body: byList[req.url.searchParams.get('list') ?? ''] ?? [] }));

const open = (search: string, ...handlers: MockHandler[]) => {
  const mock = mockFetch(record, ...handlers);
  const utils = renderScreen(<CampaignDetailsPage />, { path: '/campaigns/:id', initialEntry: `/campaigns/${ID}${search}` });
  return { ...mock, ...utils };
};

const tabCalls = (calls: MockRequest[], tab: string) =>
  calls.filter((c) => c.method === 'GET' && c.url.pathname === `/api/campaignDetailsById/${tab}/${ID}`);
const paramsOf = (call: MockRequest) => Object.fromEntries(call.url.searchParams);
const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent ?? '');

describe('campaign tabs: saved views and the list state in the address', { timeout: 20_000 }, () => {
  it("applies the user's default view of the tab before its first page, with its columns, and names it", async () => {
    const dflt = view({
      id: 7,
      name: 'Veliki',
      default: true,
      state: { filters: { name: 'Gra', cash: '>=1000' }, sort: 'cash', order: 'desc', per_page: 20, columns: ['phone'] },
    });
    const { calls, router } = open('?tab=partners', partners, viewsOf({ campaignPartners: [dflt] }));
    await screen.findByText('Gradnja Petrović');
    // One page only, already the view's.
    expect(tabCalls(calls, 'partners')).toHaveLength(1);
    expect(paramsOf(tabCalls(calls, 'partners')[0])).toEqual({
      name: 'Gra',
      cash: '>=1000',
      sort: 'cash',
      order: 'desc',
      page: '1',
      per_page: '20',
    });
    expect(calls.find((c) => c.url.pathname === '/api/views')!.url.searchParams.get('list')).toBe('campaignPartners');
    expect(router.state.location.search).toBe('?tab=partners&view=7&name=Gra&cash=%3E%3D1000&sort=cash&order=desc&per_page=20');
    expect(screen.getByRole('button', { name: 'Prikaz: Veliki' })).toBeInTheDocument();
    // The name is never hidden; of the rest only the phone is shown.
    expect(headers().some((h) => h.includes('Telefon'))).toBe(true);
    expect(headers().some((h) => h.includes('Grad'))).toBe(false);
    expect(headers().some((h) => h.includes('Iznos'))).toBe(false);
    expect(screen.getByRole('textbox', { name: /Naziv partnera/ })).toHaveValue('Gra');
  });

  it('an address with the tab’s state wins over the default view', async () => {
    const dflt = view({ default: true, state: { filters: { name: 'X' }, sort: '', order: '', per_page: 0, columns: [] } });
    const { calls } = open('?tab=partners&phone=067&per_page=30', partners, viewsOf({ campaignPartners: [dflt] }));
    await screen.findByText('Gradnja Petrović');
    expect(paramsOf(tabCalls(calls, 'partners').at(-1)!)).toEqual({ phone: '067', sort: 'name', order: 'asc', page: '1', per_page: '30' });
  });

  it('picks a saved view from the tab’s Views menu; the cart keeps delivery as its own filter; another tab starts afresh', async () => {
    const delivered = view({
      id: 9,
      list: 'campaignCart',
      name: 'Isporučeno',
      state: { filters: { is_active: '1', product: 'Buš' }, sort: 'price', order: 'asc', per_page: 50, columns: [] },
    });
    const { calls, router } = open('?tab=cart', cart, partners, viewsOf({ campaignCart: [delivered] }));
    const user = userEvent.setup();
    await screen.findByText('Bušilica');
    expect(paramsOf(tabCalls(calls, 'cart')[0])).toEqual({ sort: 'created_at', order: 'desc', page: '1', per_page: '10' });

    await user.click(screen.getByRole('button', { name: 'Prikazi' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Isporučeno', hidden: true }));
    await waitFor(() =>
      expect(paramsOf(tabCalls(calls, 'cart').at(-1)!)).toEqual({
        is_active: '1',
        product: 'Buš',
        sort: 'price',
        order: 'asc',
        page: '1',
        per_page: '50',
      }),
    );
    expect(router.state.location.search).toBe('?tab=cart&view=9&product=Bu%C5%A1&is_active=1&sort=price&order=asc&per_page=50');
    expect(screen.getByRole('combobox', { name: 'Isporuka' })).toHaveTextContent('Isporučeno');

    // Back returns the tab to the state before the view.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(paramsOf(tabCalls(calls, 'cart').at(-1)!)).toEqual({ sort: 'created_at', order: 'desc', page: '1', per_page: '10' }));
    await act(() => router.navigate(1));
    await waitFor(() => expect(paramsOf(tabCalls(calls, 'cart').at(-1)!)).toMatchObject({ is_active: '1' }));

    // Another tab does not inherit the cart's filters.
    await user.click(screen.getByRole('tab', { name: /Partneri/ }));
    await screen.findByText('Gradnja Petrović');
    expect(router.state.location.search).toBe('?tab=partners');
    expect(paramsOf(tabCalls(calls, 'partners').at(-1)!)).toEqual({ sort: 'name', order: 'asc', page: '1', per_page: '10' });
  });
});
