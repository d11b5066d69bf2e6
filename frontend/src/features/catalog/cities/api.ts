import { ifMatch } from '../../../shared/api/record';
import { baseApi } from '../../../shared/api/baseApi';
import { listQueryParams, listTags, toPage, type ListParams, type Page, type ToggleAnswer } from '../../../shared/api/list';
import type { City, CityPayload } from '../types';

export const citiesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listCities: build.query<Page<City>, ListParams>({
      query: (params) => ({ url: 'cities', params: listQueryParams(params) }),
      transformResponse: (items: City[], meta) => toPage(items, meta),
      providesTags: (page) => listTags('City', page),
    }),
    createCity: build.mutation<City, CityPayload>({
      query: (body) => ({ url: 'cities', method: 'POST', body }),
      invalidatesTags: [{ type: 'City', id: 'LIST' }],
    }),
    updateCity: build.mutation<City, { id: number; version: number; body: CityPayload }>({
      query: ({ id, version, body }) => ({ url: `cities/${id}`, method: 'PUT', body, headers: ifMatch(version) }),
      invalidatesTags: (_r, error, { id }) => (error ? [] : [{ type: 'City', id }]),
    }),
    toggleCity: build.mutation<ToggleAnswer, number>({
      query: (id) => ({ url: `cities/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, error, id) => (error ? [] : [{ type: 'City', id }, { type: 'City', id: 'LIST' }]),
    }),
  }),
});

export const {
  useListCitiesQuery,
  useCreateCityMutation,
  useUpdateCityMutation,
  useToggleCityMutation,
} = citiesApi;
