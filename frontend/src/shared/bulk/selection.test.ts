import { describe, expect, it } from 'vitest';
import type { ListParams } from '../api/list';
import { cashExtra } from './cash';
import { mayUndo, outcomeOfAnswer, progressPercent, undoOfStatus } from './outcome';
import { parsePercent } from './percent';
import { bulkBody, bulkFilterOf, changeSelection, checkedIds, filterKeyOf, NOTHING, pageFullyChecked, selectedCount } from './selection';

const params = (filters: Record<string, string>, is_active?: 0 | 1): ListParams => ({
  page: 3,
  per_page: 20,
  sort: 'name',
  order: 'desc',
  is_active,
  filters,
});

describe('bulk selection', () => {
  it('sends the list call\'s own filter, without paging and sort, every value as text', () => {
    expect(bulkFilterOf(params({ name: ' mar ', city_name: '', debt: '>1000' }, 1))).toEqual({
      name: 'mar',
      debt: '>1000',
      is_active: '1',
    });
    expect(bulkFilterOf(params({ name: '' }))).toEqual({});
  });

  it('builds the body from the ids checked, ascending, or from the filter for "all that match"', () => {
    const ids = { kind: 'ids' as const, ids: new Set([7, 2, 5]) };
    expect(bulkBody(ids, { name: 'mar' }, 'deactivate')).toEqual({ action: 'deactivate', ids: [2, 5, 7] });
    expect(bulkBody({ kind: 'filter' }, { name: 'mar', is_active: '1' }, 'deactivate')).toEqual({
      action: 'deactivate',
      filter: { name: 'mar', is_active: '1' },
    });
    expect(bulkBody(ids, {}, 'add_category', { category_id: 4 })).toEqual({ action: 'add_category', ids: [2, 5, 7], category_id: 4 });
    expect(bulkBody({ kind: 'filter' }, {}, 'cash', { percent: '-10' })).toEqual({ action: 'cash', filter: {}, percent: '-10' });
    // Never both.
    expect('ids' in bulkBody({ kind: 'filter' }, {}, 'activate')).toBe(false);
    expect('filter' in bulkBody(ids, { name: 'x' }, 'activate')).toBe(false);
  });

  it('counts the filter as the list\'s total and ids as themselves', () => {
    expect(selectedCount({ kind: 'filter' }, 1234)).toBe(1234);
    expect(selectedCount({ kind: 'ids', ids: new Set([1, 2]) }, 1234)).toBe(2);
    expect(selectedCount(NOTHING, 1234)).toBe(0);
  });

  it('keeps other pages\' ids, and unchecking a row of "all that match" leaves the rest of the page', () => {
    const page = [11, 12, 13];
    const kept = changeSelection({ kind: 'ids', ids: new Set([1]) }, page, [11, 12], []);
    expect(kept).toEqual({ kind: 'ids', ids: new Set([1, 11, 12]) });
    const fromAll = changeSelection({ kind: 'filter' }, page, [], [12]);
    expect(fromAll).toEqual({ kind: 'ids', ids: new Set([11, 13]) });
    expect(checkedIds({ kind: 'filter' }, page)).toEqual(new Set(page));
    expect(pageFullyChecked({ kind: 'ids', ids: new Set([11, 12, 13, 99]) }, page)).toBe(true);
    expect(pageFullyChecked({ kind: 'ids', ids: new Set([11, 12]) }, page)).toBe(false);
    expect(pageFullyChecked({ kind: 'ids', ids: new Set() }, [])).toBe(false);
  });

  it('gives a filter one key whatever the order of its fields', () => {
    expect(filterKeyOf({ a: '1', b: '2' })).toBe(filterKeyOf({ b: '2', a: '1' }));
    expect(filterKeyOf({ a: '1' })).not.toBe(filterKeyOf({ a: '2' }));
  });
});

describe('bulk undo rule', () => {
  const now = Date.parse('2026-11-28T10:00:00Z');
  const done = { state: 'done' as const, undoUntil: '2026-11-28T10:20:00Z', undoneBy: null };
  const runner = { id: 5, undoAny: false };

  it('offers the undo within the window to the user who ran it and to an admin only', () => {
    expect(mayUndo(done, 5, runner, now)).toBe(true);
    expect(mayUndo(done, 6, runner, now)).toBe(false);
    expect(mayUndo(done, 6, { id: 1, undoAny: true }, now)).toBe(true);
    expect(mayUndo(done, 5, undefined, now)).toBe(false);
  });

  it('not after the window, not once undone, not while running', () => {
    expect(mayUndo(done, 5, runner, Date.parse('2026-11-28T10:20:00Z'))).toBe(false);
    expect(mayUndo({ ...done, undoUntil: null }, 5, runner, now)).toBe(false);
    expect(mayUndo({ ...done, undoneBy: 99 }, 5, runner, now)).toBe(false);
    expect(mayUndo({ ...done, state: 'running' }, 5, runner, now)).toBe(false);
  });

  it('reads answers and progress', () => {
    const outcome = outcomeOfAnswer({
      event_id: 3,
      state: 'done',
      total: 10,
      done: 7,
      unchanged: 1,
      skipped: [{ id: 4, reason: 'x.', code: 435 }],
      undo_until: null,
    });
    expect(outcome).toMatchObject({ eventId: 3, done: 7, unchanged: 1, skippedCount: 1 });
    expect(progressPercent({ total: 200, done: 50, unchanged: 10, skipped_count: 0 })).toBe(30);
    expect(progressPercent({ total: 0, done: 0, unchanged: 0, skipped_count: 0 })).toBe(0);
    const undo = undoOfStatus(9, {
      state: 'done',
      total: 10,
      done: 8,
      unchanged: 0,
      skipped_count: 2,
      skipped: [{ id: 1, reason: 'r.', code: 409 }],
      undo_until: null,
      undone_by_event: null,
    });
    expect(undo).toMatchObject({ eventId: 9, restored: 8, leftCount: 2 });
  });
});

describe('bulk cash', () => {
  it('reads a percentage in the user\'s language, signed, not below -100', () => {
    expect(parsePercent('-12,5', 'sr-Latn-ME')).toEqual({ ok: true, value: '-12.5' });
    expect(parsePercent('12.5 %', 'en')).toEqual({ ok: true, value: '12.5' });
    expect(parsePercent('+10', 'en')).toEqual({ ok: true, value: '10' });
    expect(parsePercent('-100', 'en')).toEqual({ ok: true, value: '-100' });
    expect(parsePercent('-100,5', 'sr-Latn-ME')).toEqual({ ok: false, key: 'bulk.percent_below' });
    expect(parsePercent('abc', 'en')).toEqual({ ok: false, key: 'bulk.percent_invalid' });
    expect(parsePercent('', 'en')).toEqual({ ok: false, key: 'validation.field' });
  });

  it('sends one amount as the API\'s exact text, or the percentage', () => {
    expect(cashExtra({ mode: 'set', cash: '1.500,5', percent: '' }, 'sr-Latn-ME')).toEqual({ cash: '1500.5' });
    expect(cashExtra({ mode: 'percent', cash: '9', percent: '-10' }, 'sr-Latn-ME')).toEqual({ percent: '-10' });
  });
});
