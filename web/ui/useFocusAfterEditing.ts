import { useEffect, useRef } from 'react';

/**
 * Gives the focus back to the button that opened an inline editor once the editor closes from the
 * keyboard (Enter, Escape): its input goes away with the focus, which would fall to the page. A
 * close by blur (a tap elsewhere) leaves the focus where the user put it.
 */
export function useFocusAfterEditing(editing: boolean) {
  const button = useRef<HTMLButtonElement>(null);
  const fromKeyboard = useRef(false);
  useEffect(() => {
    if (editing || !fromKeyboard.current) return;
    fromKeyboard.current = false;
    button.current?.focus();
  }, [editing]);
  return {
    button,
    closedFromKeyboard: () => {
      fromKeyboard.current = true;
    },
  };
}
