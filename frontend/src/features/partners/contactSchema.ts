import * as yup from 'yup';
import { nameRule, TEXT_LIMITS } from '../../shared/validation/rules';
import type { Contact, ContactPayload } from './types';

export interface ContactFormValues {
  contact: string;
  contact_type_id: number | null;
}

/** Spec §5: contact text required, 2 to 300 characters; a contact type chosen. */
export const contactSchema = () =>
  yup.object({
    contact: nameRule(TEXT_LIMITS.contact),
    contact_type_id: yup.number().nullable().required('validation.field'),
  });

export function initialContactValues(contact?: Contact): ContactFormValues {
  return { contact: contact?.contact ?? '', contact_type_id: contact?.contact_type_id ?? null };
}

export function toContactPayload(values: ContactFormValues): ContactPayload {
  return { contact: values.contact.trim(), contact_type_id: values.contact_type_id };
}
