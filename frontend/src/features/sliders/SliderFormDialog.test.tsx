import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, route, type MockHandler, type MockRequest } from '../../test/fetchMock';
import { renderScreen } from '../../test/render';
import SlidersPage from './SlidersPage';
import { PROMO_ROW, SEMINAR_ROW, SLIKA_ROW, slider } from './testData';

const ROWS = [PROMO_ROW, SEMINAR_ROW, SLIKA_ROW];

const lookups: MockHandler[] = [
  route('GET', '/api/sliders', { body: ROWS, headers: { 'X-Total-Count': '3' } }),
  route('GET', '/api/categoriesActive', {
    body: [
      { id: 1, name: 'Alati', is_active: true },
      { id: 2, name: 'Boje', is_active: true },
    ],
    headers: { 'X-Total-Count': '2' },
  }),
];

const posts = (calls: MockRequest[]) => calls.filter((c) => c.method === 'POST');
/** The multipart body as name → text (files as "file:<size>"). */
const fields = (req: MockRequest) =>
  Object.fromEntries(
    [...req.form!.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `file:${(v as Blob).size}`]),
  );

const png = (name = 'baner.png', size = 8) => new File([new Uint8Array(size)], name, { type: 'image/png' });

async function openAdd(user: UserEvent) {
  renderScreen(<SlidersPage />);
  await screen.findByText('Zimska akcija');
  await user.click(screen.getByRole('button', { name: 'Dodaj' }));
  return screen.findByRole('dialog', { name: 'Novi slajder' });
}

async function openEdit(user: UserEvent, name: string) {
  renderScreen(<SlidersPage />);
  const row = (await screen.findByText(name)).closest('tr')!;
  await user.click(within(row).getByRole('button', { name: 'Izmijeni' }));
  return screen.findByRole('dialog', { name: 'Izmjena slajdera' });
}

async function chooseType(user: UserEvent, dialog: HTMLElement, type: string) {
  await user.click(dialog.querySelector<HTMLElement>('#field-type')!.closest('.p-dropdown')!);
  await user.click(await screen.findByRole('option', { name: type, hidden: true }));
}

