import { baseApi } from '../../shared/api/baseApi';
import { ifMatch } from '../../shared/api/record';

export interface ProfileUpdate {
  name: string;
  username: string;
  password?: string;
  confirmPassword?: string;
  /** Needed with a new password; a wrong one is a 422 and counts as a failed sign-in. */
  current_password?: string;
}

export const profileApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** An own-profile edit names the version of the account it was loaded at. */
    updateProfile: build.mutation<{ name: string; username: string; version: number }, { version: number; body: ProfileUpdate }>({
      query: ({ version, body }) => ({ url: 'userUpdate', method: 'POST', body, headers: ifMatch(version) }),
      invalidatesTags: [{ type: 'Me', id: 'CURRENT' }, { type: 'User', id: 'LIST' }],
    }),
  }),
});

export const { useUpdateProfileMutation } = profileApi;
