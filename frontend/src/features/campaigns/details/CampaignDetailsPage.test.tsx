import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from 'i18next';
import { mockFetch, route, type MockHandler, type MockRequest } from '../../../test/fetchMock';
import { renderScreen } from '../../../test/render';
import { campaign, cartItem, partner } from '../testData';
import CampaignDetailsPage from './CampaignDetailsPage';

const ID = 4;
const record = route('GET', '/api/campaigns', { body: [campaign(ID, { name: 'Zimska kampanja' })], headers: { 'X-Total-Count': '1' } });
const categories = route('GET', `/api/campaignDetailsById/categories/${ID}`, {
  body: [
    { id: 1, name: 'Alati' },
    { id: 2, name: 'Boje' },
  ],
  headers: { 'X-Total-Count': '2' },
});
const partners = route('GET', `/api/campaignDetailsById/partners/${ID}`, {
  body: [partner(1001, { name: 'Gradnja Petrović' }), partner(1002, { name: 'Stari partner', in_categories: false })],
  headers: { 'X-Total-Count': '2', 'X-Total-Cash': '162500' },
});

const open = (tab: string, ...handlers: MockHandler[]) => {
  const mock = mockFetch(record, ...handlers);
  const utils = renderScreen(<CampaignDetailsPage />, { path: '/campaigns/:id', initialEntry: `/campaigns/${ID}?tab=${tab}` });
  return { ...mock, ...utils };
};

