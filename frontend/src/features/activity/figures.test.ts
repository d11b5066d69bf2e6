import { describe, expect, it } from 'vitest';
import { chartNumber, figureHistory, figureSeries, percentFigures, pointsInRange, type ChartFigure } from './figures';
import type { ActivityEvent, Change } from './types';

const NOW: Record<ChartFigure, string> = {
  bonus: '5%',
  debt: '120000.5',
  payment: '300',
  tool_cash: '50',
  annual_plan: '1000000',
  money_circulation: '80000',
};

let nextId = 1;
function event(at: string, changes: Change[], over: Partial<ActivityEvent> = {}): ActivityEvent {
  return {
    id: nextId++,
    at,
    actor: { kind: 'user', id: 1, name: 'Ana' },
    resource: 'partners',
    record_id: 1002,
    parent: null,
    action: 'edit',
    changes,
    import_id: null,
    reverts: null,
    request_id: '',
    address: '',
    ...over,
  };
}

// Debt changed three times, payment once, bonus once from an amount to a percent; the others never.
const events = [
  // Given newest first, as the server answers, with an unrelated event and a name change between.
  event('2026-11-20T10:00:00Z', [{ field: 'debt', from: '12000', to: '120000.5' }]),
  event('2026-11-15T10:00:00Z', [{ field: 'name', from: 'Voli', to: 'Voli Trade' }]),
  event('2026-11-10T10:00:00Z', [
    { field: 'debt', from: '10000', to: '12000' },
    { field: 'payment', from: '100', to: '300' },
    { field: 'app_password', changed: true },
  ]),
  event('2026-11-05T10:00:00Z', [{ field: 'cash', from: '1', to: '2' }], { resource: 'campaigns' }),
  event('2026-11-01T10:00:00Z', [
    { field: 'debt', from: '9000', to: '10000' },
    { field: 'bonus', from: '200', to: '5%' },
  ]),
];

describe('figureHistory: the figures rebuilt backwards from now', () => {
  const history = figureHistory(NOW, events);

  it('adds a point for each event of the partner that changed a figure, oldest first', () => {
    expect(history.points.map((p) => p.at)).toEqual([
      '2026-11-01T10:00:00Z',
      '2026-11-10T10:00:00Z',
      '2026-11-20T10:00:00Z',
    ]);
  });

  it('walks a figure changed several times back through each of its values', () => {
    expect(history.points.map((p) => p.values.debt)).toEqual(['10000', '12000', '120000.5']);
    expect(history.before.debt).toBe('9000');
  });

  it('keeps a figure never changed at its present value throughout', () => {
    for (const figure of ['tool_cash', 'annual_plan', 'money_circulation'] as const) {
      expect(history.points.map((p) => p.values[figure])).toEqual([NOW[figure], NOW[figure], NOW[figure]]);
      expect(history.before[figure]).toBe(NOW[figure]);
    }
  });

  it('carries a figure between its changes and before its first one', () => {
    expect(history.points.map((p) => p.values.payment)).toEqual(['100', '300', '300']);
    expect(history.before.payment).toBe('100');
    expect(history.points.map((p) => p.values.bonus)).toEqual(['5%', '5%', '5%']);
    expect(history.before.bonus).toBe('200');
  });

  it('orders events by time whatever order they came in', () => {
    expect(figureHistory(NOW, [...events].reverse())).toEqual(history);
  });

  it('has no point without events, only the figures now', () => {
    expect(figureHistory(NOW, [])).toEqual({ before: NOW, points: [] });
  });

  it('starts from no values before a creation', () => {
    const created = figureHistory({ ...NOW }, [
      event('2026-10-01T08:00:00Z', [
        { field: 'debt', from: null, to: '120000.5' },
        { field: 'bonus', from: null, to: '5%' },
      ], { action: 'create' }),
    ]);
    expect(created.before.debt).toBeNull();
    expect(created.points[0].values.debt).toBe('120000.5');
  });
});

describe('pointsInRange: what a chosen range shows', () => {
  const history = figureHistory(NOW, events);
  const now = new Date('2026-11-26T12:00:00Z');

  it('shows every point and the figures now when the range is open', () => {
    const points = pointsInRange(history, {}, now);
    expect(points.map((p) => p.at)).toEqual([
      '2026-11-01T10:00:00Z',
      '2026-11-10T10:00:00Z',
      '2026-11-20T10:00:00Z',
      now.toISOString(),
    ]);
    expect(points.at(-1)!.values.debt).toBe('120000.5');
  });

  it('starts with the values in force at the range start and ends at its end', () => {
    const from = new Date('2026-11-08T00:00:00Z');
    const to = new Date('2026-11-18T00:00:00Z');
    const points = pointsInRange(history, { from, to }, now);
    expect(points.map((p) => p.at)).toEqual([from.toISOString(), '2026-11-10T10:00:00Z', to.toISOString()]);
    expect(points.map((p) => p.values.debt)).toEqual(['10000', '12000', '12000']);
  });

  it('draws a flat line across a range without changes', () => {
    const from = new Date('2026-11-21T00:00:00Z');
    const points = pointsInRange(history, { from }, now);
    expect(points.map((p) => p.values.debt)).toEqual(['120000.5', '120000.5']);
  });
});

describe('the chart numbers', () => {
  it('plots amounts as numbers and leaves percents and blanks out', () => {
    expect(chartNumber('120000.5')).toBe(120000.5);
    expect(chartNumber('-3')).toBe(-3);
    expect(chartNumber('5%')).toBeNull();
    expect(chartNumber(null)).toBeNull();
    expect(chartNumber('')).toBeNull();
  });

  it('names the figures with a percent and gives each figure its line', () => {
    const points = pointsInRange(figureHistory(NOW, events), {}, new Date('2026-11-26T12:00:00Z'));
    expect(percentFigures(points)).toEqual(['bonus']);
    const series = figureSeries(points);
    expect(series.bonus).toEqual([null, null, null, null]);
    expect(series.debt).toEqual([10000, 12000, 120000.5, 120000.5]);
    expect(series.tool_cash).toEqual([50, 50, 50, 50]);
  });
});
