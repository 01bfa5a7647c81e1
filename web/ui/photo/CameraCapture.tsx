import { Camera } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { IMAGE_TEXT } from '../../../common/image-uploads.ts';
import { MESSAGES } from '../../../common/messages.ts';
import { BusyButton } from '../BusyButton.tsx';
import modal from '../Modal.module.css';
import ui from '../ui.module.css';
import { captureFrame } from './camera.ts';
import { FilePickButton } from './FilePickButton.tsx';
import { useCamera } from './useCamera.ts';
import styles from './Photo.module.css';

interface CameraCaptureProps {
  /** The photo as a JPEG data URL (or the chosen file's data URL). */
  onPhoto: (photo: string) => void;
  /** While the caller works on a photo (say, analysing it): both ways to give one are unavailable. */
  busy?: boolean;
  /** The file types "Choose a File" offers (FilePickButton). */
  accept?: string;
}

/**
 * The body of "Take a Photo": the camera's live picture and a Capture
 * button, with "Choose a File" beside it, and instead of it when there is no camera or the user
 * refused it (then with the camera-denied message). The camera stops when this unmounts.
 */
export function CameraCapture({ onPhoto, busy = false, accept }: CameraCaptureProps) {
  const camera = useCamera();
  const video = useRef<HTMLVideoElement>(null);
  const [ready, setReady] = useState(false);
  const [problem, setProblem] = useState<string>();

  useEffect(() => {
    if (video.current && camera.stream) video.current.srcObject = camera.stream;
  }, [camera.stream]);

  const live = camera.status === 'starting' || camera.status === 'live';
  return (
    <div className={styles.capture}>
      {live && (
        <video
          ref={video}
          className={styles.preview}
          aria-label="Camera preview"
          autoPlay
          playsInline
          muted
          onLoadedMetadata={() => setReady(true)}
        />
      )}
      {camera.status === 'starting' && (
        <p role="status" className={ui.muted}>
          {IMAGE_TEXT.cameraStarting}
        </p>
      )}
      {camera.status === 'denied' && (
        <p role="alert" className={ui.error}>
          {MESSAGES.cameraDenied}
        </p>
      )}
      {camera.status === 'unavailable' && <p className={ui.muted}>{IMAGE_TEXT.cameraUnavailable}</p>}
      {problem && (
        <p role="alert" className={ui.error}>
          {problem}
        </p>
      )}
      <div className={`${modal.actions} ${styles.actions}`}>
        <FilePickButton className={live ? ui.secondary : ui.primary} busy={busy} onPhoto={onPhoto} onProblem={setProblem} accept={accept} />
        {live && (
          <BusyButton className={ui.primary} busy={busy} disabled={!ready} onClick={() => video.current && onPhoto(captureFrame(video.current))}>
            <Camera size={20} aria-hidden />
            {IMAGE_TEXT.capture}
          </BusyButton>
        )}
      </div>
    </div>
  );
}
