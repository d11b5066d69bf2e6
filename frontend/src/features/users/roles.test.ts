import { describe, expect, it } from 'vitest';
import { grantableRoles } from './roles';

const ALL = ['admin', 'director', 'manager', 'engineer', 'financier'];

describe('roles the users form offers', () => {
  it('an admin may grant every role', () => {
    expect(grantableRoles(ALL, ['admin'])).toEqual(ALL);
  });

  it('a director may grant only its own role, never admin', () => {
    expect(grantableRoles(ALL, ['director'])).toEqual(['director']);
  });

  it('an edited account keeps the roles it has, in the list order', () => {
    expect(grantableRoles(ALL, ['director'], ['engineer'])).toEqual(['director', 'engineer']);
  });

  it('nobody signed in grants nothing', () => {
    expect(grantableRoles(ALL, [])).toEqual([]);
  });
});
