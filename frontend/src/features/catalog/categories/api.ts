import { baseApi } from '../../../shared/api/baseApi';
import { namedEndpoints } from '../named/api';

export const categoriesApi = baseApi.injectEndpoints({
  endpoints: (build) => {
    const e = namedEndpoints(build, 'categories', 'Category');
    return {
      listCategories: e.list,
      createCategory: e.create,
      updateCategory: e.update,
      toggleCategory: e.toggle,
    };
  },
});

export const { useListCategoriesQuery, useCreateCategoryMutation, useUpdateCategoryMutation, useToggleCategoryMutation } =
  categoriesApi;
