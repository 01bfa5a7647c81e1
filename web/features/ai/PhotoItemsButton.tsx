import { Camera } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { AI_TEXT } from '../../../common/ai-ui.ts';
import { MESSAGES } from '../../../common/messages.ts';
import ui from '../../ui/ui.module.css';
import { refusedOnTemporaryList } from '../photos/index.ts';

// The camera and the dialog load when first used, not with the list.
const PhotoItemsDialog = lazy(() => import('./PhotoItemsDialog.tsx').then((m) => ({ default: m.PhotoItemsDialog })));

/**
 * The add bar's camera button: "Take a Photo" of a shopping list, whose items
 * are added. Refused with a message while the list is still being created.
 */
export function PhotoItemsButton({ listId }: { listId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={ui.iconButton}
        aria-label={AI_TEXT.photoButton}
        aria-haspopup="dialog"
        onClick={() => {
          if (!refusedOnTemporaryList(listId, MESSAGES.tempListNoPhotos)) setOpen(true);
        }}
      >
        <Camera size={20} aria-hidden />
      </button>
      {open && (
        <Suspense>
          <PhotoItemsDialog listId={listId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
