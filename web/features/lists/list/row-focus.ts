import { ADD_ITEM_INPUT_NAME } from './AddBar.tsx';

/** The first control of a row that takes the focus (a viewer's checkbox is disabled and does not). */
const FOCUSABLE = 'button:not(:disabled), input:not(:disabled)';

/** The keys of the rows around a list's row: those after it, then those before it, nearest first. */
export function keysAround(keys: readonly string[], key: string): string[] {
  const at = keys.indexOf(key);
  return at === -1 ? [] : [...keys.slice(at + 1), ...keys.slice(0, at).reverse()];
}

/**
 * Where the focus goes when the row that held it, or opened a dialog, is gone (deleted elsewhere):
 * the first control of the nearest row still there (`around`, nearest first; a group heading has
 * none), else below the rows (`belowTheRows`). It must not fall to the page with the row.
 */
export function rowInPlace(list: ParentNode, around: readonly string[]): HTMLElement | null {
  for (const key of around) {
    const control = list.querySelector(`[data-key="${CSS.escape(key)}"]`)?.querySelector<HTMLElement>(FOCUSABLE);
    if (control) return control;
  }
  return belowTheRows();
}

/** The id of the list screen's view-only notice (which takes the focus: `tabIndex={-1}`). */
export const VIEW_ONLY_NOTICE_ID = 'view-only-notice';

/**
 * Where the focus goes when no row is left to take it: the add bar's input, or for a viewer, who has
 * no add bar, the notice that the list is view-only.
 */
export const belowTheRows = () =>
  document.querySelector<HTMLElement>(`input[name="${ADD_ITEM_INPUT_NAME}"]`) ?? document.getElementById(VIEW_ONLY_NOTICE_ID);
