import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import LoginPage from '../features/auth/LoginPage';
import { loggedOut } from '../shared/auth/authSlice';
import { NotificationBell } from '../shared/notifications/NotificationBell';
import { mockFetch, route, type MockRequest } from '../test/fetchMock';
import { renderScreen } from '../test/render';
import { RequireAuth, VisitorOnly } from './guards';

/** The app's two route classes around the sign-in screen, home and a deep page, both with the app bar's bell. */
function renderApp(initialEntry: string) {
  return renderScreen(<LoginPage />, {
    path: '/__unused',
    initialEntry,
    extraRoutes: [
      { element: <VisitorOnly />, children: [{ path: '/login', element: <LoginPage /> }] },
      {
        element: <RequireAuth />,
        children: [
          {
            path: '/',
            element: (
              <>
                <NotificationBell />
                <p>home screen</p>
              </>
            ),
          },
          {
            path: '/partners',
            element: (
              <>
                <NotificationBell />
                <p>partners screen</p>
              </>
            ),
          },
        ],
      },
    ],
  });
}

function server() {
  return mockFetch(
    route('POST', '/api/login', { body: { token: 'tok-1', expires_in: 3600, partner_id: null } }),
    route('GET', '/api/getCommentInfo', {
      body: { evidentions: [{ id: 4, type_name: 'Reklamacija', partner_name: 'Voli Trade', created_at: '2026-11-20' }] },
    }),
  );
}

async function signIn() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/Korisničko ime/), 'admin');
  await user.type(screen.getByLabelText(/Šifra/), 'secret{Enter}');
}

const commentInfoCalls = (calls: MockRequest[]) => calls.filter((c) => c.url.pathname === '/api/getCommentInfo');

describe('sign-in redirect', () => {
  it('a deep link opened signed out goes to the login, then to the page asked for', async () => {
    server();
    const { router } = renderApp('/partners?page=2#top');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));

    await signIn();
    expect(await screen.findByText('partners screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/partners');
    expect(router.state.location.search).toBe('?page=2');
    expect(router.state.location.hash).toBe('#top');
  });

  it('the login opened directly goes home', async () => {
    server();
    const { router } = renderApp('/login');
    await signIn();
    expect(await screen.findByText('home screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('after an expired session, signing in again returns to the page that was open', async () => {
    server();
    const { router, store } = renderApp('/partners');
    await signIn();
    await screen.findByText('partners screen');
    act(() => {
      store.dispatch(loggedOut({ expired: true }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await signIn();
    expect(await screen.findByText('partners screen')).toBeInTheDocument();
  });

  it('after a sign-out on purpose, the next sign-in starts at home', async () => {
    server();
    const { router, store } = renderApp('/partners');
    await signIn();
    await screen.findByText('partners screen');
    act(() => {
      store.dispatch(loggedOut());
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await signIn();
    expect(await screen.findByText('home screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('asks for the notification info once per sign-in, the bell counting from that answer', async () => {
    const { calls } = server();
    renderApp('/login');
    await signIn();
    await screen.findByText('home screen');
    expect(await screen.findByRole('button', { name: /1/ })).toHaveClass('topbar__bell');
    // Whatever else settles, no second call.
    await waitFor(() => expect(localStorage.getItem('evidentions')).toContain('Voli Trade'));
    expect(commentInfoCalls(calls)).toHaveLength(1);
    expect(commentInfoCalls(calls)[0].headers.get('Authorization')).toBe('Bearer tok-1');
  });
});
