import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, expect, it } from 'vitest';
import { readTar, tarWriter, TarError } from './tar.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'listo-tar-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function archive(write: (tar: ReturnType<typeof tarWriter>) => Promise<void>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const tar = tarWriter(out, new Date('2025-05-20T12:00:00Z'));
  await write(tar);
  await tar.end();
  return Buffer.concat(chunks);
}

async function entries(bytes: Buffer): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for await (const entry of readTar(Readable.from([bytes]))) {
    const parts: Buffer[] = [];
    for await (const chunk of entry.body) parts.push(chunk);
    found[entry.name] = Buffer.concat(parts).toString();
  }
  return found;
}

const files = { 'tables/users.jsonl': '{"id":"a"}\n'.repeat(100), 'photos/images/x/original.jpg': 'ÿØÿ', 'empty.txt': '', 'manifest.json': '{}' };

it('writes what tar reads, and reads it back', async () => {
  const bytes = await archive(async (tar) => {
    for (const [name, text] of Object.entries(files)) {
      if (name.startsWith('tables/')) await tar.stream(name, Buffer.byteLength(text), Readable.from([Buffer.from(text)]));
      else await tar.file(name, Buffer.from(text));
    }
  });
  const file = path.join(dir, 'a.tar');
  fs.writeFileSync(file, bytes);
  expect(execFileSync('tar', ['-tf', file], { encoding: 'utf8' }).trim().split('\n')).toEqual(Object.keys(files));
  expect(execFileSync('tar', ['-xOf', file, 'tables/users.jsonl'], { encoding: 'utf8' })).toBe(files['tables/users.jsonl']);
  expect(await entries(bytes)).toEqual(files);
});

it('reads an archive made by tar, padded past its end', async () => {
  fs.mkdirSync(path.join(dir, 'made'));
  fs.writeFileSync(path.join(dir, 'made', 'one.txt'), 'one');
  execFileSync('tar', ['-cf', path.join(dir, 'made.tar'), '--format=ustar', '-C', path.join(dir, 'made'), 'one.txt']);
  expect(await entries(fs.readFileSync(path.join(dir, 'made.tar')))).toEqual({ 'one.txt': 'one' });
});

it('refuses an archive cut short, a name too long, and a stream whose size was wrong', async () => {
  const bytes = await archive((tar) => tar.file('a.txt', Buffer.alloc(2000, 'a')));
  await expect(entries(bytes.subarray(0, 1200))).rejects.toThrow(new TarError('the archive ends in the middle of a file: it is incomplete'));
  await expect(archive((tar) => tar.file('x'.repeat(100), Buffer.alloc(1)))).rejects.toThrow(TarError);
  await expect(archive((tar) => tar.stream('b.txt', 5, Readable.from([Buffer.from('four')])))).rejects.toThrow('b.txt: 4 bytes written, 5 announced');
  await expect(entries(Buffer.alloc(512, 'x'))).rejects.toThrow('not a backup file (no tar header where one should be)');
});
