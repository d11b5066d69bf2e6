import { baseApi } from '../../shared/api/baseApi';
import type { LoginAnswer } from '../../shared/auth/storage';

export interface Credentials {
  username: string;
  password: string;
}

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginAnswer, Credentials>({
      query: (body) => ({ url: 'login', method: 'POST', body }),
      // The login screen shows its own alert; a 401 here is not a session expiry.
      extraOptions: { handlesErrors: true },
    }),
    logout: build.mutation<null, void>({
      query: () => ({ url: 'logout', method: 'POST' }),
      extraOptions: { handlesErrors: true },
    }),
  }),
});

export const { useLoginMutation, useLogoutMutation } = authApi;
