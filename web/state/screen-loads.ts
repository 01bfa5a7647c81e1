import { createHandoff } from './handoff.ts';

/** What a screen loads when it opens: the lists, the user, or one list's items. */
export type ScreenLoad = 'lists' | 'me' | `items:${string}`;

/** How long a load made at start-up stands in for the screen's own; after that the screen loads again. */
const STARTUP_LOAD_MS = 10_000;

const startupLoads = createHandoff<ScreenLoad, void>(STARTUP_LOAD_MS);

/**
 * Runs a load of the first screen at start-up (state/first-screen-loads.ts), before that screen
 * renders, for the screen to take with `loadForScreen` instead of loading again.
 */
export function loadAtStartup(key: ScreenLoad, load: () => Promise<void>): Promise<void> {
  return startupLoads.start(key, load);
}

/**
 * A screen's load when it opens: the same load made at start-up, once, if it is recent and of this
 * session; otherwise `load()`. The screen then renders with its data from the first render on,
 * instead of rendering again when the data comes in.
 */
export function loadForScreen(key: ScreenLoad, load: () => Promise<void>): Promise<void> {
  return startupLoads.take(key) ?? load();
}
