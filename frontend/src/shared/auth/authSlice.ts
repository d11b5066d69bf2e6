import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readAuth, type StoredAuth } from './storage';

export interface AuthState {
  session: StoredAuth | null;
}

const initialState = (): AuthState => ({ session: readAuth() });

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    loggedIn(state, action: PayloadAction<StoredAuth>) {
      state.session = action.payload;
    },
    loggedOut(state) {
      state.session = null;
    },
    usernameChanged(state, action: PayloadAction<string>) {
      if (state.session) state.session.username = action.payload;
    },
  },
});

export const { loggedIn, loggedOut, usernameChanged } = authSlice.actions;

interface WithAuth {
  auth: AuthState;
}

export const selectSession = (state: WithAuth): StoredAuth | null => state.auth.session;
export const selectToken = (state: WithAuth): string | null => state.auth.session?.token ?? null;
export const selectIsAuthenticated = (state: WithAuth): boolean => {
  const session = state.auth.session;
  return session !== null && session.expiration > Date.now();
};
