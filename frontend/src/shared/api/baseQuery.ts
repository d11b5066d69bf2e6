import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query';
import { loggedOut, selectIsAuthenticated, selectToken, type AuthState } from '../auth/authSlice';
import { clearAuth } from '../auth/storage';
import { describeError, SESSION_EXPIRED } from '../errors/describeError';
import { dialogShown } from '../errors/dialogSlice';

export interface ApiExtraOptions {
  /**
   * The caller shows the failure itself (login alert, logout): no dialog and no
   * session-expiry handling for this call.
   */
  handlesErrors?: boolean;
  /**
   * Statuses the caller shows itself (a wrong two-factor code's 422 beside its field); any other
   * failure of the call, a 401 included, goes the usual way.
   */
  handlesStatuses?: readonly number[];
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/api',
  prepareHeaders: (headers, { getState }) => {
    const token = selectToken(getState() as { auth: AuthState });
    if (token) headers.set('Authorization', `Bearer ${token}`);
    headers.set('Accept', 'application/json');
    return headers;
  },
});

/**
 * The one place where failed calls are turned into what the user sees (spec §8):
 * 401 clears the session and shows the session-expired notice (the route guard then
 * sends the user to /login); a stale edit (409) is left to the form that sent it; every
 * other failure opens the error dialog.
 */
export const baseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  ApiExtraOptions,
  FetchBaseQueryMeta
> = async (args, api, extraOptions) => {
  const result = await rawBaseQuery(args, api, extraOptions ?? {});
  if (!result.error || extraOptions?.handlesErrors) return result;
  if (typeof result.error.status === 'number' && extraOptions?.handlesStatuses?.includes(result.error.status)) return result;
  if (result.error.status === 401) {
    const state = api.getState() as { auth: AuthState };
    if (selectIsAuthenticated(state) || selectToken(state)) {
      clearAuth();
      api.dispatch(loggedOut({ expired: true }));
      api.dispatch(dialogShown(SESSION_EXPIRED));
    }
    return result;
  }
  // A stale edit (409) is shown by the form that sent it, which keeps what was typed (FormDialog).
  if (result.error.status === 409) return result;
  api.dispatch(dialogShown(describeError(result.error)));
  return result;
};
