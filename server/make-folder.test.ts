import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { makeFolder } from './make-folder.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'listo-folder-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

it('makes a folder with its missing parents, and takes one that is there', () => {
  const folder = path.join(root, 'a', 'b', 'c');
  makeFolder(folder);
  makeFolder(folder);
  expect(fs.statSync(folder).isDirectory()).toBe(true);
});

it('refuses a path that is a file', () => {
  const file = path.join(root, 'file');
  fs.writeFileSync(file, '');
  expect(() => makeFolder(file)).toThrow(expect.objectContaining({ code: 'EEXIST' }));
  expect(() => makeFolder(path.join(file, 'below'))).toThrow(expect.objectContaining({ code: 'ENOTDIR' }));
});

it.skipIf(!fs.existsSync('/proc/self'))('ends with ENOENT where the system will not make it, where Node’s own mkdir loops', () => {
  expect(() => makeFolder('/proc/listo/data')).toThrow(expect.objectContaining({ code: 'ENOENT', syscall: 'mkdir' }));
});
