import { useLayoutEffect, useRef, type FocusEvent } from 'react';

/**
 * When the right to edit goes while the list is open (a lowered permission, live), the control the
 * user was on is disabled (a checkbox) or gone (the add bar, a delete button), and the browser
 * would drop the focus to the page. It goes to the notice that says why (give it `tabIndex={-1}`),
 * which a screen reader then reads. A focus outside the list (the header, a menu) is left alone.
 */
export function useFocusWhenEditingEnds(editable: boolean) {
  const notice = useRef<HTMLParagraphElement>(null);
  const focusInside = useRef(false);
  const wasEditable = useRef(editable);
  useLayoutEffect(() => {
    const lost = wasEditable.current && !editable;
    wasEditable.current = editable;
    if (!lost || !focusInside.current) return;
    const active = document.activeElement;
    // Runs before the browser's own fix-up of a focus left on a disabled control.
    if (active === null || active === document.body || active.matches(':disabled')) notice.current?.focus();
  }, [editable]);
  const containerProps = {
    onFocus: () => {
      focusInside.current = true;
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget)) focusInside.current = false;
    },
  };
  return { notice, containerProps };
}
