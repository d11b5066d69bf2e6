/** Where a signed-out visitor was going, kept in the router state of the redirect to /login. */
export interface ReturnState {
  from?: { pathname: string; search?: string; hash?: string } | string;
}

/**
 * The page to open after sign-in: the one asked for before the redirect to /login when it is a
 * path of this app (not /login itself, not another site), else home.
 */
export function returnPath(state: unknown): string {
  const from = (state as ReturnState | null | undefined)?.from;
  const path =
    typeof from === 'string'
      ? from
      : from && typeof from.pathname === 'string'
        ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`
        : '';
  // One leading slash only: '//host' and '/\host' would leave the app.
  if (!/^\/(?![/\\])/.test(path)) return '/';
  if (/^\/login(?:[/?#]|$)/.test(path)) return '/';
  return path;
}
