/**
 * The roles the users form offers: the server grants a role only to someone who holds it
 * (an admin holds them all), and keeps the roles an edited account already has.
 */
export function grantableRoles(all: readonly string[], mine: readonly string[], kept: readonly string[] = []): string[] {
  if (mine.includes('admin')) return [...all];
  return all.filter((role) => mine.includes(role) || kept.includes(role));
}
