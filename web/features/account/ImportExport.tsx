import { useId, useRef, useState } from 'react';
import { TRANSFER_MESSAGES, TRANSFER_TEXT } from '../../../common/transfer.ts';
import { downloadExport, ImportSkipped, useImport } from '../transfer/index.ts';
import { BusyButton } from '../../ui/BusyButton.tsx';
import { messageOf } from '../../core/net/errors.ts';
import { FormMessage } from '../../ui/FormMessage.tsx';
import ui from '../../ui/ui.module.css';
import styles from '../../ui/SettingsPage.module.css';

/** The kinds of file an import reads (docs/api.md, "Import and export"). */
const ACCEPTED = '.zip,.json,.csv,.txt,.md,.markdown';

/**
 * Account Settings' import and export: a file is read and previewed first (its lists, their items,
 * what will be skipped and why), then imported with a progress bar; everything exports as one zip.
 */
export function ImportExport() {
  const { file, preview, busy, progress, error, setError, read, apply, clear, previewStart } = useImport<HTMLHeadingElement>();
  const [exporting, setExporting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();

  function reset() {
    clear();
    if (input.current) input.current.value = '';
  }

  async function exportAll() {
    setExporting(true);
    setError(null);
    setNotice(TRANSFER_TEXT.exporting);
    try {
      await downloadExport();
      setNotice(TRANSFER_TEXT.exported);
    } catch (failure) {
      setNotice(null);
      setError(TRANSFER_TEXT.exportFailed + messageOf(failure, TRANSFER_TEXT.tryAgain));
    } finally {
      setExporting(false);
    }
  }

  async function choose(chosen: File | undefined) {
    setNotice(null);
    if (!chosen) return reset();
    // A file that could not be read leaves the picker empty, so choosing it again reads it again.
    if (!(await read(chosen)) && input.current) input.current.value = '';
  }

  async function importFile() {
    const result = await apply();
    if (!result) return;
    setNotice(TRANSFER_TEXT.imported(result.list_ids.length));
    reset();
    input.current?.focus();
  }

  return (
    <section className={styles.card} aria-labelledby="import-export-title" aria-busy={busy !== null || exporting}>
      <h2 id="import-export-title">{TRANSFER_TEXT.title}</h2>
      <p className={styles.explained}>{TRANSFER_TEXT.explained}</p>
      <BusyButton className={ui.secondary} busy={exporting} onClick={() => void exportAll()}>
        {exporting ? TRANSFER_TEXT.exporting : TRANSFER_TEXT.exportAll}
      </BusyButton>
      <div className={`${styles.form} ${styles.transfer}`}>
        <label htmlFor={inputId}>{TRANSFER_TEXT.chooseFile}</label>
        <input
          id={inputId}
          ref={input}
          type="file"
          accept={ACCEPTED}
          disabled={busy === 'importing'}
          onChange={(event) => void choose(event.target.files?.[0])}
        />
        {busy === 'reading' && <p role="status">{TRANSFER_TEXT.reading}</p>}
      </div>
      {preview && file && (
        <div className={`${styles.form} ${styles.transfer}`}>
          <h3 ref={previewStart} tabIndex={-1}>
            {TRANSFER_TEXT.previewTitle(file.name)}
          </h3>
          <ul data-testid="import-lists">
            {preview.lists.map((list, index) => (
              <li key={index}>{TRANSFER_TEXT.listLine(list.name, list.items, list.checked, list.photos, list.shares)}</li>
            ))}
          </ul>
          <ImportSkipped skipped={preview.skipped} titleAs="h4" />
          {preview.imported_at !== null && <p className={styles.hint}>{TRANSFER_MESSAGES.alreadyImported(preview.imported_at.slice(0, 10))}</p>}
          {busy === 'importing' && <progress max={1} value={progress} aria-label={TRANSFER_TEXT.importing} />}
          <BusyButton className={ui.primary} busy={busy === 'importing'} onClick={() => void importFile()}>
            {preview.imported_at !== null ? TRANSFER_TEXT.importAgain : TRANSFER_TEXT.importLists(preview.lists.length)}
          </BusyButton>
          <button type="button" className={ui.secondary} disabled={busy === 'importing'} onClick={reset}>
            {TRANSFER_TEXT.cancel}
          </button>
        </div>
      )}
      <FormMessage error={error} notice={notice} />
    </section>
  );
}