async function chooseCategory(user: UserEvent, dialog: HTMLElement, name: string) {
  await user.click(within(dialog).getByRole('button', { name: /kategorije$/ }));
  const picker = await screen.findByRole('dialog', { name: 'Izbor kategorija' });
  await user.click(within((await within(picker).findByText(name)).closest('tr')!).getByRole('checkbox'));
  await user.click(within(picker).getByRole('button', { name: 'Potvrdi' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Izbor kategorija' })).not.toBeInTheDocument());
}

/** A day of the inline seminar calendar (the shown month). */
const calendarDay = (dialog: HTMLElement, day: string) =>
  within(dialog.querySelector<HTMLElement>('.multi-date__calendar')!).getByText(day);

const save = (user: UserEvent, dialog: HTMLElement) => user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));

beforeEach(() => {
  // Only the clock is fixed: 10 November 2026; timers stay real for the user events.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 10, 9, 0));
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('slider form', { timeout: 30_000 }, () => {
  it('shows the fields of the chosen type', async () => {
    mockFetch(...lookups);
    const user = userEvent.setup();
    const dialog = await openAdd(user);
    expect(dialog).toHaveStyle({ width: '800px' });
    const shown = (label: RegExp) => within(dialog).queryAllByText(label).length > 0;

    // No type yet, and Slika: name, type, image, categories and the window.
    expect(within(dialog).getByLabelText(/^Naziv/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Slika/)).toBeInTheDocument();
    expect(shown(/^Kategorije/)).toBe(true);
    expect(within(dialog).getByLabelText('Prikazuje se od')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Prikazuje se do')).toBeInTheDocument();
    expect(shown(/^Dodatna slika/)).toBe(false);
    expect(within(dialog).queryByRole('toolbar')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Pošalji notifikaciju')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Ukloni staru sliku')).not.toBeInTheDocument();

    await chooseType(user, dialog, 'Promocija');
    expect(within(dialog).getByLabelText(/^Dodatna slika/)).toBeInTheDocument();
    expect(await within(dialog).findByRole('toolbar', { name: 'Oblikovanje teksta' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Sadržaj stranice' })).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/^Tekst notifikacije/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Pošalji notifikaciju'));
    expect(within(dialog).getByLabelText(/^Tekst notifikacije/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('group', { name: /Datumi seminara/ })).not.toBeInTheDocument();

    await chooseType(user, dialog, 'Seminar');
    expect(within(dialog).getByRole('group', { name: /Datumi seminara/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('toolbar', { name: 'Oblikovanje teksta' })).toBeInTheDocument();

    await chooseType(user, dialog, 'Slika');
    expect(within(dialog).queryByRole('toolbar')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('group', { name: /Datumi seminara/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/^Dodatna slika/)).not.toBeInTheDocument();
  });

  it('an empty or wrong form shows its messages and sends nothing', async () => {
    const { calls } = mockFetch(...lookups);
    const user = userEvent.setup({ applyAccept: false });
    const dialog = await openAdd(user);
    expect(dialog).toHaveTextContent('Polja označena zvjezdicom (*) su obavezna.');
    await save(user, dialog);
    expect(await screen.findByText('Morate popuniti obavezna polja')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getAllByText('Obavezno polje')).toHaveLength(2)); // name, type
    expect(within(dialog).getByText('Morate izabrati sliku u formatu jpg, jpeg ili png')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/^Naziv/), 'Z');
    await user.upload(within(dialog).getByLabelText(/^Slika/), new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }));
    await chooseType(user, dialog, 'Seminar');
    await user.click(within(dialog).getByLabelText('Pošalji notifikaciju'));
    await user.type(within(dialog).getByLabelText(/^Tekst notifikacije/), 'x');
    await save(user, dialog);
    await waitFor(() => expect(within(dialog).getAllByText('Mora imati najmanje 2 karaktera')).toHaveLength(2));
    expect(within(dialog).getByText('Morate izabrati sliku u formatu jpg, jpeg ili png')).toBeInTheDocument();
    expect(within(dialog).getByText('Izaberite bar jedan datum')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
  });

  it('without a category it says so in the error dialog and sends nothing', async () => {
    const { calls } = mockFetch(...lookups);
    const user = userEvent.setup();
    const dialog = await openAdd(user);
    await user.type(within(dialog).getByLabelText(/^Naziv/), 'Proljećni baner');
    await chooseType(user, dialog, 'Slika');
    await user.upload(within(dialog).getByLabelText(/^Slika/), png());
    await save(user, dialog);
    const error = await screen.findByRole('dialog', { name: 'Greška' });
    expect(error).toHaveTextContent('Morate izabrati minimum 1 kategoriju');
    expect(posts(calls)).toHaveLength(0);
    await user.click(within(error).getByRole('button', { name: 'U redu' }));
    // The form stays as typed.
    expect(within(dialog).getByLabelText(/^Naziv/)).toHaveValue('Proljećni baner');
  });

  it('adds a seminar: multipart fields, categories and dates as JSON text', async () => {
    const { calls } = mockFetch(
      ...lookups,
      route('POST', '/api/sliders', { status: 201, body: slider(20, { type: 3 }) }),
    );
    const user = userEvent.setup();
    const dialog = await openAdd(user);
    await user.type(within(dialog).getByLabelText(/^Naziv/), '  Seminar o alatima ');
    await chooseType(user, dialog, 'Seminar');
    await user.upload(within(dialog).getByLabelText(/^Slika/), png('baner.png', 1234));
    await chooseCategory(user, dialog, 'Alati');
    await user.click(calendarDay(dialog, '19'));
    await user.click(calendarDay(dialog, '12'));
    const chosen = within(dialog).getByRole('list', { name: /Datumi seminara/ });
    expect(within(chosen).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['12.11.2026.', '19.11.2026.']);
    await user.click(within(dialog).getByLabelText('Pošalji notifikaciju'));
    await user.type(within(dialog).getByLabelText(/^Tekst notifikacije/), 'Prijavite se');
    await save(user, dialog);

    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    const post = posts(calls)[0];
    expect(post.url.pathname).toBe('/api/sliders');
    expect(fields(post)).toEqual({
      name: 'Seminar o alatima',
      type: '3',
      image: 'file:1234',
      page_content: '',
      push_notification: '1',
      notification_text: 'Prijavite se',
      categories: '[1]',
      dates: '["2026-11-12","2026-11-19"]',
      start_date: '',
      end_date: '',
    });
    expect(await screen.findByText('Uspješno dodavanje')).toBeInTheDocument();
  });

  it('a Slika sends no page fields', async () => {
    const { calls } = mockFetch(...lookups, route('POST', '/api/sliders', { status: 201, body: slider(21) }));
    const user = userEvent.setup();
    const dialog = await openAdd(user);
    await user.type(within(dialog).getByLabelText(/^Naziv/), 'Baner');
    await chooseType(user, dialog, 'Promocija');
    await user.click(await within(dialog).findByLabelText('Pošalji notifikaciju'));
    await user.type(within(dialog).getByLabelText(/^Tekst notifikacije/), 'Ne šalje se');
    await chooseType(user, dialog, 'Slika');
    await user.upload(within(dialog).getByLabelText(/^Slika/), png());
    await chooseCategory(user, dialog, 'Boje');
    await save(user, dialog);
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(fields(posts(calls)[0])).toEqual({
      name: 'Baner',
      type: '1',
      image: 'file:8',
      categories: '[2]',
      start_date: '',
      end_date: '',
    });
  });

  it('edit: “Ukloni staru sliku” only when the content holds an image; remove and the version are sent', async () => {
    const { calls } = mockFetch(...lookups, route('POST', '/api/sliders/7', { body: PROMO_ROW }));
    const user = userEvent.setup();
    const dialog = await openEdit(user, 'Zimska akcija');
    expect(within(dialog).getByLabelText(/^Naziv/)).toHaveValue('Zimska akcija');
    expect(within(dialog).getByLabelText(/^Tekst notifikacije/)).toHaveValue('Nova akcija');
    const editor = await within(dialog).findByRole('textbox', { name: 'Sadržaj stranice' });
    expect(within(editor).getByText('Popust 20%')).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Ukloni staru sliku'));
    await save(user, dialog);

    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    const post = posts(calls)[0];
    expect(post.headers.get('If-Match')).toBe('"3"');
    expect(fields(post)).toEqual({
      name: 'Zimska akcija',
      type: '2',
      page_content: PROMO_ROW.page_content,
      push_notification: '1',
      notification_text: 'Nova akcija',
      categories: '[1,2]',
      start_date: '',
      end_date: '',
      remove: '1',
    });
    expect(await screen.findByText('Uspješna izmjena')).toBeInTheDocument();
  });

  it('edit of a seminar without an image in its content: no “Ukloni staru sliku”, the dates from today on', async () => {
    mockFetch(...lookups);
    const user = userEvent.setup();
    const dialog = await openEdit(user, 'Seminar o bojama');
    await within(dialog).findByRole('toolbar', { name: 'Oblikovanje teksta' });
    expect(within(dialog).queryByText('Ukloni staru sliku')).not.toBeInTheDocument();
    const chosen = within(dialog).getByRole('list', { name: /Datumi seminara/ });
    expect(within(chosen).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['3.12.2026.', '10.12.2026.']);
    await user.click(within(dialog).getByRole('button', { name: 'Ukloni datum 3.12.2026.' }));
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(1);
  });

  it('clears the end of the window when it is not after the start', async () => {
    mockFetch(
      route('GET', '/api/sliders', {
        body: [slider(30, { name: 'Praznični baner', start_date: '2026-12-10', end_date: '2026-12-20' })],
      }),
    );
    const user = userEvent.setup();
    const dialog = await openEdit(user, 'Praznični baner');
    const end = within(dialog).getByLabelText('Prikazuje se do');
    expect(end).toHaveValue('20.12.2026.');
    await user.click(within(dialog).getByLabelText('Prikazuje se od'));
    const panel = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.form-date-panel');
      if (!found) throw new Error('no calendar');
      return found;
    });
    await user.click(within(panel).getByText('25'));
    await waitFor(() => expect(within(dialog).getByLabelText('Prikazuje se od')).toHaveValue('25.12.2026.'));
    await waitFor(() => expect(end).toHaveValue(''));
    expect(dialog).toHaveTextContent('Datum završetka je obrisan jer nije bio poslije početka.');
  });

  it('a refused save shows the server’s sentences at the fields and keeps what was typed', async () => {
    mockFetch(
      ...lookups,
      route('POST', '/api/sliders', {
        status: 422,
        body: { errors: { name: ['The name has already been taken.'], type: ['The selected type is invalid.'] } },
      }),
    );
    const user = userEvent.setup();
    const dialog = await openAdd(user);
    await user.type(within(dialog).getByLabelText(/^Naziv/), 'Zimska akcija');
    await chooseType(user, dialog, 'Slika');
    await user.upload(within(dialog).getByLabelText(/^Slika/), png());
    await chooseCategory(user, dialog, 'Alati');
    await save(user, dialog);
    const error = await screen.findByRole('dialog', { name: 'Greška u unosu' });
    expect(error).toHaveTextContent('Ime je već zauzeto.');
    await user.click(within(error).getByRole('button', { name: 'U redu' }));
    expect(within(dialog).getByText('Ime je već zauzeto.')).toBeInTheDocument();
    expect(within(dialog).getByText('Izabrani tip nije ispravan.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Naziv/)).toHaveValue('Zimska akcija');
    expect(within(dialog).getByTestId('field-image-name')).toHaveTextContent('baner.png');
  });

  it('435 and 436 show their catalogue messages', async () => {
    let status = 435;
    mockFetch(
      ...lookups,
      route('POST', '/api/sliders/9', () =>
        status === 435
          ? { status, body: { message: 'The slider contains partners.' } }
          : { status, body: { message: 'Invalid dates.' } },
      ),
    );
    const user = userEvent.setup();
    const dialog = await openEdit(user, 'Seminar o bojama');
    await chooseType(user, dialog, 'Promocija');
    await save(user, dialog);
    let error = await screen.findByRole('dialog', { name: 'Greška' });
    expect(error).toHaveTextContent('Izmjene zabranjene, koristi se u evidencijama');
    expect(error).toHaveTextContent('Slajder ima prijave ili porudžbine partnera.');
    await user.click(within(error).getByRole('button', { name: 'U redu' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Greška' })).not.toBeInTheDocument());

    status = 436;
    await save(user, dialog);
    error = await screen.findByRole('dialog', { name: 'Greška' });
    expect(error).toHaveTextContent('Neispravni datumi');
  });

  it('a stale edit shows what changed meanwhile (ADR 0011)', async () => {
    const fresh = { ...PROMO_ROW, name: 'Zimska akcija 2', version: 4 };
    const { calls } = mockFetch(
      ...lookups,
      route('POST', '/api/sliders/7', (req) =>
        req.headers.get('If-Match') === '"3"'
          ? { status: 409, body: { message: 'The record was changed by someone else. Reload it to see the changes.' } }
          : { body: fresh },
      ),
      route('GET', '/api/sliders/7', { body: [fresh] }),
    );
    const user = userEvent.setup();
    const dialog = await openEdit(user, 'Zimska akcija');
    await user.clear(within(dialog).getByLabelText(/^Naziv/));
    await user.type(within(dialog).getByLabelText(/^Naziv/), 'Ljetna akcija');
    await save(user, dialog);
    const panel = await within(dialog).findByRole('region', { name: /izmijenio neko drugi/i });
    expect(panel).toHaveTextContent('Zimska akcija 2');
    expect(panel).toHaveTextContent('Ljetna akcija');
    await user.click(within(panel).getByRole('button', { name: /Naziv$/ }));
    await save(user, dialog);
    await waitFor(() => expect(posts(calls)).toHaveLength(2));
    expect(posts(calls)[1].headers.get('If-Match')).toBe('"4"');
    expect(fields(posts(calls)[1]).name).toBe('Ljetna akcija');
  });
  it('a save that sent a notification says it is being sent, with a link to its delivery', async () => {
    mockFetch(...lookups, route('POST', '/api/sliders/7', { body: { ...PROMO_ROW, notification: { id: 31 } } }));
    const user = userEvent.setup();
    const dialog = await openEdit(user, 'Zimska akcija');
    await save(user, dialog);
    expect(await screen.findByText('Sačuvano. Notifikacija se šalje partnerima.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pogledaj isporuku' })).toHaveAttribute('href', '/notifications/31');
    // One snackbar, not the usual one as well.
    expect(screen.queryByText('Uspješna izmjena')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Izmjena slajdera' })).not.toBeInTheDocument());
  });

  it('491: the slider is saved; the form closes, the list reloads and the error dialog links the delivery', async () => {
    const { calls } = mockFetch(
      ...lookups,
      route('POST', '/api/sliders/7', {
        status: 491,
        body: { message: 'Došlo je do greške prilikom slanja notifikacija na neke od uređaja.', notification: { id: 31 } },
      }),
    );
    const user = userEvent.setup();
    const dialog = await openEdit(user, 'Zimska akcija');
    const lists = () => calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/sliders').length;
    const before = lists();
    await save(user, dialog);
    const error = await screen.findByRole('dialog', { name: 'Greška' });
    expect(error).toHaveTextContent('Došlo je do greške prilikom slanja notifikacija na neke od uređaja.');
    expect(within(error).getByRole('button', { name: 'Pogledaj isporuku' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Izmjena slajdera' })).not.toBeInTheDocument());
    await waitFor(() => expect(lists()).toBeGreaterThan(before));
    expect(screen.queryByText('Uspješna izmjena')).not.toBeInTheDocument();
  });
});
