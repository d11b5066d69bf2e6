import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, route } from '../../test/fetchMock';
import { renderScreen } from '../../test/render';
import LoginPage from './LoginPage';

function renderLogin() {
  return renderScreen(<LoginPage />, {
    path: '/login',
    extraRoutes: [{ path: '/', element: <p>home screen</p> }],
  });
}

async function signIn(username: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/Korisničko ime/), username);
  await user.type(screen.getByLabelText(/Šifra/), `${password}{Enter}`);
}

describe('login', () => {
  it('stores the session and notification info, then goes home', async () => {
    const before = Date.now();
    const { calls } = mockFetch(
      route('POST', '/api/login', { body: { token: 'tok-1', expires_in: 3600, partner_id: null } }),
      route('GET', '/api/getCommentInfo', { body: { evidentions: 'null' } }),
    );
    const { router } = renderLogin();
    await signIn('admin', 'secret');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(localStorage.getItem('username')).toBe('admin');
    expect(localStorage.getItem('partner_id')).toBe('null');
    const expiration = Number(localStorage.getItem('expiration'));
    expect(expiration).toBeGreaterThanOrEqual(before + 3600_000);
    expect(expiration).toBeLessThanOrEqual(Date.now() + 3600_000);
    expect(localStorage.getItem('evidentions')).toBe('[]');

    expect(calls[0].body).toEqual({ username: 'admin', password: 'secret' });
    expect(calls[0].headers.get('Authorization')).toBeNull();
    expect(calls[1].url.pathname).toBe('/api/getCommentInfo');
    expect(calls[1].headers.get('Authorization')).toBe('Bearer tok-1');
  });

  it('says that a partner-linked account belongs to the partner app, ends its session and stores nothing', async () => {
    const { calls } = mockFetch(
      route('POST', '/api/login', { body: { token: 'partner-token', expires_in: 3600, partner_id: 7 } }),
      route('POST', '/api/logout', { status: 204 }),
    );
    const { router } = renderLogin();
    await signIn('partner', 'secret');

    expect(await screen.findByRole('alert')).toHaveTextContent('Ovaj nalog pripada aplikaciji za partnere.');
    await waitFor(() => expect(calls.map((c) => c.url.pathname)).toEqual(['/api/login', '/api/logout']));
    expect(calls[1].headers.get('Authorization')).toBe('Bearer partner-token');
    expect(router.state.location.pathname).toBe('/login');
    const stored = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
    expect(stored.filter((key) => key !== 'language')).toEqual([]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the translated server message for wrong credentials', async () => {
    mockFetch(route('POST', '/api/login', { status: 401, body: { message: 'Wrong username or password.' } }));
    const { router } = renderLogin();
    await signIn('admin', 'bad');
    expect(await screen.findByRole('alert')).toHaveTextContent('Pogrešno korisničko ime ili šifra');
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
    // A failed login is not a session expiry.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('falls back to the default text without a server message and shows raw unknown ones', async () => {
    mockFetch(route('POST', '/api/login', { status: 401, body: {} }));
    renderLogin();
    await signIn('admin', 'bad');
    expect(await screen.findByRole('alert')).toHaveTextContent('Pogrešno korisničko ime ili šifra');
  });

  it('shows the too-many-attempts text on 429', async () => {
    mockFetch(route('POST', '/api/login', { status: 429, body: { message: 'Too many login attempts. Try again later.' } }));
    renderLogin();
    await signIn('admin', 'bad');
    expect(await screen.findByRole('alert')).toHaveTextContent('Previše pokušaja. Pokušajte ponovo kasnije.');
  });

  it('says the server is busy on the 429 of saturated password checks', async () => {
    mockFetch(route('POST', '/api/login', { status: 429, body: { message: 'The server is busy. Try again in a moment.' } }));
    renderLogin();
    await signIn('admin', 'admin-pass');
    expect(await screen.findByRole('alert')).toHaveTextContent('Server je trenutno zauzet. Pokušajte ponovo za trenutak.');
  });

  it('requires both fields and sends nothing when they are empty', async () => {
    const { calls } = mockFetch();
    renderLogin();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Prijavi se' }));
    expect(await screen.findAllByText('Obavezno polje')).toHaveLength(2);
    expect(await screen.findByText('Morate popuniti obavezna polja')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  describe('two-factor step', () => {
    const challenge = route('POST', '/api/login', { body: { mfa_required: true, challenge: 'ch-1', expires_in: 300 } });

    it('asks for the code after the password, then signs in with it', async () => {
      const { calls } = mockFetch(
        challenge,
        route('POST', '/api/login/mfa', { body: { token: 'tok-2', expires_in: 3600, partner_id: null, mfa_enrollment_required: false } }),
        route('GET', '/api/getCommentInfo', { body: { evidentions: 'null' } }),
      );
      const { router } = renderLogin();
      await signIn('admin', 'secret');

      expect(await screen.findByRole('heading', { name: 'Prijava u dva koraka' })).toBeInTheDocument();
      const field = screen.getByLabelText(/Kôd iz aplikacije/);
      expect(field).toHaveFocus();
      expect(field).toHaveAttribute('inputmode', 'numeric');
      expect(field).toHaveAttribute('autocomplete', 'one-time-code');
      expect(localStorage.getItem('token')).toBeNull();

      await userEvent.setup().type(field, '123 456{Enter}');
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(calls[1].body).toEqual({ challenge: 'ch-1', code: '123456' });
      expect(localStorage.getItem('token')).toBe('tok-2');
      expect(localStorage.getItem('username')).toBe('admin');
    });

    it('keeps a wrong code in its field with the reason beside it', async () => {
      mockFetch(
        challenge,
        route('POST', '/api/login/mfa', { status: 422, body: { message: 'Invalid.', errors: { code: ['The code is invalid.'] } } }),
      );
      const { router } = renderLogin();
      await signIn('admin', 'secret');
      const field = await screen.findByLabelText(/Kôd iz aplikacije/);
      await userEvent.setup().type(field, '654321{Enter}');
      expect(await screen.findByText(/Kôd nije ispravan/)).toBeInTheDocument();
      expect(field).toHaveValue('654321');
      expect(router.state.location.pathname).toBe('/login');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('sends a recovery code once the user switches to one', async () => {
      const { calls } = mockFetch(
        challenge,
        route('POST', '/api/login/mfa', { body: { token: 'tok-3', expires_in: 3600, partner_id: null } }),
        route('GET', '/api/getCommentInfo', { body: { evidentions: 'null' } }),
      );
      const { router } = renderLogin();
      await signIn('admin', 'secret');
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Koristi kôd za oporavak' }));
      const field = await screen.findByLabelText(/Kôd za oporavak/);
      expect(field).toHaveFocus();
      await user.type(field, 'abcde-23456{Enter}');
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(calls[1].body).toEqual({ challenge: 'ch-1', code: 'abcde-23456' });
    });

    it('goes back to the password, with what was typed, when the challenge expired', async () => {
      mockFetch(challenge, route('POST', '/api/login/mfa', { status: 401, body: { message: 'The sign-in expired.' } }));
      renderLogin();
      await signIn('admin', 'secret');
      await userEvent.setup().type(await screen.findByLabelText(/Kôd iz aplikacije/), '123456{Enter}');
      expect(await screen.findByRole('alert')).toHaveTextContent('Prijava je predugo trajala. Ponovo unesite šifru.');
      expect(screen.getByLabelText(/Korisničko ime/)).toHaveValue('admin');
      expect(screen.getByLabelText(/Šifra/)).toHaveValue('secret');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('the Back button returns to the password step', async () => {
      mockFetch(challenge);
      renderLogin();
      await signIn('admin', 'secret');
      await userEvent.setup().click(await screen.findByRole('button', { name: 'Nazad' }));
      expect(await screen.findByRole('heading', { name: 'Prijava' })).toBeInTheDocument();
      expect(screen.getByLabelText(/Korisničko ime/)).toHaveValue('admin');
    });
  });
});
