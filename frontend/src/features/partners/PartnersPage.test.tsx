import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveAuth } from '../../shared/auth/storage';
import { mockFetch, route, type MockRequest } from '../../test/fetchMock';
import { renderScreen } from '../../test/render';
import PartnersPage from './PartnersPage';
import type { Contact, Partner } from './types';

function partner(id: number, overrides: Partial<Partner> = {}): Partner {
  return {
    id,
    name: `Partner ${id}`,
    address: 'Bulevar 12',
    pib: '02345678',
    pdv: '30/31-01234-5',
    city_id: 3,
    city: { id: 3, name: 'Podgorica' },
    city_name: 'Podgorica',
    phone: '+382 67 123 456',
    bonus: '10.5',
    debt: String(id * 10),
    payment: '0',
    toolCash: '99.999',
    annualPlan: '50000',
    moneyCirculation: '15%',
    categories: [{ id: 2, name: 'Alati' }],
    category_names: 'Alati',
    partner_type_id: 1,
    partner_type: { id: 1, name: 'Veleprodaja' },
    partner_type_name: 'Veleprodaja',
    is_active: true,
    updated_at: '2026-11-21T10:00:00Z',
    version: 1,
    ...overrides,
  };
}

const PARTNERS = [partner(1001), partner(1002, { name: 'Gradnja Plus d.o.o.' }), partner(1003)];
const CONTACTS: Contact[] = [
  {
    id: 7,
    contact: '+382 67 111 222',
    contact_type_id: 1,
    contact_type: { id: 1, name: 'Telefon', icon: 'pi pi-phone' },
    partner_id: 1002,
    is_active: true,
    version: 1,
  },
  {
    id: 8,
    contact: 'prodaja@gradnja.me',
    contact_type_id: 3,
    contact_type: { id: 3, name: 'E-mail', icon: 'pi pi-envelope' },
    partner_id: 1002,
    is_active: false,
    version: 1,
  },
];

const lookups = [
  route('GET', '/api/partners', { body: PARTNERS, headers: { 'X-Total-Count': '3' } }),
  route('GET', '/api/citiesActive', { body: [{ id: 3, name: 'Podgorica', is_active: true }, { id: 4, name: 'Bar', is_active: true }] }),
  route('GET', '/api/partnerTypes', {
    body: [
      { id: 1, name: 'Veleprodaja', is_active: true },
      { id: 2, name: 'Maloprodaja', is_active: true },
    ],
  }),
  route('GET', '/api/contactTypeActive', {
    body: [
      { id: 1, name: 'Telefon', icon: 'pi pi-phone' },
      { id: 3, name: 'E-mail', icon: 'pi pi-envelope' },
    ],
  }),
  route('GET', '/api/contacts', { body: CONTACTS }),
];

const listCalls = (calls: MockRequest[]) => calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/partners');
const lastListParams = (calls: MockRequest[]) => Object.fromEntries(listCalls(calls).at(-1)!.url.searchParams);

afterEach(() => {
  vi.unstubAllGlobals();
});

