import { Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { AI_TEXT } from '../../../common/ai-ui.ts';
import { PHOTO_DIALOG_CLOSE_MS } from '../../../common/constants.ts';
import { IMAGE_TEXT } from '../../../common/image-uploads.ts';
import { mayPassLater } from '../../core/net/client.ts';
import { Modal } from '../../ui/Modal.tsx';
import { CameraCapture } from '../../ui/photo/CameraCapture.tsx';
import ui from '../../ui/ui.module.css';
import { addItemsFromPhotoAction } from './ai-actions.ts';
import styles from './Ai.module.css';

/** `retry`: the photo, when the failure may pass if it is read again (offline, the server busy or failing). */
type Outcome = { kind: 'reading' } | { kind: 'found'; count: number } | { kind: 'empty' } | { kind: 'failed'; message: string; retry?: string };

/**
 * "Take a Photo" of a shopping list (POST /lists/{id}/items/photo): the photo is read by the server,
 * its items are added, and the dialog closes 500 ms after at least one was found. Nothing found or
 * a failure stays in the dialog, so another photo can be taken at once; a failure that may pass
 * (no connection, the server busy or failing) offers to read the same photo again (decision 044:
 * reading a photo is not a change the offline queue keeps).
 */
export function PhotoItemsDialog({ listId, onClose }: { listId: string; onClose: () => void }) {
  const [outcome, setOutcome] = useState<Outcome>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const closed = useRef(false);
  // Closing the dialog while the photo is read gives the read up: the user no longer wants its items.
  const reading = useRef<AbortController>(undefined);
  useEffect(
    () => () => {
      closed.current = true;
      clearTimeout(timer.current);
      reading.current?.abort();
    },
    [],
  );

  async function analyze(photo: string) {
    setOutcome({ kind: 'reading' });
    reading.current = new AbortController();
    try {
      const count = await addItemsFromPhotoAction(listId, photo, reading.current.signal);
      if (count === 0) return setOutcome({ kind: 'empty' });
      setOutcome({ kind: 'found', count });
      // Closed by hand meanwhile: this timer must not close a dialog opened since.
      if (!closed.current) timer.current = setTimeout(onClose, PHOTO_DIALOG_CLOSE_MS);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setOutcome({ kind: 'failed', message, retry: error instanceof Error && mayPassLater(error.cause) ? photo : undefined });
    }
  }

  const status =
    outcome?.kind === 'reading'
      ? AI_TEXT.analyzingPhoto
      : outcome?.kind === 'found'
        ? AI_TEXT.photoItemsFound(outcome.count)
        : outcome?.kind === 'empty'
          ? AI_TEXT.photoNoItems
          : '';
  return (
    <Modal open onOpenChange={(next) => !next && onClose()} title={IMAGE_TEXT.takePhotoTitle} description={AI_TEXT.photoDescription}>
      <CameraCapture onPhoto={(photo) => void analyze(photo)} busy={outcome?.kind === 'reading' || outcome?.kind === 'found'} />
      <p role="status" className={styles.activity}>
        {outcome?.kind === 'reading' && <Loader2 size={16} className={styles.spinner} aria-hidden />}
        {status}
      </p>
      {/* The failure's toast is its alert and is read out; here it is only shown,
          beside the photo, so a screen reader does not hear it twice. */}
      {outcome?.kind === 'failed' && <p className={ui.error}>{outcome.message}</p>}
      {outcome?.kind === 'failed' && outcome.retry !== undefined && (
        <button type="button" className={ui.secondary} onClick={() => void analyze(outcome.retry!)}>
          {AI_TEXT.readPhotoAgain}
        </button>
      )}
    </Modal>
  );
}
