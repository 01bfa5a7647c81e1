import { useEffect, useState } from 'react';

/** How often "2 min ago" is brought up to date. */
const TICK_MS = 30_000;

/** The current time, renewed every 30 s, for text that says how long ago something was. */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
