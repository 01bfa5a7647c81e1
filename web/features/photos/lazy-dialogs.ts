import { lazy } from 'react';

/** The dialog loads when first opened, in a chunk of its own (vite.config.ts, decision 018). */
export const ItemImageDialog = lazy(() => import('./ItemImageDialog.tsx').then((m) => ({ default: m.ItemImageDialog })));
