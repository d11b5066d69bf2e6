import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_ME, mockFetch, route, type MockRequest } from '../../../test/fetchMock';
import { renderScreen } from '../../../test/render';
import HomeFigures from './HomeFigures';

const CAMPAIGNS = [
  { id: 3, name: 'Alfa', partners: 0, granted: '0', spent: '0', remaining: '0' },
  { id: 1, name: 'Zima', partners: 2, granted: '1500.5', spent: '350.25', remaining: '1150.25' },
];

const BURNDOWN = {
  ...CAMPAIGNS[0],
  days: [
    { day: '2026-11-27', spent: '0', remaining: '0' },
    { day: '2026-11-28', spent: '0', remaining: '0' },
  ],
};

const PUSH = {
  since: '2026-11-21T23:00:00Z',
  from_id: 12,
  notifications: 2,
  devices: 7,
  delivered: 2,
  failed: 3,
  pending: 1,
  not_configured: 1,
  reasons: [
    { reason: 'UNREGISTERED', count: 2 },
    { reason: 'HTTP 403', count: 1 },
  ],
};

const RISERS = [
  { id: 603, name: 'Dužnik 3', then: '0', now: '10', rise: null },
  { id: 601, name: 'Dužnik 1', then: '1000', now: '1300.5', rise: '30.05' },
];

const SUPPORT = [
  { id: 4, name: 'Pitanje', open: 1 },
  { id: 2, name: 'Žalba', open: 1234 },
];

const ALL = ['read', 'write', 'pick'];

function me(permissions: Record<string, string[]>) {
  return { ...ADMIN_ME, roles: ['x'], permissions };
}

