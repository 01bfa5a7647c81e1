import type { NameIndex } from '../../common/compound-names.ts';
import { itemNameKey, parseItem, parseItemInput, type ParsedItem } from '../../common/item-input.ts';

/**
 * The pure part of adding items: what typed text becomes and which remembered properties it
 * starts from (duplicates: common/item-duplicates.ts). No I/O, so it is tested without a database.
 */

type Properties = Record<string, unknown>;

export interface ItemDraft {
  content: string;
  /** `itemNameKey(content)`: the key of property memory and of duplicate warnings. */
  nameKey: string;
  /** What the parser read (the quantity), before memory is applied. */
  parsed: Properties;
}

/**
 * Every item in the typed entries, in order; pieces without a name ("," or " and ") are dropped.
 * `kept`: names that stay whole besides the built-in ones (common/item-input.ts).
 */
export function draftsFromInputs(inputs: readonly string[], kept?: NameIndex): ItemDraft[] {
  return inputs.flatMap((input) => parseItemInput(input, kept).flatMap(toDraft));
}

/** One entry that must stay one item (a rename), or undefined when it holds no name. */
export function draftFromPiece(piece: string): ItemDraft | undefined {
  return toDraft(parseItem(piece))[0];
}

function toDraft(item: ParsedItem): ItemDraft[] {
  const content = item.content.trim();
  if (content === '') return [];
  const parsed = Object.fromEntries(Object.entries(item.properties).filter(([, value]) => value !== undefined));
  return [{ content, nameKey: itemNameKey(content), parsed }];
}

/**
 * A new item starts from the remembered properties of its name (`recallProperties`, which never
 * answers a quantity: common/property-memory.ts); what was typed wins. On a PUT of content alone
 * the base is the item's own properties instead, and its own quantity stays unless one was typed,
 * which is why the quantity is left out where memory is read rather than here.
 */
export function withMemory(draft: ItemDraft, base: Properties | undefined): Properties {
  return { ...base, ...draft.parsed };
}
