import { useId, useState } from 'react';
import { recipeIngredientLines } from '../../../common/recipe-ingredients.ts';
import { LIST_TRANSFER_TEXT, TRANSFER_TEXT } from '../../../common/transfer.ts';
import { BusyButton } from '../../ui/BusyButton.tsx';
import { FormMessage } from '../../ui/FormMessage.tsx';
import { ImportSkipped } from './ImportSkipped.tsx';
import { Modal } from '../../ui/Modal.tsx';
import ui from '../../ui/ui.module.css';
import { useImport } from './useImport.ts';
import { notify } from '../../core/store/toasts.ts';
import styles from './ListImportDialog.module.css';

/** The kinds of file an import reads (docs/api.md, "Import and export"). */
const ACCEPTED = '.txt,.md,.markdown,.csv,.json,.zip';

/**
 * "Import into this list": pasted text (a list, or a recipe's ingredients) or a file is previewed first (how many items are new, how
 * many merge into items already on the list, what is skipped and why), then imported into the list
 * in one change (docs/api.md, "Import and export", `list_id`). The items arrive as every change does.
 */
export function ListImportDialog({ listId, onClose }: { listId: string; onClose: () => void }) {
  const { file, preview, busy, progress, error, setError, read, apply, clear, previewStart } = useImport<HTMLParagraphElement>(listId);
  const [text, setText] = useState('');
  const [recipe, setRecipe] = useState(false);
  const textId = useId();
  const kindId = useId();
  // Pasted text is previewed as a file of these names: an edit of the text makes its preview stale.
  const previewsPasted = file?.name === LIST_TRANSFER_TEXT.pastedFileName || file?.name === LIST_TRANSFER_TEXT.recipeFileName;
  const fileId = useId();

  function readPasted() {
    if (text.trim() === '') return setError(LIST_TRANSFER_TEXT.pasteSomething);
    if (!recipe) return void read(new File([text], LIST_TRANSFER_TEXT.pastedFileName, { type: 'text/plain' }));
    // The ingredients are made into list lines here (common/recipe-ingredients.ts); the server reads them as any text.
    const lines = recipeIngredientLines(text);
    if (lines.length === 0) return setError(LIST_TRANSFER_TEXT.noIngredients);
    void read(new File([lines.join('\n')], LIST_TRANSFER_TEXT.recipeFileName, { type: 'text/plain' }));
  }

  async function importFile() {
    const result = await apply();
    if (!result) return;
    notify(LIST_TRANSFER_TEXT.imported(result.lists[0]?.items ?? 0), 'success');
    onClose();
  }

  const target = preview?.lists[0];
  return (
    <Modal
      open
      onOpenChange={(next) => !next && busy !== 'importing' && onClose()}
      title={LIST_TRANSFER_TEXT.importIntoList}
      description={LIST_TRANSFER_TEXT.description}
    >
      <div className={styles.form} aria-busy={busy !== null}>
        <label className={ui.field} htmlFor={textId}>
          {LIST_TRANSFER_TEXT.pasteLabel}
        </label>
        <textarea
          id={textId}
          className={ui.input}
          value={text}
          readOnly={busy === 'importing'}
          onChange={(event) => {
            setText(event.target.value);
            // What the preview showed is no longer what would be imported.
            if (previewsPasted) clear();
          }}
        />
        <label className={ui.field} htmlFor={kindId}>
          {LIST_TRANSFER_TEXT.pastedKind}
        </label>
        <select
          id={kindId}
          className={ui.select}
          value={recipe ? 'recipe' : 'list'}
          disabled={busy === 'importing'}
          onChange={(event) => {
            setRecipe(event.target.value === 'recipe');
            if (previewsPasted) clear();
          }}
        >
          <option value="list">{LIST_TRANSFER_TEXT.pastedList}</option>
          <option value="recipe">{LIST_TRANSFER_TEXT.pastedRecipe}</option>
        </select>
        <BusyButton className={ui.secondary} busy={busy !== null} onClick={readPasted}>
          {LIST_TRANSFER_TEXT.previewPasted}
        </BusyButton>
        <label className={ui.field} htmlFor={fileId}>
          {LIST_TRANSFER_TEXT.chooseFile}
        </label>
        <input
          id={fileId}
          type="file"
          accept={ACCEPTED}
          disabled={busy === 'importing'}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            event.target.value = '';
            if (chosen) void read(chosen);
          }}
        />
        {busy === 'reading' && <p role="status">{LIST_TRANSFER_TEXT.reading}</p>}
        {preview && file && target && (
          <>
            <p ref={previewStart} tabIndex={-1} className={styles.preview} data-testid="list-import-preview">
              {TRANSFER_TEXT.previewTitle(file.name)}: {LIST_TRANSFER_TEXT.previewLine(target.items, target.checked, target.merged)}
            </p>
            <ImportSkipped skipped={preview.skipped} titleAs="p" className={styles.preview} />
            {preview.imported_at !== null && <p className={styles.preview}>{LIST_TRANSFER_TEXT.importedBefore(preview.imported_at.slice(0, 10))}</p>}
            {busy === 'importing' && <progress max={1} value={progress} aria-label={TRANSFER_TEXT.importing} />}
            <BusyButton className={ui.primary} busy={busy === 'importing'} onClick={() => void importFile()}>
              {LIST_TRANSFER_TEXT.importItems(target.items)}
            </BusyButton>
          </>
        )}
        <FormMessage error={error} />
      </div>
    </Modal>
  );
}
