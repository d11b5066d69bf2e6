import { ifMatch } from '../../shared/api/record';
import { baseApi } from '../../shared/api/baseApi';
import { listQueryParams, listTags, toPage, type ListParams, type Page, type ToggleAnswer } from '../../shared/api/list';
import type { Session } from '../../shared/sessions/types';
import type { SecuritySettings, User, UserPayload } from './types';

export const usersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listUsers: build.query<Page<User>, ListParams>({
      query: (params) => ({ url: 'users', params: listQueryParams(params) }),
      transformResponse: (items: User[], meta) => toPage(items, meta),
      providesTags: (page) => listTags('User', page),
    }),
    getRoles: build.query<string[], void>({
      query: () => 'roles',
      providesTags: [{ type: 'Role', id: 'LIST' }],
    }),
    createUser: build.mutation<User, UserPayload>({
      query: (body) => ({ url: 'users', method: 'POST', body }),
      invalidatesTags: [{ type: 'User', id: 'LIST' }],
    }),
    updateUser: build.mutation<User, { id: number; version: number; body: UserPayload }>({
      query: ({ id, version, body }) => ({ url: `users/${id}`, method: 'PUT', body, headers: ifMatch(version) }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'User', id }],
    }),
    toggleUser: build.mutation<ToggleAnswer, number>({
      query: (id) => ({ url: `users/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, error, id) => (error ? [] : [{ type: 'User', id }]),
    }),
    /** An admin's view of another account's sessions (issue 23). */
    listUserSessions: build.query<Session[], number>({
      query: (id) => `users/${id}/sessions`,
      providesTags: (_r, _e, id) => [{ type: 'Session', id: `USER-${id}` }],
    }),
    endUserSessions: build.mutation<null, number>({
      query: (id) => ({ url: `users/${id}/sessions`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'Session', id: `USER-${id}` }],
    }),
    /** Turns the account's two-factor off and ends its sessions. */
    resetUserMfa: build.mutation<null, number>({
      query: (id) => ({ url: `users/${id}/mfa`, method: 'DELETE' }),
      invalidatesTags: (_r, error, id) => (error ? [] : [{ type: 'User', id }, { type: 'Session', id: `USER-${id}` }]),
    }),
    getSecuritySettings: build.query<SecuritySettings, void>({
      query: () => 'settings/security',
      providesTags: [{ type: 'SecuritySettings', id: 'CURRENT' }],
    }),
    saveSecuritySettings: build.mutation<SecuritySettings, SecuritySettings>({
      query: (body) => ({
        url: 'settings/security',
        method: 'PUT',
        body,
        headers: body.version === undefined ? undefined : ifMatch(body.version),
      }),
      // A refused role (422) shows beside the field; a stale change (409) reloads the policy.
      extraOptions: { handlesStatuses: [409, 422] },
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(usersApi.util.upsertQueryData('getSecuritySettings', undefined, data));
        } catch {
          // The form shows why.
        }
      },
      // Whether the signed-in admin must now enrol too is the profile answer's to say.
      invalidatesTags: (_r, error) => (error ? [] : [{ type: 'Me', id: 'CURRENT' }]),
    }),
  }),
});

export const {
  useListUsersQuery,
  useGetRolesQuery,
  useCreateUserMutation,
  useUpdateUserMutation,
  useToggleUserMutation,
  useListUserSessionsQuery,
  useEndUserSessionsMutation,
  useResetUserMfaMutation,
  useGetSecuritySettingsQuery,
  useSaveSecuritySettingsMutation,
} = usersApi;
