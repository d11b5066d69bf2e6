import { errorBody, errorStatus } from '../errors/apiError';
import { toErrorKey } from '../errors/errorKey';

/**
 * The field errors of a refused save (422), each field's first sentence as its error key, for
 * Formik's setErrors: the fields show what the server said beside the error dialog. Fields the
 * form does not have are left out. Empty for any other failure.
 */
export function serverFieldErrors(error: unknown, fields: readonly string[]): Record<string, string> {
  if (errorStatus(error) !== 422) return {};
  const errors = errorBody(error).errors ?? {};
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors)) {
    if (fields.includes(field) && messages[0]) out[field] = toErrorKey(messages[0]);
  }
  return out;
}
