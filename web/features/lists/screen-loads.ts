import type { ItemsRead } from '../items/index.ts';
import { createHandoff } from '../../core/net/handoff.ts';

/**
 * What a screen loads when it opens, and what each load answers: the lists, the user, or one
 * list's items (what was read, for the live feed to follow from there).
 */
interface ScreenLoadResults {
  lists: void;
  me: void;
  [items: `items:${string}`]: ItemsRead | undefined;
}
export type ScreenLoad = keyof ScreenLoadResults;
type Result<K extends ScreenLoad> = ScreenLoadResults[K];

/** How long a load made at start-up stands in for the screen's own; after that the screen loads again. */
const STARTUP_LOAD_MS = 10_000;

const startupLoads = createHandoff<ScreenLoad, Result<ScreenLoad>>(STARTUP_LOAD_MS);

/**
 * Runs a load of the first screen at start-up (app/first-screen-loads.ts), before that screen
 * renders, for the screen to take with `loadForScreen` instead of loading again.
 */
export function loadAtStartup<K extends ScreenLoad>(key: K, load: () => Promise<Result<K>>): Promise<Result<K>> {
  return startupLoads.start(key, load) as Promise<Result<K>>;
}

/**
 * A screen's load when it opens: the same load made at start-up, once, if it is recent and of this
 * session; otherwise `load()`. The screen then renders with its data from the first render on,
 * instead of rendering again when the data comes in.
 */
export function loadForScreen<K extends ScreenLoad>(key: K, load: () => Promise<Result<K>>): Promise<Result<K>> {
  // A key is loaded by the same function at start-up and on the screen, so its result is Result<K>.
  return (startupLoads.take(key) as Promise<Result<K>> | undefined) ?? load();
}
