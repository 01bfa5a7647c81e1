import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { API_BASE_PATH } from './common/constants.ts';

/** The API server `npm run dev` starts beside Vite (scripts/dev.ts). */
export const DEV_API_PORT = 3001;

export default defineConfig({
  root: 'web',
  plugins: [react()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // Report gzip sizes, so the initial bundle size is visible on every build.
    reportCompressedSize: true,
  },
  server: {
    port: 3000,
    proxy: { [API_BASE_PATH]: { target: `http://127.0.0.1:${DEV_API_PORT}`, ws: true } },
  },
});
