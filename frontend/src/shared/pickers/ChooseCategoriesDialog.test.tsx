import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mockFetch, route, type MockRequest } from '../../test/fetchMock';
import { renderScreen } from '../../test/render';
import type { CategoryRef } from './api';
import { ChooseCategoriesDialog } from './ChooseCategoriesDialog';

const pad = (n: number) => String(n).padStart(2, '0');
const ALL = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: `Kategorija ${pad(i + 1)}`, is_active: true }));

/** /api/categoriesActive with the list contract: name filter, page and per_page. */
const categoriesActive = route('GET', '/api/categoriesActive', (req) => {
  const q = req.url.searchParams;
  const name = (q.get('name') ?? '').toLowerCase();
  const matching = ALL.filter((c) => c.name.toLowerCase().includes(name));
  const perPage = Number(q.get('per_page'));
  const page = Number(q.get('page'));
  return {
    body: matching.slice((page - 1) * perPage, page * perPage),
    headers: { 'X-Total-Count': String(matching.length) },
  };
});

/** A screen that keeps the chosen categories, the way a slider or partner form will. */
function Host({ initial = [] }: { initial?: CategoryRef[] }) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<CategoryRef[]>(initial);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <output data-testid="chosen">{chosen.map((c) => `${c.id}:${c.name}`).join('|')}</output>
      <ChooseCategoriesDialog
        visible={open}
        selected={chosen}
        onConfirm={(categories) => {
          setChosen(categories);
          setOpen(false);
        }}
        onHide={() => setOpen(false)}
      />
    </>
  );
}

/** PrimeReact puts the checkbox role on its wrapper too; the input is the real control. */
const checkbox = (dialog: HTMLElement, name: string) => within(dialog).getByLabelText(name, { selector: 'input' });

const pickerCalls = (calls: MockRequest[]) => calls.filter((c) => c.url.pathname === '/api/categoriesActive');

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'open' }));
  const dialog = await screen.findByRole('dialog', { name: 'Izbor kategorija' });
  await within(dialog).findByText('Kategorija 01');
  return dialog;
}