// A 13-column table and long forms: each test types a lot, so it gets more than the default 5 s.
describe('partners screen', { timeout: 20_000 }, () => {
  it('lists the 13 columns sorted by id, with figures grouped in the language, digits exact', async () => {
    const { calls } = mockFetch(...lookups);
    renderScreen(<PartnersPage />);
    await screen.findByText('Gradnja Plus d.o.o.');
    expect(lastListParams(calls)).toEqual({ page: '1', per_page: '10', sort: 'id', order: 'asc' });
    // First the bulk actions' selection column (its header checks the page).
    const [selectAll, ...named] = screen.getAllByRole('columnheader');
    expect(within(selectAll).getByRole('checkbox')).toBeInTheDocument();
    const headers = named.slice(0, 13).map((h) => h.textContent?.trim());
    expect(headers).toEqual([
      'ID',
      'Naziv',
      'Telefon',
      'Kategorije',
      'Grad',
      'Dug',
      'Promet',
      'Godišnji plan',
      'Uplata',
      'Bonus',
      'Keš za alat',
      'Aktivan',
      'Akcije',
    ]);
    const row = screen.getByText('Gradnja Plus d.o.o.').closest('tr')!;
    expect(within(row).getByText('15%')).toBeInTheDocument();
    // 99.999 from the API is 99 and 999 thousandths: a Montenegrin reader sees 99,999.
    expect(within(row).getByText('99,999')).toBeInTheDocument();
    expect(within(row).getByText('50.000')).toBeInTheDocument();
    expect(within(row).getByText('10,5')).toBeInTheDocument();
    expect(within(row).getByText('10.020').closest('td')).toHaveClass('p-align-right');
    // The id is a name, not an amount: never grouped.
    expect(within(row).getByText('1002')).toBeInTheDocument();
  });

  it('filters a figure column with the server syntax, explained by placeholder and tooltip', async () => {
    const { calls } = mockFetch(...lookups);
    const user = userEvent.setup();
    renderScreen(<PartnersPage />);
    await screen.findByText('Gradnja Plus d.o.o.');

    const debt = screen.getByRole('textbox', { name: 'Dug — Pretraga' });
    expect(debt).toHaveAttribute('placeholder', 'npr. >100');
    expect(debt).toHaveAttribute('title', expect.stringContaining('raspon (100..200)'));
    expect(screen.getByRole('textbox', { name: 'Naziv — Pretraga' })).toHaveAttribute('placeholder', 'Pretraga');

    await user.type(debt, '>1000{Enter}');
    await waitFor(() => expect(lastListParams(calls)).toMatchObject({ debt: '>1000', page: '1' }));
    await user.type(screen.getByRole('textbox', { name: 'Keš za alat — Pretraga' }), '10..20{Enter}');
    await waitFor(() => expect(lastListParams(calls)).toMatchObject({ debt: '>1000', toolCash: '10..20' }));

    await user.click(screen.getByRole('columnheader', { name: /Dug/ }));
    await waitFor(() => expect(lastListParams(calls)).toMatchObject({ sort: 'debt', order: 'asc' }));
  });

  it('downloads Partners.xlsx for the current filters and sort, without paging', async () => {
    const { calls } = mockFetch(
      ...lookups,
      route('GET', '/api/getAddPartnerExcelDoc', { body: 'PK', headers: { 'Content-Type': 'application/octet-stream' } }),
    );
    const createObjectURL = vi.fn((blob: Blob) => `blob:partners-${blob.size}`);
    const revokeObjectURL = vi.fn();
    vi.stubGlobal(
      'URL',
      class extends URL {
        static createObjectURL = createObjectURL;
        static revokeObjectURL = revokeObjectURL;
      },
    );
    saveAuth({ token: 'tok', expires_in: 600, partner_id: null }, 'admin');
    const saved: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    const user = userEvent.setup();
    renderScreen(<PartnersPage />);
    await screen.findByText('Gradnja Plus d.o.o.');

    await user.type(screen.getByRole('textbox', { name: 'Naziv — Pretraga' }), 'gradnja{Enter}');
    await user.type(screen.getByRole('textbox', { name: 'Dug — Pretraga' }), '>=100{Enter}');
    await user.click(screen.getByRole('columnheader', { name: /Promet/ }));
    await user.click(screen.getByRole('columnheader', { name: /Promet/ }));
    await waitFor(() => expect(lastListParams(calls)).toMatchObject({ sort: 'moneyCirculation', order: 'desc' }));

    await user.click(screen.getByRole('button', { name: 'Preuzmi Excel' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const download = calls.find((c) => c.url.pathname === '/api/getAddPartnerExcelDoc')!;
    expect(Object.fromEntries(download.url.searchParams)).toEqual({
      sort: 'moneyCirculation',
      order: 'desc',
      name: 'gradnja',
      debt: '>=100',
    });
    expect(download.headers.get('Authorization')).toBe('Bearer tok');
    expect(saved[0]).toEqual({ href: 'blob:partners-4', download: 'Partners.xlsx' });
  });

  it('explains a failed download in the error dialog', async () => {
    mockFetch(
      ...lookups,
      route('GET', '/api/getAddPartnerExcelDoc', {
        status: 422,
        body: { errors: { debt: ['The filter must be a number or a range.'] } },
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    const user = userEvent.setup();
    renderScreen(<PartnersPage />);
    await screen.findByText('Gradnja Plus d.o.o.');
    await user.click(screen.getByRole('button', { name: 'Preuzmi Excel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Greška u unosu' });
    expect(dialog).toHaveTextContent('Filter mora biti broj ili raspon');
    expect(click).not.toHaveBeenCalled();
  });

  it('opens the upload dialog from the toolbar', async () => {
    mockFetch(...lookups);
    const user = userEvent.setup();
    renderScreen(<PartnersPage />);
    await screen.findByText('Gradnja Plus d.o.o.');
    await user.click(screen.getByRole('button', { name: 'Učitaj Excel' }));
    expect(await screen.findByRole('dialog', { name: 'Učitavanje partnera iz Excel fajla' })).toBeInTheDocument();
  });

  // Fills and submits the whole form twice: more than the file's 20 s on a loaded machine.
  it('an empty add form shows every required message and sends nothing', { timeout: 60_000 }, async () => {
    const { calls } = mockFetch(...lookups);
    const user = userEvent.setup();
    renderScreen(<PartnersPage />);
    await screen.findByText('Gradnja Plus d.o.o.');
    await user.click(screen.getByRole('button', { name: 'Dodaj' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novi partner' });
    expect(dialog).toHaveTextContent('Polja označena zvjezdicom (*) su obavezna.');

    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    expect(await screen.findByText('Morate popuniti obavezna polja')).toBeInTheDocument();
    // id, name, city, six figures, password pair.
    await waitFor(() => expect(within(dialog).getAllByText('Obavezno polje')).toHaveLength(11));
    expect(within(dialog).getByText('Morate izabrati minimum 1 kategoriju')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/^ID/), '0');
    await user.type(within(dialog).getByLabelText(/^Dug/), '-5');
    await user.type(within(dialog).getByLabelText(/^Promet/), '15%');
    await user.type(within(dialog).getByLabelText(/^Šifra/), 'abc');
    await user.type(within(dialog).getByLabelText(/^Ponovite šifru/), 'abd');
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    expect(await within(dialog).findByText('Unesite pozitivan cijeli broj')).toBeInTheDocument();
    // A negative debt says so; a percentage is no number on add.
    expect(within(dialog).getByText('Iznos ne može biti manji od 0')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Mora biti broj')).toHaveLength(1);
    expect(within(dialog).getByText('Šifra mora imati najmanje 4 karaktera')).toBeInTheDocument();
    expect(within(dialog).getByText('Šifre se moraju poklapati')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('edit keeps a percent figure as shown and blank passwords keep the old one', async () => {
    const { calls } = mockFetch(
      ...lookups,
      route('PUT', '/api/partners/1002', (req) => ({ body: { ...PARTNERS[1], ...(req.body as object) } })),
    );
    const user = userEvent.setup();
    renderScreen(<PartnersPage />);
    const row = (await screen.findByText('Gradnja Plus d.o.o.')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Izmijeni' }));
    const dialog = await screen.findByRole('dialog', { name: 'Izmjena partnera' });
    expect(within(dialog).queryByLabelText(/^ID/)).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Promet/)).toHaveValue('15%');
    // The figures read as the list shows them (issue 20: not 99.999 beside the list's 99,999).
    expect(within(dialog).getByLabelText(/^Keš za alat/)).toHaveValue('99,999');
    expect(within(dialog).getByLabelText(/^Dug/)).toHaveValue('10.020');
    expect(within(dialog).getByText('Alati')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Ostavite prazno da biste zadržali postojeću šifru.');

    await user.clear(within(dialog).getByLabelText(/^Bonus/));
    await user.type(within(dialog).getByLabelText(/^Bonus/), '12,5%');
    await user.clear(within(dialog).getByLabelText(/^Dug/));
    await user.type(within(dialog).getByLabelText(/^Dug/), '3.200');
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Gradnja Plus d.o.o.',
      city_id: 3,
      bonus: '12.5%',
      debt: '3200',
      toolCash: '99.999',
      annualPlan: '50000',
      moneyCirculation: '15%',
      password: '',
      confirmPassword: '',
      categories: [2],
      partner_type_id: 1,
    });
    expect(body).not.toHaveProperty('id');
    expect(await screen.findByText('Uspješna izmjena')).toBeInTheDocument();
  });

  it('removing the last category chip leaves the category message', async () => {
    mockFetch(...lookups);
    const user = userEvent.setup();
    renderScreen(<PartnersPage />);
    const row = (await screen.findByText('Gradnja Plus d.o.o.')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Izmijeni' }));
    const dialog = await screen.findByRole('dialog', { name: 'Izmjena partnera' });
    await user.click(within(dialog).getByRole('button', { name: 'Ukloni kategoriju Alati' }));
    expect(await within(dialog).findByText('Morate izabrati minimum 1 kategoriju')).toBeInTheDocument();
  });

  it('shows the partner’s contacts from the edit dialog and adds one', async () => {
    const { calls } = mockFetch(
      ...lookups,
      route('POST', '/api/contacts', (req) => ({ status: 201, body: { id: 9, is_active: true, ...(req.body as object) } })),
    );
    const user = userEvent.setup();
    renderScreen(<PartnersPage />);
    const row = (await screen.findByText('Gradnja Plus d.o.o.')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Izmijeni' }));
    const form = await screen.findByRole('dialog', { name: 'Izmjena partnera' });
    await user.click(within(form).getByRole('button', { name: 'Kontakti' }));

    const contacts = await screen.findByRole('dialog', { name: 'Kontakti: Gradnja Plus d.o.o.' });
    await within(contacts).findByText('+382 67 111 222');
    expect(calls.find((c) => c.url.pathname === '/api/contacts')!.url.searchParams.get('partner_id')).toBe('1002');
    const email = within(contacts).getByText('prodaja@gradnja.me').closest('tr')!;
    expect(within(email).getByText('E-mail')).toBeInTheDocument();
    expect(within(email).getByText('Neaktivan')).toBeInTheDocument();
    expect(within(email).getByRole('button', { name: 'Aktiviraj' })).toBeInTheDocument();

    await user.click(within(contacts).getByRole('button', { name: 'Dodaj kontakt' }));
    const add = await screen.findByRole('dialog', { name: 'Novi kontakt' });
    await user.click(within(add).getByRole('button', { name: 'Sačuvaj' }));
    expect(await within(add).findAllByText('Obavezno polje')).toHaveLength(2);
    await user.type(within(add).getByLabelText(/^Kontakt/), 'x');
    await user.click(within(add).getByRole('button', { name: 'Sačuvaj' }));
    expect(await within(add).findByText('Mora imati najmanje 2 karaktera')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(within(add).getByLabelText(/^Kontakt/), 'yz@gradnja.me');
    await user.click(add.querySelector<HTMLElement>('.p-dropdown')!);
    await user.click(await screen.findByRole('option', { name: 'E-mail', hidden: true }));
    await user.click(within(add).getByRole('button', { name: 'Sačuvaj' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      contact: 'xyz@gradnja.me',
      contact_type_id: 3,
      partner_id: 1002,
    });
    expect(await screen.findByText('Uspješno dodavanje')).toBeInTheDocument();
  });
});
