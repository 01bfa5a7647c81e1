import { useEffect, useState } from 'react';
import { cameraConstraints, cameraFailure, hasCameraApi, isMobileDevice, stopCamera, type CameraStatus } from './camera.ts';

interface Camera {
  status: CameraStatus;
  stream?: MediaStream;
}

/**
 * The camera while the calling component is mounted: asked for once, and its tracks stopped when
 * the component goes (the dialog closes), so the camera light goes off. A stream granted after
 * that is stopped at once.
 */
export function useCamera(): Camera {
  const [camera, setCamera] = useState<Camera>(() => ({ status: hasCameraApi() ? 'starting' : 'unavailable' }));

  useEffect(() => {
    if (!hasCameraApi()) return undefined;
    let stream: MediaStream | undefined;
    let gone = false;
    navigator.mediaDevices.getUserMedia(cameraConstraints(isMobileDevice())).then(
      (granted) => {
        if (gone) return stopCamera(granted);
        stream = granted;
        setCamera({ status: 'live', stream });
      },
      (error: unknown) => {
        if (!gone) setCamera({ status: cameraFailure(error) });
      },
    );
    return () => {
      gone = true;
      if (stream) stopCamera(stream);
    };
  }, []);

  return camera;
}
