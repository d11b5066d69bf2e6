import { ObjectUtils } from 'primereact/utils';
import { describe, expect, it } from 'vitest';
import { cacheFlatCase } from './flatCaseCache';

describe('cacheFlatCase', () => {
  it('answers what PrimeReact’s own toFlatCase answers, cached or not, and installs once', () => {
    const original = ObjectUtils.toFlatCase;
    const names = ['bodyCell', 'body-cell', 'row_Toggler_Icon', 'column.bodyCell', 'DataTable', '', 'bodyCell'];
    const expected = names.map((n) => original.call(ObjectUtils, n));
    cacheFlatCase();
    const cached = ObjectUtils.toFlatCase;
    expect(cached).not.toBe(original);
    // Asked twice: the second answer comes from the cache and is the same.
    expect(names.map((n) => ObjectUtils.toFlatCase(n))).toEqual(expected);
    expect(names.map((n) => ObjectUtils.toFlatCase(n))).toEqual(['bodycell', 'bodycell', 'rowtogglericon', 'column.bodycell', 'datatable', '', 'bodycell']);
    // Not a string: passed through as PrimeReact does.
    expect(ObjectUtils.toFlatCase(undefined as unknown as string)).toBeUndefined();
    expect(ObjectUtils.toFlatCase(3 as unknown as string)).toBe(3);
    cacheFlatCase();
    expect(ObjectUtils.toFlatCase).toBe(cached);
  });
});
