import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_FILTER_LENGTH } from '../api/list';
import { CHOOSE_PAGE_SIZES, PAGE_SIZES } from './types';
import { useTableState, type TableStateOptions } from './useTableState';

const OPTIONS: TableStateOptions = {
  filterFields: ['name', 'code'],
  defaultSort: { field: 'name', order: 'asc' },
  pageSizes: PAGE_SIZES,
};

const setup = (options: Partial<TableStateOptions> = {}) => renderHook(() => useTableState({ ...OPTIONS, ...options }));

describe('useTableState', () => {
  it('starts on page 1 with the first page size, the default sort and no filters', () => {
    const { result } = setup();
    expect(result.current.params).toEqual({
      page: 1,
      per_page: 10,
      sort: 'name',
      order: 'asc',
      is_active: undefined,
      filters: { name: '', code: '' },
    });
    expect(result.current.rowsPerPageOptions).toEqual([10, 20, 30, 50]);
    expect(result.current.appliedCount).toBe(0);
  });

  it('uses the choose dialogs’ sizes or an explicit page size', () => {
    expect(setup({ pageSizes: CHOOSE_PAGE_SIZES }).result.current.params.per_page).toBe(8);
    expect(setup({ pageSize: 20 }).result.current.params.per_page).toBe(20);
  });

  it('pages, and a new page size starts from page 1', () => {
    const { result } = setup();
    act(() => result.current.onPage({ first: 20, rows: 10 }));
    expect(result.current.params).toMatchObject({ page: 3, per_page: 10 });
    expect(result.current.first).toBe(20);

    act(() => result.current.onPage({ first: 20, rows: 30 }));
    expect(result.current.params).toMatchObject({ page: 1, per_page: 30 });
    expect(result.current.first).toBe(0);
  });

  it('sorts by a clicked column from page 1 and ignores a header without a field', () => {
    const { result } = setup();
    act(() => result.current.onPage({ first: 10, rows: 10 }));
    act(() => result.current.onSort({ sortField: 'code', sortOrder: -1 }));
    expect(result.current.params).toMatchObject({ sort: 'code', order: 'desc', page: 1 });

    act(() => result.current.onSort({ sortField: '', sortOrder: 1 }));
    expect(result.current.sort).toEqual({ field: 'code', order: 'desc' });
  });

  it('keeps typing in the draft until a search applies it, from page 1', () => {
    vi.useFakeTimers();
    try {
      const { result } = setup();
      act(() => result.current.onPage({ first: 10, rows: 10 }));
      act(() => result.current.setDraftField('name', 'abc'));
      act(() => vi.advanceTimersByTime(10_000));
      // Without a debounce, typing alone never reaches the query.
      expect(result.current.draft.name).toBe('abc');
      expect(result.current.params).toMatchObject({ page: 2, filters: { name: '' } });

      let changed = false;
      act(() => {
        changed = result.current.search();
      });
      expect(changed).toBe(true);
      expect(result.current.params).toMatchObject({ page: 1, filters: { name: 'abc', code: '' } });
      expect(result.current.appliedCount).toBe(1);

      // The same criteria again change nothing: the caller reloads.
      act(() => {
        changed = result.current.search();
      });
      expect(changed).toBe(false);
      // Surrounding spaces do not make criteria new.
      act(() => result.current.setDraftField('name', ' abc '));
      act(() => {
        changed = result.current.search();
      });
      expect(changed).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops a filter at MAX_FILTER_LENGTH characters', () => {
    const { result } = setup();
    act(() => result.current.setDraftField('name', 'x'.repeat(MAX_FILTER_LENGTH + 50)));
    expect(result.current.draft.name).toHaveLength(MAX_FILTER_LENGTH);
    act(() => {
      result.current.search();
    });
    expect(result.current.params.filters.name).toHaveLength(MAX_FILTER_LENGTH);
  });

  describe('with a typing debounce', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('applies what was typed once typing pauses, from page 1', () => {
      const { result } = setup({ typingDebounceMs: 300 });
      act(() => result.current.onPage({ first: 10, rows: 10 }));
      act(() => result.current.setDraftField('name', 'a'));
      act(() => vi.advanceTimersByTime(200));
      act(() => result.current.setDraftField('name', 'ab'));
      act(() => vi.advanceTimersByTime(200));
      act(() => result.current.setDraftField('name', 'abc'));
      act(() => vi.advanceTimersByTime(299));
      // Still typing: the query has not moved.
      expect(result.current.params).toMatchObject({ page: 2, filters: { name: '' } });

      act(() => vi.advanceTimersByTime(1));
      expect(result.current.params).toMatchObject({ page: 1, filters: { name: 'abc' } });
    });

    it('lets Enter apply at once, with nothing left to fire later', () => {
      const { result } = setup({ typingDebounceMs: 300 });
      act(() => result.current.setDraftField('name', 'abc'));
      act(() => {
        result.current.search();
      });
      expect(result.current.params.filters.name).toBe('abc');
      const applied = result.current.params;

      act(() => vi.advanceTimersByTime(1_000));
      expect(result.current.params).toBe(applied);
    });

    it('never delays paging, sorting or the active select', () => {
      const { result } = setup({ typingDebounceMs: 300 });
      act(() => result.current.onPage({ first: 10, rows: 10 }));
      expect(result.current.params.page).toBe(2);
      act(() => result.current.onSort({ sortField: 'code', sortOrder: 1 }));
      expect(result.current.params).toMatchObject({ sort: 'code', page: 1 });
      act(() => {
        result.current.setActive('inactive');
      });
      expect(result.current.params.is_active).toBe(0);
    });

    it('typing back to the applied text keeps the page', () => {
      const { result } = setup({ typingDebounceMs: 300 });
      act(() => result.current.onPage({ first: 10, rows: 10 }));
      act(() => result.current.setDraftField('name', 'x'));
      act(() => result.current.setDraftField('name', ''));
      act(() => vi.advanceTimersByTime(300));
      expect(result.current.params.page).toBe(2);
    });
  });

  it('applies the active select at once, as a search with what the filter row holds', () => {
    const { result } = setup();
    act(() => result.current.setDraftField('name', 'abc'));
    act(() => {
      result.current.search();
    });
    act(() => result.current.setDraftField('code', 'T1'));
    act(() => result.current.onPage({ first: 10, rows: 10 }));

    let changed = false;
    act(() => {
      changed = result.current.setActive('active');
    });
    expect(changed).toBe(true);
    expect(result.current.params).toMatchObject({ page: 1, is_active: 1, filters: { name: 'abc', code: 'T1' } });
    expect(result.current.appliedCount).toBe(3);
    act(() => {
      result.current.setActive('inactive');
    });
    expect(result.current.params.is_active).toBe(0);
    act(() => {
      result.current.setActive('all');
    });
    expect(result.current.params.is_active).toBeUndefined();
  });

  it('clears every filter and the active select, from page 1', () => {
    const { result } = setup();
    act(() => result.current.setDraftField('name', 'abc'));
    act(() => result.current.setDraftField('code', 'T1'));
    act(() => {
      result.current.search(undefined, 'inactive');
    });
    act(() => result.current.onPage({ first: 10, rows: 10 }));

    act(() => {
      result.current.clearFilters();
    });
    expect(result.current.params).toMatchObject({ page: 1, is_active: undefined, filters: { name: '', code: '' } });
    expect(result.current.draft).toEqual({ name: '', code: '' });
    expect(result.current.appliedCount).toBe(0);
  });

  it('clears one column’s filter, keeping the others', () => {
    const { result } = setup();
    act(() => result.current.setDraftField('name', 'abc'));
    act(() => result.current.setDraftField('code', 'T1'));
    act(() => {
      result.current.search();
    });
    act(() => result.current.onPage({ first: 10, rows: 10 }));
    act(() => result.current.clearFilter('code'));
    expect(result.current.params).toMatchObject({ page: 1, filters: { name: 'abc', code: '' } });
    expect(result.current.draft.code).toBe('');

    // An empty one leaves the page alone.
    act(() => result.current.onPage({ first: 10, rows: 10 }));
    act(() => result.current.clearFilter('code'));
    expect(result.current.params.page).toBe(2);
  });

  it('resets to page 1, the default sort and no filters', () => {
    const { result } = setup({ pageSizes: CHOOSE_PAGE_SIZES });
    act(() => result.current.setDraftField('name', 'abc'));
    act(() => {
      result.current.search();
    });
    act(() => result.current.onSort({ sortField: 'code', sortOrder: -1 }));
    act(() => result.current.onPage({ first: 16, rows: 8 }));

    act(() => result.current.reset());
    expect(result.current.params).toEqual({
      page: 1,
      per_page: 8,
      sort: 'name',
      order: 'asc',
      is_active: undefined,
      filters: { name: '', code: '' },
    });
    expect(result.current.draft).toEqual({ name: '', code: '' });
  });

  it('keeps the query arguments the same object while nothing changes', () => {
    const { result, rerender } = setup();
    const before = result.current.params;
    rerender();
    act(() => result.current.setDraftField('name', 'typed'));
    expect(result.current.params).toBe(before);
  });
});
