import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import LoginPage from '../features/auth/LoginPage';
import { ADMIN_ME, mockFetch, route } from '../test/fetchMock';
import { renderScreen } from '../test/render';
import { EnrolmentOnly, RequireEnrolled } from './enrolmentGuards';
import { RequireAuth, VisitorOnly } from './guards';

/** The route classes as the router nests them: the enrolment screen beside the panel, both behind sign-in. */
function renderApp(initialEntry: string) {
  return renderScreen(<LoginPage />, {
    path: '/__unused',
    initialEntry,
    extraRoutes: [
      { element: <VisitorOnly />, children: [{ path: '/login', element: <LoginPage /> }] },
      {
        element: <RequireAuth />,
        children: [
          { element: <EnrolmentOnly />, children: [{ path: '/mfa-setup', element: <p>enrolment screen</p> }] },
          {
            element: <RequireEnrolled />,
            children: [
              { path: '/', element: <p>home screen</p> },
              { path: '/partners', element: <p>partners screen</p> },
            ],
          },
        ],
      },
    ],
  });
}

async function signIn() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/Korisničko ime/), 'ana');
  await user.type(screen.getByLabelText(/Šifra/), 'secret{Enter}');
}

describe('two-factor enrolment required', () => {
  it('sends an account the sign-in holds at enrolment there, and asks for no notification info', async () => {
    const { calls } = mockFetch(
      route('POST', '/api/login', {
        body: { token: 'tok-1', expires_in: 3600, partner_id: null, mfa_enrollment_required: true },
      }),
      route('GET', '/api/getLogedUserData', () => ({ body: { ...ADMIN_ME, mfa_required: true, mfa_enabled: false } })),
    );
    const { router } = renderApp('/partners');
    await signIn();
    expect(await screen.findByText('enrolment screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/mfa-setup');
    expect(localStorage.getItem('mfa_enrollment')).toBe('1');
    expect(calls.some((c) => c.url.pathname === '/api/getCommentInfo')).toBe(false);

    // Another address typed by hand comes back to the enrolment.
    await router.navigate('/partners');
    await waitFor(() => expect(router.state.location.pathname).toBe('/mfa-setup'));
  });

  it('sends an account the profile answer says must enrol there, though the sign-in did not', async () => {
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('expiration', String(Date.now() + 3600_000));
    localStorage.setItem('username', 'ana');
    localStorage.setItem('partner_id', 'null');
    mockFetch(route('GET', '/api/getLogedUserData', { body: { ...ADMIN_ME, mfa_required: true, mfa_enabled: false } }));
    const { router } = renderApp('/partners');
    expect(await screen.findByText('enrolment screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/mfa-setup');
  });

  it('keeps an account with two-factor on, or not required, out of the enrolment screen', async () => {
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('expiration', String(Date.now() + 3600_000));
    localStorage.setItem('username', 'ana');
    localStorage.setItem('partner_id', 'null');
    localStorage.setItem('mfa_enrollment', '1');
    mockFetch(route('GET', '/api/getLogedUserData', { body: { ...ADMIN_ME, mfa_required: true, mfa_enabled: true } }));
    const { router } = renderApp('/mfa-setup');
    expect(await screen.findByText('home screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    // The stored hold of an old sign-in goes once the profile answer is in.
    await waitFor(() => expect(localStorage.getItem('mfa_enrollment')).toBeNull());
  });
});
