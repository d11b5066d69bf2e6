import { describe, expect, it } from 'vitest';
import { expectServerTextRule, firstErrors } from '../../test/textLimits';
import { citySchema } from './cities/schema';
import { namedSchema } from './named/schema';
import { productSchema } from './products/schema';
import { storeSchema } from './stores/schema';

const png = new File([new Uint8Array([137, 80, 78, 71])], 'drill.png', { type: 'image/png' });
const product = { name: 'Bušilica', description: 'Opis', price: '1', image: png };
const store = { city_id: 1, address: 'Obala 1', contact: '068 111', lat: '42', lng: '19' };

describe('catalog forms keep the server’s text limits', () => {
  it('country and category name: 200', () => expectServerTextRule(namedSchema(), { name: 'Alati' }, 'name', 200));
  it('city name: 200', () => expectServerTextRule(citySchema(), { name: 'Bar', country_id: 1 }, 'name', 200));
  it('product name: 200', () => expectServerTextRule(productSchema('add', 'sr-Latn-ME'), product, 'name', 200));
  it('product description: 2000', () => expectServerTextRule(productSchema('edit', 'sr-Latn-ME'), { ...product, image: null }, 'description', 2000));
  it('store address: 300', () => expectServerTextRule(storeSchema(), store, 'address', 300));
  it('store contact: 300', () => expectServerTextRule(storeSchema(), store, 'contact', 300));

  it('one-line fields refuse tabs and line breaks, a description keeps them', () => {
    expect(firstErrors(namedSchema(), { name: 'Ala\nti' })).toEqual({ name: 'validation.characters' });
    expect(firstErrors(storeSchema(), { ...store, address: 'Obala\t1' })).toEqual({ address: 'validation.characters' });
    expect(firstErrors(productSchema('edit', 'sr-Latn-ME'), { ...product, description: 'Prvi red\n\tDrugi red\r\nTreći' })).toEqual({});
  });

  it('surrounding spaces do not count', () => {
    expect(firstErrors(namedSchema(), { name: `  ${'a'.repeat(200)}  ` })).toEqual({});
  });
});
