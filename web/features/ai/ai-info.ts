import { useEffect } from 'react';
import type { AiInfoResponse } from '../../../common/schemas/ai.ts';
import { fetchAiInfo } from './ai-api.ts';
import { createStore, useStore } from '../../core/store/store.ts';

/**
 * What this server's AI offers (GET /ai, docs/api.md): who answers, and whether Standard and
 * Expensive pick two models. Asked when a screen first needs it, then kept for the page's life
 * (a server's configuration does not change under a running page); a failed ask (offline) is
 * asked again the next time.
 */
const infoStore = createStore<AiInfoResponse | undefined>(undefined);
let asking: Promise<void> | undefined;

function ask(): void {
  if (infoStore.get() !== undefined) return;
  asking ??= fetchAiInfo()
    .then((info) => infoStore.set(info), () => undefined)
    .finally(() => (asking = undefined));
}

/** The server's AI, once known; undefined until then (or while it cannot be asked). */
export function useAiInfo(): AiInfoResponse | undefined {
  useEffect(ask, []);
  return useStore(infoStore, (info) => info);
}

/** Forgets what was learnt (tests). */
export function resetAiInfo(): void {
  infoStore.set(undefined);
  asking = undefined;
}
