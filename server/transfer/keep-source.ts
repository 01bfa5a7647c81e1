import { z } from 'zod';
import { TRANSFER_MESSAGES } from '../../common/transfer.ts';
import { badRequest } from '../domain/errors.ts';
import { draftFromPiece } from '../items/item-drafts.ts';
import { checkedItem, type ImportPlan, type PlannedItem, type PlannedList } from './import-plan.ts';
import { baseName, itemsOfText, listName } from './text-source.ts';
import type { ZipFiles } from './zip-reader.ts';

/**
 * Google Keep's Takeout: one JSON file per note under `Takeout/Keep/` (in the zip or uploaded
 * alone). A checklist note (`listContent`) becomes a list with its items checked as they were; a
 * text note, one item a line; its labels become `tag_<label>` properties of its items. Keep keeps
 * a note's images on the note, never on an item, so they are reported as skipped.
 */

/** The fields of a Takeout note that the import reads; Keep adds others (colour, pins, annotations). */
const KeepNote = z
  .object({
    title: z.string().default(''),
    isTrashed: z.boolean().default(false),
    listContent: z.array(z.object({ text: z.string(), isChecked: z.boolean().default(false) })).optional(),
    textContent: z.string().optional(),
    labels: z.array(z.object({ name: z.string() })).default([]),
    attachments: z.array(z.object({ filePath: z.string() })).default([]),
  })
  .refine((note) => note.listContent !== undefined || note.textContent !== undefined, { error: 'it has neither listContent nor textContent' });
type KeepNote = z.infer<typeof KeepNote>;

const KEEP_FOLDER = /(^|\/)Keep\/[^/]+$/;

/** Whether a zip is a Keep Takeout: it has notes in a `Keep/` folder. */
export const isKeepTakeout = (zip: ZipFiles) => [...zip.keys()].some((path) => KEEP_FOLDER.test(path) && path.endsWith('.json'));

const labelProperty = (label: string) => `tag_${label.trim().toLowerCase().replace(/\s+/g, '_')}`;

function readNote(where: string, bytes: Uint8Array): KeepNote {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes));
  } catch (error) {
    throw badRequest(TRANSFER_MESSAGES.malformedJson(where, (error as Error).message));
  }
  const parsed = KeepNote.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.length > 0 ? `, at ${issue.path.join('.')}` : '';
    throw badRequest(TRANSFER_MESSAGES.wrongShape(`${where}${field}`, TRANSFER_MESSAGES.keepNote, issue.message));
  }
  return parsed.data;
}

/** One note as a list, or the reason it is skipped. */
function noteAsList(where: string, name: string, note: KeepNote, includeTrashed: boolean): PlannedList | string {
  if (note.isTrashed && !includeTrashed) return TRANSFER_MESSAGES.skippedTrashed;
  const tags = Object.fromEntries(note.labels.map((label) => [labelProperty(label.name), true]));
  let items: PlannedItem[];
  if (note.listContent !== undefined) {
    items = note.listContent.flatMap((entry, index): PlannedItem[] => {
      const draft = draftFromPiece(entry.text);
      if (!draft) return [];
      return [checkedItem({ content: draft.content, isCompleted: entry.isChecked, properties: { ...tags, ...draft.parsed }, where: `${where}, item ${index + 1}` })];
    });
  } else {
    items = itemsOfText(note.textContent!, (line) => `${where}, line ${line}`).items.map((item) => checkedItem({ ...item, properties: { ...tags, ...item.properties } }));
  }
  if (items.length === 0) return TRANSFER_MESSAGES.skippedNoteWithoutItems;
  return { name: listName(note.title || name), items, shares: [] };
}

function planOf(notes: { where: string; name: string; bytes: Uint8Array }[], includeTrashed: boolean): ImportPlan {
  const plan: ImportPlan = { kind: 'keep', lists: [], skipped: [], memory: [] };
  for (const { where, name, bytes } of notes) {
    const note = readNote(where, bytes);
    const list = noteAsList(where, name, note, includeTrashed);
    if (typeof list === 'string') {
      plan.skipped.push({ where, reason: list });
      continue;
    }
    plan.lists.push(list);
    for (const attachment of note.attachments) plan.skipped.push({ where: `${where}, ${attachment.filePath}`, reason: TRANSFER_MESSAGES.skippedPhotoNotOnItem });
  }
  return plan;
}

/** A Takeout zip: every note of its `Keep/` folder; its other files (HTML copies, pictures) are not notes. */
export function readKeepTakeout(file: string, zip: ZipFiles, includeTrashed: boolean): ImportPlan {
  const notes = [...zip.entries()]
    .filter(([path]) => KEEP_FOLDER.test(path) && path.endsWith('.json'))
    .map(([path, bytes]) => ({ where: `${file}, entry ${path}`, name: baseName(path), bytes }));
  return planOf(notes, includeTrashed);
}

/** One note's JSON file from a Takeout. */
export function readKeepNote(file: string, bytes: Uint8Array, includeTrashed: boolean): ImportPlan {
  return planOf([{ where: file, name: baseName(file), bytes }], includeTrashed);
}
