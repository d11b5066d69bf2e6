import { errorStatus, isFetchBaseQueryError } from '../errors/apiError';
import type { ImportResult } from './types';

/** The counts and problems a 422 answer of the saving upload carries, when it carries them. */
export function importResultOf(error: unknown): ImportResult | null {
  if (errorStatus(error) !== 422 || !isFetchBaseQueryError(error) || !('data' in error)) return null;
  const data = error.data as Partial<ImportResult> | null;
  if (!data || typeof data !== 'object' || !Array.isArray(data.problems)) return null;
  return {
    added: Number(data.added ?? 0),
    updated: Number(data.updated ?? 0),
    ...(data.unchanged !== undefined ? { unchanged: Number(data.unchanged) } : {}),
    ...(data.skipped !== undefined ? { skipped: Number(data.skipped) } : {}),
    rejected: Number(data.rejected ?? 0),
    more_problems: Number(data.more_problems ?? 0),
    problems: data.problems,
  };
}
