import { isSecret, type ActivityEvent } from './types';

/** A partner's six figures as the events name them (column names), in the chart's order. */
export const CHART_FIGURES = ['bonus', 'debt', 'payment', 'tool_cash', 'annual_plan', 'money_circulation'] as const;
export type ChartFigure = (typeof CHART_FIGURES)[number];

/** The figures' exact text ("120000.5", "5%"); null where a figure had no value (before its creation). */
export type FigureValues = Record<ChartFigure, string | null>;

/** The figures as they stood from a moment on. */
export interface FigurePoint {
  /** RFC 3339. */
  at: string;
  values: FigureValues;
}

/** The figures over time, oldest first. */
export interface FigureHistory {
  /** What the figures held before the first of the events (the walk's end). */
  before: FigureValues;
  /** One point per event that changed a figure: the values from that event on. */
  points: FigurePoint[];
}

const isFigure = (field: string): field is ChartFigure => (CHART_FIGURES as readonly string[]).includes(field);

const time = (at: string) => new Date(at).getTime();

/**
 * The partner's figures over time, rebuilt from its figures now and its own events: walking
 * the events back from the newest, each change of a figure says what the figure held from
 * that event on (`to`) and just before it (`from`). Events of other records, and events that
 * change no figure, add no point. A figure never changed keeps its present value throughout.
 */
export function figureHistory(current: Record<ChartFigure, string>, events: readonly ActivityEvent[]): FigureHistory {
  const newestFirst = events
    .filter((e) => e.resource === 'partners')
    .map((e, index) => ({ e, index }))
    // Newest first; at the same instant the larger id is the later event.
    .sort((a, b) => time(b.e.at) - time(a.e.at) || b.e.id - a.e.id || a.index - b.index)
    .map(({ e }) => e);
  let values: FigureValues = { ...current };
  const points: FigurePoint[] = [];
  for (const event of newestFirst) {
    const changes = event.changes.flatMap((c) => (isFigure(c.field) && !isSecret(c) ? [c] : []));
    if (changes.length === 0) continue;
    const after: FigureValues = { ...values };
    const before: FigureValues = { ...values };
    for (const change of changes) {
      const field = change.field as ChartFigure;
      after[field] = change.to;
      before[field] = change.from;
    }
    points.push({ at: event.at, values: after });
    values = before;
  }
  return { before: values, points: points.reverse() };
}

/** A range of time; an open end is no bound. */
export interface TimeRange {
  from?: Date;
  to?: Date;
}

/**
 * The points a chart of the range shows: the values in force when the range starts (at its
 * start), every change within it, and the values in force at its end (`to`, or now), so a
 * figure that did not change in the range is still a line across it.
 */
export function pointsInRange(history: FigureHistory, range: TimeRange, now: Date): FigurePoint[] {
  const end = range.to && range.to.getTime() < now.getTime() ? range.to : now;
  const start = range.from?.getTime();
  const inRange = history.points.filter((p) => (start === undefined || time(p.at) >= start) && time(p.at) <= end.getTime());
  const earlier = history.points.filter((p) => start !== undefined && time(p.at) < start);
  const result: FigurePoint[] = [];
  if (range.from) {
    const inForce = earlier.at(-1)?.values ?? history.before;
    // Before the partner existed there is nothing to draw.
    if (Object.values(inForce).some((v) => v !== null)) result.push({ at: range.from.toISOString(), values: inForce });
  }
  result.push(...inRange);
  const last = result.at(-1)?.values ?? earlier.at(-1)?.values ?? history.before;
  if (result.length === 0 || time(result.at(-1)!.at) < end.getTime()) result.push({ at: end.toISOString(), values: last });
  return result;
}

/** Whether a figure's value is a percent (plotted as nothing: it is no amount). */
export const isPercent = (value: string | null): boolean => value !== null && value.trim().endsWith('%');

/** A value as the chart plots it: an amount as a number; a percent, no value or no number as a gap. */
export function chartNumber(value: string | null): number | null {
  if (value === null || isPercent(value)) return null;
  const n = Number(value.trim());
  return value.trim() !== '' && Number.isFinite(n) ? n : null;
}

/** The figures that hold a percent at some point shown: left out of the chart there, named in a note. */
export function percentFigures(points: readonly FigurePoint[]): ChartFigure[] {
  return CHART_FIGURES.filter((f) => points.some((p) => isPercent(p.values[f])));
}

/** Each figure's line: one number (or gap) per point. */
export function figureSeries(points: readonly FigurePoint[]): Record<ChartFigure, (number | null)[]> {
  return Object.fromEntries(CHART_FIGURES.map((f) => [f, points.map((p) => chartNumber(p.values[f]))])) as Record<
    ChartFigure,
    (number | null)[]
  >;
}
