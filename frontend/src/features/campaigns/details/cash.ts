import { ValidationError } from 'yup';
import { errorStatus, isFetchBaseQueryError } from '../../../shared/errors/apiError';
import { cashRule } from '../schema';

/** The catalogue key of what is wrong with a typed cash, or null. */
export function cashProblem(cash: string): string | null {
  try {
    cashRule().validateSync(cash);
    return null;
  } catch (error) {
    return error instanceof ValidationError ? error.message : 'validation.number';
  }
}

/** What the partner's cart is worth, when a refused cash (422) names it (ADR 0019: `ordered`). */
export function orderedOf(error: unknown): string | null {
  if (errorStatus(error) !== 422 || !isFetchBaseQueryError(error) || !('data' in error)) return null;
  const data = error.data as { ordered?: unknown } | null;
  const ordered = data?.ordered;
  return typeof ordered === 'string' || typeof ordered === 'number' ? String(ordered) : null;
}
