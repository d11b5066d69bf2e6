import { TEXT_LIMITS, textLength } from '../validation/rules';

/** From this share of its limit on, a text field shows how many characters it holds. */
const COUNTER_FROM = 0.8;

/** The limit of a text field: the one given, else the shared table's for the field's name. */
export function limitOf(name: string, maxLength?: number): number | undefined {
  return maxLength ?? (TEXT_LIMITS as Record<string, number | undefined>)[name];
}

/** Whether the counter shows: near or past the limit, never for a field without one. */
export function counterShown(value: string, max: number | undefined): max is number {
  return max !== undefined && textLength(value) >= Math.floor(max * COUNTER_FROM);
}

export const counterId = (id: string) => `${id}-count`;

/** The input's aria-describedby: its error and its counter, when shown. */
export function describedBy(id: string, error: string | undefined, value: string, max: number | undefined): string | undefined {
  return [error && `${id}-error`, counterShown(value, max) && counterId(id)].filter(Boolean).join(' ') || undefined;
}
