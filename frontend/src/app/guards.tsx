import { useSelector } from 'react-redux';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { selectIsAuthenticated, selectSignedOut } from '../shared/auth/authSlice';
import { returnPath, type ReturnState } from '../shared/auth/returnTo';

/**
 * Authenticated routes: anyone else goes to /login, which remembers the page asked for (a deep
 * link, or the page open when the session expired), but not after a sign-out on purpose.
 */
export function RequireAuth() {
  const authenticated = useSelector(selectIsAuthenticated);
  const signedOut = useSelector(selectSignedOut);
  const location = useLocation();
  if (!authenticated) {
    if (signedOut) return <Navigate to="/login" replace />;
    const state: ReturnState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}

/** Visitors-only routes (login): a signed-in user goes to the page asked for before, else home. */
export function VisitorOnly() {
  const authenticated = useSelector(selectIsAuthenticated);
  const location = useLocation();
  if (authenticated) return <Navigate to={returnPath(location.state)} replace />;
  return <Outlet />;
}
