import fs from 'node:fs';
import path from 'node:path';

/**
 * `mkdir -p`. Node's own (`recursive: true`) loops forever where the system answers ENOENT for a
 * folder whose parent exists (under /proc, a read-only mount): here that ENOENT is thrown, for
 * startup-problem.ts to explain. Processes sharing a data folder may make the same folder at the
 * same moment: one that another made meanwhile is no error.
 */
export function makeFolder(folder: string): void {
  try {
    fs.mkdirSync(folder);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' && fs.statSync(folder).isDirectory()) return;
    const parent = path.dirname(folder);
    if (code !== 'ENOENT' || fs.existsSync(parent)) throw error;
    makeFolder(parent);
    makeFolder(folder);
  }
}
