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
    const asMedia = () => follow(print?.matches ?? false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', asMedia);
    print?.addEventListener('change', asMedia);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', asMedia);
      print?.removeEventListener('change', asMedia);
    };
  }, []);
  return printing;
}
