import { useEffect, type ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Navigate, Outlet } from 'react-router-dom';
import { useGetLoggedUserQuery } from '../shared/api/me';
import { mfaEnrolled, selectMfaEnrollmentFlag } from '../shared/auth/authSlice';
import { ENROLMENT_PATH, enrolmentRequired } from '../shared/auth/mfa';
import { saveEnrolled } from '../shared/auth/storage';
import { PageLoader } from '../shared/ui/PageLoader';

// The two-factor enrolment guards (issue 23) live apart from guards.tsx, in the lazily loaded
// layout and enrolment screen: the profile query they read stays out of the login page's code.

/**
 * Inside the signed-in routes: an account whose role requires two-factor sign-in and has none
 * goes to the enrolment screen and nowhere else (issue 23); the server refuses its other calls.
 */
export function RequireEnrolled({ children }: { children?: ReactNode }) {
  const { required } = useEnrolment();
  if (required) return <Navigate to={ENROLMENT_PATH} replace />;
  return children ?? <Outlet />;
}

/** The enrolment screen is only for an account held there; anyone else goes home. */
export function EnrolmentOnly({ children }: { children?: ReactNode }) {
  const { required, waiting } = useEnrolment();
  if (waiting) return <PageLoader />;
  if (!required) return <Navigate to="/" replace />;
  return children ?? <Outlet />;
}

function useEnrolment() {
  const dispatch = useDispatch();
  const flag = useSelector(selectMfaEnrollmentFlag);
  const { data: me, isLoading } = useGetLoggedUserQuery();
  const required = enrolmentRequired(flag, me);
  // The profile answer says the panel is open (enrolled elsewhere, or no longer required): the
  // stored hold of the sign-in goes.
  useEffect(() => {
    if (flag && me && !required) {
      saveEnrolled();
      dispatch(mfaEnrolled());
    }
  }, [dispatch, flag, me, required]);
  return { required, waiting: !required && isLoading };
}
