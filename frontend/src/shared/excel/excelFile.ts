/** Spreadsheets the import accepts (spec §2, §5): .xlsx or .xls, at most 10 MB (the server's limit). */
export const EXCEL_ACCEPT = '.xlsx,.xls';
export const MAX_EXCEL_BYTES = 10 * 1024 * 1024;

/** The catalogue key of what is wrong with a chosen file's name or size, or null when they may be sent. */
export function excelFileProblem(file: Pick<File, 'name' | 'size'>): string | null {
  if (!/\.(xlsx|xls)$/i.test(file.name)) return 'excel.file_validation';
  if (file.size > MAX_EXCEL_BYTES) return 'excel.file_size';
  return null;
}

/** The first bytes of a workbook: a ZIP package (.xlsx) or an OLE compound file (.xls). */
const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
const OLE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function startsWith(head: Uint8Array, signature: number[]): boolean {
  return head.length >= signature.length && signature.every((byte, i) => head[i] === byte);
}

function readHead(file: Blob, length: number): Promise<Uint8Array> {
  const part = file.slice(0, length);
  if (typeof part.arrayBuffer === 'function') return part.arrayBuffer().then((b) => new Uint8Array(b));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(part);
  });
}

/**
 * Like excelFileProblem, and then the content: a file whose first bytes are neither a ZIP package
 * nor an OLE compound file (a text file named .xlsx, say) is the catalogue's wrong Excel file. The
 * server reads either kind whatever the extension, so either signature passes here too.
 */
export async function excelFileContentProblem(file: File): Promise<string | null> {
  const problem = excelFileProblem(file);
  if (problem) return problem;
  let head: Uint8Array;
  try {
    head = await readHead(file, OLE_SIGNATURE.length);
  } catch {
    return 'excel.wrong_file';
  }
  return startsWith(head, ZIP_SIGNATURE) || startsWith(head, OLE_SIGNATURE) ? null : 'excel.wrong_file';
}

export function formatFileSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`;
}
