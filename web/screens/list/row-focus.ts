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
 * none), else the add bar. It must not fall to the page with the row.
 */
export function rowInPlace(list: ParentNode, around: readonly string[]): HTMLElement | null {
  for (const key of around) {
    const control = list.querySelector(`[data-key="${CSS.escape(key)}"]`)?.querySelector<HTMLElement>(FOCUSABLE);
    if (control) return control;
  }
  return addBarInput();
}

/** The add bar's input: where the focus goes when no row is left to take it (not there for a viewer). */
export const addBarInput = () => document.querySelector<HTMLElement>(`input[name="${ADD_ITEM_INPUT_NAME}"]`);
