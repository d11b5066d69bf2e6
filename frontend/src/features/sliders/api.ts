import { baseApi } from '../../shared/api/baseApi';
import { blobUrlOrError, exportParams } from '../../shared/api/download';
import { listQueryParams, listTags, toPage, type ListParams, type Page, type ToggleAnswer } from '../../shared/api/list';
import { ifMatch } from '../../shared/api/record';
import { errorStatus, PUSH_PARTLY_FAILED } from '../../shared/errors/apiError';
import type { Slider, SliderPartner, SliderPartnersPage, VisibilityAnswer } from './types';

/** Which partners of a slider: the seminar's sign-ups, or (ordered) only those with an order. */
export interface SliderPartnersArgs {
  sliderId: number;
  params: ListParams;
  /** ordered=1: only partners with an order (the promotion's orders dialog). */
  ordered?: boolean;
}

function partnersQuery({ params, ordered }: SliderPartnersArgs, paged: boolean): Record<string, string | number> {
  const query = paged ? listQueryParams(params) : exportParams(params);
  if (ordered) query.ordered = 1;
  return query;
}

function headerNumber(value: string | null | undefined, fallback: number): number {
  if (value === null || value === undefined || value === '') return fallback;
  const n = Number(value);
  return Number.isFinite(n) ? n : fallback;
}

function imageForm(file: File): FormData {
  const form = new FormData();
  form.append('image', file, file.name);
  return form;
}

export const slidersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listSliders: build.query<Page<Slider>, ListParams>({
      query: (params) => ({ url: 'sliders', params: listQueryParams(params) }),
      transformResponse: (items: Slider[], meta) => toPage(items, meta),
      providesTags: (page) => listTags('Slider', page),
    }),
    /** GET /api/sliders/{id}: the slider as the server has it now (a list of one, or the object). */
    getSlider: build.query<Slider, number>({
      query: (id) => `sliders/${id}`,
      transformResponse: (answer: Slider[] | Slider) => (Array.isArray(answer) ? answer[0] : answer),
      providesTags: (_r, _e, id) => [{ type: 'Slider', id }],
    }),
    /** Multipart (the contract's fields); 201 with the slider. */
    createSlider: build.mutation<Slider, FormData>({
      query: (body) => ({ url: 'sliders', method: 'POST', body }),
      // 491: saved, though its notification failed on some devices; the list shows it too.
      invalidatesTags: (_r, error) => (error && errorStatus(error) !== PUSH_PARTLY_FAILED ? [] : [{ type: 'Slider', id: 'LIST' }]),
    }),
    /** Multipart, with the version it was loaded at (If-Match, ADR 0011). */
    updateSlider: build.mutation<Slider, { id: number; version: number; body: FormData }>({
      query: ({ id, version, body }) => ({ url: `sliders/${id}`, method: 'POST', body, headers: ifMatch(version) }),
      invalidatesTags: (_r, error, { id }) => (error && errorStatus(error) !== PUSH_PARTLY_FAILED ? [] : [{ type: 'Slider', id }]),
    }),
    toggleSlider: build.mutation<ToggleAnswer, number>({
      query: (id) => ({ url: `sliders/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, error, id) => (error ? [] : [{ type: 'Slider', id }]),
    }),
    /**
     * PUT /api/sliders/activate/{id}: shows or hides the slider (spec §4). The answered is_visible
     * is applied to the row at once; a refusal (422) is explained by the error dialog.
     */
    toggleSliderVisibility: build.mutation<VisibilityAnswer, number>({
      query: (id) => ({ url: `sliders/activate/${id}`, method: 'PUT' }),
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        let answer: VisibilityAnswer;
        try {
          ({ data: answer } = await queryFulfilled);
        } catch {
          return;
        }
        for (const args of slidersApi.util.selectCachedArgsForQuery(getState(), 'listSliders')) {
          dispatch(
            slidersApi.util.updateQueryData('listSliders', args, (page) => {
              const row = page.items.find((s) => s.id === id);
              if (row) row.is_visible = answer.is_visible;
            }),
          );
        }
      },
    }),
    /** GET /api/sliders/{id}/partners: a page, its total and the total quantity of the filter. */
    sliderPartners: build.query<SliderPartnersPage, SliderPartnersArgs>({
      query: (args) => ({ url: `sliders/${args.sliderId}/partners`, params: partnersQuery(args, true) }),
      transformResponse: (items: SliderPartner[], meta) => {
        const page = toPage(items, meta);
        const quantity = items.reduce((sum, p) => sum + p.quantity, 0);
        return { ...page, totalQuantity: headerNumber(meta?.response?.headers.get('X-Total-Quantity'), quantity) };
      },
      providesTags: (_r, _e, { sliderId }) => [{ type: 'SliderPartner', id: sliderId }],
    }),
    /** The same filters and sort as the dialog shows, every row, as Partners.xlsx (an object URL). */
    downloadSliderPartnersExcel: build.mutation<string, SliderPartnersArgs>({
      query: (args) => ({
        url: `sliders/${args.sliderId}/partners/excel`,
        params: partnersQuery(args, false),
        responseHandler: blobUrlOrError,
      }),
    }),
    /** Marks the chosen sign-ups confirmed. */
    confirmSliderPartners: build.mutation<{ confirmed: number }, { sliderId: number; partners: number[] }>({
      query: ({ sliderId, partners }) => ({ url: `sliders/${sliderId}/confirm`, method: 'POST', body: { partners } }),
      invalidatesTags: (_r, error, { sliderId }) => (error ? [] : [{ type: 'SliderPartner', id: sliderId }]),
    }),
    /** POST /api/sliderWysWygImages: an image of the page content; answers its address. */
    uploadSliderContentImage: build.mutation<{ link: string }, File>({
      query: (file) => ({ url: 'sliderWysWygImages', method: 'POST', body: imageForm(file) }),
    }),
  }),
});

export const {
  useListSlidersQuery,
  useGetSliderQuery,
  useCreateSliderMutation,
  useUpdateSliderMutation,
  useToggleSliderMutation,
  useToggleSliderVisibilityMutation,
  useSliderPartnersQuery,
  useDownloadSliderPartnersExcelMutation,
  useConfirmSliderPartnersMutation,
  useUploadSliderContentImageMutation,
} = slidersApi;
