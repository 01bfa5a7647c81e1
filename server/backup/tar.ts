import type { Readable, Writable } from 'node:stream';

/**
 * The little of POSIX tar (ustar) a backup needs: regular files with short relative names, written
 * and read as streams. Any `tar` reads what this writes (`tar -tzf backup.tar.gz`); the reader
 * takes the files of such an archive and refuses anything else.
 */

const BLOCK = 512;
const NAME_MAX = 100;
const END = Buffer.alloc(BLOCK * 2);

export class TarError extends Error {}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function header(name: string, size: number, mtime: Date): Buffer {
  if (Buffer.byteLength(name) >= NAME_MAX) throw new TarError(`name too long for the archive: ${name}`);
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 'utf8');
  block.write(octal(0o600, 8), 100);
  block.write(octal(0, 8), 108);
  block.write(octal(0, 8), 116);
  block.write(octal(size, 12), 124);
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136);
  block.write(' '.repeat(8), 148);
  block.write('0', 156);
  block.write('ustar\u000000', 257);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return block;
}

function write(out: Writable, chunk: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    out.write(chunk, (error) => (error ? reject(error) : resolve()));
  });
}

/** Appends entries to a tar stream; `end()` writes the closing blocks (not ending `out`). */
export function tarWriter(out: Writable, mtime = new Date()) {
  return {
    async file(name: string, data: Buffer): Promise<void> {
      await write(out, header(name, data.length, mtime));
      await write(out, data);
      const pad = (BLOCK - (data.length % BLOCK)) % BLOCK;
      if (pad > 0) await write(out, Buffer.alloc(pad));
    },
    /** A file whose size is known and whose bytes come from a stream (a table's dump). */
    async stream(name: string, size: number, body: AsyncIterable<Buffer>): Promise<void> {
      await write(out, header(name, size, mtime));
      let written = 0;
      for await (const chunk of body) {
        written += chunk.length;
        await write(out, chunk);
      }
      if (written !== size) throw new TarError(`${name}: ${written} bytes written, ${size} announced`);
      const pad = (BLOCK - (size % BLOCK)) % BLOCK;
      if (pad > 0) await write(out, Buffer.alloc(pad));
    },
    end: () => write(out, END),
  };
}

export interface TarEntry {
  name: string;
  size: number;
  /** The entry's bytes; must be read whole (or skipped with `skip`) before the next entry. */
  body: AsyncIterable<Buffer>;
}

/** Reads exactly what is asked from a stream of chunks. */
class ByteReader {
  private buffered: Buffer[] = [];
  private length = 0;
  private readonly chunks: AsyncIterator<Buffer>;

  constructor(source: Readable) {
    this.chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  }

  /** Up to `max` bytes (fewer only at the end of the stream); an empty buffer at the end. */
  async some(max: number): Promise<Buffer> {
    while (this.length === 0) {
      const next = await this.chunks.next();
      if (next.done) return Buffer.alloc(0);
      this.buffered.push(next.value);
      this.length += next.value.length;
    }
    const first = this.buffered[0]!;
    const taken = first.subarray(0, max);
    if (taken.length === first.length) this.buffered.shift();
    else this.buffered[0] = first.subarray(taken.length);
    this.length -= taken.length;
    return taken;
  }

  /** Reads to the end of the stream (a tar may be padded past its closing blocks). */
  async drain(): Promise<void> {
    while (!(await this.chunks.next()).done);
  }

  async exactly(size: number): Promise<Buffer> {
    const parts: Buffer[] = [];
    let got = 0;
    while (got < size) {
      const part = await this.some(size - got);
      if (part.length === 0) throw new TarError('the archive ends in the middle of a file: it is incomplete');
      parts.push(part);
      got += part.length;
    }
    return Buffer.concat(parts, size);
  }
}

function field(block: Buffer, start: number, length: number): string {
  const text = block.subarray(start, start + length).toString('utf8');
  const end = text.indexOf('\0');
  return end === -1 ? text : text.slice(0, end);
}

function parseHeader(block: Buffer): { name: string; size: number } {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
  if (Number.parseInt(field(block, 148, 8).trim(), 8) !== sum) throw new TarError('not a backup file (no tar header where one should be)');
  const type = field(block, 156, 1);
  const name = field(block, 0, NAME_MAX);
  if (type !== '0' && type !== '') throw new TarError(`${name}: not a regular file`);
  return { name, size: Number.parseInt(field(block, 124, 12).trim(), 8) };
}

/** The files of a tar stream, in order. */
export async function* readTar(source: Readable): AsyncGenerator<TarEntry> {
  const reader = new ByteReader(source);
  for (;;) {
    const block = await reader.exactly(BLOCK);
    if (block.every((byte) => byte === 0)) return reader.drain();
    const { name, size } = parseHeader(block);
    let left = size;
    const body = (async function* () {
      while (left > 0) {
        const chunk = await reader.some(left);
        if (chunk.length === 0) throw new TarError('the archive ends in the middle of a file: it is incomplete');
        left -= chunk.length;
        yield chunk;
      }
    })();
    yield { name, size, body };
    // Whatever the caller did not read is skipped.
    for await (const chunk of body) void chunk;
    while (left > 0) left -= (await reader.exactly(Math.min(left, 1 << 16))).length;
    const pad = (BLOCK - (size % BLOCK)) % BLOCK;
    if (pad > 0) await reader.exactly(pad);
  }
}
