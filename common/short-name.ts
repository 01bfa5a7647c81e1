/**
 * What a sentence keeps of a name it quotes. An item's name may run to hundreds of characters and
 * a custom prompt's longer; a toast, a status line or a list's last change is a line or two on a
 * phone, and the name is on screen beside it anyway.
 */
export const QUOTED_NAME_MAX_LENGTH = 40;

/** The name as a sentence quotes it: past QUOTED_NAME_MAX_LENGTH characters, cut with "…" (never inside a character). */
export function shortName(name: string): string {
  const characters = [...name.trim()];
  return characters.length <= QUOTED_NAME_MAX_LENGTH ? characters.join('') : `${characters.slice(0, QUOTED_NAME_MAX_LENGTH - 1).join('').trimEnd()}…`;
}
