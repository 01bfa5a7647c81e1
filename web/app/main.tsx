import './zod-config.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App, SignedInApp } from './App.tsx';
import { StartingHeader } from '../ui/StartingHeader.tsx';
import { watchForUserAction } from '../ui/user-acted.ts';
import { DashboardScreen, ListScreen } from './lazy.ts';
import { readFirstScreenEarly } from './first-screen-reads.ts';
import { loadAgainOnline } from './load-again-online.ts';
import { session } from '../core/store/session.ts';
import { whenIdle } from '../core/net/when-idle.ts';
import '../core/store/theme.ts';
import '../styles/global.css';

/**
 * The service worker (vite-plugin-pwa) keeps the app shell for offline starts; only in a build,
 * and at an idle moment after the first render so it never competes with it. Its code is a chunk
 * of its own: offline by then, it is fetched when the browser is back online.
 */
function registerServiceWorker(): void {
  if (!import.meta.env.PROD) return;
  void whenIdle()
    .then(() => loadAgainOnline(() => import('virtual:pwa-register')))
    .then((pwa) => pwa?.registerSW({ immediate: true }));
}

/**
 * The chunks a signed-in start needs (the signed-in app and the screen of this URL), fetched side
 * by side before the first render instead of one after the other, with the screen's API reads,
 * and its data loaded into the store (app/first-screen-loads.ts); a failure just leaves them lazy.
 */
function fetchFirstScreen(): Promise<unknown> {
  if (!session.get().user) return Promise.resolve();
  const path = window.location.pathname;
  readFirstScreenEarly(path);
  const screen = path.startsWith('/lists/') ? ListScreen : path === '/' ? DashboardScreen : undefined;
  // From the signed-in app's chunk: a chunk of its own split the entry's modules into five more requests.
  const data = import('./SignedInApp.tsx').then(({ loadFirstScreen }) => loadFirstScreen(path));
  return Promise.all([SignedInApp.preload(), screen?.preload(), data]).catch(() => undefined);
}

watchForUserAction();
const root = createRoot(document.getElementById('root')!);
// A signed-in start paints the header at once; the app replaces it when its chunks are in.
if (session.get().user) root.render(<StartingHeader />);

// The app's render as a transition, so React may yield to the browser while it renders rather than
// hold the main thread for it in one task (Lighthouse's blocking time: list 600 -> 420 ms, sign-in 160 -> 60).
void fetchFirstScreen().then(() =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </StrictMode>,
    ),
  ),
).then(registerServiceWorker);
