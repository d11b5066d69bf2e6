import { useEffect, useRef, type RefObject } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** How long a screen may take to show its heading after the address changed (frames, about 2 s). */
const MAX_FRAMES = 120;

/** Focuses the screen's main heading (or the content when it has none); answers whether it found one. */
export function focusScreenHeading(main: HTMLElement | null): boolean {
  if (!main) return false;
  const heading = main.querySelector<HTMLElement>('h1');
  const target = heading ?? main;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
  return heading !== null;
}

/** Whether the focus is where a screen switch leaves it: nowhere, or on the link or button that switched. */
function focusIsFree(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || active.closest('.topbar, .drawer, .drawer-mobile') !== null;
}

/**
 * After sign-in and on every screen switch, the keyboard starts at the new screen's heading, so
 * a screen reader says where the user is and the next Tab is in the screen, not back at the app
 * bar. Focus the user has moved on (a field, an open dialog) is left where it is. A page the
 * browser has just loaded (an address typed, a reload) keeps the browser's start, where the
 * first Tab is the skip link.
 */
export function useHeadingFocus(main: RefObject<HTMLElement>) {
  const { pathname, key } = useLocation();
  const navigationType = useNavigationType();
  // The entry the browser loaded, if this layout came up with it (not after a sign-in).
  const loadedByBrowser = useRef(navigationType === 'POP' ? key : null);
  useEffect(() => {
    if (key === loadedByBrowser.current) return;
    let frame = 0;
    let frames = 0;
    const attempt = () => {
      if (!focusIsFree()) return;
      if (main.current?.querySelector('h1')) {
        focusScreenHeading(main.current);
        return;
      }
      if (++frames < MAX_FRAMES) frame = requestAnimationFrame(attempt);
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
    // Only a new path moves the focus, not a change of the same screen's query.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, main]);
}
