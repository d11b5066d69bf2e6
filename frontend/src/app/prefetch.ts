/**
 * Loading a screen's code ahead of its first visit (ADR 0030), by path. The table of screens
 * (screens.ts, in the entry chunk) registers itself here; this module imports nothing, so the
 * drawer's lazily loaded chunk can use it without pulling the router's modules into its graph
 * (which made the bundler split i18next out of the login page's entry).
 */
type Prefetch = (path: string) => Promise<void> | undefined;

let prefetchPath: Prefetch = () => undefined;

export function registerScreenPrefetch(prefetch: Prefetch) {
  prefetchPath = prefetch;
}

/** Starts loading the screen at path (a drawer link hovered or focused); unknown paths are ignored. */
export function prefetchScreen(path: string): Promise<void> {
  return prefetchPath(path) ?? Promise.resolve();
}
