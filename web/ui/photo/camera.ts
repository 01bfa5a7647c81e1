import {
  CAMERA_IDEAL_SIZE,
  CAMERA_MOBILE_IDEAL_SIZE,
  CAMERA_MOBILE_MAX_SIZE,
  PHOTO_JPEG_QUALITY,
} from '../../../common/image-uploads.ts';

/** The browser's camera and files, as the photo dialogs use them. */

export type CameraStatus = 'starting' | 'live' | 'denied' | 'unavailable';

/** The rear camera when there is one; 1280x720, or on a phone 640x480 and at most 1280x720. */
export function cameraConstraints(mobile: boolean): MediaStreamConstraints {
  const size = mobile
    ? {
        width: { ideal: CAMERA_MOBILE_IDEAL_SIZE.width, max: CAMERA_MOBILE_MAX_SIZE.width },
        height: { ideal: CAMERA_MOBILE_IDEAL_SIZE.height, max: CAMERA_MOBILE_MAX_SIZE.height },
      }
    : { width: { ideal: CAMERA_IDEAL_SIZE.width }, height: { ideal: CAMERA_IDEAL_SIZE.height } };
  // A bare facingMode is a preference: a laptop with only a front camera still gets that one.
  return { audio: false, video: { facingMode: 'environment', ...size } };
}

export function isMobileDevice(): boolean {
  const hints = (navigator as Navigator & { userAgentData?: { mobile: boolean } }).userAgentData;
  return hints?.mobile ?? /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent);
}

/** Without a secure context (plain http on another host) or a camera API, only files remain. */
export const hasCameraApi = (): boolean => typeof navigator.mediaDevices?.getUserMedia === 'function';

/** The user (or the browser's policy) said no; anything else means there is no camera to use. */
export function cameraFailure(error: unknown): 'denied' | 'unavailable' {
  const name = typeof error === 'object' && error !== null && 'name' in error ? error.name : undefined;
  return name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable';
}

export function stopCamera(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}

/** The video's current frame as a JPEG data URL, at the camera's own size. */
export function captureFrame(video: HTMLVideoElement): string {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw the photo (no 2D canvas).');
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/jpeg', PHOTO_JPEG_QUALITY);
}

/** A chosen file as a data URL, the form the image call takes. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}
