import { useEffect, type RefObject } from 'react';

/**
 * Marks a table's sideways scroller with data-more-left / data-more-right while columns lie
 * beyond that edge, so the pinned name and actions columns can cast a shadow over them.
 */
export function useScrollEdges(container: RefObject<HTMLElement | null>, selector: string, deps: readonly unknown[]) {
  useEffect(() => {
    const scroller = container.current?.querySelector<HTMLElement>(selector);
    if (!scroller) return undefined;
    const update = () => {
      const max = scroller.scrollWidth - scroller.clientWidth;
      scroller.dataset.moreLeft = String(scroller.scrollLeft > 1);
      scroller.dataset.moreRight = String(max - scroller.scrollLeft > 1);
    };
    scroller.addEventListener('scroll', update, { passive: true });
    // The observer's first call comes after the browser's own layout; measuring here instead
    // would force a layout of the new table before its first paint.
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : undefined;
    if (!resize) update();
    resize?.observe(scroller);
    const table = scroller.querySelector('table');
    if (table) resize?.observe(table);
    return () => {
      scroller.removeEventListener('scroll', update);
      resize?.disconnect();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names what changes the width
  }, deps);
}
