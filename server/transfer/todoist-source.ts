import { TRANSFER_MESSAGES, at } from '../../common/transfer.ts';
import { badRequest } from '../domain/errors.ts';
import { draftFromPiece } from '../items/item-drafts.ts';
import { readCsv } from './csv.ts';
import { checkedItem, type ImportPlan, type PlannedItem } from './import-plan.ts';
import { baseName, listName, SECTION_PROPERTY } from './text-source.ts';

/**
 * A Todoist project exported as CSV (Todoist's columns: TYPE, CONTENT, DESCRIPTION, PRIORITY,
 * INDENT, AUTHOR, RESPONSIBLE, DATE, ...): one list named after the file. A `section` row names the
 * section of the tasks after it (their `section` property); a `task` row is an item; a `note` row is a
 * comment and is skipped. Completed tasks are checked: a true IS_COMPLETED or COMPLETED column, or a
 * COMPLETED_DATE, says so where the export carries one.
 */

const TRUE = new Set(['1', 'true', 'yes', 'x']);

export function readTodoistCsv(file: string, text: string): ImportPlan {
  const [header, ...rows] = readCsv(text.replace(/^\uFEFF/, ''), (line) => badRequest(TRANSFER_MESSAGES.csvUnclosedQuote(at(file, line))));
  const columns = new Map((header?.fields ?? []).map((name, index) => [name.trim().toUpperCase(), index]));
  const type = columns.get('TYPE');
  const content = columns.get('CONTENT');
  if (type === undefined || content === undefined) {
    throw badRequest(TRANSFER_MESSAGES.wrongShape(at(file, 1), TRANSFER_MESSAGES.todoistCsv, TRANSFER_MESSAGES.todoistHeader));
  }
  const field = (fields: string[], name: string) => {
    const index = columns.get(name);
    return index === undefined ? '' : (fields[index] ?? '').trim();
  };
  const completed = (fields: string[]) =>
    TRUE.has(field(fields, 'IS_COMPLETED').toLowerCase()) || TRUE.has(field(fields, 'COMPLETED').toLowerCase()) || field(fields, 'COMPLETED_DATE') !== '';
  const plan: ImportPlan = { kind: 'todoist', lists: [], skipped: [], memory: [] };
  const items: PlannedItem[] = [];
  let section: string | undefined;
  for (const { line, fields } of rows) {
    const kind = (fields[type] ?? '').trim().toLowerCase();
    const text = (fields[content] ?? '').trim();
    if (kind === 'section') {
      section = text || undefined;
    } else if (kind === 'task') {
      const draft = draftFromPiece(text);
      if (!draft) continue;
      const properties = { ...draft.parsed, ...(section === undefined ? {} : { [SECTION_PROPERTY]: section }) };
      items.push(checkedItem({ content: draft.content, isCompleted: completed(fields), properties, where: at(file, line) }));
    } else if (kind !== '') {
      plan.skipped.push({ where: at(file, line), reason: kind === 'note' ? TRANSFER_MESSAGES.skippedTodoistNote : TRANSFER_MESSAGES.skippedNotSupported });
    }
  }
  plan.lists.push({ name: listName(baseName(file)), items, shares: [] });
  return plan;
}
