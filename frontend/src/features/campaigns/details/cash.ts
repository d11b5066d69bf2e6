import { errorStatus, isFetchBaseQueryError } from '../../../shared/errors/apiError';

/** What the partner's cart is worth, when a refused cash (422) names it (ADR 0019: `ordered`). */
export function orderedOf(error: unknown): string | null {
  if (errorStatus(error) !== 422 || !isFetchBaseQueryError(error) || !('data' in error)) return null;
  const data = error.data as { ordered?: unknown } | null;
  const ordered = data?.ordered;
  return typeof ordered === 'string' || typeof ordered === 'number' ? String(ordered) : null;
}
