import { useSelector } from 'react-redux';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { selectIsAuthenticated } from '../shared/auth/authSlice';

/** Authenticated routes: anyone else goes to /login. */
export function RequireAuth() {
  const authenticated = useSelector(selectIsAuthenticated);
  const location = useLocation();
  if (!authenticated) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** Visitors-only routes (login): a signed-in user goes home. */
export function VisitorOnly() {
  const authenticated = useSelector(selectIsAuthenticated);
  if (authenticated) return <Navigate to="/" replace />;
  return <Outlet />;
}
