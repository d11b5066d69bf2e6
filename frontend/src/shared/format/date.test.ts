import { describe, expect, it } from 'vitest';
import { formatIsoDate, formatIsoDates, fromIsoDate, todayIso, toIsoDate } from './date';

describe('calendar dates', () => {
  it('goes between ISO text and local days without a zone shift', () => {
    const date = fromIsoDate('2026-12-03')!;
    expect([date.getFullYear(), date.getMonth(), date.getDate(), date.getHours()]).toEqual([2026, 11, 3, 0]);
    expect(toIsoDate(date)).toBe('2026-12-03');
    expect(todayIso(new Date(2026, 0, 9, 23, 59))).toBe('2026-01-09');
    expect(fromIsoDate('03.12.2026')).toBeNull();
    expect(fromIsoDate(null)).toBeNull();
  });

  it('shows days in the language', () => {
    expect(formatIsoDate('2026-12-03', 'sr-Latn-ME')).toBe('3.12.2026.');
    expect(formatIsoDate('2026-12-03', 'en')).toBe('12/3/2026');
    expect(formatIsoDates(['2026-12-10', '2026-12-03'], 'sr-Latn-ME')).toBe('3.12.2026., 10.12.2026.');
    expect(formatIsoDate('nonsense', 'en')).toBe('nonsense');
  });
});
