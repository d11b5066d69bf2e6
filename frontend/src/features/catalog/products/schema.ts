import * as yup from 'yup';
import { amountToApi, amountToInput, PRICE } from '../../../shared/format/amount';
import { amountRule } from '../../../shared/validation/amountRules';
import { imageRule, entityNameRule, paragraphRule } from '../../../shared/validation/rules';
import type { Product } from '../types';

export interface ProductFormValues {
  name: string;
  description: string;
  /** As typed in the user's language (ADR 0024): up to 10 digits and 3 decimals, '1.299,90' in Montenegrin. */
  price: string;
  /** A newly chosen image; null keeps the current one on edit. */
  image: File | null;
}

/** Spec §5 "Product": the image is required on add and optional on edit. */
export const productSchema = (mode: 'add' | 'edit', language: string) =>
  yup.object({
    name: entityNameRule(),
    description: paragraphRule(),
    price: amountRule({ language, message: 'validation.price' }),
    image: imageRule({ required: mode === 'add' }),
  });

export function initialProductValues(product: Product | undefined, language: string): ProductFormValues {
  return {
    name: product?.name ?? '',
    description: product?.description ?? '',
    price: product ? amountToInput(product.price, language, PRICE) : '',
    image: null,
  };
}

/** The multipart body of POST /api/products[/{id}] (the price in the API's exact form); without a new image the old one stays. */
export function toProductFormData(values: ProductFormValues, language: string): FormData {
  const form = new FormData();
  form.append('name', values.name.trim());
  form.append('description', values.description.trim());
  form.append('price', amountToApi(values.price, language));
  if (values.image) form.append('image', values.image, values.image.name);
  return form;
}