const tabCalls = (calls: MockRequest[], tab: string) =>
  calls.filter((c) => c.method === 'GET' && c.url.pathname === `/api/campaignDetailsById/${tab}/${ID}`);
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('campaign details', { timeout: 20_000 }, () => {
  it('shows the campaign read-only and the tab named in the URL; choosing a tab writes it there', async () => {
    const { calls, router } = open('partners', partners, categories);
    expect(await screen.findByRole('heading', { name: 'Zimska kampanja' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Slika kampanje „Zimska kampanja”' })).toHaveAttribute('src', '/api/images/campaigns/c4.jpg');
    expect(screen.getByRole('tab', { name: /Partneri/, selected: true })).toBeInTheDocument();
    await screen.findByText('Gradnja Petrović');
    // The record is read through the list's id filter, not the whole composition.
    expect(calls.find((c) => c.url.pathname === '/api/campaigns')!.url.searchParams.get('id')).toBe(String(ID));

    await userEvent.setup().click(screen.getByRole('tab', { name: /Kategorije/ }));
    await screen.findByText('Boje');
    expect(router.state.location.search).toBe('?tab=categories');
    expect(tabCalls(calls, 'categories').length).toBeGreaterThan(0);
  });

  it('partners: the total cash of the filter in the locale, and a warning on a partner outside the categories', async () => {
    const { calls } = open('partners', partners, categories);
    await waitFor(() => expect(screen.getByTestId('total-cash')).toHaveTextContent('162.500'));
    const stray = await rowOf('Stari partner');
    expect(within(stray).getByText('Nije više u kategorijama kampanje')).toBeInTheDocument();
    expect(within(await rowOf('Gradnja Petrović')).getByText('1.500,5')).toBeInTheDocument();
    expect(Object.fromEntries(tabCalls(calls, 'partners')[0].url.searchParams)).toEqual({
      page: '1',
      per_page: '10',
      sort: 'name',
      order: 'asc',
    });
  });

  // Types six amounts key by key: more than the file's 20 s on a loaded machine.
  it('adding partners checks each cash (required, a number, not below 0) before sending', { timeout: 60_000 }, async () => {
    const { calls } = open(
      'partners',
      partners,
      categories,
      route('GET', '/api/partnersActive', {
        body: [{ id: 2001, name: 'Novi partner', phone: '', category_names: 'Alati', city_name: 'Bar', is_active: true }],
        headers: { 'X-Total-Count': '1' },
      }),
      route('POST', '/api/partnerCampaigns', { body: {} }),
    );
    const user = userEvent.setup();
    await screen.findByText('Gradnja Petrović');
    await user.click(screen.getByRole('button', { name: 'Dodaj partnere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Izbor partnera' });
    const row = (await within(dialog).findByText('Novi partner')).closest('tr')!;
    // The partners offered are the active ones of the campaign's categories.
    const pick = calls.find((c) => c.url.pathname === '/api/partnersActive')!;
    expect(pick.url.searchParams.get('category_ids')).toBe('1,2');

    await user.click(within(row).getByRole('checkbox'));
    const cash = within(dialog).getByRole('textbox', { name: 'Iznos za Novi partner' });
    await user.click(within(dialog).getByRole('button', { name: 'Potvrdi' }));
    expect(await within(dialog).findByText('Obavezno polje')).toBeInTheDocument();

    await user.type(cash, '-5');
    expect(await within(dialog).findByText('Iznos ne može biti manji od 0')).toBeInTheDocument();
    // The notice of a refused confirm says what is wrong, as the stepper does.
    await user.click(within(dialog).getByRole('button', { name: 'Potvrdi' }));
    await waitFor(() => expect(screen.getAllByText('Iznos ne može biti manji od 0')).toHaveLength(2));
    await user.clear(cash);
    await user.type(cash, '12345678901');
    expect(await within(dialog).findByText('Najviše 10 cifara prije decimala')).toBeInTheDocument();
    await user.clear(cash);
    await user.type(cash, '1,2345');
    expect(await within(dialog).findByText('Najviše 3 decimale')).toBeInTheDocument();
    await user.clear(cash);
    await user.type(cash, 'abc');
    expect(await within(dialog).findByText('Ovo polje mora biti broj.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.clear(cash);
    // 2.500,75 in Montenegrin: the dot groups, the comma marks the decimals.
    await user.type(cash, '2.500,75');
    await user.click(within(dialog).getByRole('button', { name: 'Potvrdi' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ partners: [{ id: 2001, cash: '2500.75' }], campaign_id: ID });
    expect(await screen.findByText('Uspješno dodavanje')).toBeInTheDocument();
  });

  it('a cash below what the partner ordered is refused with the amount, in the locale', async () => {
    const { calls } = open(
      'partners',
      partners,
      categories,
      route('POST', `/api/partnerCampaignsCash/${ID}`, {
        status: 422,
        body: {
          message: 'The given data was invalid.',
          errors: { cash: ['The cash is less than what the partner has ordered.'] },
          ordered: '2750.5',
        },
      }),
    );
    const user = userEvent.setup();
    await user.click(within(await rowOf('Gradnja Petrović')).getByRole('button', { name: 'Izmijeni iznos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Iznos: Gradnja Petrović' });
    const cash = within(dialog).getByLabelText(/^Iznos/);
    expect(cash).toHaveValue('1.500,5');
    await user.clear(cash);
    await user.type(cash, '100');
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    expect(await within(dialog).findByText(/Partner je već poručio u vrijednosti od 2\.750,5;/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ cash: '100', partner_id: 1001 });
    // The error dialog says the same in the catalogue's words; the cash dialog stays open.
    const error = await screen.findByRole('dialog', { name: 'Greška u unosu' });
    expect(error).toHaveTextContent('Iznos je manji od vrijednosti koju je partner već poručio.');
  });

  it('removing a category warns first, then names the partners it removed (by name where the Partners tab showed them)', async () => {
    const { calls } = open(
      'partners',
      partners,
      categories,
      route('DELETE', `/api/deleteCampaignItemCategory/${ID}/2`, { body: { id: ID, removed_partners: [1002, 1007] } }),
    );
    const user = userEvent.setup();
    await screen.findByText('Stari partner');
    await user.click(screen.getByRole('tab', { name: /Kategorije/ }));
    await user.click(within(await rowOf('Boje')).getByRole('button', { name: 'Ukloni kategoriju' }));
    const confirm = await screen.findByRole('dialog', { name: 'Uklanjanje kategorije' });
    expect(confirm).toHaveTextContent('Partneri koji ne pripadaju nijednoj od preostalih kategorija biće uklonjeni iz kampanje.');
    await user.click(within(confirm).getByRole('button', { name: 'Potvrdi' }));
    const pruned = await screen.findByRole('dialog', { name: 'Uklonjeni partneri' });
    expect(within(pruned).getByTestId('pruned-message')).toHaveTextContent('Kategorija „Boje” je uklonjena.');
    expect(within(pruned).getByTestId('pruned-message')).toHaveTextContent(': 2.');
    expect(within(pruned).getByTestId('pruned-ids')).toHaveTextContent('1002 (Stari partner), 1007');
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    // The categories are read again, and so are the partners when their tab opens.
    await waitFor(() => expect(tabCalls(calls, 'categories').length).toBeGreaterThan(1));
    await user.click(within(pruned).getAllByRole('button', { name: 'Zatvori' }).at(-1)!);
    const before = tabCalls(calls, 'partners').length;
    await user.click(screen.getByRole('tab', { name: /Partneri/ }));
    await waitFor(() => expect(tabCalls(calls, 'partners').length).toBeGreaterThan(before));
  });

  it('cart: totals of the filter from the headers, the page quantity, and the delivery toggle behind a confirmation', async () => {
    let delivered = false;
    const { calls } = open(
      'cart',
      route('GET', `/api/campaignDetailsById/cart/${ID}`, () => ({
        body: [cartItem(31, { is_active: delivered }), cartItem(32, { product: 'Brusilica', quantity: 3, price: '10', value: '30' })],
        headers: { 'X-Total-Count': '2', 'X-Total-Ordered': '2810.5', 'X-Total-Delivered': delivered ? '251' : '0' },
      })),
      route('DELETE', `/api/deleteCampaignItemCart/31`, () => {
        delivered = !delivered;
        return { body: { is_active: delivered } };
      }),
    );
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByTestId('total-ordered')).toHaveTextContent('2.810,50'));
    expect(screen.getByTestId('total-delivered')).toHaveTextContent('0,00');
    expect(screen.getByTestId('page-quantity')).toHaveTextContent('5');
    expect(Object.fromEntries(tabCalls(calls, 'cart')[0].url.searchParams)).toMatchObject({ sort: 'created_at', order: 'desc' });

    const row = await rowOf('Bušilica');
    expect(within(row).getByText('Nije isporučeno')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Označi kao isporučeno' }));
    const confirm = await screen.findByRole('dialog', { name: 'Isporučeno' });
    await user.click(within(confirm).getByRole('button', { name: 'Potvrdi' }));
    expect(await screen.findByText('Stavka je označena kao isporučena')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('total-delivered')).toHaveTextContent('251,00'));
    expect(within(await rowOf('Bušilica')).getByText('Isporučeno')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('cart: the delivery filter asks the server', async () => {
    const { calls } = open(
      'cart',
      route('GET', `/api/campaignDetailsById/cart/${ID}`, { body: [cartItem(31)], headers: { 'X-Total-Count': '1' } }),
    );
    const user = userEvent.setup();
    await screen.findByText('Bušilica');
    await user.click(screen.getByRole('button', { name: 'Isporuka' }));
    await user.click(await screen.findByRole('option', { name: 'Isporučeno', hidden: true }));
    await waitFor(() => expect(Object.fromEntries(tabCalls(calls, 'cart').at(-1)!.url.searchParams)).toMatchObject({ is_active: '1', page: '1' }));
  });

  it('products: adds the chosen active products and explains a refused removal (435)', async () => {
    const { calls } = open(
      'products',
      route('GET', `/api/campaignDetailsById/products/${ID}`, {
        body: [{ id: 5, name: 'Udarna bušilica 800 W', image: 'p5.jpg', image_url: '/api/images/products/p5.jpg', price: '89.9', is_active: true }],
        headers: { 'X-Total-Count': '1' },
      }),
      route('GET', '/api/productsActive', {
        body: [
          { id: 7, name: 'Libela 60 cm', description: 'Aluminijumska libela', price: '12.5', is_active: true },
          { id: 8, name: 'Set odvijača', description: 'Šest komada', price: '14.25', is_active: true },
        ],
        headers: { 'X-Total-Count': '2' },
      }),
      route('POST', '/api/productCampaigns', { body: {} }),
      route('DELETE', `/api/deleteCampaignItemProduct/${ID}/5`, { status: 435, body: { message: 'The campaign contains cart items.' } }),
    );
    const user = userEvent.setup();
    const row = await rowOf('Udarna bušilica 800 W');
    expect(within(row).getByText('89,90')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Dodaj proizvode' }));
    const dialog = await screen.findByRole('dialog', { name: 'Izbor proizvoda' });
    const libela = (await within(dialog).findByText('Libela 60 cm')).closest('tr')!;
    expect(within(libela).getByText('Aluminijumska libela')).toBeInTheDocument();
    expect(within(libela).getByText('12,50')).toBeInTheDocument();
    // The one active-products list of the pickers.
    const pick = calls.find((c) => c.url.pathname === '/api/productsActive')!;
    expect(Object.fromEntries(pick.url.searchParams)).toMatchObject({ per_page: '8' });
    await user.click(within(libela).getByRole('checkbox'));
    await user.click(within((within(dialog).getByText('Set odvijača')).closest('tr')!).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Potvrdi' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ products: [7, 8], campaign_id: ID });

    await user.click(within(await rowOf('Udarna bušilica 800 W')).getByRole('button', { name: 'Ukloni proizvod' }));
    const confirm = await screen.findByRole('dialog', { name: 'Uklanjanje proizvoda' });
    await user.click(within(confirm).getByRole('button', { name: 'Potvrdi' }));
    const error = await screen.findByRole('dialog', { name: 'Greška' });
    expect(error).toHaveTextContent('Izmjene zabranjene, koristi se u evidencijama');
    expect(error).toHaveTextContent('Kampanja sadrži stavke korpe.');
  });

  it('partners Excel: a busy import (429) is explained, then the preview counts (skipped too) and the save', async () => {
    let busy = true;
    const { calls } = open(
      'partners',
      partners,
      categories,
      route('POST', `/api/saveCampaignPartners/${ID}`, (req) => {
        if (req.url.searchParams.get('preview') === '1') {
          if (busy) {
            busy = false;
            return { status: 429, body: { message: 'Another import is in progress. Try again in a moment.' } };
          }
          return { body: { added: 1, updated: 2, skipped: 40, rejected: 0, problems: [], more_problems: 0 } };
        }
        return { body: { added: 1, updated: 2, skipped: 40, rejected: 0, problems: [], more_problems: 0 } };
      }),
    );
    const user = userEvent.setup();
    const file = () => new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])], 'Partners.xlsx');
    await screen.findByText('Gradnja Petrović');
    await user.click(screen.getByRole('button', { name: 'Učitaj Excel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Učitavanje partnera kampanje iz Excel fajla' });

    await user.upload(within(dialog).getByLabelText(/Excel fajl/), file());
    const error = await screen.findByRole('dialog', { name: 'Greška' });
    expect(error).toHaveTextContent('Drugo učitavanje je u toku. Pokušajte ponovo za trenutak.');
    await user.click(within(error).getByRole('button', { name: 'U redu' }));

    await user.upload(within(dialog).getByLabelText(/Excel fajl/), file());
    await waitFor(() => expect(within(dialog).getByTestId('import-skipped')).toHaveTextContent('40'));
    expect(within(dialog).getByTestId('import-updated')).toHaveTextContent('2');
    expect(within(dialog).getByText('Bez promjene')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Potvrdi' }));
    expect(await screen.findByText('Uvoz je završen — dodato: 1, izmijenjeno: 2, bez promjene: 40')).toBeInTheDocument();
    const uploads = calls.filter((c) => c.url.pathname === `/api/saveCampaignPartners/${ID}`);
    expect(uploads.map((c) => c.url.searchParams.get('preview'))).toEqual(['1', '1', null]);
    expect(uploads[2].form?.get('file')).toBeTruthy();
    // The tab reads its partners again.
    await waitFor(() => expect(tabCalls(calls, 'partners').length).toBeGreaterThan(1));
  });

  it('reads in English with English number formats', async () => {
    await i18n.changeLanguage('en');
    open('partners', partners, categories);
    expect(await screen.findByRole('tab', { name: /Partners/, selected: true })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('total-cash')).toHaveTextContent('162,500'));
    expect(screen.getByText('Total cash (of the filter):')).toBeInTheDocument();
    expect(within(await rowOf('Gradnja Petrović')).getByText('1,500.5')).toBeInTheDocument();
    expect(screen.getByText("No longer in the campaign's categories")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Composition' })).toBeInTheDocument();
  });
});
