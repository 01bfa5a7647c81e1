import { QUANTITY_KEYS } from '../../../common/property-memory.ts';

/** How an item's properties read on its row (spec section 3: qty, translations, tags). */

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

/** The other properties as short tags: `tag_x` reads "x", others their value ("Dairy"). */
export function tagsOf(properties: Record<string, unknown>): { key: string; label: string }[] {
  const tags: { key: string; label: string }[] = [];
  for (const [key, value] of Object.entries(properties)) {
    if (HIDDEN.has(key) || TRANSLATION.test(key)) continue;
    if (key.startsWith('tag_')) {
      if (value !== false && value !== null) tags.push({ key, label: text(value) ?? key.slice(4) });
      continue;
    }
    const label = text(value);
    if (label) tags.push({ key, label: key === 'priority' ? `priority ${label}` : label });
  }
  return tags;
}
