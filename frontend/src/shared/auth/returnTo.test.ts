import { describe, expect, it } from 'vitest';
import { returnPath } from './returnTo';

describe('returnPath', () => {
  it.each([
    [{ from: { pathname: '/partners', search: '?page=2', hash: '#top' } }, '/partners?page=2#top'],
    [{ from: { pathname: '/customerService' } }, '/customerService'],
    [{ from: '/users' }, '/users'],
    [{ from: { pathname: '/login' } }, '/'],
    [{ from: { pathname: '/login', search: '?x=1' } }, '/'],
    [{ from: '//evil.example/partners' }, '/'],
    [{ from: '/\\evil.example' }, '/'],
    [{ from: 'https://evil.example/' }, '/'],
    [{ from: 'partners' }, '/'],
    [{ from: 42 }, '/'],
    [{}, '/'],
    [null, '/'],
    [undefined, '/'],
  ])('%j goes to %s', (state, path) => {
    expect(returnPath(state)).toBe(path);
  });

  it('keeps a path that only starts like login', () => {
    expect(returnPath({ from: { pathname: '/loginHistory' } })).toBe('/loginHistory');
  });
});
