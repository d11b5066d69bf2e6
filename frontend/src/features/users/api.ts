import { ifMatch } from '../../shared/api/record';
import { baseApi } from '../../shared/api/baseApi';
import { listQueryParams, listTags, toPage, type ListParams, type Page, type ToggleAnswer } from '../../shared/api/list';
import type { User, UserPayload } from './types';

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
  }),
});

export const {
  useListUsersQuery,
  useGetRolesQuery,
  useCreateUserMutation,
  useUpdateUserMutation,
  useToggleUserMutation,
} = usersApi;
