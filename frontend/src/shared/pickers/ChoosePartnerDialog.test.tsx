import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mockFetch, route, type MockRequest } from '../../test/fetchMock';
import { renderScreen } from '../../test/render';
import type { ActivePartner, PartnerRef } from './api';
import { ChoosePartnerDialog } from './ChoosePartnerDialog';

const TYPES = ['Veleprodaja', 'Maloprodaja', null] as const;
const ALL: ActivePartner[] = Array.from({ length: 12 }, (_, i) => ({
  id: 1001 + i,
  name: `Partner ${String(i + 1).padStart(2, '0')}`,
  address: `Ulica ${i + 1}`,
  pib: `0234567${i % 10}`,
  pdv: `30/31-0${i}`,
  partner_type_name: TYPES[i % 3],
  phone: '',
  city_name: null,
  categories: [],
  category_names: '',
  is_active: true,
}));

/** /api/partnersActive with the list contract: contains filters, sort, page and per_page. */
const partnersActive = route('GET', '/api/partnersActive', (req) => {
  const q = req.url.searchParams;
  let rows = ALL.filter((p) =>
    (['name', 'address', 'pib', 'pdv', 'partner_type_name'] as const).every((f) =>
      (p[f] ?? '').toLowerCase().includes((q.get(f) ?? '').toLowerCase()),
    ),
  );
  const sort = (q.get('sort') ?? 'name') as keyof ActivePartner;
  rows = [...rows].sort((a, b) => String(a[sort]).localeCompare(String(b[sort])));
  if (q.get('order') === 'desc') rows.reverse();
  const perPage = Number(q.get('per_page'));
  const page = Number(q.get('page'));
  return { body: rows.slice((page - 1) * perPage, page * perPage), headers: { 'X-Total-Count': String(rows.length) } };
});

function Host({ initial = null }: { initial?: PartnerRef | null }) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<PartnerRef | null>(initial);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <output data-testid="chosen">{chosen ? `${chosen.id}:${chosen.name}` : 'none'}</output>
      <ChoosePartnerDialog
        visible={open}
        selected={chosen}
        onChoose={(partner) => {
          setChosen(partner);
          setOpen(false);
        }}
        onHide={() => setOpen(false)}
      />
    </>
  );
}

const calls = (all: MockRequest[]) => all.filter((c) => c.url.pathname === '/api/partnersActive');
const lastParams = (all: MockRequest[]) => Object.fromEntries(calls(all).at(-1)!.url.searchParams);
const checkbox = (dialog: HTMLElement, name: string) => within(dialog).getByLabelText(name, { selector: 'input' });

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'open' }));
  const dialog = await screen.findByRole('dialog', { name: 'Izbor partnera' });
  await within(dialog).findByText('Partner 01');
  return dialog;
}

