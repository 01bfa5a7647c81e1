import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { API_BASE_PATH } from './common/constants.ts';

/** `npm run dev` (scripts/dev.ts): Vite's dev server on PORT, and the API server beside it on the next port. */
const DEV_PORT = Number(process.env.PORT ?? 3000);
export const DEV_API_PORT = DEV_PORT + 1;

/**
 * How the app's code is cut into chunks (decision 018): on a phone's link every request costs a
 * round trip, so a start loads a few large chunks, not twenty small ones. The entry is one chunk;
 * the pieces the sign-in screens share are one; the signed-in app with its two main screens
 * (lists and a list), its state and its live client is one. Dialogs opened on demand stay lazy,
 * and so does every other screen.
 */
const SIGN_IN_SHARED = /[\\/]web[\\/](features[\\/](auth[\\/](auth-api|AuthLayout|useProviderSignIn|index)|public[\\/]join-path)|ui[\\/](BusyButton|Field|FormMessage|ui\.module|useFieldError)|core[\\/]net[\\/]errors)\./;
const SIGNED_IN_APP = new RegExp(
  [
    String.raw`[\\/]web[\\/](app[\\/](SignedInApp|live-sync|first-screen-\w+|load-again-online)\.`,
    String.raw`|core[\\/](store|sync)[\\/]|core[\\/]net[\\/](app-update|handoff|live|live-client|server-clock|when-idle)\.`,
    String.raw`|features[\\/](lists[\\/](DashboardScreen\.tsx|ListScreen\.tsx|dashboard[\\/]|list[\\/]|list-actions|live-lists|screen-loads)`,
    String.raw`|items[\\/](?!items-api)|ai[\\/](?!ai-api)|photos[\\/](ItemImage|image-actions|waiting-photos)`,
    String.raw`|notifications[\\/](ListMuteSwitch|list-notifications|push\.)|public[\\/]public-live|store-order[\\/]store-order\.`,
    String.raw`|shares[\\/](MembersSection|ShareLinkField|ShareListModal|WaitingInvitations|useWaitingInvitations|share-actions|leave-list|live-shares)`,
    String.raw`|transfer[\\/]ListImportDialog|account[\\/]live-user|[\w-]+[\\/]lazy-dialogs))`,
  ].join(''),
);
const OPENED_ON_DEMAND = /(Dialog|Modal)(\.module\.css|\.tsx)$/;

/** The brand colour of the logo (web/public/logo.svg) and of the browser's chrome around the app. */
const THEME_COLOR = '#2f6fed';

/** The files vite-plugin-pwa writes when the bundle is closed: the service worker and its workbox runtime. */
const SERVICE_WORKER_FILES = /^(sw|workbox-[\w-]+)\.js$/;

/**
 * Writes .br and .gz copies of the service worker's files. vite-plugin-pwa makes them after the
 * bundle, where the compression plugin no longer looks, so every start fetched them uncompressed.
 */
function precompressServiceWorker(): Plugin {
  let outDir = '';
  return {
    name: 'listo:precompress-service-worker',
    apply: 'build',
    configResolved: (config) => void (outDir = path.resolve(config.root, config.build.outDir)),
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = (await fs.readdir(outDir)).filter((file) => SERVICE_WORKER_FILES.test(file));
        for (const file of files) {
          const source = await fs.readFile(path.join(outDir, file));
          await fs.writeFile(path.join(outDir, `${file}.br`), zlib.brotliCompressSync(source));
          await fs.writeFile(path.join(outDir, `${file}.gz`), zlib.gzipSync(source, { level: 9 }));
        }
      },
    },
  };
}

export default defineConfig({
  root: 'web',
  plugins: [
    react(),
    // An installable app: manifest, icons, and a service worker that serves the app shell (and
    // every hashed asset) from its cache, so the app opens offline from the home screen. The API
    // is never cached: data goes through the store, its offline queue and the live feed.
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: false,
      includeAssets: ['logo.svg', 'favicon-32.png', 'apple-touch-icon.png'],
      manifest: {
        name: 'Listo',
        short_name: 'Listo',
        description: 'Shared checklists, live on every device.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOR,
        background_color: '#f6f7f9',
        icons: [
          { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [new RegExp(`^${API_BASE_PATH}/`)],
        cleanupOutdatedCaches: true,
        // Notifications: showing a push and opening its list on a click (web/public/push-sw.js).
        importScripts: ['push-sw.js'],
      },
    }),
    // Precompressed copies beside every asset; the server picks the one the browser accepts.
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip')],
      include: /\.(js|css|html|svg|webmanifest|json)$/,
      threshold: 0,
    }),
    precompressServiceWorker(),
  ],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // Report gzip sizes, so the initial bundle size is visible on every build.
    reportCompressedSize: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // A module goes to the first group (highest priority) that takes it.
          groups: [
            { name: 'start', tags: ['$initial'], priority: 3 },
            { name: 'sign-in', test: SIGN_IN_SHARED, priority: 2 },
            { name: 'signed-in', test: (id) => SIGNED_IN_APP.test(id) && !OPENED_ON_DEMAND.test(id), priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: DEV_PORT,
    proxy: { [API_BASE_PATH]: { target: `http://127.0.0.1:${DEV_API_PORT}`, ws: true } },
  },
});
