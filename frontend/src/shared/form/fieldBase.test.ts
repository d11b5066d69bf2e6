import { describe, expect, it, vi } from 'vitest';
import { afterPointerRelease } from './fieldBase';

describe('afterPointerRelease', () => {
  it('runs at once when no pointer is pressed (a field left with Tab)', () => {
    const fn = vi.fn();
    afterPointerRelease(fn);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('waits for a pressed pointer to be released and its click to be dispatched', async () => {
    const fn = vi.fn();
    document.dispatchEvent(new Event('pointerdown'));
    afterPointerRelease(fn);
    expect(fn).not.toHaveBeenCalled();
    document.dispatchEvent(new Event('pointerup'));
    expect(fn).not.toHaveBeenCalled(); // the click comes after the release
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fn).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    afterPointerRelease(fn);
    expect(fn).toHaveBeenCalledTimes(2);
  });
});
