import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';

/** The body every error answer carries (architecture §4). */
export interface ApiErrorBody {
  message?: string;
  errors?: Record<string, string[]>;
}

export function isFetchBaseQueryError(error: unknown): error is FetchBaseQueryError {
  return typeof error === 'object' && error !== null && 'status' in error;
}

/** The HTTP status, or null for network/parsing failures. */
export function errorStatus(error: FetchBaseQueryError | SerializedError | undefined | unknown): number | null {
  if (!isFetchBaseQueryError(error)) return null;
  if (typeof error.status === 'number') return error.status;
  if (error.status === 'PARSING_ERROR') return error.originalStatus;
  return null;
}

export function errorBody(error: unknown): ApiErrorBody {
  if (!isFetchBaseQueryError(error)) return {};
  const data = 'data' in error ? error.data : undefined;
  if (typeof data !== 'object' || data === null) return {};
  const body = data as Record<string, unknown>;
  const result: ApiErrorBody = {};
  if (typeof body.message === 'string') result.message = body.message;
  if (typeof body.errors === 'object' && body.errors !== null) {
    const errors: Record<string, string[]> = {};
    for (const [field, value] of Object.entries(body.errors as Record<string, unknown>)) {
      if (Array.isArray(value)) errors[field] = value.filter((m): m is string => typeof m === 'string');
      else if (typeof value === 'string') errors[field] = [value];
    }
    result.errors = errors;
  }
  return result;
}

/**
 * 491: saved, but the push notification it sent failed on some devices (spec §8). The record
 * (a notification, or a slider that sent one) is saved and the rest of the delivery goes on.
 */
export const PUSH_PARTLY_FAILED = 491;

/** The id of the notification a 200 or 491 answer carries (`notification: {id, …}`), or null. */
export function notificationIdOf(answer: unknown): number | null {
  const data = isFetchBaseQueryError(answer) ? ('data' in answer ? answer.data : undefined) : answer;
  if (typeof data !== 'object' || data === null) return null;
  const notification = (data as Record<string, unknown>).notification;
  if (typeof notification !== 'object' || notification === null) return null;
  const id = (notification as Record<string, unknown>).id;
  return typeof id === 'number' ? id : null;
}

/** The page that follows a notification's delivery. */
export const deliveryPath = (notificationId: number) => `/notifications/${notificationId}`;

/** All messages of a 422 answer, field by field; falls back to the top-level message. */
export function validationMessages(body: ApiErrorBody): string[] {
  const messages = body.errors ? Object.values(body.errors).flat() : [];
  if (messages.length === 0 && body.message) messages.push(body.message);
  return messages;
}
