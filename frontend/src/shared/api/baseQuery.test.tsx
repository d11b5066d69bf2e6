import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { mockFetch, route } from '../../test/fetchMock';
import { renderScreen } from '../../test/render';
import { loggedIn } from '../auth/authSlice';
import { saveAuth } from '../auth/storage';
import { baseApi } from './baseApi';

const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    probe: build.mutation<unknown, void>({ query: () => ({ url: 'probe', method: 'POST' }) }),
  }),
});

function Probe() {
  const [run] = probeApi.useProbeMutation();
  useEffect(() => {
    void run();
  }, [run]);
  return <p>probing</p>;
}

function signedInScreen() {
  const session = saveAuth({ token: 'tok', expires_in: 600, partner_id: null }, 'admin');
  const utils = renderScreen(<Probe />, { path: '/users', extraRoutes: [{ path: '/login', element: <p>login screen</p> }] });
  utils.store.dispatch(loggedIn(session));
  return utils;
}

describe('API error handling', () => {
  it('sends the bearer token', async () => {
    const { calls } = mockFetch(route('POST', '/api/probe', { body: {} }));
    signedInScreen();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].headers.get('Authorization')).toBe('Bearer tok');
  });

  it('401: clears the session, says the user must log in, then goes to /login', async () => {
    mockFetch(route('POST', '/api/probe', { status: 401, body: { message: 'Unauthenticated.' } }));
    const { store, router } = signedInScreen();
    const dialog = await screen.findByRole('dialog', { name: 'Sesija je istekla' });
    expect(dialog).toHaveTextContent('Morate se prijaviti');
    expect(localStorage.getItem('token')).toBeNull();
    expect(store.getState().auth.session).toBeNull();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'U redu' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('422: the validation dialog lists each server message translated by the key rule', async () => {
    mockFetch(
      route('POST', '/api/probe', {
        status: 422,
        body: {
          message: 'The given data was invalid.',
          errors: {
            username: ['The username has already been taken.'],
            name: ['The name must be at least 2 characters.', 'Some untranslated sentence.'],
          },
        },
      }),
    );
    signedInScreen();
    const dialog = await screen.findByRole('dialog', { name: 'Greška u unosu' });
    expect(dialog).toHaveTextContent('Korisničko ime je već zauzeto.');
    expect(dialog).toHaveTextContent('Ime mora imati najmanje 2 karaktera.');
    expect(dialog).toHaveTextContent('Some untranslated sentence.');
  });

  it.each([
    [403, 'Nemate dozvolu za ovu radnju.'],
    [429, 'Previše pokušaja. Pokušajte ponovo kasnije.'],
    [434, 'Vec postoji (Status: Neaktivan)'],
    [435, 'Izmjene zabranjene, koristi se u evidencijama'],
    [436, 'Neispravni datumi'],
    [491, 'Došlo je do greške prilikom slanja notifikacija na neke od uređaja.'],
    [500, 'Došlo je do greške. Pokušajte ponovo.'],
  ])('%i shows its translated text', async (status, text) => {
    mockFetch(route('POST', '/api/probe', { status, body: { message: 'server text' } }));
    signedInScreen();
    const dialog = await screen.findByRole('dialog', { name: 'Greška' });
    expect(dialog).toHaveTextContent(text);
  });

  it('489 shows the generic error title without text', async () => {
    mockFetch(route('POST', '/api/probe', { status: 489, body: { message: 'server text' } }));
    signedInScreen();
    const dialog = await screen.findByRole('dialog', { name: 'Greška' });
    expect(dialog.querySelector('.p-dialog-content')?.textContent ?? '').toBe('');
  });

  it('435 shows the spec text and the server’s reason, translated', async () => {
    mockFetch(route('POST', '/api/probe', { status: 435, body: { message: 'The country has active cities.' } }));
    signedInScreen();
    const dialog = await screen.findByRole('dialog', { name: 'Greška' });
    expect(dialog).toHaveTextContent('Izmjene zabranjene, koristi se u evidencijama');
    expect(dialog).toHaveTextContent('Država ima aktivne gradove.');
  });
});
