import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADMIN_ME, mockFetch, route, type MockRequest } from '../../test/fetchMock';
import { renderScreen } from '../../test/render';
import type { User } from './types';
import UsersPage from './UsersPage';

const linked: User = {
  id: 7,
  name: 'Petar Petrović',
  username: 'petar',
  is_active: true,
  partner_id: 1002,
  partner: { id: 1002, name: 'Voli Trade' },
  partner_name: 'Voli Trade',
  roles: [],
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  version: 1,
};

const unlinked: User = {
  ...linked,
  id: 9,
  name: 'Jovan Jovanović',
  username: 'jovan',
  partner_id: null,
  partner: null,
  partner_name: null,
};

const partners = [
  { id: 1001, name: 'Gradnja Plus d.o.o.', address: 'Bulevar 12', pib: '02345678', pdv: '30/31-01', partner_type_name: 'Veleprodaja', is_active: true },
  { id: 1002, name: 'Voli Trade', address: 'Njegoševa 3', pib: '02345679', pdv: '30/31-02', partner_type_name: null, is_active: true },
];

function server(myRoles: string[] = ['admin']) {
  return mockFetch(
    route('GET', '/api/users', { body: [unlinked, linked], headers: { 'X-Total-Count': '2' } }),
    route('GET', '/api/roles', { body: ['admin', 'director', 'manager', 'engineer', 'financier'] }),
    route('GET', '/api/getLogedUserData', {
      body: { id: 2, name: 'Dragan', username: 'dragan', partner_id: null, roles: myRoles, permissions: ADMIN_ME.permissions },
    }),
    route('GET', '/api/partnersActive', { body: partners, headers: { 'X-Total-Count': '2' } }),
    route('PUT', /^\/api\/users\/\d+$/, (req) => ({ body: { ...linked, ...(req.body as object) } })),
  );
}

const sent = (calls: MockRequest[], method: string) => calls.filter((c) => c.method === method && c.url.pathname.startsWith('/api/users'));

describe('users screen: superior partner', () => {
  it('keeps the partner-name column', async () => {
    server();
    renderScreen(<UsersPage />);
    const row = (await screen.findByText('Petar Petrović')).closest('tr')!;
    expect(row).toHaveTextContent('Voli Trade');
  });

  it('with the switch on and no partner chosen, the form says so and sends nothing', async () => {
    const { calls } = server();
    const user = userEvent.setup({ delay: null });
    renderScreen(<UsersPage />);
    await screen.findByText('Petar Petrović');

    await user.click(screen.getByRole('button', { name: 'Dodaj' }));
    const form = await screen.findByRole('dialog', { name: 'Novi korisnik' });
    expect(within(form).queryByLabelText(/^Partner/)).not.toBeInTheDocument();
    await user.click(within(form).getByRole('switch', { name: 'Nadređeni partner' }));
    const field = within(form).getByLabelText(/^Partner/);
    expect(field).toHaveAttribute('readonly');
    expect(field).toHaveAttribute('placeholder', 'Partner nije izabran');

    await user.click(within(form).getByRole('button', { name: 'Sačuvaj' }));
    expect(await within(form).findByText('Izaberite nadređenog partnera')).toBeInTheDocument();
    expect(sent(calls, 'POST')).toHaveLength(0);
  });

  it('a partner chosen in the dialog is shown and its id is sent', async () => {
    const { calls } = server();
    const user = userEvent.setup({ delay: null });
    renderScreen(<UsersPage />);
    const row = (await screen.findByText('Jovan Jovanović')).closest('tr')!;
    expect(row).toHaveTextContent('—');
    await user.click(within(row).getByRole('button', { name: 'Izmijeni' }));
    const form = await screen.findByRole('dialog', { name: 'Izmjena korisnika' });
    await user.click(within(form).getByRole('switch', { name: 'Nadređeni partner' }));

    await user.click(within(form).getByRole('button', { name: 'Izaberi' }));
    const chooser = await screen.findByRole('dialog', { name: 'Izbor partnera' });
    await user.click(await within(chooser).findByLabelText('Izaberi Gradnja Plus d.o.o.', { selector: 'input' }));
    await user.click(within(chooser).getByRole('button', { name: 'Potvrdi' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Izbor partnera' })).not.toBeInTheDocument());
    expect(within(form).getByLabelText(/^Partner/)).toHaveValue('Gradnja Plus d.o.o.');

    await user.click(within(form).getByRole('button', { name: 'Sačuvaj' }));
    await waitFor(() => expect(sent(calls, 'PUT')).toHaveLength(1));
    expect(sent(calls, 'PUT')[0].body).toMatchObject({ name: 'Jovan Jovanović', partner_id: 1001 });
  });

  it('edit shows the current partner; switching off sends null', async () => {
    const { calls } = server();
    const user = userEvent.setup({ delay: null });
    renderScreen(<UsersPage />);
    const row = (await screen.findByText('Petar Petrović')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Izmijeni' }));
    const form = await screen.findByRole('dialog', { name: 'Izmjena korisnika' });

    const toggle = within(form).getByRole('switch', { name: 'Nadređeni partner' });
    expect(toggle).toBeChecked();
    expect(within(form).getByLabelText(/^Partner/)).toHaveValue('Voli Trade');

    // The dialog opens with the current partner checked.
    await user.click(within(form).getByRole('button', { name: 'Izaberi' }));
    const chooser = await screen.findByRole('dialog', { name: 'Izbor partnera' });
    expect(await within(chooser).findByLabelText('Poništi izbor Voli Trade', { selector: 'input' })).toBeChecked();
    await user.click(within(chooser.querySelector<HTMLElement>('.p-dialog-footer')!).getByRole('button', { name: 'Zatvori' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Izbor partnera' })).not.toBeInTheDocument());

    await user.click(toggle);
    expect(within(form).queryByLabelText(/^Partner/)).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Sačuvaj' }));
    await waitFor(() => expect(sent(calls, 'PUT')).toHaveLength(1));
    expect(sent(calls, 'PUT')[0].body).toMatchObject({ name: 'Petar Petrović', partner_id: null });
  });
});

describe('users screen: roles', () => {
  const offered = async (myRoles: string[]) => {
    server(myRoles);
    const user = userEvent.setup({ delay: null });
    renderScreen(<UsersPage />);
    await screen.findByText('Petar Petrović');
    await user.click(screen.getByRole('button', { name: 'Dodaj' }));
    const form = await screen.findByRole('dialog', { name: 'Novi korisnik' });
    // PrimeReact's MultiSelect opens from its container; the hidden input takes no pointer.
    await user.click(form.querySelector<HTMLElement>('.p-multiselect')!);
    const panel = await waitFor(() => {
      const el = document.querySelector<HTMLElement>('.form-multiselect-panel');
      expect(el).not.toBeNull();
      return el!;
    });
    return within(panel);
  };

  it('a director is offered only the roles it may grant', async () => {
    const panel = await offered(['director']);
    await waitFor(() => expect(panel.getAllByRole('option', { hidden: true }).map((o) => o.textContent)).toEqual(['Direktor']));
  });

  it('an admin is offered every role', async () => {
    const panel = await offered(['admin']);
    await waitFor(() => expect(panel.getAllByRole('option', { hidden: true })).toHaveLength(5));
    expect(panel.getByRole('option', { name: 'Administrator', hidden: true })).toBeInTheDocument();
  });
});
