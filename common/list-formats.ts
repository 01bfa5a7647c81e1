import { editableName, quantityOf } from './item-input.ts';

/**
 * A list as text for people (docs/api.md, "Import and export"): Markdown to print or paste, CSV for
 * a spreadsheet. Pure, so the formats are tested without a server.
 */

export interface ListForExport {
  name: string;
  items: readonly { content: string; is_completed: boolean; properties: Record<string, unknown> }[];
}

/** Markdown task list: `# name`, then `- [ ] 2 milk` / `- [x] eggs` in the list's order; reads back through the text import. */
export function listAsMarkdown(list: ListForExport): string {
  const lines = list.items.map((item) => `- [${item.is_completed ? 'x' : ' '}] ${escapeMarkdown(editableName(item))}`);
  return `# ${escapeMarkdown(list.name)}\n\n${lines.join('\n')}\n`;
}

/** Characters that would start Markdown formatting at a line's start or inside it. */
const escapeMarkdown = (text: string) => text.replace(/[\\`*_[\]<>#|]/g, (char) => `\\${char}`);

/** The quantity and check state have their own columns; every other property gets one, by name. */
const FIXED_COLUMNS = ['item', 'quantity', 'checked'];

/**
 * CSV (RFC 4180, CRLF, UTF-8 with a byte-order mark so spreadsheets read it as UTF-8): one row per
 * item, one column per property any item has. Non-text property values are written as JSON.
 */
export function listAsCsv(list: ListForExport): string {
  const propertyNames = [...new Set(list.items.flatMap((item) => Object.keys(item.properties)))]
    .filter((name) => name !== 'qty' && name !== 'quantity')
    .sort();
  const rows = list.items.map((item) => [
    item.content,
    quantityOf(item.properties) ?? '',
    item.is_completed ? 'yes' : 'no',
    ...propertyNames.map((name) => textOf(item.properties[name])),
  ]);
  return `\uFEFF${[[...FIXED_COLUMNS, ...propertyNames], ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

const textOf = (value: unknown) => (value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value));

/**
 * A field quoted when it must be; one that a spreadsheet would run as a formula (=, +, -, @, tab,
 * carriage return at its start) gets a leading apostrophe, as OWASP's advice on CSV injection says.
 */
function csvField(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replaceAll('"', '""')}"` : safe;
}
