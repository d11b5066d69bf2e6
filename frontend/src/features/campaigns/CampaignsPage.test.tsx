import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router-dom';
import { mockFetch, route, type MockRequest } from '../../test/fetchMock';
import { renderScreen } from '../../test/render';
import CampaignsPage from './CampaignsPage';
import { campaign } from './testData';

const ROWS = [campaign(1, { name: 'Zimska kampanja' }), campaign(2, { name: 'Proljećna akcija', is_visible: false })];
const list = route('GET', '/api/campaigns', { body: ROWS, headers: { 'X-Total-Count': '2' } });
const listCalls = (calls: MockRequest[]) => calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/campaigns');
const lastListParams = (calls: MockRequest[]) => Object.fromEntries(listCalls(calls).at(-1)!.url.searchParams);
const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;
const png = (name = 'kampanja.png') => new File([new Uint8Array(8)], name, { type: 'image/png' });

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('campaigns screen', { timeout: 20_000 }, () => {
  it('lists 20 per page, newest change first: name, description, visibility, active and the actions', async () => {
    const { calls } = mockFetch(list);
    renderScreen(<CampaignsPage />);
    const row = await rowOf('Zimska kampanja');
    expect(lastListParams(calls)).toEqual({ page: '1', per_page: '20', sort: 'updated_at', order: 'desc' });
    // First the bulk actions' selection column (its header checks the page).
    const [selectAll, ...named] = screen.getAllByRole('columnheader');
    expect(within(selectAll).getByRole('checkbox')).toBeInTheDocument();
    const headers = named.slice(0, 5).map((h) => h.textContent?.trim());
    expect(headers).toEqual(['Naziv', 'Opis', 'Prikaz', 'Aktivan', 'Akcije']);
    expect(within(row).getByText('Opis kampanje 1')).toBeInTheDocument();
    expect(within(row).getByText('Prikazana')).toBeInTheDocument();
    expect(within(await rowOf('Proljećna akcija')).getByText('Skrivena')).toBeInTheDocument();
    expect(
      within(row)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Detalji', 'Sakrij', 'Izmijeni', 'Deaktiviraj']);
  });

  it('hides a campaign after the confirmation (PUT activate) and says so', async () => {
    const { calls } = mockFetch(list, route('PUT', '/api/campaigns/activate/1', { body: { is_visible: false } }));
    const user = userEvent.setup();
    renderScreen(<CampaignsPage />);
    await user.click(within(await rowOf('Zimska kampanja')).getByRole('button', { name: 'Sakrij' }));
    const confirm = await screen.findByRole('dialog', { name: 'Skrivanje kampanje' });
    await user.click(within(confirm).getByRole('button', { name: 'Potvrdi' }));
    expect(await screen.findByText('Kampanja je skrivena')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('adds a campaign with its image (multipart), confirms and goes on to its details and composition', async () => {
    const created = campaign(9, { name: 'Jesenja kampanja' });
    const { calls } = mockFetch(list, route('POST', '/api/campaigns', { status: 201, body: created }));
    const user = userEvent.setup();
    renderScreen(<CampaignsPage />, {
      path: '/campaigns',
      extraRoutes: [{ path: '/campaigns/:id', element: <Where /> }],
    });
    await screen.findByText('Zimska kampanja');
    await user.click(screen.getByRole('button', { name: 'Dodaj' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova kampanja' });
    expect(dialog).toHaveTextContent('Polja označena zvjezdicom');

    // Nothing is sent without a name, a description and an image.
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    expect(await within(dialog).findByText('Morate izabrati sliku u formatu jpg, jpeg ili png')).toBeInTheDocument();
    expect(await screen.findByText('Morate popuniti obavezna polja')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Naziv/), 'Jesenja kampanja');
    await user.type(within(dialog).getByLabelText(/^Opis/), 'Popusti na alate');
    await user.upload(within(dialog).getByLabelText(/^Slika/), png());
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));

    expect(await screen.findByText('Uspješno dodavanje')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.form?.get('name')).toBe('Jesenja kampanja');
    expect(post.form?.get('description')).toBe('Popusti na alate');
    // (The test's Request drops a part's file name; the size shows the chosen file went.)
    expect((post.form?.get('image') as Blob).size).toBe(8);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/campaigns/9?tab=categories&compose=0'));
  });

  it('edits with the version it loaded (If-Match) and keeps the image when none is chosen', async () => {
    const { calls } = mockFetch(
      list,
      route('POST', '/api/campaigns/1', (req) => ({ body: campaign(1, { name: String(req.form?.get('name')) }) })),
    );
    const user = userEvent.setup();
    renderScreen(<CampaignsPage />);
    await user.click(within(await rowOf('Zimska kampanja')).getByRole('button', { name: 'Izmijeni' }));
    const dialog = await screen.findByRole('dialog', { name: 'Izmjena kampanje' });
    const name = within(dialog).getByLabelText(/^Naziv/);
    await user.clear(name);
    await user.type(name, 'Zimska kampanja 2');
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    expect(await screen.findByText('Uspješna izmjena')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.headers.get('If-Match')).toBe('"3"');
    expect(post.form?.get('name')).toBe('Zimska kampanja 2');
    expect(post.form?.has('image')).toBe(false);
  });

  it('a stale edit (409) reloads the campaign, shows both names and saves again at the new version', async () => {
    let server = campaign(1, { name: 'Zimska kampanja (izmijenjena)', version: 4 });
    const { calls } = mockFetch(
      route('GET', '/api/campaigns', (req) =>
        req.url.searchParams.get('id') === '1' && !req.url.searchParams.has('page')
          ? { body: [server] }
          : { body: ROWS, headers: { 'X-Total-Count': '2' } },
      ),
      route('POST', '/api/campaigns/1', (req) => {
        if (req.headers.get('If-Match') !== `"${server.version}"`) {
          return { status: 409, body: { message: 'The record was changed by someone else. Reload it to see the changes.' } };
        }
        server = { ...server, name: String(req.form?.get('name')), version: server.version + 1 };
        return { body: server };
      }),
    );
    const user = userEvent.setup();
    renderScreen(<CampaignsPage />);
    await user.click(within(await rowOf('Zimska kampanja')).getByRole('button', { name: 'Izmijeni' }));
    const dialog = await screen.findByRole('dialog', { name: 'Izmjena kampanje' });
    const name = within(dialog).getByLabelText(/^Naziv/);
    await user.clear(name);
    await user.type(name, 'Moja zimska kampanja');
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));

    const panel = await within(dialog).findByRole('region', { name: 'Zapis je u međuvremenu izmijenio neko drugi.' });
    expect(panel).toHaveTextContent(/Sačuvano sada\s*Zimska kampanja \(izmijenjena\)/);
    expect(panel).toHaveTextContent(/Vaša vrijednost\s*Moja zimska kampanja/);
    await user.click(await within(panel).findByRole('button', { name: 'Uzmi moje: Naziv' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }));
    expect(await screen.findByText('Uspješna izmjena')).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.headers.get('If-Match'))).toEqual(['"3"', '"4"']);
    expect(posts[1].form?.get('name')).toBe('Moja zimska kampanja');
  });
});
