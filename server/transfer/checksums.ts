import crypto from 'node:crypto';

/** The `checksums.sha256` file of an export: the lines `sha256sum` writes and `sha256sum -c` checks. */

export const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');

/** The digest, two spaces, the path: one line per file. */
export const checksumsOf = (files: Iterable<[string, Uint8Array]>) => [...files].map(([path, bytes]) => `${sha256(bytes)}  ${path}\n`).join('');

/** Digests by path; lines of another shape are not checksums and are left out. */
export function readChecksums(text: string): Map<string, string> {
  const sums = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = /^([0-9a-f]{64}) [ *](.+)$/.exec(line);
    if (match) sums.set(match[2]!, match[1]!);
  }
  return sums;
}
