import { describe, expect, it } from 'vitest';
import type { ListParams } from '../../shared/api/list';
import { activityExportParams, activityQueryParams, parseDateRange, parseDay } from './query';

const list = (filters: Record<string, string> = {}, over: Partial<ListParams> = {}): ListParams => ({
  page: 1,
  per_page: 20,
  sort: 'at',
  order: 'desc',
  filters: { at: '', actor: '', resource: '', record_id: '', action: '', ...filters },
  ...over,
});

/** Local midnight of a day as the API receives it. */
const midnight = (y: number, m: number, d: number) => new Date(y, m - 1, d).toISOString();

describe('the filters as GET /api/activity\'s query', () => {
  it('no filter: the page only, newest first by the server\'s default (no sort sent)', () => {
    expect(activityQueryParams(list())).toEqual({ page: 1, per_page: 20 });
  });

  it('the user column\'s text is q; resource, action and record id go as they are, trimmed', () => {
    expect(
      activityQueryParams(list({ actor: ' Dragan ', resource: 'partners', action: 'edit', record_id: ' 1002 ' }, { page: 3, per_page: 50 })),
    ).toEqual({ page: 3, per_page: 50, q: 'Dragan', resource: 'partners', action: 'edit', record_id: '1002' });
  });

  it('a user or partner id (a record\'s history, a partner\'s events) passes through', () => {
    expect(activityQueryParams(list({ user_id: '2', partner_id: '1002' }))).toMatchObject({ user_id: '2', partner_id: '1002' });
  });

  it('a day is from its local midnight to the next', () => {
    const query = activityQueryParams(list({ at: '3.11.2026' }));
    expect(query.from).toBe(midnight(2026, 11, 3));
    expect(query.to).toBe(midnight(2026, 11, 4));
  });

  it('a range includes both days; an open end bounds one side', () => {
    expect(parseDateRange('1.11.2026..30.11.2026')).toEqual({ from: midnight(2026, 11, 1), to: midnight(2026, 12, 1) });
    expect(parseDateRange('1.11.2026...30.11.2026')).toEqual({ from: midnight(2026, 11, 1), to: midnight(2026, 12, 1) });
    expect(parseDateRange('2026-11-01 - 2026-11-30')).toEqual({ from: midnight(2026, 11, 1), to: midnight(2026, 12, 1) });
    expect(parseDateRange('11/1/2026–11/30/2026')).toEqual({ from: midnight(2026, 11, 1), to: midnight(2026, 12, 1) });
    expect(parseDateRange('31.12.2026..')).toEqual({ from: midnight(2026, 12, 31) });
    expect(parseDateRange('..31.12.2026')).toEqual({ to: midnight(2027, 1, 1) });
    expect(parseDateRange('  ')).toEqual({});
  });

  it('text that is no day or range is undefined and is sent as typed, for the server to refuse', () => {
    expect(parseDay('31.2.2026')).toBeNull();
    expect(parseDateRange('31.2.2026')).toBeUndefined();
    expect(parseDateRange('yesterday')).toBeUndefined();
    expect(parseDateRange('1.11.2026 30.11.2026')).toBeUndefined();
    expect(parseDateRange('..')).toBeUndefined();
    expect(activityQueryParams(list({ at: 'yesterday' }))).toEqual({ page: 1, per_page: 20, from: 'yesterday' });
  });

  it('a sort other than newest first is sent', () => {
    expect(activityQueryParams(list({}, { order: 'asc' }))).toMatchObject({ sort: 'at', order: 'asc' });
  });

  it('the Excel download sends the same filters without paging', () => {
    expect(activityExportParams(list({ resource: 'users', at: '3.11.2026' }, { page: 4 }))).toEqual({
      resource: 'users',
      from: midnight(2026, 11, 3),
      to: midnight(2026, 11, 4),
    });
  });
});
