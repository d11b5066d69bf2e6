import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchScreen, registerScreenPrefetch } from '../prefetch';
import { prefetchWhenIdle, SCREENS_PREFETCHED } from './prefetchWhenIdle';

/** Registers a prefetch that records each path and answers when the test lets it. */
function recordingPrefetch() {
  const asked: string[] = [];
  const pending: (() => void)[] = [];
  registerScreenPrefetch((path) => {
    asked.push(path);
    return new Promise<void>((done) => pending.push(done));
  });
  return { asked, finishOne: () => pending.shift()?.() };
}

afterEach(() => {
  vi.useRealTimers();
  registerScreenPrefetch(() => undefined);
});

describe('screens loaded ahead', () => {
  it('loads one screen at a time, each when idle, and marks when all are in', async () => {
    vi.useFakeTimers();
    const mark = vi.spyOn(performance, 'mark');
    const { asked, finishOne } = recordingPrefetch();
    prefetchWhenIdle(['/partners', '/sliders', '/users']);
    expect(asked).toEqual([]); // nothing before the browser is idle
    await vi.advanceTimersByTimeAsync(100);
    expect(asked).toEqual(['/partners']);
    await vi.advanceTimersByTimeAsync(500);
    expect(asked).toEqual(['/partners']); // the next waits for this one
    finishOne();
    await vi.advanceTimersByTimeAsync(100);
    expect(asked).toEqual(['/partners', '/sliders']);
    finishOne();
    await vi.advanceTimersByTimeAsync(100);
    finishOne();
    expect(mark).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(asked).toEqual(['/partners', '/sliders', '/users']);
    expect(mark).toHaveBeenCalledWith(SCREENS_PREFETCHED);
  });

  it('stops when the layout goes (sign-out)', async () => {
    vi.useFakeTimers();
    const { asked, finishOne } = recordingPrefetch();
    const stop = prefetchWhenIdle(['/partners', '/sliders']);
    await vi.advanceTimersByTimeAsync(100);
    stop();
    finishOne();
    await vi.advanceTimersByTimeAsync(1000);
    expect(asked).toEqual(['/partners']);
  });

  it('ignores a path without a screen', async () => {
    await expect(prefetchScreen('/no/such/screen')).resolves.toBeUndefined();
  });
});
