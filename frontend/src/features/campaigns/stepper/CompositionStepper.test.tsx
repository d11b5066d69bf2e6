import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, route, type MockAnswer, type MockHandler, type MockRequest } from '../../../test/fetchMock';
import { renderScreen } from '../../../test/render';
import CompositionStepper, { type CompositionStep } from './CompositionStepper';
import type { CampaignComposition, StepperPartner } from './types';

const CATEGORIES = [
  { id: 1, name: 'Alati', is_active: true },
  { id: 2, name: 'Boje', is_active: true },
  { id: 3, name: 'Rasvjeta', is_active: true },
];

const PARTNERS: StepperPartner[] = [
  { id: 1001, name: 'Gradnja Plus', city_name: 'Podgorica', categories: [CATEGORIES[0], CATEGORIES[1]], is_active: true },
  { id: 1002, name: 'Boje Bar', city_name: 'Bar', categories: [CATEGORIES[1]], is_active: true },
  { id: 1003, name: 'Svjetlo', city_name: 'Bar', categories: [CATEGORIES[2]], is_active: true },
  { id: 1005, name: 'Novi Alati', city_name: 'Nikšić', categories: [CATEGORIES[0]], is_active: true },
];

const PRODUCTS = [
  { id: 50, name: 'Bušilica', description: 'Udarna', price: '120.5', is_active: true },
  { id: 51, name: 'Boja bijela', description: '10 l', price: '10', is_active: true },
];

const CAMPAIGN: CampaignComposition = {
  id: 7,
  name: 'Zimska kampanja',
  version: 3,
  categories: [
    { id: 1, name: 'Alati' },
    { id: 2, name: 'Boje' },
  ],
  products: [{ id: 50, name: 'Bušilica', price: '120.5' }],
  partners: [
    { id: 1001, name: 'Gradnja Plus', city: 'Podgorica', category_names: 'alati, boje', category_ids: [1, 2], pivot: { cash: 500 } },
    { id: 1002, name: 'Boje Bar', city: 'Bar', category_names: 'boje', category_ids: [2], pivot: { cash: 100.25 } },
  ],
};

/** GET /api/partnersActive as the server answers it: the active partners in any of category_ids. */
const partnersRoute = route('GET', '/api/partnersActive', (req) => {
  const ids = (req.url.searchParams.get('category_ids') ?? '').split(',').filter(Boolean).map(Number);
  const rows = PARTNERS.filter((p) => p.categories.some((c) => ids.includes(c.id)));
  return { body: rows, headers: { 'X-Total-Count': String(rows.length) } };
});

function handlers(save: MockAnswer | ((req: MockRequest) => MockAnswer), campaign: () => CampaignComposition = () => CAMPAIGN): MockHandler[] {
  return [
    route('GET', '/api/campaigns/7', () => ({ body: campaign() })),
    route('GET', '/api/categoriesActive', { body: CATEGORIES, headers: { 'X-Total-Count': '3' } }),
    partnersRoute,
    route('GET', '/api/productsActive', { body: PRODUCTS, headers: { 'X-Total-Count': '2' } }),
    route('PUT', '/api/campaignDetails/7', save),
  ];
}

const puts = (calls: MockRequest[]) => calls.filter((c) => c.method === 'PUT');

async function open(initialStep: CompositionStep = 0) {
  const onHide = vi.fn();
  const onSaved = vi.fn();
  renderScreen(<CompositionStepper campaignId={7} initialStep={initialStep} visible onHide={onHide} onSaved={onSaved} />);
  const dialog = await screen.findByRole('dialog', { name: 'Sastav kampanje: Zimska kampanja' });
  return { dialog, onHide, onSaved };
}

