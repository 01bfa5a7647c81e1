import type { Migration } from 'kysely/migration';
import * as initial from './001-initial.ts';
import * as itemsMemoryAndIdempotency from './002-items-memory-and-idempotency.ts';
import * as realtime from './003-realtime.ts';
import * as sessionsAndVerification from './004-sessions-and-verification.ts';
import * as listLastChange from './008-list-last-change.ts';

/** Every migration, in order. Listed by hand so the bundle of migrations is explicit and static. */
export const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-items-memory-and-idempotency': itemsMemoryAndIdempotency,
  '003-realtime': realtime,
  '004-sessions-and-verification': sessionsAndVerification,
  '008-list-last-change': listLastChange,
};
