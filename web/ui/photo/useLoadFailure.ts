import { useState } from 'react';

/**
 * Whether the image at `src` failed to load, and the `onError` handler that records it. A new
 * `src` (the item changed, or its signed URLs were renewed: core/sync/fresh-image-urls.ts) is tried anew.
 */
export function useLoadFailure(src: string | undefined): [failed: boolean, onError: () => void] {
  const [failedSrc, setFailedSrc] = useState<string>();
  return [src !== undefined && failedSrc === src, () => setFailedSrc(src)];
}
