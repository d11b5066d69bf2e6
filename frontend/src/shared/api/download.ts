import { listQueryParams, type ListParams } from './list';

/** A list's filters and sort without paging: what an Excel download exports (all matching rows). */
export function exportParams(params: ListParams): Record<string, string | number> {
  const query = listQueryParams(params);
  delete query.page;
  delete query.per_page;
  return query;
}

/**
 * The body of a successful download becomes an object URL (a string, so the store stays
 * serialisable); an error body is parsed like any other so the one error handler can explain it.
 * Pass as a query's `responseHandler`.
 */
export async function blobUrlOrError(response: Response): Promise<unknown> {
  if (response.ok) return URL.createObjectURL(await response.blob());
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Hands an object URL to the browser as a download under the given name, then releases it. */
export function saveObjectUrl(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
