import * as yup from 'yup';
import { cashRule, imageRule, entityNameRule, paragraphRule } from '../../../shared/validation/rules';
import type { Product } from '../types';
import { priceToInput } from './price';

export interface ProductFormValues {
  name: string;
  description: string;
  /** As typed: up to 10 digits and 3 decimals after a comma or a dot. */
  price: string;
  /** A newly chosen image; null keeps the current one on edit. */
  image: File | null;
}

/** Spec §5 "Product": the image is required on add and optional on edit. */
export const productSchema = (mode: 'add' | 'edit') =>
  yup.object({
    name: entityNameRule(),
    description: paragraphRule(),
    price: cashRule({ message: 'validation.price' }),
    image: imageRule({ required: mode === 'add' }),
  });

export function initialProductValues(product: Product | undefined, language: string): ProductFormValues {
  return {
    name: product?.name ?? '',
    description: product?.description ?? '',
    price: product ? priceToInput(product.price, language) : '',
    image: null,
  };
}

/** The multipart body of POST /api/products[/{id}]; without a new image the old one stays. */
export function toProductFormData(values: ProductFormValues): FormData {
  const form = new FormData();
  form.append('name', values.name.trim());
  form.append('description', values.description.trim());
  form.append('price', values.price.trim());
  if (values.image) form.append('image', values.image, values.image.name);
  return form;
}
