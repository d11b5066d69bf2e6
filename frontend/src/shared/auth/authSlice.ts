import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readAuth, type StoredAuth } from './storage';

export interface AuthState {
  session: StoredAuth | null;
  /**
   * How the last session ended: signed out on purpose (the next sign-in starts at home) or
   * expired (a 401: the next sign-in may return to the page that was open).
   */
  ended: 'signed-out' | 'expired' | null;
}

const initialState = (): AuthState => ({ session: readAuth(), ended: null });

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    loggedIn(state, action: PayloadAction<StoredAuth>) {
      state.session = action.payload;
      state.ended = null;
    },
    /** The session ends: signed out by the user, or `{ expired: true }` when the server refused it. */
    loggedOut(state, action: PayloadAction<{ expired?: boolean } | undefined>) {
      state.session = null;
      state.ended = action.payload?.expired ? 'expired' : 'signed-out';
    },
    /** Two-factor sign-in was set up (or the server says it is not required): the panel opens. */
    mfaEnrolled(state) {
      if (state.session) delete state.session.mfaEnrollment;
    },
    usernameChanged(state, action: PayloadAction<string>) {
      if (state.session) state.session.username = action.payload;
    },
  },
});

export const { loggedIn, loggedOut, mfaEnrolled, usernameChanged } = authSlice.actions;

interface WithAuth {
  auth: AuthState;
}

export const selectSession = (state: WithAuth): StoredAuth | null => state.auth.session;
export const selectToken = (state: WithAuth): string | null => state.auth.session?.token ?? null;
/** Whether the user signed out on purpose (then no page is remembered for the next sign-in). */
export const selectSignedOut = (state: WithAuth): boolean => state.auth.ended === 'signed-out';
export const selectIsAuthenticated = (state: WithAuth): boolean => {
  const session = state.auth.session;
  return session !== null && session.expiration > Date.now();
};

/** The sign-in answer said two-factor must be set up before anything else. */
export const selectMfaEnrollmentFlag = (state: WithAuth): boolean => state.auth.session?.mfaEnrollment === true;
