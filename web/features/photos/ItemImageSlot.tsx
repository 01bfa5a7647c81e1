import { ImagePlus, X } from 'lucide-react';
import { IMAGE_TEXT } from '../../../common/image-uploads.ts';
import { MESSAGES } from '../../../common/messages.ts';
import { useLoadFailure } from '../../ui/photo/useLoadFailure.ts';
import ui from '../../ui/ui.module.css';
import type { ClientItem } from '../../core/store/app-state.ts';
import { useUploadProgress } from './image-actions.ts';
import { primaryImage } from '../../core/store/item-images.ts';
import styles from './ItemImage.module.css';

interface ItemImageSlotProps {
  item: ClientItem;
  editable: boolean;
  /** Opens the item's image dialog (the viewer, or "Add Image to Item"). */
  onOpen: (item: ClientItem) => void;
}

/**
 * The image place of an item row: the thumbnail, which opens the viewer, or for
 * editors the add-image button. One button either way, so focus stays on it when the image comes
 * or goes. While a photo uploads, its progress shows under the thumbnail.
 */
export function ItemImageSlot({ item, editable, onOpen }: ItemImageSlotProps) {
  const image = primaryImage(item);
  const progress = useUploadProgress(item.id);
  const [failed, onError] = useLoadFailure(image?.thumbnailUrl);
  if (!image && !editable) return null;

  const label = image ? IMAGE_TEXT.viewImageOf(item.content) : IMAGE_TEXT.addImageTo(item.content);
  return (
    <span className={styles.slot}>
      <button
        type="button"
        className={`${ui.iconButton} ${styles.slotButton}`}
        data-image={image ? (failed ? 'failed' : 'shown') : 'none'}
        aria-label={failed ? `${label}: ${MESSAGES.imageLoadFailed}` : label}
        title={failed ? MESSAGES.imageLoadFailed : undefined}
        onClick={() => onOpen(item)}
      >
        {!image ? (
          <ImagePlus size={20} aria-hidden />
        ) : failed ? (
          <X size={20} aria-hidden />
        ) : (
          <img className={styles.thumbnail} src={image.thumbnailUrl} alt="" onError={onError} />
        )}
      </button>
      {progress !== undefined && (
        <progress
          className={styles.progress}
          max={1}
          value={progress ?? undefined}
          aria-label={progress === null ? IMAGE_TEXT.uploadWaiting : IMAGE_TEXT.uploading}
        />
      )}
    </span>
  );
}
