import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/open.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    sqliteTemplate: string;
  }
}

/** Migrates one SQLite database for the whole run; each test file starts from a copy of it. */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'listo-template-'));
  const file = path.join(dir, 'template.db');
  const database = await openDatabase({ kind: 'sqlite', file });
  // The last connection to close folds the WAL back into the file, so one file is the template.
  await database.close();
  project.provide('sqliteTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
