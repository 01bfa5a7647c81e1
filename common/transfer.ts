import { LIST_ITEMS_MAX } from './constants.ts';

/**
 * Moving lists in and out (docs/api.md, "Import and export"; docs/decisions/062): the limits an
 * upload and a zip inside it are held to, and every message an import or export answers with.
 */

/** The largest file an import takes; a larger body is refused (413) before it is read whole. */
export const IMPORT_BODY_MAX_BYTES = 50 * 1024 * 1024;

/** A zip's limits, checked on its directory before anything is inflated and again while inflating. */
export const ZIP_LIMITS = {
  /** Entries of one zip: a Takeout of a few thousand notes fits; a million empty entries does not. */
  maxEntries: 10_000,
  /** All entries together, inflated. */
  maxTotalBytes: 200 * 1024 * 1024,
  /** How much larger than its compressed bytes an entry may inflate to (text reaches 10 to 20)... */
  maxRatio: 100,
  /** ...once it is past this size: tiny files of one repeated byte legitimately compress further. */
  ratioFloorBytes: 1024 * 1024,
} as const;

/** Items one import may bring, over all its lists (one list still holds at most LIST_ITEMS_MAX). */
export const IMPORT_ITEMS_MAX = 4 * LIST_ITEMS_MAX;

/** The version of the export file's format (`listo.json`), raised on any change a reader must know of. */
export const EXPORT_FORMAT_VERSION = 1;
export const EXPORT_FORMAT = 'listo-export';
/** The files of an export zip. */
export const EXPORT_FILES = { document: 'listo.json', checksums: 'checksums.sha256', photosDir: 'photos/' } as const;

