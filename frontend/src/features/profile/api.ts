import { baseApi } from '../../shared/api/baseApi';

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
    updateProfile: build.mutation<{ name: string; username: string }, ProfileUpdate>({
      query: (body) => ({ url: 'userUpdate', method: 'POST', body }),
      invalidatesTags: [{ type: 'Me', id: 'CURRENT' }, { type: 'User', id: 'LIST' }],
    }),
  }),
});

export const { useUpdateProfileMutation } = profileApi;
