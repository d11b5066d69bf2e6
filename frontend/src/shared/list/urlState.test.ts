import { describe, expect, it } from 'vitest';
import { hasUrlState, readUrlState, writeUrlState, type ListUrlShape } from './urlState';

const shape: ListUrlShape = {
  filterFields: ['name', 'city_name', 'debt'],
  sortFields: ['id', 'name', 'debt', 'is_active'],
  pageSizes: [10, 20, 30, 50],
  defaultSort: { field: 'id', order: 'asc' },
};

describe('list state in the address', () => {
  it('writes only what differs from the defaults, and reads it back the same', () => {
    const state = {
      filters: { name: ' ana ', city_name: '', debt: '>100' },
      active: 'active' as const,
      sort: { field: 'debt', order: 'desc' as const },
      page: 3,
      perPage: 20,
      view: 7,
    };
    const search = writeUrlState(state, shape, new URLSearchParams('tab=cart&name=old'));
    expect(search.toString()).toBe('tab=cart&view=7&name=ana&debt=%3E100&is_active=1&sort=debt&order=desc&per_page=20&page=3');
    expect(readUrlState(search, shape)).toEqual({ ...state, filters: { name: 'ana', debt: '>100' } });
    expect(writeUrlState(readUrlState(new URLSearchParams(), shape), shape).toString()).toBe('');
  });

  it('ignores what the list does not accept: unknown filters, sorts, sizes, pages and orders', () => {
    const read = readUrlState(
      new URLSearchParams('password=x&sort=secret&order=sideways&per_page=1000&page=-2&is_active=maybe&view=abc'),
      shape,
    );
    expect(read).toEqual({ filters: {}, active: 'all', sort: { field: 'id', order: 'asc' }, page: 1, perPage: 10 });
  });

  it('cuts a filter to the server limit and knows whether the address says anything', () => {
    const read = readUrlState(new URLSearchParams({ name: 'a'.repeat(500) }), shape);
    expect(read.filters.name).toHaveLength(200);
    expect(hasUrlState(new URLSearchParams('tab=cart'), shape)).toBe(false);
    expect(hasUrlState(new URLSearchParams('page=2'), shape)).toBe(true);
    expect(hasUrlState(new URLSearchParams('city_name=Bar'), shape)).toBe(true);
  });
});
