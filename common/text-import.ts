/**
 * A list as people write it in a text or Markdown file: `# Title`, `## Section`, `- [ ] milk` /
 * `- [x] eggs`, bullets, numbered lines, or one item per line. Each entry's text then goes
 * through the item parser (quantities, units, "and"). Pure; the import reads files with it.
 */

export interface TextEntry {
  /** 1-based line of the file, for messages. */
  line: number;
  text: string;
  checked: boolean;
  /** The `##` heading it stands under, if any. */
  section?: string;
}

export interface ListText {
  /** The first `#` heading before any item: the list's name. */
  title?: string;
  entries: TextEntry[];
}

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const TASK = /^(?:[-*+•]|\d{1,4}[.)])\s+\[([ xX])\]\s+(.*)$/;
const BULLET = /^(?:[-*+•◦▪]|\d{1,4}[.)])\s+(.*)$/;
/** Lines that only draw: rules and code fences. */
const DECORATION = /^(?:[-*_=]{3,}|`{3,}.*|~{3,}.*)$/;

export function readListText(text: string): ListText {
  const result: ListText = { entries: [] };
  let section: string | undefined;
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || DECORATION.test(line)) return;
    const heading = HEADING.exec(line);
    if (heading) {
      const title = heading[2]!;
      if (heading[1] === '#' && result.title === undefined && result.entries.length === 0) result.title = title;
      else section = title || undefined;
      return;
    }
    const task = TASK.exec(line);
    const body = task ? task[2]! : (BULLET.exec(line)?.[1] ?? line);
    if (body.trim() === '') return;
    const entry: TextEntry = { line: index + 1, text: body.trim(), checked: task ? task[1] !== ' ' : false };
    if (section !== undefined) entry.section = section;
    result.entries.push(entry);
  });
  return result;
}
