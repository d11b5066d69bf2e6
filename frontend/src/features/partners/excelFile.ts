/** Spreadsheets the import accepts (spec §2, §5): .xlsx or .xls, at most 10 MB (the server's limit). */
export const EXCEL_ACCEPT = '.xlsx,.xls';
export const MAX_EXCEL_BYTES = 10 * 1024 * 1024;

/** The catalogue key of what is wrong with a chosen file, or null when it may be sent. */
export function excelFileProblem(file: Pick<File, 'name' | 'size'>): string | null {
  if (!/\.(xlsx|xls)$/i.test(file.name)) return 'excel.file_validation';
  if (file.size > MAX_EXCEL_BYTES) return 'excel.file_size';
  return null;
}

export function formatFileSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`;
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