describe('choose-categories dialog', () => {
  it('lists active categories by name, 8 per page, with a name column only', async () => {
    const { calls } = mockFetch(categoriesActive);
    const user = userEvent.setup();
    renderScreen(<Host />);
    expect(pickerCalls(calls)).toHaveLength(0); // nothing is loaded until it opens

    const dialog = await openDialog(user);
    expect(Object.fromEntries(pickerCalls(calls)[0].url.searchParams)).toEqual({
      page: '1',
      per_page: '8',
      sort: 'name',
      order: 'asc',
    });
    const headers = within(dialog).getAllByRole('columnheader').map((h) => h.textContent?.trim());
    expect(headers.filter(Boolean)).toEqual(['Naziv']);
    expect(within(dialog).getAllByRole('row')).toHaveLength(1 + 8);
    expect(within(dialog).getByText('1–8 / 12')).toBeInTheDocument();
  });

  it('keeps the choice across pages and hands it over on confirm', async () => {
    const { calls } = mockFetch(categoriesActive);
    const user = userEvent.setup();
    renderScreen(<Host />);
    const dialog = await openDialog(user);

    await user.click(checkbox(dialog, 'Izaberi Kategorija 02'));
    await user.click(checkbox(dialog, 'Izaberi Kategorija 05'));
    expect(within(dialog).getByText('Izabrano: 2')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: /\b2$/ }));
    await within(dialog).findByText('Kategorija 11');
    await waitFor(() => expect(Object.fromEntries(pickerCalls(calls).at(-1)!.url.searchParams)).toMatchObject({ page: '2' }));
    await user.click(checkbox(dialog, 'Izaberi Kategorija 11'));
    expect(within(dialog).getByText('Izabrano: 3')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Potvrdi' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('chosen')).toHaveTextContent('2:Kategorija 02|5:Kategorija 05|11:Kategorija 11');
  });

  it('opens with the current choice checked; unchecking and closing changes nothing', async () => {
    mockFetch(categoriesActive);
    const user = userEvent.setup();
    renderScreen(<Host initial={[{ id: 3, name: 'Kategorija 03' }]} />);
    const dialog = await openDialog(user);

    const third = checkbox(dialog, 'Poništi izbor Kategorija 03');
    expect(third).toBeChecked();
    await user.click(third);
    expect(within(dialog).getByText('Izabrano: 0')).toBeInTheDocument();

    // The footer's Close (the header's × is named the same).
    const footer = dialog.querySelector<HTMLElement>('.p-dialog-footer')!;
    await user.click(within(footer).getByRole('button', { name: 'Zatvori' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('chosen')).toHaveTextContent('3:Kategorija 03');

    // Opening again starts from the caller's choice, not from the discarded one.
    const again = await openDialog(user);
    expect(checkbox(again, 'Poništi izbor Kategorija 03')).toBeChecked();
  });

  it('filters by name on the server and says when nothing matches', async () => {
    const { calls } = mockFetch(categoriesActive);
    const user = userEvent.setup();
    renderScreen(<Host />);
    const dialog = await openDialog(user);

    const search = within(dialog).getByRole('textbox', { name: /Naziv/ });
    await user.type(search, 'ija 1{Enter}');
    await waitFor(() =>
      expect(Object.fromEntries(pickerCalls(calls).at(-1)!.url.searchParams)).toMatchObject({ name: 'ija 1', page: '1' }),
    );
    await within(dialog).findByText('Kategorija 12');
    expect(within(dialog).queryByText('Kategorija 01')).not.toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'nema{Enter}');
    expect(await within(dialog).findByText('Nema podataka')).toBeInTheDocument();
  });

  it('toggles a row by a click anywhere on it, and by Space or Enter on the focused row', async () => {
    mockFetch(categoriesActive);
    const user = userEvent.setup();
    renderScreen(<Host />);
    const dialog = await openDialog(user);

    const row = (name: string) => within(dialog).getByText(name).closest('tr')!;
    await user.click(within(dialog).getByText('Kategorija 02'));
    expect(checkbox(dialog, 'Poništi izbor Kategorija 02')).toBeChecked();
    expect(within(dialog).getByText('Izabrano: 1')).toBeInTheDocument();
    // The checkbox itself still toggles once, not twice.
    await user.click(checkbox(dialog, 'Izaberi Kategorija 03'));
    expect(within(dialog).getByText('Izabrano: 2')).toBeInTheDocument();
    await user.click(row('Kategorija 02'));
    expect(checkbox(dialog, 'Izaberi Kategorija 02')).not.toBeChecked();

    row('Kategorija 04').focus();
    await user.keyboard(' ');
    expect(checkbox(dialog, 'Poništi izbor Kategorija 04')).toBeChecked();
    await user.keyboard('{Enter}');
    expect(checkbox(dialog, 'Izaberi Kategorija 04')).not.toBeChecked();
    await user.keyboard('{Enter}');

    await user.click(within(dialog).getByRole('button', { name: 'Potvrdi' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('chosen')).toHaveTextContent('3:Kategorija 03|4:Kategorija 04');
  });

  it('searches as the user types, once typing pauses', async () => {
    const { calls } = mockFetch(categoriesActive);
    const user = userEvent.setup();
    renderScreen(<Host />);
    const dialog = await openDialog(user);
    const before = pickerCalls(calls).length;

    await user.type(within(dialog).getByRole('textbox', { name: /Naziv/ }), 'ija 12');
    // No Enter: the pause after typing searches, once, for the whole text.
    await within(dialog).findByText('1–1 / 1');
    expect(pickerCalls(calls).slice(before).map((c) => c.url.searchParams.get('name'))).toEqual(['ija 12']);
  });

  it('shows a failed load with a retry', async () => {
    let fail = true;
    mockFetch((req) => (req.url.pathname === '/api/categoriesActive' && fail ? { status: 500, body: {} } : undefined), categoriesActive);
    const user = userEvent.setup();
    renderScreen(<Host />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Izbor kategorija' });
    expect(await within(dialog).findByText('Greška pri učitavanju podataka')).toBeInTheDocument();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Pokušaj ponovo' }));
    expect(await within(dialog).findByText('Kategorija 01')).toBeInTheDocument();
  });
});
