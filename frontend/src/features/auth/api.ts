import { baseApi } from '../../shared/api/baseApi';
import type { LoginAnswer } from '../../shared/auth/storage';

export interface Credentials {
  username: string;
  password: string;
}

/** The password was right and the account has two-factor on: a code must follow (issue 23). */
export interface MfaChallenge {
  mfa_required: true;
  /** Names this sign-in in the second step; it lives about five minutes. */
  challenge: string;
  expires_in: number;
}

export type LoginReply = LoginAnswer | MfaChallenge;

export function isMfaChallenge(reply: LoginReply): reply is MfaChallenge {
  return 'mfa_required' in reply && reply.mfa_required === true && !('token' in reply && reply.token);
}

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginReply, Credentials>({
      query: (body) => ({ url: 'login', method: 'POST', body }),
      // The login screen shows its own alert; a 401 here is not a session expiry.
      extraOptions: { handlesErrors: true },
    }),
    /** The second step: a six-digit code or a recovery code for the challenge of the first. */
    loginMfa: build.mutation<LoginAnswer, { challenge: string; code: string }>({
      query: (body) => ({ url: 'login/mfa', method: 'POST', body }),
      extraOptions: { handlesErrors: true },
    }),
    logout: build.mutation<null, void>({
      query: () => ({ url: 'logout', method: 'POST' }),
      extraOptions: { handlesErrors: true },
    }),
  }),
});

export const { useLoginMutation, useLoginMfaMutation, useLogoutMutation } = authApi;
