import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mockFetch, route, type MockRequest } from '../../test/fetchMock';
import { renderScreen } from '../../test/render';
import type { ActivePartner, PartnerRef } from './api';
import { PartnerPicker } from './PartnerPicker';

const ALL: ActivePartner[] = Array.from({ length: 11 }, (_, i) => ({
  id: 1001 + i,
  name: `Partner ${String(i + 1).padStart(2, '0')}`,
  address: '',
  pib: '',
  pdv: '',
  partner_type_name: null,
  phone: '',
  city_name: null,
  categories: [],
  category_names: '',
  is_active: true,
}));

const partnersActive = route('GET', '/api/partnersActive', (req) => {
  const q = req.url.searchParams;
  const name = (q.get('name') ?? '').toLowerCase();
  const rows = ALL.filter((p) => p.name.toLowerCase().includes(name));
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
      <PartnerPicker
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
const checkbox = (dialog: HTMLElement, name: string) => within(dialog).getByLabelText(name, { selector: 'input' });

async function openPicker(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'open' }));
  const dialog = await screen.findByRole('dialog', { name: 'Izaberite partnera' });
  await within(dialog).findByText('Partner 01');
  return dialog;
}

describe('partner picker', () => {
  it('lists active partners by name only, 8 per page', async () => {
    const { calls: all } = mockFetch(partnersActive);
    const user = userEvent.setup({ delay: null });
    renderScreen(<Host />);
    const dialog = await openPicker(user);
    expect(Object.fromEntries(calls(all)[0].url.searchParams)).toEqual({
      page: '1',
      per_page: '8',
      sort: 'name',
      order: 'asc',
    });
    const headers = within(dialog)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.trim())
      // The checkbox column's name is for screen readers only.
      .filter((h) => h && h !== 'Izbor');
    expect(headers).toEqual(['Naziv']);
    expect(within(dialog).getAllByRole('row')).toHaveLength(1 + 8);
    expect(within(dialog).getByText('1–8 / 11')).toBeInTheDocument();
  });

  it('keeps a single choice across pages and hands it over on confirm', async () => {
    mockFetch(partnersActive);
    const user = userEvent.setup({ delay: null });
    renderScreen(<Host />);
    const dialog = await openPicker(user);

    await user.click(checkbox(dialog, 'Izaberi Partner 03'));
    await user.click(within(dialog).getByRole('button', { name: /\b2$/ }));
    await within(dialog).findByText('Partner 10');
    await user.click(checkbox(dialog, 'Izaberi Partner 10'));
    expect(within(dialog).getByText('Izabran: Partner 10')).toBeInTheDocument();

    // Back on page 1 the earlier choice is no longer checked.
    await user.click(within(dialog).getByRole('button', { name: /\b1$/ }));
    await within(dialog).findByText('Partner 03');
    expect(checkbox(dialog, 'Izaberi Partner 03')).not.toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Potvrdi' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('chosen')).toHaveTextContent('1010:Partner 10');
  });

  it('searches by name on the server; close keeps the old choice', async () => {
    const { calls: all } = mockFetch(partnersActive);
    const user = userEvent.setup({ delay: null });
    renderScreen(<Host initial={{ id: 1002, name: 'Partner 02' }} />);
    const dialog = await openPicker(user);
    expect(checkbox(dialog, 'Poništi izbor Partner 02')).toBeChecked();

    await user.type(within(dialog).getByRole('textbox', { name: 'Naziv — Pretraga' }), 'ner 1{Enter}');
    await waitFor(() =>
      expect(Object.fromEntries(calls(all).at(-1)!.url.searchParams)).toMatchObject({ name: 'ner 1', page: '1' }),
    );
    await within(dialog).findByText('1–2 / 2');
    await user.click(checkbox(dialog, 'Izaberi Partner 11'));

    const footer = dialog.querySelector<HTMLElement>('.p-dialog-footer')!;
    await user.click(within(footer).getByRole('button', { name: 'Zatvori' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('chosen')).toHaveTextContent('1002:Partner 02');
  });
});
