import { prefetchScreen } from '../prefetch';

/** The screens loaded ahead after sign-in, in the drawer's order (each screen once). */
const AHEAD = [
  '/partners',
  '/sliders',
  '/campaigns',
  '/products',
  '/notifications',
  '/customerService',
  '/activity',
  '/users',
  '/countries',
  '/cities',
  '/categories',
  '/stores',
  '/user-profile',
] as const;

export const SCREENS_PREFETCHED = 'vitrina:screens-prefetched';

type IdleWindow = Window & {
  requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/**
 * Loads the screens at paths one after another, each when the browser is idle, so a first visit
 * finds its code already there without competing with the screen being used. Answers a function
 * that stops what has not started yet.
 */
export function prefetchWhenIdle(paths: readonly string[] = AHEAD): () => void {
  const w = window as IdleWindow;
  const queue = [...paths];
  let stopped = false;
  let handle: number | undefined;
  const schedule = (next: () => void) => {
    handle = w.requestIdleCallback ? w.requestIdleCallback(next, { timeout: 2000 }) : window.setTimeout(next, 50);
  };
  const step = () => {
    if (stopped) return;
    const path = queue.shift();
    if (path === undefined) {
      // A User Timing mark: when every screen was in (the e2e screen-switch test waits for it).
      performance.mark(SCREENS_PREFETCHED);
      return;
    }
    void prefetchScreen(path).then(() => {
      if (!stopped) schedule(step);
    });
  };
  schedule(step);
  return () => {
    stopped = true;
    if (handle === undefined) return;
    if (w.cancelIdleCallback) w.cancelIdleCallback(handle);
    else window.clearTimeout(handle);
  };
}
