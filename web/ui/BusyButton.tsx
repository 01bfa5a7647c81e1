import type { ButtonHTMLAttributes, MouseEvent } from 'react';

type BusyButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** While its work runs: unavailable, but still focusable. */
  busy: boolean;
};

/**
 * A button that stays where the keyboard's focus is while its work runs: it says it is unavailable
 * with aria-disabled (ui.module.css dims it). Disabled instead, it would drop the focus to the page,
 * and in a dialog Tab and Escape with it. A click while busy does nothing, neither its handler nor
 * the form's submission (Enter in a field clicks the submit button too).
 */
export function BusyButton({ busy, onClick, type = 'button', ...props }: BusyButtonProps) {
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    if (busy) event.preventDefault();
    else onClick?.(event);
  };
  return <button {...props} type={type} aria-disabled={busy} onClick={click} />;
}
