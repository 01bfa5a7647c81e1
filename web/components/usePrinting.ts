import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * Whether the page is being printed (or shown as print, as devtools and PDF makers do). Set with
 * flushSync: the browser lays the print out as soon as `beforeprint` returns, so what printing
 * changes must be on the page by then.
 */
export function usePrinting(): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const print = window.matchMedia?.('print');
    const follow = (value: boolean) => flushSync(() => setPrinting(value));
    const before = () => follow(true);
    const after = () => follow(print?.matches ?? false);
    const change = () => follow(print!.matches);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    print?.addEventListener('change', change);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
      print?.removeEventListener('change', change);
    };
  }, []);
  return printing;
}
