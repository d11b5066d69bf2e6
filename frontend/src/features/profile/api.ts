import { baseApi } from '../../shared/api/baseApi';
import { ifMatch } from '../../shared/api/record';
import type { Session } from '../../shared/sessions/types';

export interface ProfileUpdate {
  name: string;
  username: string;
  password?: string;
  confirmPassword?: string;
  /** Needed with a new password; a wrong one is a 422 and counts as a failed sign-in. */
  current_password?: string;
}

/** POST /api/mfa/enroll: a new secret, not yet in force, and its authenticator link. */
export interface Enrolment {
  /** Base32. */
  secret: string;
  otpauth_url: string;
}

/** DELETE /api/mfa proves the user with a current code or the password. */
export type DisableProof = { code: string } | { password: string };

export const profileApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** An own-profile edit names the version of the account it was loaded at. */
    updateProfile: build.mutation<{ name: string; username: string; version: number }, { version: number; body: ProfileUpdate }>({
      query: ({ version, body }) => ({ url: 'userUpdate', method: 'POST', body, headers: ifMatch(version) }),
      invalidatesTags: [{ type: 'Me', id: 'CURRENT' }, { type: 'User', id: 'LIST' }],
    }),
    /** 409 when two-factor is already on: the enrolment says so itself. */
    enrollMfa: build.mutation<Enrolment, void>({
      query: () => ({ url: 'mfa/enroll', method: 'POST' }),
      extraOptions: { handlesStatuses: [409] },
    }),
    /**
     * The first code turns two-factor on and answers the recovery codes, shown once. The profile
     * answer is asked again only after they were read (the enrolment screen would close at once).
     */
    confirmMfa: build.mutation<{ recovery_codes: string[] }, { code: string }>({
      query: (body) => ({ url: 'mfa/confirm', method: 'POST', body }),
      extraOptions: { handlesStatuses: [422] },
    }),
    /** 422 on a wrong code or password, 403 when the role requires two-factor: the dialog shows both. */
    disableMfa: build.mutation<null, DisableProof>({
      query: (body) => ({ url: 'mfa', method: 'DELETE', body }),
      invalidatesTags: (_r, error) => (error ? [] : [{ type: 'Me', id: 'CURRENT' }]),
      extraOptions: { handlesStatuses: [403, 422] },
    }),
    listSessions: build.query<Session[], void>({
      query: () => 'sessions',
      providesTags: [{ type: 'Session', id: 'MINE' }],
    }),
    endSession: build.mutation<null, Session['id']>({
      query: (id) => ({ url: `sessions/${encodeURIComponent(String(id))}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Session', id: 'MINE' }],
    }),
    endOtherSessions: build.mutation<null, void>({
      query: () => ({ url: 'sessions', method: 'DELETE' }),
      invalidatesTags: [{ type: 'Session', id: 'MINE' }],
    }),
  }),
});

export const {
  useUpdateProfileMutation,
  useEnrollMfaMutation,
  useConfirmMfaMutation,
  useDisableMfaMutation,
  useListSessionsQuery,
  useEndSessionMutation,
  useEndOtherSessionsMutation,
} = profileApi;
