import { LIST_NAME_MAX_LENGTH } from '../../common/constants.ts';
import { readListText } from '../../common/text-import.ts';
import { at } from '../../common/transfer.ts';
import { draftsFromInputs } from '../items/item-drafts.ts';
import { checkedItem, type ImportPlan, type PlannedItem } from './import-plan.ts';

/** The file's name without its folder and extension: the list's name when the text has no title. */
export const baseName = (file: string) => file.replace(/^.*[/\\]/, '').replace(/\.[^.]*$/, '') || file;

/** The section a line stood under, as an item property (the property the Todoist import sets too). */
export const SECTION_PROPERTY = 'section';

/**
 * A text or Markdown list (common/text-import.ts): one list, named by its `#` title or the file,
 * each entry through the item parser, so "2 bottles milk and eggs" is two items, the first with
 * its quantity.
 */
export function readTextList(file: string, text: string): ImportPlan {
  const { title, items } = itemsOfText(text, (line) => at(file, line));
  return { kind: 'text', lists: [{ name: listName(title ?? baseName(file)), items, shares: [] }], skipped: [], memory: [] };
}

/** A list's name from a title or file name, cut to the length a list's name may have. */
export const listName = (title: string) => title.trim().slice(0, LIST_NAME_MAX_LENGTH);

/** The items of a text, each line's `where` made by the caller (a file's line, a note's line). */
export function itemsOfText(text: string, where: (line: number) => string): { title?: string; items: PlannedItem[] } {
  const { title, entries } = readListText(text);
  const items = entries.flatMap((entry): PlannedItem[] =>
    draftsFromInputs([entry.text]).map((draft) =>
      checkedItem({
        content: draft.content,
        isCompleted: entry.checked,
        properties: { ...draft.parsed, ...(entry.section === undefined ? {} : { [SECTION_PROPERTY]: entry.section }) },
        where: where(entry.line),
      }),
    ),
  );
  return { ...(title === undefined ? {} : { title }), items };
}
