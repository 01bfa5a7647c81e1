import { useEffect, useState } from 'react';
import { serverNow } from '../../../core/net/server-clock.ts';

/** How often "2 min ago" is brought up to date. */
const TICK_MS = 30_000;

/** The current time by the server's clock, renewed every 30 s, for text that says how long ago something was. */
export function useNow(): Date {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