function server(profile: object = { ...ADMIN_ME, permissions: { ...ADMIN_ME.permissions, overviewSettings: ['write'] } }) {
  let threshold = { threshold: '20', version: 1 };
  return mockFetch(
    route('GET', '/api/getLogedUserData', { body: profile }),
    route('GET', '/api/overview/campaigns', { body: CAMPAIGNS }),
    route('GET', /^\/api\/overview\/campaigns\/\d+\/burndown$/, (req) => {
      const id = Number(req.url.pathname.split('/')[4]);
      const c = CAMPAIGNS.find((x) => x.id === id)!;
      return { body: { ...BURNDOWN, ...c } };
    }),
    route('GET', '/api/overview/push', { body: PUSH }),
    route('GET', '/api/overview/debtRise', () => ({
      body: RISERS,
      headers: { 'X-Total-Count': '2', 'X-Debt-Rise-Threshold': threshold.threshold },
    })),
    route('GET', '/api/overview/debtRiseThreshold', () => ({ body: threshold })),
    route('PUT', '/api/overview/debtRiseThreshold', (req: MockRequest) => {
      const body = req.body as { threshold: string; version: number };
      threshold = { threshold: body.threshold, version: body.version + 1 };
      return { body: threshold };
    }),
    route('GET', '/api/overview/supportByType', { body: SUPPORT }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('HomeFigures', () => {
  it('shows every block to an admin, amounts in the language, each linked to its list', async () => {
    const { calls } = server();
    renderScreen(<HomeFigures />);
    const campaigns = await screen.findByRole('region', { name: 'Aktivne akcije: sredstva' });
    const zima = (await within(campaigns).findByRole('link', { name: 'Zima' })).closest('tr')!;
    expect(within(zima).getByText('1.500,5')).toBeInTheDocument();
    expect(within(zima).getByRole('link', { name: '350,25' })).toHaveAttribute('href', '/campaigns/1?tab=cart');
    expect(within(zima).getByText('1.150,25')).toBeInTheDocument();
    expect(within(campaigns).getByRole('link', { name: 'Zima' })).toHaveAttribute('href', '/campaigns/1?tab=partners');
    // The burn-down of the first campaign, then of the one chosen.
    await within(campaigns).findByRole('img', { name: /^Alfa:/ });
    await userEvent.selectOptions(within(campaigns).getByLabelText('Potrošnja akcije po danima'), '1');
    await within(campaigns).findByRole('img', { name: /^Zima: .*od dodijeljenih 1\.500,5 do 0$/ });
    expect(calls.some((c) => c.url.pathname === '/api/overview/campaigns/1/burndown')).toBe(true);

    const push = screen.getByRole('region', { name: 'Push obavještenja u posljednjih 7 dana' });
    await within(push).findByText('UNREGISTERED');
    expect(within(push).getByRole('link', { name: 'Otvori listu' })).toHaveAttribute('href', '/notifications?id=%3E%3D12');
    expect(within(push).getByText('Neuspješno').nextSibling).toHaveTextContent('3');

    const debt = screen.getByRole('region', { name: 'Rast duga' });
    await within(debt).findByText('Dužnik 1');
    expect(within(debt).getByRole('link', { name: 'Dužnik 1' })).toHaveAttribute('href', '/partners?id=601');
    expect(within(debt).getByText('30,05%')).toBeInTheDocument();
    expect(within(debt).getByText('od 0')).toBeInTheDocument();
    expect(within(debt).getByText(/^Od .* dug je porastao više od 20 % kod 2 partnera\.$/)).toBeInTheDocument();
    const asked = calls.find((c) => c.url.pathname === '/api/overview/debtRise')!;
    expect(asked.url.searchParams.get('page')).toBe('1');
    expect(asked.url.searchParams.get('per_page')).toBe('10');
    expect(asked.url.searchParams.get('since')).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const support = screen.getByRole('region', { name: 'Otvorene poruke podrške po vrsti' });
    const zalba = await within(support).findByRole('link', { name: /Žalba/ });
    expect(zalba).toHaveAttribute('href', '/customerService?type_name=%C5%BDalba&is_active=1');
    expect(zalba).toHaveTextContent('1.234');
  });

  it('hides the blocks a role may not read, and the threshold form from a role that may not set it', async () => {
    // A financier: campaigns, partners and customer support; no notifications; no settings.
    server(me({ campaigns: ['read', 'pick'], partners: ALL, customerSupport: ['read', 'pick'] }));
    renderScreen(<HomeFigures />);
    const debt = await screen.findByRole('region', { name: 'Rast duga' });
    expect(screen.getByRole('region', { name: 'Aktivne akcije: sredstva' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Otvorene poruke podrške po vrsti' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Push obavještenja u posljednjih 7 dana' })).not.toBeInTheDocument();
    await within(debt).findByText('Rast veći od 20 % (postavlja direktor)');
    expect(within(debt).queryByRole('button', { name: 'Sačuvaj' })).not.toBeInTheDocument();
  });

  it('shows nothing to a role that reads none of the four', async () => {
    const { calls } = server(me({ products: ['read', 'pick'] }));
    const { container } = renderScreen(<HomeFigures />);
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/getLogedUserData')).toBe(true));
    expect(container.querySelector('.home-figures')).toBeNull();
    expect(calls.some((c) => c.url.pathname.startsWith('/api/overview/'))).toBe(false);
  });

  it('sets the threshold as typed in the language, with the version loaded; a bad one is refused before sending', async () => {
    const { calls } = server();
    renderScreen(<HomeFigures />);
    const debt = await screen.findByRole('region', { name: 'Rast duga' });
    const input = await within(debt).findByLabelText('Rast veći od');
    await waitFor(() => expect(input).toHaveValue('20'));
    await userEvent.clear(input);
    await userEvent.type(input, '1001');
    await userEvent.click(within(debt).getByRole('button', { name: 'Sačuvaj' }));
    expect(await within(debt).findByText('Prag mora biti veći od 0 i najviše 1000.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.clear(input);
    await userEvent.type(input, '12,5');
    await userEvent.click(within(debt).getByRole('button', { name: 'Sačuvaj' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ threshold: '12.5', version: 1 });
    // The rise is read again with the new threshold.
    await within(debt).findByText(/više od 12,5 % kod/);
  });
});
