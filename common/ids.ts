/**
 * Ids made on either side of the API. Both come from `crypto.getRandomValues`, which every
 * context has: `crypto.randomUUID` exists only in secure contexts, so a browser that opens Listo
 * on a home network's plain-HTTP address (`HOST=0.0.0.0`) would have none and could not create a
 * list or an item.
 */

/** A random UUID (version 4): 122 random bits, for an id that must reveal nothing, as a list's does in its share link. */
export function newRandomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return formatUuid(bytes, 0x40);
}

/**
 * A time-ordered UUID (version 7, RFC 9562): the millisecond it was made, then 74 random bits.
 * For items and Idempotency-Keys: ids made one after another sort together, so on SQLite their
 * inserts touch the last page of the index instead of a random one, and a group commit writes and
 * fsyncs fewer pages (docs/performance.md). Still unguessable; it tells only when it was made.
 */
export function newTimeOrderedId(now = Date.now()): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  // 48 bits of milliseconds, big-endian; a bitwise operator would cut the number to 32 bits.
  for (let index = 5, rest = now; index >= 0; index--, rest = Math.floor(rest / 256)) bytes[index] = rest % 256;
  return formatUuid(bytes, 0x70);
}

function formatUuid(bytes: Uint8Array, version: number): string {
  bytes[6] = (bytes[6]! & 0x0f) | version;
  // The variant of RFC 9562: the two high bits 10.
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
