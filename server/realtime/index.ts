/**
 * What the rest of the server may use of live subscriptions. Features write through the change
 * feed (server/writes/change-feed.ts) and know nothing else of realtime; realtime reads through the sources the features provide
 * (sources.ts) and imports no feature. ESLint keeps both directions so (eslint.config.js).
 */
export { createRealtime, type Realtime, type RealtimeOptions } from './realtime.ts';
export type { LiveListDoc, LiveListState, LiveShare, LiveSources } from './sources.ts';
export { realtimeRoutes } from './realtime.routes.ts';
