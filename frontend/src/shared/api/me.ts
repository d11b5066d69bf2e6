import { baseApi } from './baseApi';

/** The signed-in account, as GET /api/getLogedUserData answers it. */
export interface LoggedUser {
  id: number;
  name: string;
  username: string;
  partner_id: number | null;
  roles: string[];
  /** The account's version, which an own-profile edit sends back (ADR 0011). */
  version: number;
  /**
   * What the roles may do, by resource (`read`, `write`, `pick`), from the server's policy; a
   * resource the roles may not touch is absent (ADR 0029). Older servers leave it out.
   */
  permissions?: Record<string, string[]>;
  /** Two-factor sign-in is on for the account (issue 23). */
  mfa_enabled?: boolean;
  /** The account's role requires two-factor sign-in; without it on, only enrolment is open. */
  mfa_required?: boolean;
}

/** One query of the signed-in account, shared by the profile and the users screen (its roles). */
const meApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getLoggedUser: build.query<LoggedUser, void>({
      query: () => 'getLogedUserData',
      providesTags: [{ type: 'Me', id: 'CURRENT' }],
    }),
  }),
});

export const { useGetLoggedUserQuery } = meApi;
