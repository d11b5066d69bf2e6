import { describe, expect, it } from 'vitest';
import { citySchema, initialCityValues, toCityPayload } from './cities/schema';
import { namedSchema } from './named/schema';
import { formatPrice } from './products/price';
import { initialProductValues, productSchema, toProductFormData } from './products/schema';
import { initialStoreValues, storeSchema, toStorePayload } from './stores/schema';
import type { City, Product, Store } from './types';
import { firstErrors } from '../../test/textLimits';

const png = new File([new Uint8Array([137, 80, 78, 71])], 'drill.png', { type: 'image/png' });

describe('country and category form', () => {
  it('wants a name of 2+ characters that does not start with a digit', () => {
    expect(firstErrors(namedSchema(), { name: '' })).toEqual({ name: 'validation.field' });
    expect(firstErrors(namedSchema(), { name: 'X' })).toEqual({ name: 'validation.name_min' });
    expect(firstErrors(namedSchema(), { name: '9 Alati' })).toEqual({ name: 'validation.name_digit' });
    expect(firstErrors(namedSchema(), { name: 'Alati' })).toEqual({});
  });
});

describe('city form', () => {
  it('needs a country besides the name rules', () => {
    expect(firstErrors(citySchema(), { name: '', country_id: null })).toEqual({
      name: 'validation.field',
      country_id: 'validation.field',
    });
    expect(firstErrors(citySchema(), { name: '2Bar', country_id: 1 })).toEqual({ name: 'validation.name_digit' });
    expect(firstErrors(citySchema(), { name: 'Bar', country_id: 1 })).toEqual({});
  });

  it('fills from a city and sends a trimmed name', () => {
    const city: City = {
      id: 3,
      name: 'Bar',
      country_id: 1,
      country: { id: 1, name: 'Crna Gora' },
      country_name: 'Crna Gora',
      is_active: true,
      updated_at: '',
      version: 1,
    };
    expect(initialCityValues(city)).toEqual({ name: 'Bar', country_id: 1 });
    expect(toCityPayload({ name: '  Bar ', country_id: 1 })).toEqual({ name: 'Bar', country_id: 1 });
  });
});

