import { describe, expect, it } from 'vitest';
import { optionsWithCurrent } from './options';

describe('select options', () => {
  const label = (name: string) => `${name} (neaktivan)`;

  it('lists the active records', () => {
    expect(optionsWithCurrent([{ id: 1, name: 'Crna Gora' }], undefined, label)).toEqual([{ value: 1, label: 'Crna Gora' }]);
  });

  it('keeps the edited row’s choice when it is no longer active', () => {
    expect(optionsWithCurrent([{ id: 1, name: 'Crna Gora' }], { id: 9, name: 'Kosovo' }, label)).toEqual([
      { value: 9, label: 'Kosovo (neaktivan)' },
      { value: 1, label: 'Crna Gora' },
    ]);
    expect(optionsWithCurrent([{ id: 1, name: 'Crna Gora' }], { id: 1, name: 'Crna Gora' }, label)).toHaveLength(1);
  });
});
