import { describe, expect, it } from 'vitest';
import { ICONS_IN_USE } from './icons';

// Every source file of the app as text (Vite reads them at test time), but tests and the list itself.
const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!**/style/icons.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('the style page lists the icons in use', () => {
  it('names every PrimeIcon the source uses, and no other', () => {
    const used = new Set<string>();
    for (const text of Object.values(sources)) {
      for (const match of text.matchAll(/\bpi-([a-z][a-z0-9-]*)/g)) {
        if (match[1] !== 'spin') used.add(match[1]);
      }
    }
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    expect([...ICONS_IN_USE].sort()).toEqual([...used].sort());
  });
});
