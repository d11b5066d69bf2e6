/** The label the profile shows, e.g. "20261121 (a1b2c3d)": build date, then version. */
export function buildLabel(date: string = __BUILD_DATE__, version: string = __BUILD_VERSION__): string {
  return `${date} (${version})`;
}
