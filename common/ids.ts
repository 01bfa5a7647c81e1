/**
 * Ids made on either side of the API. Both come from `crypto.getRandomValues`, which every
 * context has: `crypto.randomUUID` exists only in secure contexts, so a browser that opens Listo
 * on a home network's plain-HTTP address (`HOST=0.0.0.0`) would have none and could not create a
 * list or an item.
 */

/**
 * Bytes drawn per `getRandomValues` call. A call costs 5-8 µs on the server, barely more for 4 KB
 * than for 16 bytes: drawn one id at a time, it was most of an id's 8 µs, now 0.4 µs.
 */
const POOL_BYTES = 4096;
const ID_BYTES = 16;
let pool = new Uint8Array(0);
let taken = 0;

/** 16 random bytes no other id has been given, for the caller to change as it likes. */
function randomIdBytes(): Uint8Array {
  if (taken + ID_BYTES > pool.length) {
    pool = crypto.getRandomValues(new Uint8Array(POOL_BYTES));
    taken = 0;
  }
  taken += ID_BYTES;
  return pool.subarray(taken - ID_BYTES, taken);
}

/** A random UUID (version 4): 122 random bits, for an id that must reveal nothing, as a list's does in its share link. */
export function newRandomId(): string {
  return formatUuid(randomIdBytes(), 0x40);
}

/**
 * A time-ordered UUID (version 7, RFC 9562): the millisecond it was made, then 74 random bits.
 * For items and Idempotency-Keys: ids made one after another sort together, so on SQLite their
 * inserts touch the last page of the index instead of a random one, and a group commit writes and
 * fsyncs fewer pages (docs/performance.md). Still unguessable; it tells only when it was made.
 */
export function newTimeOrderedId(now = Date.now()): string {
  const bytes = randomIdBytes();
  // 48 bits of milliseconds, big-endian; a bitwise operator would cut the number to 32 bits.
  for (let index = 5, rest = now; index >= 0; index--, rest = Math.floor(rest / 256)) bytes[index] = rest % 256;
  return formatUuid(bytes, 0x70);
}

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

function formatUuid(bytes: Uint8Array, version: number): string {
  bytes[6] = (bytes[6]! & 0x0f) | version;
  // The variant of RFC 9562: the two high bits 10.
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = (from: number, to: number) => {
    let out = '';
    for (let index = from; index < to; index++) out += HEX[bytes[index]!];
    return out;
  };
  return `${hex(0, 4)}-${hex(4, 6)}-${hex(6, 8)}-${hex(8, 10)}-${hex(10, 16)}`;
}
