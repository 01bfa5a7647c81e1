import { useEffect, useRef, useState } from 'react';
import type { ImportPreview, ImportResult } from '../../../common/schemas/transfer.ts';
import { TRANSFER_TEXT } from '../../../common/transfer.ts';
import { applyImport, previewImport } from './transfer-api.ts';
import { messageOf } from '../../core/net/errors.ts';

/**
 * An import as the screens run it (docs/api.md, "Import and export"): a file is read and previewed,
 * then imported with its upload's progress; into the list `listId` when given, else as new lists.
 * `previewStart` goes on the preview's first element, which takes the focus once the preview is
 * shown, so a screen reader reads it out.
 */
export function useImport<T extends HTMLElement>(listId?: string) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [busy, setBusy] = useState<'reading' | 'importing' | null>(null);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const previewStart = useRef<T>(null);
  useEffect(() => {
    if (preview) previewStart.current?.focus();
  }, [preview]);

  function clear() {
    setFile(null);
    setPreview(null);
  }

  /** Previews `chosen`; false when it could not be read (`error` says why). */
  async function read(chosen: File): Promise<boolean> {
    setError(null);
    setPreview(null);
    setFile(chosen);
    setBusy('reading');
    try {
      setPreview(await previewImport(chosen, { listId }));
      return true;
    } catch (failure) {
      setError(messageOf(failure, TRANSFER_TEXT.tryAgain));
      clear();
      return false;
    } finally {
      setBusy(null);
    }
  }

  /** Imports the previewed file; null when that failed (`error` says why). */
  async function apply(): Promise<ImportResult | null> {
    if (!file || !preview) return null;
    setBusy('importing');
    setProgress(0);
    setError(null);
    try {
      const result = await applyImport(file, { listId, again: preview.imported_at !== null }, setProgress);
      clear();
      return result;
    } catch (failure) {
      setError(TRANSFER_TEXT.importFailed + messageOf(failure, TRANSFER_TEXT.tryAgain));
      return null;
    } finally {
      setBusy(null);
    }
  }

  return { file, preview, busy, progress, error, setError, read, apply, clear, previewStart };
}
