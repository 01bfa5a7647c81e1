export { CameraCapture } from '../../ui/photo/CameraCapture.tsx';
export { refusedOnTemporaryList } from './image-actions.ts';
export { keptPhotoCounts } from './waiting-photos.ts';
export { ItemImageSlot } from './ItemImageSlot.tsx';
export { ItemImageDialog } from './lazy-dialogs.ts';