/** What an import reads its upload as (`kind` of POST /imports/preview). */
export const IMPORT_KINDS = ['listo', 'keep', 'todoist', 'text'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** Where a message points: the file and, where known, the line or the zip entry. */
export const at = (file: string, line?: number) => (line === undefined ? `${file}` : `${file}, line ${line}`);

export const TRANSFER_MESSAGES = {
  uploadTooLarge: `The file is larger than ${IMPORT_BODY_MAX_BYTES / (1024 * 1024)} MB, the most an import takes.`,
  emptyUpload: 'The file is empty.',
  fileNameRequired: 'Name the file being imported (the file_name query parameter).',
  unknownFormat: (file: string) =>
    `${file}: not a file Listo can import (a Listo export, a Google Keep Takeout .zip or .json, a Todoist .csv, or a .txt or .md list).`,
  notUtf8: (file: string, line: number) => `${at(file, line)}: the text is not UTF-8, UTF-16 or Latin-1; save it as UTF-8 and try again.`,
  zipDamaged: (file: string) => `${file}: the zip file is damaged or not a zip file.`,
  zipTooManyEntries: (file: string) => `${file}: the zip holds more than ${ZIP_LIMITS.maxEntries.toLocaleString('en')} entries.`,
  zipTooLarge: (file: string, entry: string) =>
    `${file}, entry ${entry}: the zip inflates to more than ${ZIP_LIMITS.maxTotalBytes / (1024 * 1024)} MB in all.`,
  zipRatio: (file: string, entry: string) =>
    `${file}, entry ${entry}: inflates more than ${ZIP_LIMITS.maxRatio} times its size (a zip bomb?).`,
  zipUnsafePath: (file: string, entry: string) => `${file}, entry ${entry}: the entry's path leaves the zip (an absolute path or "..").`,
  malformedJson: (where: string, detail: string) => `${where}: not valid JSON (${detail}).`,
  wrongShape: (where: string, what: string, detail: string) => `${where}: not ${what} (${detail}).`,
  exportVersionTooNew: (file: string, version: number) =>
    `${file}: an export of format version ${version}; this Listo reads versions up to ${EXPORT_FORMAT_VERSION}. Update Listo and try again.`,
  checksumMismatch: (file: string, entry: string) => `${file}, entry ${entry}: its checksum does not match checksums.sha256 (the file is damaged).`,
  checksumMissing: (file: string, entry: string) => `${file}, entry ${entry}: missing from the zip or from checksums.sha256.`,
  tooManyItems: (where: string) => `${where}: the import holds more than ${IMPORT_ITEMS_MAX.toLocaleString('en')} items, the most one import takes.`,
  listTooLong: (where: string) => `${where}: a list may hold at most ${LIST_ITEMS_MAX.toLocaleString('en')} items.`,
  nothingToImport: (file: string) => `${file}: holds no list or item to import.`,
  tooManyLists: 'The import would take you past the number of lists one account may own.',
  alreadyImported: (at: string) => `You imported this file on ${at}. Import it again as new lists?`,
  notOwnList: 'Import into a list you may edit.',
  photoUnreadable: (where: string) => `${where}: the photo is not a JPEG, PNG or WebP image.`,
  // What the preview lists as skipped.
  skippedTrashed: 'in the trash',
  skippedPhotoNotOnItem: 'a photo of the note, not of one of its items',
  skippedShareNoAccount: (email: string) => `shared with ${email}, who has no account here`,
  skippedNotSupported: 'not a note, task or list',
  skippedNoteWithoutItems: 'a note without items',
  skippedTodoistNote: 'a comment, not a task',
  keepNote: 'a Google Keep note',
  todoistCsv: 'a Todoist CSV export',
  todoistHeader: 'its header has no TYPE and CONTENT columns',
  csvUnclosedQuote: (where: string) => `${where}: a quoted field is never closed.`,
} as const;

/** The web app's words for importing into one list and exporting it (the list's "..." menu). */
export const LIST_TRANSFER_TEXT = {
  importIntoList: 'Import into this list',
  exportMarkdown: 'Export as Markdown',
  exportCsv: 'Export as CSV',
  exportFailed: 'The export failed: ',
  description: 'Paste items, one a line, or choose a file. You see what will be added before anything is.',
  pasteLabel: 'Paste items',
  previewPasted: 'Preview',
  pastedFileName: 'pasted.txt',
  pastedKind: 'The pasted text is',
  pastedList: 'A list',
  pastedRecipe: 'Recipe ingredients',
  recipeFileName: 'recipe.txt',
  noIngredients: 'No ingredient found: paste the recipe\'s ingredients, one a line.',
  chooseFile: 'Or choose a file (.txt, .md, .csv, .json, .zip)',
  pasteSomething: 'Paste at least one item, or choose a file.',
  reading: 'Reading…',
  previewLine: (items: number, checked: number, merged: number) =>
    `${items} new ${items === 1 ? 'item' : 'items'}${checked > 0 ? `, ${checked} checked` : ''}${merged > 0 ? `; ${merged} already on the list, merged` : ''}`,
  importedBefore: (at: string) => `You imported this into a list on ${at}.`,
  importItems: (count: number) => `Import ${count} ${count === 1 ? 'item' : 'items'}`,
  imported: (count: number) => `Imported ${count} ${count === 1 ? 'item' : 'items'} into this list.`,
} as const;

/** The web app's words for import and export (Account Settings). */
export const TRANSFER_TEXT = {
  title: 'Import and export',
  explained: 'Bring lists from Google Keep (Takeout .zip or .json), Todoist (.csv), a text or Markdown file, or another Listo; take all your lists with you as one .zip.',
  exportAll: 'Export everything',
  exporting: 'Preparing your export…',
  exported: 'Your export has been downloaded.',
  exportFailed: 'The export failed: ',
  chooseFile: 'Import a file',
  reading: 'Reading the file…',
  previewTitle: (file: string) => `In ${file}`,
  listLine: (name: string, items: number, checked: number, photos: number, shares: number) =>
    `${name}: ${items} ${items === 1 ? 'item' : 'items'}${checked > 0 ? `, ${checked} checked` : ''}${photos > 0 ? `, ${photos} with photos` : ''}${shares > 0 ? `, shared with ${shares}` : ''}`,
  skippedTitle: 'Will be skipped',
  skippedLine: (where: string, reason: string) => `${where}: ${reason}`,
  importLists: (count: number) => `Import ${count} ${count === 1 ? 'list' : 'lists'}`,
  importAgain: 'Import again as new lists',
  importing: 'Importing',
  imported: (count: number) => `Imported ${count} ${count === 1 ? 'list' : 'lists'}.`,
  importFailed: 'The import failed: ',
  cancel: 'Cancel',
  tryAgain: 'Please try again.',
} as const;