describe('choose-partner dialog', () => {
  it('shows the full partner table of active partners, 8 per page, sorted by name', async () => {
    const { calls: all } = mockFetch(partnersActive);
    const user = userEvent.setup({ delay: null });
    renderScreen(<Host />);
    expect(calls(all)).toHaveLength(0); // nothing loads until it opens

    const dialog = await openDialog(user);
    expect(Object.fromEntries(calls(all)[0].url.searchParams)).toEqual({
      page: '1',
      per_page: '8',
      sort: 'name',
      order: 'asc',
    });
    // The header row, less the checkbox column's name, which is for screen readers only.
    const headers = within(within(dialog).getAllByRole('row')[0])
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.trim())
      .filter((h) => h && h !== 'Izbor');
    expect(headers).toEqual(['Naziv', 'Adresa', 'PIB', 'PDV', 'Aktivan', 'Tip partnera', 'Akcije']);
    expect(within(dialog).getAllByText('Aktivan', { selector: '.p-tag-value' })).toHaveLength(8);
    expect(within(dialog).getByText('1–8 / 12')).toBeInTheDocument();
    // A partner without a type shows a dash.
    const third = within(dialog).getByText('Partner 03').closest('tr')!;
    expect(third).toHaveTextContent('—');
    expect(within(dialog).getByText('Partner nije izabran')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Potvrdi' })).toBeDisabled();
  });

  it('offers the choose-dialog page sizes and pages on the server', async () => {
    const { calls: all } = mockFetch(partnersActive);
    const user = userEvent.setup({ delay: null });
    renderScreen(<Host />);
    const dialog = await openDialog(user);

    await user.click(within(dialog).getByRole('button', { name: /\b2$/ }));
    await within(dialog).findByText('Partner 09');
    expect(lastParams(all)).toMatchObject({ page: '2', per_page: '8' });

    await user.click(dialog.querySelector<HTMLElement>('.p-paginator .p-dropdown')!);
    await screen.findAllByRole('option', { hidden: true });
    const options = [...document.querySelectorAll('.p-dropdown-item')].map((o) => o.textContent);
    expect(options).toEqual(['8', '10', '20', '30', '50']);
    await user.click(screen.getByRole('option', { name: '20', hidden: true }));
    await waitFor(() => expect(lastParams(all)).toMatchObject({ page: '1', per_page: '20' }));
    expect(await within(dialog).findByText('1–12 / 12')).toBeInTheDocument();
  });

  it('keeps one choice: checking another partner replaces it, and confirm hands it over', async () => {
    mockFetch(partnersActive);
    const user = userEvent.setup({ delay: null });
    renderScreen(<Host />);
    const dialog = await openDialog(user);

    await user.click(checkbox(dialog, 'Izaberi Partner 02'));
    expect(within(dialog).getByText('Izabran: Partner 02')).toBeInTheDocument();
    await user.click(checkbox(dialog, 'Izaberi Partner 05'));
    expect(within(dialog).getByText('Izabran: Partner 05')).toBeInTheDocument();
    expect(checkbox(dialog, 'Izaberi Partner 02')).not.toBeChecked();
    expect(checkbox(dialog, 'Poništi izbor Partner 05')).toBeChecked();
    expect(dialog.querySelectorAll('input[type="checkbox"]:checked')).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Potvrdi' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('chosen')).toHaveTextContent('1005:Partner 05');
  });

  it('opens with the current choice checked; unchecking and closing changes nothing', async () => {
    mockFetch(partnersActive);
    const user = userEvent.setup({ delay: null });
    renderScreen(<Host initial={{ id: 1003, name: 'Partner 03' }} />);
    const dialog = await openDialog(user);

    expect(checkbox(dialog, 'Poništi izbor Partner 03')).toBeChecked();
    expect(within(dialog).getByText('Izabran: Partner 03')).toBeInTheDocument();
    await user.click(checkbox(dialog, 'Poništi izbor Partner 03'));
    expect(within(dialog).getByText('Partner nije izabran')).toBeInTheDocument();

    const footer = dialog.querySelector<HTMLElement>('.p-dialog-footer')!;
    await user.click(within(footer).getByRole('button', { name: 'Zatvori' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('chosen')).toHaveTextContent('1003:Partner 03');
  });

  it("chooses a partner at once with the row's own button", async () => {
    mockFetch(partnersActive);
    const user = userEvent.setup({ delay: null });
    renderScreen(<Host />);
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Izaberi partnera Partner 04' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('chosen')).toHaveTextContent('1004:Partner 04');
  });

  it('filters each text column on Enter and clears', async () => {
    const { calls: all } = mockFetch(partnersActive);
    const user = userEvent.setup({ delay: null });
    renderScreen(<Host />);
    const dialog = await openDialog(user);

    const pib = within(dialog).getByRole('textbox', { name: 'PIB — Pretraga' });
    await user.type(pib, '02345671');
    expect(lastParams(all)).not.toHaveProperty('pib'); // typing alone does not query
    await user.type(pib, '{Enter}');
    await waitFor(() => expect(lastParams(all)).toMatchObject({ pib: '02345671', page: '1' }));
    await within(dialog).findByText('1–2 / 2');
    expect(within(dialog).getByText('Partner 02')).toBeInTheDocument();
    expect(within(dialog).getByText('Partner 12')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Tip partnera — Pretraga' }), 'malo');
    await user.click(within(dialog).getByRole('button', { name: 'Pretraži' }));
    await waitFor(() => expect(lastParams(all)).toMatchObject({ pib: '02345671', partner_type_name: 'malo' }));
    await within(dialog).findByText('1–1 / 1');

    await user.click(within(dialog).getByRole('button', { name: 'Poništi filtere' }));
    await within(dialog).findByText('1–8 / 12');
    expect(pib).toHaveValue('');
  });

  it('sorts on the server by a clicked column', async () => {
    const { calls: all } = mockFetch(partnersActive);
    const user = userEvent.setup({ delay: null });
    renderScreen(<Host />);
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('columnheader', { name: /Adresa/ }));
    await waitFor(() => expect(lastParams(all)).toMatchObject({ sort: 'address', order: 'asc' }));
    await user.click(within(dialog).getByRole('columnheader', { name: /Adresa/ }));
    await waitFor(() => expect(lastParams(all)).toMatchObject({ sort: 'address', order: 'desc' }));
  });

  it('says when nothing matches and when loading fails', async () => {
    mockFetch(
      (req) =>
        req.url.pathname === '/api/partnersActive' && req.url.searchParams.get('name') === 'boom'
          ? { status: 500, body: { message: 'x' } }
          : undefined,
      partnersActive,
    );
    const user = userEvent.setup({ delay: null });
    renderScreen(<Host />);
    const dialog = await openDialog(user);
    const name = within(dialog).getByRole('textbox', { name: 'Naziv — Pretraga' });
    await user.type(name, 'nema{Enter}');
    expect(await within(dialog).findByText('Nema podataka')).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'boom{Enter}');
    expect(await within(dialog).findByText('Greška pri učitavanju podataka')).toBeInTheDocument();
  });

  it('leaves no header cell empty', async () => {
    mockFetch(partnersActive);
    const user = userEvent.setup({ delay: null });
    renderScreen(<Host />);
    const dialog = await openDialog(user);
    for (const th of dialog.querySelectorAll('thead th')) {
      expect(th.textContent?.trim() || th.querySelector('[aria-label]'), th.outerHTML).toBeTruthy();
    }
  });
});
