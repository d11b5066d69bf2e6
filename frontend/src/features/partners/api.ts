import { ifMatch } from '../../shared/api/record';
import { baseApi } from '../../shared/api/baseApi';
import { blobUrlOrError, exportParams } from '../../shared/api/download';
import { listQueryParams, listTags, toPage, type ListParams, type Page, type ToggleAnswer } from '../../shared/api/list';
import type {
  Contact,
  ContactPayload,
  ContactType,
  ImportResult,
  Partner,
  PartnerPayload,
  PartnerType,
} from './types';

function importForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}

export const partnersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listPartners: build.query<Page<Partner>, ListParams>({
      query: (params) => ({ url: 'partners', params: listQueryParams(params) }),
      transformResponse: (items: Partner[], meta) => toPage(items, meta),
      providesTags: (page) => listTags('Partner', page),
    }),
    createPartner: build.mutation<Partner, PartnerPayload>({
      query: (body) => ({ url: 'partners', method: 'POST', body }),
      invalidatesTags: (_r, error) => (error ? [] : [{ type: 'Partner', id: 'LIST' }]),
    }),
    updatePartner: build.mutation<Partner, { id: number; version: number; body: PartnerPayload }>({
      query: ({ id, version, body }) => ({ url: `partners/${id}`, method: 'PUT', body, headers: ifMatch(version) }),
      invalidatesTags: (_r, error, { id }) => (error ? [] : [{ type: 'Partner', id }]),
    }),
    togglePartner: build.mutation<ToggleAnswer, number>({
      query: (id) => ({ url: `partners/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, error, id) => (error ? [] : [{ type: 'Partner', id }]),
    }),
    partnerTypes: build.query<PartnerType[], void>({
      query: () => 'partnerTypes',
    }),
    activeContactTypes: build.query<ContactType[], void>({
      query: () => 'contactTypeActive',
    }),
    /** Every contact of one partner, active and not; no paging. */
    partnerContacts: build.query<Contact[], number>({
      query: (partnerId) => ({ url: 'contacts', params: { partner_id: partnerId } }),
      providesTags: (items) => listTags('Contact', items ? { items, total: items.length } : undefined),
    }),
    createContact: build.mutation<Contact, ContactPayload & { partner_id: number }>({
      query: (body) => ({ url: 'contacts', method: 'POST', body }),
      invalidatesTags: (_r, error) => (error ? [] : [{ type: 'Contact', id: 'LIST' }]),
    }),
    updateContact: build.mutation<Contact, { id: number; version: number; body: ContactPayload }>({
      query: ({ id, version, body }) => ({ url: `contacts/${id}`, method: 'PUT', body, headers: ifMatch(version) }),
      invalidatesTags: (_r, error, { id }) => (error ? [] : [{ type: 'Contact', id }]),
    }),
    toggleContact: build.mutation<ToggleAnswer, number>({
      query: (id) => ({ url: `contacts/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, error, id) => (error ? [] : [{ type: 'Contact', id }]),
    }),
    /** GET /api/getAddPartnerExcelDoc with the list's filters and sort; answers an object URL of the file. */
    downloadPartnersExcel: build.mutation<string, ListParams>({
      query: (params) => ({
        url: 'getAddPartnerExcelDoc',
        params: exportParams(params),
        responseHandler: blobUrlOrError,
      }),
    }),
    /** Reads the file and says what it would do; writes nothing. */
    previewPartnersImport: build.mutation<ImportResult, File>({
      query: (file) => ({ url: 'saveAddPartnerExcelDoc', method: 'POST', params: { preview: 1 }, body: importForm(file) }),
    }),
    /** Saves the file: all rows or, when any row has a problem, none (422 with the problems). */
    savePartnersImport: build.mutation<ImportResult, File>({
      query: (file) => ({ url: 'saveAddPartnerExcelDoc', method: 'POST', body: importForm(file) }),
      invalidatesTags: (_r, error) => (error ? [] : [{ type: 'Partner', id: 'LIST' }]),
    }),
  }),
});

export const {
  useListPartnersQuery,
  useCreatePartnerMutation,
  useUpdatePartnerMutation,
  useTogglePartnerMutation,
  usePartnerTypesQuery,
  useActiveContactTypesQuery,
  usePartnerContactsQuery,
  useCreateContactMutation,
  useUpdateContactMutation,
  useToggleContactMutation,
  useDownloadPartnersExcelMutation,
  usePreviewPartnersImportMutation,
  useSavePartnersImportMutation,
} = partnersApi;
