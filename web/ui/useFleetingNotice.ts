import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A form's good news that goes away by itself after `ms` (a settings success shows 3 s). Showing
 * another message, or none (`show(null)`), drops the earlier one's timer, so an old timer never
 * cuts a newer message short; leaving the screen drops it too.
 */
export function useFleetingNotice(ms: number): [notice: string | null, show: (message: string | null) => void] {
  const [notice, setNotice] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback(
    (message: string | null) => {
      clearTimeout(timer.current);
      setNotice(message);
      if (message !== null) timer.current = setTimeout(() => setNotice(null), ms);
    },
    [ms],
  );
  return [notice, show];
}
