import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, route, type MockRequest } from '../../test/fetchMock';
import { renderScreen } from '../../test/render';
import SlidersPage from './SlidersPage';
import { partner, PROMO_ROW, SEMINAR_ROW, SLIKA_ROW, slider } from './testData';

const ROWS = [PROMO_ROW, SEMINAR_ROW, SLIKA_ROW];

const list = route('GET', '/api/sliders', { body: ROWS, headers: { 'X-Total-Count': '3' } });

const listCalls = (calls: MockRequest[]) => calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/sliders');
const lastListParams = (calls: MockRequest[]) => Object.fromEntries(listCalls(calls).at(-1)!.url.searchParams);

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;
const actionNames = (row: HTMLElement) =>
  within(row)
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label'));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sliders screen', { timeout: 20_000 }, () => {
  it('lists newest first: date, name, categories, type, visibility; the actions depend on the type', async () => {
    const { calls } = mockFetch(list);
    renderScreen(<SlidersPage />);
    await screen.findByText('Zimska akcija');
    expect(lastListParams(calls)).toEqual({ page: '1', per_page: '10', sort: 'updated_at', order: 'desc' });
    // First the bulk actions' selection column (its header checks the page).
    const [selectAll, ...named] = screen.getAllByRole('columnheader');
    expect(within(selectAll).getByRole('checkbox')).toBeInTheDocument();
    const headers = named.slice(0, 7).map((h) => h.textContent?.trim());
    expect(headers).toEqual(['Posljednja izmjena', 'Naziv', 'Kategorije', 'Tip', 'Prikaz', 'Aktivan', 'Akcije']);

    const promo = await rowOf('Zimska akcija');
    expect(within(promo).getByText('Promocija')).toBeInTheDocument();
    expect(within(promo).getByText('Alati, Boje')).toBeInTheDocument();
    expect(within(promo).getByText('Prikazan')).toBeInTheDocument();
    expect(within(promo).getByRole('time')).toHaveAttribute('dateTime', '2026-11-24T10:00:00Z');
    expect(actionNames(promo)).toEqual(['Porudžbine', 'Sakrij', 'Detalji', 'Izmijeni', 'Deaktiviraj']);

    const seminar = await rowOf('Seminar o bojama');
    expect(within(seminar).getByText('Seminar')).toBeInTheDocument();
    expect(within(seminar).getByText('Skriven')).toBeInTheDocument();
    expect(actionNames(seminar)).toEqual(['Prijavljeni partneri', 'Prikaži', 'Detalji', 'Izmijeni', 'Deaktiviraj']);

    const slika = await rowOf('Jesenji baner');
    expect(within(slika).getByText('Slika')).toBeInTheDocument();
    expect(actionNames(slika)).toEqual(['Sakrij', 'Izmijeni', 'Deaktiviraj']);
  });

  it('filters by type and visibility with selects, and by name with text', async () => {
    const { calls } = mockFetch(list);
    const user = userEvent.setup();
    renderScreen(<SlidersPage />);
    await screen.findByText('Zimska akcija');

    await user.click(screen.getByRole('button', { name: 'Tip' }));
    await user.click(await screen.findByRole('option', { name: 'Seminar', hidden: true }));
    await waitFor(() => expect(lastListParams(calls)).toMatchObject({ type: '3', page: '1' }));

    await user.click(screen.getByRole('button', { name: 'Prikaz' }));
    await user.click(await screen.findByRole('option', { name: 'Skriven', hidden: true }));
    await waitFor(() => expect(lastListParams(calls)).toMatchObject({ type: '3', is_visible: '0' }));

    await user.type(screen.getByRole('textbox', { name: 'Naziv — Pretraga' }), 'zima{Enter}');
    await waitFor(() => expect(lastListParams(calls)).toMatchObject({ type: '3', is_visible: '0', name: 'zima' }));

    await user.click(screen.getByRole('button', { name: 'Poništi filtere' }));
    await waitFor(() =>
      expect(lastListParams(calls)).toEqual({ page: '1', per_page: '10', sort: 'updated_at', order: 'desc' }),
    );
  });

  it('hides a slider after the confirmation and shows the answered visibility', async () => {
    const { calls } = mockFetch(list, route('PUT', '/api/sliders/activate/7', { body: { is_visible: false } }));
    const user = userEvent.setup();
    renderScreen(<SlidersPage />);
    const row = await rowOf('Zimska akcija');
    await user.click(within(row).getByRole('button', { name: 'Sakrij' }));
    const confirm = await screen.findByRole('dialog', { name: 'Skrivanje slajdera' });
    expect(confirm).toHaveTextContent('Da li ste sigurni da želite da sakrijete „Zimska akcija” od partnera?');
    await user.click(within(confirm).getByRole('button', { name: 'Potvrdi' }));

    await waitFor(() => expect(within(row).getByText('Skriven')).toBeInTheDocument());
    expect(within(row).getByRole('button', { name: 'Prikaži' })).toBeInTheDocument();
    expect(await screen.findByText('Slajder je skriven')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('showing a slider the server refuses shows its reason, translated, and changes nothing', async () => {
    mockFetch(
      route('GET', '/api/sliders', { body: [slider(11, { name: 'Stari baner', is_visible: false, is_active: false })] }),
      route('PUT', '/api/sliders/activate/11', {
        status: 422,
        body: { message: 'An inactive slider cannot be shown.' },
      }),
    );
    const user = userEvent.setup();
    renderScreen(<SlidersPage />);
    const row = await rowOf('Stari baner');
    await user.click(within(row).getByRole('button', { name: 'Prikaži' }));
    const confirm = await screen.findByRole('dialog', { name: 'Prikazivanje slajdera' });
    await user.click(within(confirm).getByRole('button', { name: 'Potvrdi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Greška u unosu' });
    expect(dialog).toHaveTextContent('Neaktivan slajder ne može biti prikazan.');
    expect(within(row).getByText('Skriven')).toBeInTheDocument();
  });

  it('a seminar whose dates are all past is refused with its own message', async () => {
    mockFetch(
      list,
      route('PUT', '/api/sliders/activate/9', {
        status: 422,
        body: { message: 'A seminar whose dates are all past cannot be shown.' },
      }),
    );
    const user = userEvent.setup();
    renderScreen(<SlidersPage />);
    const row = await rowOf('Seminar o bojama');
    await user.click(within(row).getByRole('button', { name: 'Prikaži' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Potvrdi' }));
    expect(await screen.findByRole('dialog', { name: 'Greška u unosu' })).toHaveTextContent(
      'Seminar čiji su svi datumi prošli ne može biti prikazan.',
    );
  });

  it('deactivates like every list, behind its confirmation', async () => {
    const { calls } = mockFetch(list, route('DELETE', '/api/sliders/5', { body: { is_active: false } }));
    const user = userEvent.setup();
    renderScreen(<SlidersPage />);
    const row = await rowOf('Jesenji baner');
    await user.click(within(row).getByRole('button', { name: 'Deaktiviraj' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deaktivacija' });
    await user.click(within(confirm).getByRole('button', { name: 'Potvrdi' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname === '/api/sliders/5')).toBe(true));
    expect(await screen.findByText('Status je uspješno promijenjen')).toBeInTheDocument();
  });

  it('shows a page’s details as its HTML', async () => {
    // As the server keeps a page: its sanitiser drops figures and alt texts.
    const fresh = { ...PROMO_ROW, page_content_details: '<h2>Popust 20%</h2><img src="/api/images/sliders/old.png">' };
    mockFetch(list, route('GET', '/api/sliders/7', { body: [fresh] }));
    const user = userEvent.setup();
    renderScreen(<SlidersPage />);
    const row = await rowOf('Zimska akcija');
    await user.click(within(row).getByRole('button', { name: 'Detalji' }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalji: Zimska akcija' });
    const content = within(dialog).getByTestId('details-content');
    expect(within(content).getByRole('heading', { level: 2, name: 'Popust 20%' })).toBeInTheDocument();
    expect(content.querySelector('img')).toHaveAttribute('src', '/api/images/sliders/old.png');
    // Decorative for a screen reader rather than its address read aloud.
    expect(content.querySelector('img')).toHaveAttribute('alt', '');
    expect(dialog).toHaveTextContent('Nova akcija');
  });

  it('the seminar’s partners: dates in the language, confirmed marker, Confirm sends the checked ids', async () => {
    const signups = [
      partner(1001, { all_dates: ['2026-12-03', '2026-12-10'] }),
      partner(1002, { confirmed: true }),
      partner(1003, { name: 'Gradnja Plus' }),
    ];
    const { calls } = mockFetch(
      list,
      route('GET', '/api/sliders/9/partners', { body: signups, headers: { 'X-Total-Count': '3', 'X-Total-Quantity': '0' } }),
      route('POST', '/api/sliders/9/confirm', { body: { confirmed: 2 } }),
    );
    const user = userEvent.setup();
    renderScreen(<SlidersPage />);
    const row = await rowOf('Seminar o bojama');
    await user.click(within(row).getByRole('button', { name: 'Prijavljeni partneri' }));
    const dialog = await screen.findByRole('dialog', { name: 'Prijavljeni partneri na seminar' });
    const first = (await within(dialog).findByText('Partner 1001')).closest('tr')!;
    expect(within(first).getByText('3.12.2026.')).toBeInTheDocument();
    expect(within(first).getByText('10.12.2026.')).toBeInTheDocument();
    expect(within(first).getByText('Nije potvrđen')).toBeInTheDocument();
    expect(within(within(dialog).getByText('Partner 1002').closest('tr')!).getByText('Potvrđen')).toBeInTheDocument();
    const partnerCalls = () => calls.filter((c) => c.url.pathname === '/api/sliders/9/partners');
    expect(Object.fromEntries(partnerCalls()[0].url.searchParams)).toEqual({
      page: '1',
      per_page: '10',
      sort: 'id',
      order: 'asc',
    });

    const confirmButton = within(dialog).getByRole('button', { name: 'Potvrdi' });
    expect(confirmButton).toBeDisabled();
    await user.click(within(first).getByRole('checkbox'));
    await user.click(within(within(dialog).getByText('Gradnja Plus').closest('tr')!).getByRole('checkbox'));
    expect(dialog).toHaveTextContent('Izabrano: 2');
    await user.click(confirmButton);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ partners: [1001, 1003] });
    expect(await screen.findByText('Potvrđenih prijava: 2')).toBeInTheDocument();
    // Refreshed after confirming, and nothing stays checked.
    await waitFor(() => expect(partnerCalls().length).toBeGreaterThan(1));
    expect(dialog).toHaveTextContent('Izabrano: 0');
  });

  it('a refused confirmation shows the server’s reason', async () => {
    mockFetch(
      list,
      route('GET', '/api/sliders/9/partners', { body: [partner(1001)], headers: { 'X-Total-Count': '1' } }),
      route('POST', '/api/sliders/9/confirm', {
        status: 422,
        body: { errors: { partners: ['The selected partners have not signed up.'] } },
      }),
    );
    const user = userEvent.setup();
    renderScreen(<SlidersPage />);
    await user.click(within(await rowOf('Seminar o bojama')).getByRole('button', { name: 'Prijavljeni partneri' }));
    const dialog = await screen.findByRole('dialog', { name: 'Prijavljeni partneri na seminar' });
    await user.click(within((await within(dialog).findByText('Partner 1001')).closest('tr')!).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Potvrdi' }));
    expect(await screen.findByRole('dialog', { name: 'Greška u unosu' })).toHaveTextContent(
      'Izabrani partneri se nisu prijavili.',
    );
  });

  it('the promotion’s orders: only partners with an order, the total quantity, Excel of what it shows', async () => {
    const orders = [partner(1001, { quantity: 12, order: true }), partner(1004, { quantity: 5, order: true })];
    const { calls } = mockFetch(
      list,
      route('GET', '/api/sliders/7/partners', { body: orders, headers: { 'X-Total-Count': '2', 'X-Total-Quantity': '17' } }),
      route('GET', '/api/sliders/7/partners/excel', { body: 'PK', headers: { 'Content-Type': 'application/octet-stream' } }),
    );
    vi.stubGlobal(
      'URL',
      class extends URL {
        static createObjectURL = vi.fn(() => 'blob:orders');
        static revokeObjectURL = vi.fn();
      },
    );
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = userEvent.setup();
    renderScreen(<SlidersPage />);
    await user.click(within(await rowOf('Zimska akcija')).getByRole('button', { name: 'Porudžbine' }));
    const dialog = await screen.findByRole('dialog', { name: 'Partneri koji su poručili promotivni proizvod' });
    const row = (await within(dialog).findByText('Partner 1001')).closest('tr')!;
    expect(within(row).getByText('12')).toBeInTheDocument();
    expect(within(dialog).queryAllByRole('checkbox')).toHaveLength(0);
    expect(within(dialog).getByTestId('total-quantity')).toHaveTextContent('Ukupno poručeno: 17');
    const headers = within(dialog)
      .getAllByRole('columnheader')
      .slice(0, 4)
      .map((h) => h.textContent?.trim());
    expect(headers).toEqual(['ID', 'Naziv', 'Kategorije', 'Količina']);

    await user.type(within(dialog).getByRole('textbox', { name: 'Naziv — Pretraga' }), 'partner{Enter}');
    const partnerCalls = () => calls.filter((c) => c.url.pathname === '/api/sliders/7/partners');
    await waitFor(() =>
      expect(Object.fromEntries(partnerCalls().at(-1)!.url.searchParams)).toMatchObject({ ordered: '1', name: 'partner' }),
    );
    expect(partnerCalls().every((c) => c.url.searchParams.get('ordered') === '1')).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: 'Preuzmi Excel' }));
    await waitFor(() => expect(saved).toEqual(['Partners.xlsx']));
    const download = calls.find((c) => c.url.pathname === '/api/sliders/7/partners/excel')!;
    expect(Object.fromEntries(download.url.searchParams)).toEqual({
      sort: 'id',
      order: 'asc',
      name: 'partner',
      ordered: '1',
    });
  });
});
