import type { OcrLine } from './ocr.ts';

/**
 * OCR lines of a photographed list -> the entries a person would type: without bullets, check
 * boxes, numbering and prices, without the list's title, without noise (lines OCR is unsure of or
 * that hold hardly any letters). Repeats go with every reader's (photo-entries.ts).
 */

/** Tesseract's confidence below which a line is more likely a smudge or a doodle than an entry. */
const MIN_CONFIDENCE = 45;

const BULLET =
  /^\s*(?:[-–—•*·∙○●◦□■▪☐☑☒✓✔✗✘>»+~=]+|\[\s?[\]1lIiJ|xX✓✔]?\s?\]?(?=\s|$)|\(\s*[xX]?\s*\)|\d{1,2}\s*[.)]\s+|[oO]\s+(?=\S{2}))\s*/u;
/** OCR reads the "l" of "lb" as a capital "I" after a number: "1 Ib ground beef". */
const POUNDS_MISREAD = /^(\d+(?:[.,]\d+)?\s*)Ib(s?)\b/u;
const PRICE = /\s+[$€£]?\s?\d+[.,]\d{2}\s*[$€£]?\s*$/u;
const TITLE = /^(?:my |our |the )?(?:shopping|grocery|groceries|to-?do|to buy|list|einkaufsliste|einkauf|einkaufen|liste de courses|courses|lista de la compra|lista della spesa|boodschappenlijst|boodschappen|lista de compras)\b.*$/iu;

/**
 * One line without its bullet, check box, number and price. An empty check box often reads as
 * "[ 1" or "[l": a "[" with one stroke after it is a box too.
 */
export function cleanLine(text: string): string {
  let line = text.replace(/\s+/g, ' ').trim();
  for (let previous = ''; previous !== line; ) {
    previous = line;
    line = line.replace(BULLET, '').trim();
  }
  return line.replace(POUNDS_MISREAD, '$1lb$2').replace(PRICE, '').replace(/[\s.,;:|_]+$/u, '').trim();
}

function isNoise(line: string): boolean {
  const letters = line.match(/\p{L}/gu)?.length ?? 0;
  return letters < 2 || letters < line.replace(/\s/g, '').length / 2;
}

export function entriesFromLines(lines: readonly OcrLine[]): string[] {
  const entries: string[] = [];
  lines.forEach((line) => {
    const text = cleanLine(line.text);
    if (line.confidence < MIN_CONFIDENCE || isNoise(text)) return;
    // A heading ("Dairy:") anywhere, or the list's title before its first entry.
    if (/:\s*$/.test(line.text) || (entries.length === 0 && TITLE.test(text))) return;
    entries.push(text);
  });
  return entries;
}
