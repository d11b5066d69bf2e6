import { useGetLoggedUserQuery } from '../api/me';

/** The resources the server guards (docs/permissions.md). */
export type Resource =
  | 'users'
  | 'countries'
  | 'categories'
  | 'cities'
  | 'products'
  | 'stores'
  | 'partners'
  | 'customerSupport'
  | 'sliders'
  | 'campaigns'
  | 'notifications'
  /** The activity log (issue 21): read is the log; reverting needs write on the record's own resource. */
  | 'activity'
  /** Sign-in security (issue 23): other users' sessions and two-factor, the required roles; admins only. */
  | 'security'
  /** The home page's figure settings (issue 25): write changes the debt-rise threshold; directors and admins. */
  | 'overviewSettings';

/** `undo` (on activity): undo anyone's bulk action (issue 25). */
export type Action = 'read' | 'write' | 'undo';

/** What the signed-in account may do, as the profile answer says (ADR 0029). */
export interface Permissions {
  /** false until the profile answer arrives: nothing is known to be allowed yet. */
  ready: boolean;
  /** The profile call failed: the panel cannot tell, so the server's answers decide. */
  failed: boolean;
  can: (resource: Resource, action?: Action) => boolean;
}

/** Whether the answer's permissions allow action on resource. */
export function allowed(perms: Record<string, string[]> | undefined, resource: Resource, action: Action = 'read') {
  return perms?.[resource]?.includes(action) ?? false;
}

/**
 * The role's permissions, read once with the profile answer (one cached query). What the panel
 * shows follows them; the server still answers 403 to anything forced by hand.
 */
export function usePermissions(): Permissions {
  const { data, isError } = useGetLoggedUserQuery();
  const perms = data?.permissions;
  return { ready: perms !== undefined, failed: isError && !data, can: (resource, action = 'read') => allowed(perms, resource, action) };
}

/** Whether the signed-in account may change records of resource (a list's write buttons). */
export function useCanWrite(resource: Resource): boolean {
  return usePermissions().can(resource, 'write');
}

/**
 * The resource a screen's path needs read on; paths absent here (home, profile, the style
 * pages) are open to every signed-in account.
 */
const screens: [prefix: string, resource: Resource][] = [
  ['/users', 'users'],
  ['/countries', 'countries'],
  ['/cities', 'cities'],
  ['/categories', 'categories'],
  ['/products', 'products'],
  ['/stores', 'stores'],
  ['/partners', 'partners'],
  ['/customerService', 'customerSupport'],
  ['/sliders', 'sliders'],
  ['/campaigns', 'campaigns'],
  ['/notifications', 'notifications'],
  ['/table-list', 'partners'],
  ['/maps', 'stores'],
  ['/activity', 'activity'],
  ['/settings/security', 'security'],
];

/** The resource a path's screen needs, or undefined when any signed-in account may open it. */
export function screenResource(pathname: string): Resource | undefined {
  return screens.find(([prefix]) => pathname === prefix || pathname.startsWith(`${prefix}/`))?.[1];
}
