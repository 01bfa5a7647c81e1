import { QUANTITY_KEYS } from '../../../../common/property-memory.ts';

/** How an item's properties read on its row (qty, translations, tags). */

const TRANSLATION = /^name_(.+)$/;
/** Shown elsewhere on the row, or settings rather than facts about the item. */
const HIDDEN = new Set([...QUANTITY_KEYS, 'translations', 'language_preference']);

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);

/** `[language, text]` pairs from `name_{language}` properties and a `translations` map. */
export function translationsOf(properties: Record<string, unknown>): [string, string][] {
  const pairs = new Map<string, string>();
  const map = properties.translations;
  if (map && typeof map === 'object') {
    for (const [language, value] of Object.entries(map)) if (text(value)) pairs.set(language, text(value)!);
  }
  for (const [key, value] of Object.entries(properties)) {
    const language = TRANSLATION.exec(key)?.[1];
    if (language && text(value)) pairs.set(language, text(value)!);
  }
  return [...pairs];
}

/**
 * The other properties as short tags: `tag_x` reads "x", others their value ("Dairy"). `leftOut`:
 * what the sort's headings say (common/grouping.ts `labelsLeftOutBy`), and so is a tag that reads as
 * one before it: a department and a category both "Other" would look like a mistake.
 */
export function tagsOf(properties: Record<string, unknown>, leftOut: readonly string[] = []): { key: string; label: string }[] {
  const tags: { key: string; label: string }[] = [];
  const add = (key: string, label: string) => {
    if (!tags.some((tag) => tag.label.toLowerCase() === label.toLowerCase())) tags.push({ key, label });
  };
  for (const [key, value] of Object.entries(properties)) {
    if (leftOut.includes(key) || HIDDEN.has(key) || TRANSLATION.test(key)) continue;
    if (key.startsWith('tag_')) {
      if (value !== false && value !== null) add(key, text(value) ?? key.slice(4));
      continue;
    }
    const label = text(value);
    if (label) add(key, key === 'priority' ? `priority ${label}` : label);
  }
  return tags;
}
