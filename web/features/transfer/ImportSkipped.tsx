import type { ImportSkipped as Skipped } from '../../../common/schemas/transfer.ts';
import { TRANSFER_TEXT } from '../../../common/transfer.ts';

/**
 * What an import's preview will skip and why, one line each; nothing when it skips nothing. `titleAs`:
 * a heading where the preview has one above it, else a paragraph (a heading would skip a level).
 */
export function ImportSkipped({ skipped, titleAs: Title, className }: { skipped: readonly Skipped[]; titleAs: 'h4' | 'p'; className?: string }) {
  if (skipped.length === 0) return null;
  return (
    <>
      <Title className={className}>{TRANSFER_TEXT.skippedTitle}</Title>
      <ul data-testid="import-skipped">
        {skipped.map((entry, index) => (
          <li key={index}>{TRANSFER_TEXT.skippedLine(entry.where, entry.reason)}</li>
        ))}
      </ul>
    </>
  );
}
