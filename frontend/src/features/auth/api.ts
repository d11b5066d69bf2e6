import { baseApi } from '../../shared/api/baseApi';
import type { LoginAnswer } from '../../shared/auth/storage';

export interface Credentials {
  username: string;
  password: string;
}

export interface CommentInfo {
  evidentions: unknown;
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
    /** Called right after login, before the session is in the store, hence the explicit token. */
    getCommentInfo: build.query<CommentInfo, string>({
      query: (token) => ({ url: 'getCommentInfo', headers: { Authorization: `Bearer ${token}` } }),
      extraOptions: { handlesErrors: true },
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useLoginMutation, useLogoutMutation, useLazyGetCommentInfoQuery } = authApi;
