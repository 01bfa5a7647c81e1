import { useEffect, useRef } from 'react';
import { userHasActed } from './user-acted.ts';

/**
 * Focuses a screen's heading (give it `tabIndex={-1}`) when the screen arrives by the user's doing:
 * the link or form they used went with the last screen, so the focus fell to the page and a screen
 * reader would say nothing of where they are. A focus the user has put somewhere is left alone, and
 * so is the page's start after a load, which screen readers expect.
 */
export function useFocusOnArrival<T extends HTMLElement>() {
  const heading = useRef<T>(null);
  useEffect(() => {
    const active = document.activeElement;
    if ((active === null || active === document.body) && userHasActed()) heading.current?.focus();
  }, []);
  return heading;
}
