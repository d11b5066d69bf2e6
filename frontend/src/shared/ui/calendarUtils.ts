/**
 * primereact/utils as PrimeReact's Calendar sees it (vite.config.ts redirects the Calendar's import
 * here): everything but the input-mask helper, which only its `mask` prop uses. The helper would
 * otherwise be kept in the shared utils module that every page, the login included, loads
 * (1.7 kB gzipped). No date field of ours sets `mask`; one that did would fail loudly here.
 */
export { classNames, DomHandler, IconUtils, ObjectUtils, UniqueComponentId, ZIndexUtils } from 'primereact/utils';

export function mask(): never {
  throw new Error('Calendar input masks are not built in (see vite.config.ts)');
}
