/**
 * The web side of photos on items: the camera, the upload and its retries, and the words of the
 * image dialogs. The messages shared with the rest of the app (camera denied, attach failed, image
 * load failed, temporary list) are in messages.ts.
 */

/** A photo is captured as JPEG at quality 0.8. */
export const PHOTO_JPEG_QUALITY = 0.8;
/** The camera prefers the rear one, 1280x720 ideal. */
export const CAMERA_IDEAL_SIZE = { width: 1280, height: 720 } as const;
/** On a phone 640x480 ideal, 1280x720 at most (a phone's full sensor is a slow upload). */
export const CAMERA_MOBILE_IDEAL_SIZE = { width: 640, height: 480 } as const;
export const CAMERA_MOBILE_MAX_SIZE = CAMERA_IDEAL_SIZE;

/** An upload is retried for at most 10 minutes... */
export const UPLOAD_RETRY_MAX_MS = 600_000;
/** ...with a wait that doubles from about a second up to 64 s, with jitter. */
export const UPLOAD_BACKOFF_BASE_MS = 1_000;
export const UPLOAD_BACKOFF_MAX_MS = 64_000;

/**
 * The largest file the web app sends: the server refuses more than 10 MB decoded (413), so a bigger
 * file is refused before it is read into memory and sent for nothing.
 */
export const IMAGE_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** The image dialogs' own words. */
export const IMAGE_TEXT = {
  addImageTitle: 'Add Image to Item',
  takePhotoTitle: 'Take a Photo',
  takePhoto: 'Take a Photo',
  capture: 'Capture',
  chooseFile: 'Choose a File',
  removeImage: 'Remove Image',
  retakeImage: 'Retake Image',
  addImageTo: (content: string) => `Add image to ${content}`,
  viewImageOf: (content: string) => `Image of ${content}`,
  cameraStarting: 'Starting the camera…',
  cameraUnavailable: 'No camera is available. Choose a photo from your files instead.',
  fileTooLarge: `This file is too large. Choose an image of at most ${IMAGE_FILE_MAX_BYTES / 1024 / 1024} MB.`,
  fileUnreadable: 'This file could not be read. Choose another image.',
  fileEmpty: 'This file is empty. Choose another image.',
  uploading: 'Uploading image',
  uploadWaiting: 'Upload interrupted, trying again soon',
  /**
   * Said once when an upload first has to wait. The photo is kept on the device until it is sent
   * (decision 036): a reload or a closed page does not lose it.
   */
  uploadWaitKept: 'The photo could not be sent yet. It is kept on this device and will be sent when the server can be reached.',
  /** The same where the browser refused to store the photo (private mode, a full disk): only this page holds it. */
  uploadWaitKeepPageOpen:
    'The photo could not be sent yet and will be tried again. Keep this page open until it is uploaded: this browser does not let Listo keep it on the device.',
  /** The 10 minutes of tries ran out; the photo stays on the device for the connection's return or the next start. */
  uploadPausedKept: `The photo could not be sent for ${UPLOAD_RETRY_MAX_MS / 60_000} minutes. It stays on this device and will be sent when the connection returns or the next time you open Listo.`,
  /** Photos kept on the device past the server's memory of their upload (decision 036): sending them might store them twice. */
  keptPhotosTooOld: (count: number) =>
    `${count === 1 ? '1 photo' : `${count} photos`} kept on this device for over a day ${count === 1 ? 'was' : 'were'} not sent: the server may have ${count === 1 ? 'it' : 'them'} already. Please check the list.`,
  uploadUnreachable: 'The server could not be reached',
  cancelUpload: 'Cancel Upload',
  uploadCancelled: 'Upload cancelled.',
  removeFailed: 'Failed to remove image: ',
} as const;
