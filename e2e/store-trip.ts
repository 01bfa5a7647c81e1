/**
 * The trip gap of the server the browser tests talk to (serve.ts sets STORE_TRIP_GAP_SECONDS):
 * short, so that a test can end a trip by waiting, as a shopper ends one by going home; long
 * enough that check-offs a second apart on a busy machine stay one trip.
 */
export const E2E_STORE_TRIP_GAP_MS = 4_000;
