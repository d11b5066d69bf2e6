import { baseApi } from '../../../shared/api/baseApi';
import { namedEndpoints } from '../named/api';

export const countriesApi = baseApi.injectEndpoints({
  endpoints: (build) => {
    const e = namedEndpoints(build, 'countries', 'Country');
    return {
      listCountries: e.list,
      countryOptions: e.options,
      createCountry: e.create,
      updateCountry: e.update,
      toggleCountry: e.toggle,
    };
  },
});

export const {
  useListCountriesQuery,
  useCountryOptionsQuery,
  useCreateCountryMutation,
  useUpdateCountryMutation,
  useToggleCountryMutation,
} = countriesApi;
