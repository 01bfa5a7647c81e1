import { useState } from 'react';

/**
 * Whether the image at `src` failed to load, and the `onError` handler that records it. Signed URLs
 * expire; the live feed brings the item again with a fresh one, which is tried anew.
 */
export function useLoadFailure(src: string | undefined): [failed: boolean, onError: () => void] {
  const [failedSrc, setFailedSrc] = useState<string>();
  return [src !== undefined && failedSrc === src, () => setFailedSrc(src)];
}
