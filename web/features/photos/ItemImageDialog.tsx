import { Camera, ImageOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { IMAGE_TEXT } from '../../../common/image-uploads.ts';
import { ITEM_IMAGE_FILE_TYPES } from '../../../common/images.ts';
import { MESSAGES } from '../../../common/messages.ts';
import { Modal } from '../../ui/Modal.tsx';
import modal from '../../ui/Modal.module.css';
import { CameraCapture } from '../../ui/photo/CameraCapture.tsx';
import { FilePickButton } from '../../ui/photo/FilePickButton.tsx';
import { useLoadFailure } from '../../ui/photo/useLoadFailure.ts';
import ui from '../../ui/ui.module.css';
import type { ClientItem } from '../../core/store/app-state.ts';
import { attachImageAction, cancelUploadAction, removeImageAction } from './image-actions.ts';
import { primaryImage, type PrimaryImage } from '../../core/store/item-images.ts';
import styles from './ItemImage.module.css';

type View = 'add' | 'camera' | 'viewer';

interface ItemImageDialogProps {
  listId: string;
  /** The item as its screen shows it now: undefined once it is gone. */
  item: ClientItem | undefined;
  /** The server's `can.editItems`: without it, only the viewer, without its buttons. */
  editable: boolean;
  onClose: () => void;
  /** Where the focus goes when the row that opened the dialog is gone (Modal). */
  fallbackFocus?: () => HTMLElement | null;
}

/**
 * The image dialogs of one item: "Add Image to Item" (take a photo or choose a
 * file), "Take a Photo", and the image viewer (Remove Image, Retake Image). One dialog whose body
 * changes, so focus stays inside it from one step to the next and returns to the row's image
 * button at the end. A photo is attached optimistically: the dialog closes at once and the row
 * shows the upload.
 */
export function ItemImageDialog({ listId, item, editable, onClose, fallbackFocus }: ItemImageDialogProps) {
  const image = item && primaryImage(item);
  const [view, setView] = useState<View>(image ? 'viewer' : 'add');
  const body = useRef<HTMLDivElement>(null);
  const shown = useRef(view);

  // The step's controls replaced the ones that had the focus: give it to the new step.
  useEffect(() => {
    if (shown.current === view) return;
    shown.current = view;
    body.current?.focus();
  }, [view]);

  // Someone removed the item or its image, or the user lost the right to edit, meanwhile: nothing left to show.
  const open = item !== undefined && (view === 'viewer' ? image !== undefined : editable);
  useEffect(() => {
    if (!open) onClose();
  }, [open, onClose]);
  const attach = (photo: string) => {
    if (item) void attachImageAction(listId, item.id, photo);
    onClose();
  };
  const title = view === 'add' ? IMAGE_TEXT.addImageTitle : view === 'camera' ? IMAGE_TEXT.takePhotoTitle : (item?.content ?? '');

  return (
    <Modal open={open} onOpenChange={(next) => !next && onClose()} title={title} fallbackFocus={fallbackFocus}>
      <div ref={body} tabIndex={-1} role="group" aria-label={title} className={styles.view}>
        {view === 'add' && <AddImageChoice onCamera={() => setView('camera')} onPhoto={attach} />}
        {view === 'camera' && <CameraCapture onPhoto={attach} accept={ITEM_IMAGE_FILE_TYPES} />}
        {view === 'viewer' && item && image && (
          <ImageViewer
            item={item}
            image={image}
            actions={
              editable
                ? {
                    onRetake: () => setView('camera'),
                    onRemove: () => {
                      void removeImageAction(listId, item.id);
                      onClose();
                    },
                    onCancelUpload: () => {
                      cancelUploadAction(item.id);
                      onClose();
                    },
                  }
                : undefined
            }
          />
        )}
      </div>
    </Modal>
  );
}

function AddImageChoice({ onCamera, onPhoto }: { onCamera: () => void; onPhoto: (photo: string) => void }) {
  const [problem, setProblem] = useState<string>();
  return (
    <>
      <div className={styles.choices}>
        <button type="button" className={ui.primary} onClick={onCamera} autoFocus>
          <Camera size={20} aria-hidden />
          {IMAGE_TEXT.takePhoto}
        </button>
        <FilePickButton className={ui.secondary} onPhoto={onPhoto} onProblem={setProblem} accept={ITEM_IMAGE_FILE_TYPES} />
      </div>
      {problem && (
        <p role="alert" className={ui.error}>
          {problem}
        </p>
      )}
    </>
  );
}

interface ImageViewerProps {
  item: ClientItem;
  image: PrimaryImage;
  /** For editors only. */
  actions: { onRemove: () => void; onRetake: () => void; onCancelUpload: () => void } | undefined;
}

/**
 * The medium image; for editors Remove Image and Retake Image, and while the photo still uploads
 * Cancel Upload in their place (an upload may go on retrying for minutes).
 */
function ImageViewer({ item, image, actions }: ImageViewerProps) {
  const [failed, onError] = useLoadFailure(image.mediumUrl);
  const uploading = image.isOptimistic === true;
  return (
    <>
      {failed ? (
        <p role="alert" className={styles.loadFailed}>
          <ImageOff size={24} aria-hidden />
          {MESSAGES.imageLoadFailed}
        </p>
      ) : (
        <img className={styles.viewerImage} src={image.mediumUrl} alt={IMAGE_TEXT.viewImageOf(item.content)} onError={onError} />
      )}
      {uploading && (
        <p role="status" className={ui.muted}>
          {IMAGE_TEXT.uploading}
        </p>
      )}
      {actions && (
        <div className={`${modal.actions} ${styles.viewerActions}`}>
          {uploading ? (
            <button type="button" className={ui.secondary} onClick={actions.onCancelUpload}>
              {IMAGE_TEXT.cancelUpload}
            </button>
          ) : (
            <>
              <button type="button" className={ui.danger} onClick={actions.onRemove}>
                {IMAGE_TEXT.removeImage}
              </button>
              <button type="button" className={ui.secondary} onClick={actions.onRetake}>
                {IMAGE_TEXT.retakeImage}
              </button>
            </>
          )}
        </div>
      )}
    </>
  );
}
