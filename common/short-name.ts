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

/** Names a message quotes, each cut short: '"a"', '"a" and "b"', '"a", "b" and "c"'. */
export const quotedNames = (names: readonly string[]): string => nameSeries(names.map((name) => `"${shortName(name)}"`));

/**
 * Names as a sentence lists them: "milk", "milk and eggs", "milk, eggs and bread"; past `shown`
 * of them, the rest counted ("milk, eggs and 3 more"). The caller cuts each (`shortName`).
 */
export function nameSeries(names: readonly string[], shown = names.length): string {
  const listed = names.slice(0, shown);
  const more = names.length - listed.length;
  if (more > 0) return `${listed.join(', ')} and ${more} more`;
  return listed.length < 2 ? (listed[0] ?? '') : `${listed.slice(0, -1).join(', ')} and ${listed.at(-1)}`;
}