describe('product form', () => {
  const valid = { name: 'Bušilica', description: 'Udarna, 800 W', price: '89,90', image: png };

  it('accepts a complete add form', () => {
    expect(firstErrors(productSchema('add', 'sr-Latn-ME'), valid)).toEqual({});
  });

  it('requires every field on add, the image only there', () => {
    expect(firstErrors(productSchema('add', 'sr-Latn-ME'), { name: '', description: 'x', price: '', image: null })).toEqual({
      name: 'validation.field',
      description: 'validation.name_min',
      price: 'validation.field',
      image: 'validation.image_required',
    });
    expect(firstErrors(productSchema('edit', 'sr-Latn-ME'), { ...valid, image: null })).toEqual({});
  });

  it('checks the price as an amount in the language, saying what is wrong', () => {
    expect(firstErrors(productSchema('add', 'sr-Latn-ME'), { ...valid, price: 'abc' })).toEqual({ price: 'validation.price' });
    expect(firstErrors(productSchema('add', 'sr-Latn-ME'), { ...valid, price: '1,2345' })).toEqual({ price: 'validation.amount_decimals' });
    expect(firstErrors(productSchema('add', 'sr-Latn-ME'), { ...valid, price: '-3' })).toEqual({ price: 'validation.amount_negative' });
    expect(firstErrors(productSchema('add', 'sr-Latn-ME'), { ...valid, price: '12345678901' })).toEqual({ price: 'validation.amount_digits' });
    expect(firstErrors(productSchema('add', 'sr-Latn-ME'), { ...valid, price: '1.299' })).toEqual({});
    expect(firstErrors(productSchema('add', 'sr-Latn-ME'), { ...valid, price: '0' })).toEqual({});
  });

  it('checks the image type and size', () => {
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    expect(firstErrors(productSchema('edit', 'sr-Latn-ME'), { ...valid, image: text })).toEqual({ image: 'validation.image_type' });
    const big = new File(['x'], 'big.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
    expect(firstErrors(productSchema('edit', 'sr-Latn-ME'), { ...valid, image: big })).toEqual({ image: 'validation.image_size' });
  });

  it('builds the multipart body: trimmed texts, the price in the API form, the image only when chosen', () => {
    const withImage = toProductFormData({ ...valid, name: ' Bušilica ' }, 'sr-Latn-ME');
    expect(withImage.get('name')).toBe('Bušilica');
    expect(withImage.get('price')).toBe('89.9');
    // 1.299 is one thousand two hundred ninety-nine in Montenegrin, one and a bit in English.
    expect(toProductFormData({ ...valid, price: '1.299' }, 'sr-Latn-ME').get('price')).toBe('1299');
    expect(toProductFormData({ ...valid, price: '1.299' }, 'en').get('price')).toBe('1.299');
    expect((withImage.get('image') as File).name).toBe('drill.png');
    expect(toProductFormData({ ...valid, image: null }, 'sr-Latn-ME').has('image')).toBe(false);
  });

  it('fills the edit form with the price in the language’s format, as the list shows it', () => {
    const product: Product = {
      id: 1,
      name: 'Crijevo',
      description: 'Tri sloja',
      price: 24.9,
      image: 'a.jpg',
      image_url: '/api/images/products/a.jpg',
      thumb_url: '/api/images/products/a.jpg?size=thumb',
      is_active: true,
      updated_at: '',
      version: 1,
    };
    expect(initialProductValues(product, 'sr-Latn-ME')).toEqual({
      name: 'Crijevo',
      description: 'Tri sloja',
      price: '24,90',
      image: null,
    });
    expect(initialProductValues(product, 'en').price).toBe('24.90');
    expect(initialProductValues({ ...product, price: 1234567890.125 }, 'en').price).toBe('1,234,567,890.125');
    expect(initialProductValues({ ...product, price: 1299 }, 'sr-Latn-ME').price).toBe('1.299,00');
  });

  it('formats prices in the language with 2 to 3 decimals', () => {
    expect(formatPrice(1499.9, 'sr-Latn-ME')).toBe('1.499,90');
    expect(formatPrice(2.125, 'sr-Latn-ME')).toBe('2,125');
    expect(formatPrice(1499.9, 'en')).toBe('1,499.90');
    expect(formatPrice(139, 'en')).toBe('139.00');
  });
});

describe('store form', () => {
  const valid = { city_id: 3, address: 'Njegoševa 1', contact: '+382 20 123 456', lat: '42.4413', lng: '19.2636' };

  it('accepts a complete form', () => {
    expect(firstErrors(storeSchema(), valid)).toEqual({});
  });

  it('requires a city, an address, a contact and a position', () => {
    expect(firstErrors(storeSchema(), { city_id: null, address: '', contact: 'a', lat: '', lng: '' })).toEqual({
      city_id: 'validation.field',
      address: 'validation.field',
      contact: 'validation.name_min',
      lat: 'validation.position',
      lng: 'validation.position',
    });
  });

  it('keeps coordinates on the globe', () => {
    expect(firstErrors(storeSchema(), { ...valid, lat: '91', lng: '-180.5' })).toEqual({
      lat: 'validation.lat_range',
      lng: 'validation.lng_range',
    });
    expect(firstErrors(storeSchema(), { ...valid, lat: 'sjever' })).toEqual({ lat: 'validation.lat_range' });
    expect(firstErrors(storeSchema(), { ...valid, lat: '42,5', lng: '-180' })).toEqual({});
  });

  it('sends numbers for the position and fills the edit form from a store', () => {
    expect(toStorePayload({ ...valid, lat: '42,5', address: ' Njegoševa 1 ' })).toEqual({
      city_id: 3,
      address: 'Njegoševa 1',
      contact: '+382 20 123 456',
      lat: 42.5,
      lng: 19.2636,
    });
    expect(toStorePayload({ ...valid, lat: '', lng: '' })).toMatchObject({ lat: null, lng: null });
    const store: Store = {
      id: 1,
      city_id: 3,
      city: { id: 3, name: 'Bar' },
      city_name: 'Bar',
      address: 'Jovana Tomaševića 12',
      contact: '+382 22 226 114',
      lat: 42.0935,
      lng: 19.1008,
      is_active: true,
      updated_at: '',
      version: 1,
    };
    expect(initialStoreValues(store)).toEqual({
      city_id: 3,
      address: 'Jovana Tomaševića 12',
      contact: '+382 22 226 114',
      lat: '42.0935',
      lng: '19.1008',
    });
  });
});
