import { describe, expect, it } from 'vitest';
import type { AnyObjectSchema } from 'yup';
import { productSchema } from './catalog/products/schema';
import { userSchema } from './users/schema';
import { detailsSchema } from './profile/schema';
import { partnerSchema } from './partners/schema';
import { sliderSchema } from './sliders/schema';
import { campaignSchema } from './campaigns/schema';

/** The name field's own message, validating the name alone (the rest of the form may fail). */
function nameError(schema: AnyObjectSchema, name: string): string | undefined {
  try {
    schema.validateSyncAt('name', { name });
    return undefined;
  } catch (e) {
    return (e as { message: string }).message;
  }
}

// The server has one name rule for every record (kernel.NewName): a name may not start with a
// digit. Every form with a name says so before sending, sliders included.
describe('every record name', () => {
  const schemas: [string, AnyObjectSchema][] = [
    ['product', productSchema('add', 'sr')],
    ['user', userSchema('add')],
    ['own profile', detailsSchema],
    ['partner', partnerSchema('add', 'sr')],
    ['slider', sliderSchema('add')],
    ['campaign', campaignSchema('add')],
  ];
  it.each(schemas)('a %s name may not start with a digit', (_, schema) => {
    expect(nameError(schema, '7 dana popusta')).toBe('validation.name_digit');
    expect(nameError(schema, 'Popust 7 dana')).toBeUndefined();
  });
});