/** The step shown now (the others stay mounted, hidden). */
const shownStep = (dialog: HTMLElement) => dialog.querySelector<HTMLElement>('section.composition-step:not([hidden])')!;
/** The row of the shown step's table whose cell reads text. */
const rowOf = async (dialog: HTMLElement, text: string) => {
  await waitFor(() => expect(shownStep(dialog)).toBeTruthy());
  return (await within(shownStep(dialog)).findByText(text, { selector: 'td' })).closest('tr')!;
};
const cashInput = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole('textbox', { name: `Iznos za partnera ${name}` }) as HTMLInputElement;
const add = (user: UserEvent, dialog: HTMLElement) => user.click(within(dialog).getByRole('button', { name: 'Dodaj' }));

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('campaign composition stepper', { timeout: 30_000 }, () => {
  it.each([
    [0, 'Korak 1 od 3: Kategorije'],
    [1, 'Korak 2 od 3: Partneri'],
    [2, 'Korak 3 od 3: Proizvodi'],
  ] as const)('opens at step %i', async (step, heading) => {
    mockFetch(...handlers({ body: CAMPAIGN }));
    const { dialog } = await open(step);
    expect(await within(dialog).findByRole('heading', { name: heading })).toBeVisible();
    expect(dialog).toHaveStyle({ width: '1600px' });
  });

  it('step 2 lists the partners of the chosen categories with the campaign cash; a new one starts empty', async () => {
    const { calls } = mockFetch(...handlers({ body: CAMPAIGN }));
    const { dialog } = await open(1);
    await rowOf(dialog, 'Novi Alati');
    const query = calls.find((c) => c.url.pathname === '/api/partnersActive')!.url.searchParams;
    // The one active-partners list, narrowed to the chosen categories.
    expect(query.get('category_ids')).toBe('1,2');
    expect(query.get('per_page')).toBe('100');
    expect(within(dialog).queryByText('Svjetlo')).not.toBeInTheDocument();
    expect(cashInput(dialog, 'Gradnja Plus').value).toBe('500');
    expect(cashInput(dialog, 'Boje Bar').value).toBe('100,25');
    expect(cashInput(dialog, 'Novi Alati').value).toBe('');
    expect(within(dialog).getByTestId('partners-count')).toHaveTextContent('2 partnera odabrana');
    expect(within(dialog).getByTestId('cash-total')).toHaveTextContent('Ukupan iznos: 600,25');
  });

  it('deselecting a category prunes and names the partners until dismissed; undo brings them back', async () => {
    mockFetch(...handlers({ body: CAMPAIGN }));
    const user = userEvent.setup();
    const { dialog } = await open(0);
    const boje = await rowOf(dialog, 'Boje');
    expect(within(boje).getByRole('checkbox')).toBeChecked();
    await user.click(within(boje).getByRole('checkbox'));

    const notice = await within(dialog).findByTestId('prune-notice');
    expect(notice).toHaveTextContent('Uklanjanjem kategorije Boje uklonjen je 1 partner');
    expect(notice).toHaveTextContent('Boje Bar');
    expect(within(boje).getByRole('checkbox')).not.toBeChecked();
    expect(within(dialog).getByTestId('categories-count')).toHaveTextContent('1 kategorija odabrana');

    // The notice stays while the user moves on; step 2 no longer holds Boje Bar.
    await user.click(within(dialog).getByRole('button', { name: 'Dalje' }));
    expect(await within(dialog).findByRole('heading', { name: 'Korak 2 od 3: Partneri' })).toHaveFocus();
    expect(within(dialog).getByTestId('partners-count')).toHaveTextContent('1 partner odabran');
    expect(within(dialog).getByTestId('prune-notice')).toBeInTheDocument();

    await user.click(within(notice).getByRole('button', { name: 'Poništi' }));
    expect(within(dialog).queryByTestId('prune-notice')).not.toBeInTheDocument();
    expect(within(dialog).getByTestId('partners-count')).toHaveTextContent('2 partnera odabrana');
    await waitFor(() => expect(cashInput(dialog, 'Boje Bar').value).toBe('100,25'));
    await user.click(within(dialog).getByRole('button', { name: 'Nazad' }));
    expect(within(await rowOf(dialog, 'Boje')).getByRole('checkbox')).toBeChecked();

    // Removed again, then dismissed: the partners stay out.
    await user.click(within(await rowOf(dialog, 'Boje')).getByRole('checkbox'));
    const again = await within(dialog).findByTestId('prune-notice');
    await user.click(within(again).getByRole('button', { name: 'Zatvori obavještenje' }));
    expect(within(dialog).queryByTestId('prune-notice')).not.toBeInTheDocument();
    expect(within(dialog).getByTestId('categories-count')).toHaveTextContent('1 kategorija odabrana');
  });

  it('a chosen partner needs a valid cash: the red snackbar, the messages, nothing sent', async () => {
    const { calls } = mockFetch(...handlers({ body: CAMPAIGN }));
    const user = userEvent.setup();
    const { dialog, onSaved } = await open(2);
    await within(dialog).findByText('Boja bijela');
    await user.click(within(dialog).getByRole('button', { name: 'Nazad' }));
    await rowOf(dialog, 'Gradnja Plus');
    await user.clear(cashInput(dialog, 'Gradnja Plus'));
    await user.type(cashInput(dialog, 'Boje Bar'), '{Control>}a{/Control}12,34567');
    await add(user, dialog);

    // One cash missing and one wrong: the notice asks for the missing one, each cell says its problem.
    expect(await screen.findByText('Morate popuniti obavezna polja')).toBeInTheDocument();
    expect(within(dialog).getByText('Obavezno polje')).toBeInTheDocument();
    expect(within(dialog).getByText('Najviše 3 decimale')).toBeInTheDocument();
    expect(within(dialog).getByTestId('cash-problems')).toHaveTextContent('Gradnja Plus, Boje Bar');
    expect(cashInput(dialog, 'Gradnja Plus')).toHaveAttribute('aria-invalid', 'true');
    expect(puts(calls)).toHaveLength(0);
    expect(onSaved).not.toHaveBeenCalled();

    // Typing a cash for a partner not yet chosen chooses it.
    await user.type(cashInput(dialog, 'Novi Alati'), '5');
    expect(within(await rowOf(dialog, 'Novi Alati')).getByRole('checkbox')).toBeChecked();
    expect(within(dialog).getByTestId('partners-count')).toHaveTextContent('3 partnera odabrana');
  });

  it('a negative cash says so, in the notice and in its cell', async () => {
    const { calls } = mockFetch(...handlers({ body: CAMPAIGN }));
    const user = userEvent.setup();
    const { dialog } = await open(1);
    await rowOf(dialog, 'Gradnja Plus');
    await user.type(cashInput(dialog, 'Gradnja Plus'), '{Control>}a{/Control}-5');
    await add(user, dialog);
    expect(await screen.findByText('Iznos ne može biti manji od 0', { selector: '.p-toast *' })).toBeInTheDocument();
    expect(within(dialog).getByText('Iznos ne može biti manji od 0')).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(0);
  });

  it('removing a category keeps the other partners’ ticks and the cash typed since (issue 20)', async () => {
    const { calls } = mockFetch(...handlers({ body: CAMPAIGN }));
    const user = userEvent.setup();
    const { dialog } = await open(1);
    await rowOf(dialog, 'Novi Alati');
    // Typed in Montenegrin: 1.777 is one thousand seven hundred seventy-seven; shown so on leaving.
    await user.type(cashInput(dialog, 'Gradnja Plus'), '{Control>}a{/Control}1777');
    await user.tab();
    expect(cashInput(dialog, 'Gradnja Plus').value).toBe('1.777');
    await user.type(cashInput(dialog, 'Novi Alati'), '2.500,5');
    expect(within(dialog).getByTestId('partners-count')).toHaveTextContent('3 partnera odabrana');

    await user.click(within(dialog).getByRole('button', { name: 'Nazad' }));
    await user.click(within(await rowOf(dialog, 'Boje')).getByRole('checkbox'));
    expect(await within(dialog).findByTestId('prune-notice')).toHaveTextContent('Boje Bar');
    await user.click(within(dialog).getByRole('button', { name: 'Dalje' }));
    await within(dialog).findByRole('heading', { name: 'Korak 2 od 3: Partneri' });

    // Boje Bar (Boje only) went; Gradnja Plus and Novi Alati (Alati) stay, with their cash.
    expect(within(dialog).getByTestId('partners-count')).toHaveTextContent('2 partnera odabrana');
    expect(within(await rowOf(dialog, 'Novi Alati')).getByRole('checkbox')).toBeChecked();
    expect(cashInput(dialog, 'Gradnja Plus').value).toBe('1.777');
    expect(cashInput(dialog, 'Novi Alati').value).toBe('2.500,5');
    expect(within(dialog).getByTestId('cash-total')).toHaveTextContent('Ukupan iznos: 4.277,5');

    await add(user, dialog);
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect((puts(calls)[0].body as { partners: unknown }).partners).toEqual([
      { partner_id: 1001, cash: '1777' },
      { partner_id: 1005, cash: '2500.5' },
    ]);
  });

  it('no category: the message at step 1 and nothing sent', async () => {
    const { calls } = mockFetch(...handlers({ body: CAMPAIGN }));
    const user = userEvent.setup();
    const { dialog } = await open(0);
    await user.click(within(await rowOf(dialog, 'Alati')).getByRole('checkbox'));
    await user.click(within(await rowOf(dialog, 'Boje')).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Dalje' }));
    expect(await within(dialog).findByText(/Izaberite bar jednu kategoriju/)).toBeInTheDocument();
    await add(user, dialog);
    expect(await screen.findByText('Morate popuniti obavezna polja')).toBeInTheDocument();
    expect(await within(dialog).findByRole('heading', { name: 'Korak 1 od 3: Kategorije' })).toBeVisible();
    expect(within(dialog).getByText('Morate izabrati minimum 1 kategoriju')).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(0);
  });

  it('a partner whose own categories left the campaign\'s is named and can be removed before saving', async () => {
    const stray = { id: 1004, name: 'Zalutali', city: 'Kotor', category_names: '', category_ids: [9], pivot: { cash: 1 } };
    const { calls } = mockFetch(...handlers({ body: CAMPAIGN }, () => ({ ...CAMPAIGN, partners: [...CAMPAIGN.partners, stray] })));
    const user = userEvent.setup();
    const { dialog } = await open(1);
    const warning = await within(dialog).findByTestId('partners-outside');
    expect(warning).toHaveTextContent('Zalutali');
    expect(within(dialog).getByTestId('partners-count')).toHaveTextContent('3 partnera odabrana');
    await add(user, dialog);
    expect(await screen.findByText('Morate popuniti obavezna polja')).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(0);
    await user.click(within(warning).getByRole('button', { name: 'Ukloni ih iz izbora' }));
    expect(within(dialog).queryByTestId('partners-outside')).not.toBeInTheDocument();
    expect(within(dialog).getByTestId('partners-count')).toHaveTextContent('2 partnera odabrana');
    await add(user, dialog);
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect((puts(calls)[0].body as { partners: { partner_id: number }[] }).partners.map((p) => p.partner_id)).toEqual([1001, 1002]);
  });

  it('saves the three sets at once against the loaded version, then confirms and closes', async () => {
    const { calls } = mockFetch(...handlers({ body: CAMPAIGN }));
    const user = userEvent.setup();
    const { dialog, onSaved, onHide } = await open(1);
    await rowOf(dialog, 'Novi Alati');
    await user.type(cashInput(dialog, 'Novi Alati'), '75,5');
    await user.click(within(await rowOf(dialog, 'Boje Bar')).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Dalje' }));
    await user.click(within(await rowOf(dialog, 'Boja bijela')).getByRole('checkbox'));
    await add(user, dialog);

    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(onHide).toHaveBeenCalled();
    expect(await screen.findByText('Uspješna izmjena')).toBeInTheDocument();
    const [put] = puts(calls);
    expect(put.url.pathname).toBe('/api/campaignDetails/7');
    expect(put.headers.get('If-Match')).toBe('"3"');
    expect(put.body).toEqual({
      partners: [
        { partner_id: 1001, cash: '500' },
        { partner_id: 1005, cash: '75.5' },
      ],
      categories: [{ category_id: 1 }, { category_id: 2 }],
      products: [{ product_id: 50 }, { product_id: 51 }],
    });
  });

  it('a refused save (422) keeps everything chosen and says why at its step', async () => {
    const { calls } = mockFetch(
      ...handlers({
        status: 422,
        body: {
          message: 'The given data was invalid.',
          errors: { partners: ["The selected partners are not in the campaign's categories."] },
        },
      }),
    );
    const user = userEvent.setup();
    const { dialog, onSaved, onHide } = await open(2);
    await user.click(within(await rowOf(dialog, 'Boja bijela')).getByRole('checkbox'));
    await add(user, dialog);

    const error = await screen.findByRole('dialog', { name: 'Greška u unosu' });
    expect(error).toHaveTextContent('Izabrani partneri ne pripadaju kategorijama kampanje.');
    expect(onSaved).not.toHaveBeenCalled();
    expect(onHide).not.toHaveBeenCalled();
    // Step 2 shows the server's sentence; the choice of step 3 is still there.
    expect(await within(dialog).findByRole('heading', { name: 'Korak 2 od 3: Partneri' })).toBeVisible();
    expect(within(dialog).getAllByText('Izabrani partneri ne pripadaju kategorijama kampanje.').length).toBeGreaterThan(0);
    expect(within(dialog).getByTestId('partners-count')).toHaveTextContent('2 partnera odabrana');
    expect(puts(calls)).toHaveLength(1);
    await user.click(within(error).getByRole('button', { name: 'U redu' }));
    await user.click(within(dialog).getByRole('button', { name: 'Dalje' }));
    expect(within(await rowOf(dialog, 'Boja bijela')).getByRole('checkbox')).toBeChecked();
    expect(within(dialog).getByTestId('products-count')).toHaveTextContent('2 proizvoda odabrana');
  });

  it('a partner with cart items (435) is explained and nothing chosen is lost', async () => {
    mockFetch(...handlers({ status: 435, body: { message: 'The campaign contains cart items.' } }));
    const user = userEvent.setup();
    const { dialog, onHide } = await open(1);
    await user.click(within(await rowOf(dialog, 'Boje Bar')).getByRole('checkbox'));
    await add(user, dialog);
    const error = await screen.findByRole('dialog', { name: 'Greška' });
    expect(error).toHaveTextContent('Izmjene zabranjene, koristi se u evidencijama');
    expect(error).toHaveTextContent('Kampanja sadrži stavke korpe.');
    expect(onHide).not.toHaveBeenCalled();
    expect(within(dialog).getByTestId('partners-count')).toHaveTextContent('1 partner odabran');
    expect(within(await rowOf(dialog, 'Boje Bar')).getByRole('checkbox')).not.toBeChecked();
  });

  it('a stale save (409) shows what was saved meanwhile and takes the user\'s choice back on request', async () => {
    let current = CAMPAIGN;
    const { calls } = mockFetch(
      ...handlers(
        (req) =>
          req.headers.get('If-Match') === '"4"'
            ? { body: CAMPAIGN }
            : { status: 409, body: { message: 'The record was changed by someone else. Reload it to see the changes.' } },
        () => current,
      ),
    );
    const user = userEvent.setup();
    const { dialog, onSaved } = await open(2);
    await user.click(within(await rowOf(dialog, 'Boja bijela')).getByRole('checkbox'));
    // Someone else saves meanwhile: version 4, without Boje Bar.
    current = { ...CAMPAIGN, version: 4, partners: [CAMPAIGN.partners[0]] };
    await add(user, dialog);

    const panel = await within(dialog).findByRole('region', { name: /izmijenio neko drugi/ });
    expect(within(panel).getByText('Partneri')).toBeInTheDocument();
    expect(within(panel).getByText('Proizvodi')).toBeInTheDocument();
    expect(within(dialog).getByTestId('products-count')).toHaveTextContent('1 proizvod odabran');
    await user.click(within(panel).getByRole('button', { name: 'Uzmi sve moje' }));
    expect(within(dialog).getByTestId('products-count')).toHaveTextContent('2 proizvoda odabrana');
    await add(user, dialog);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const last = puts(calls).at(-1)!;
    expect(last.headers.get('If-Match')).toBe('"4"');
    expect((last.body as { partners: unknown[] }).partners).toHaveLength(2);
  });
});
