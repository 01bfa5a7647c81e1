import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config-error.ts';
import { loadOrCreateVapidKeys, newVapidKeys, VAPID_FILE } from './vapid.ts';

describe('VAPID keys', () => {
  const folder = () => fs.mkdtempSync(path.join(os.tmpdir(), 'listo-vapid-'));

  it('are made at first start, kept in the data folder readable by the owner only, and the same at the next', () => {
    const dataDir = folder();
    const first = loadOrCreateVapidKeys(dataDir, undefined);
    expect(first.publicKey).toMatch(/^[\w-]{87}$/);
    expect(fs.statSync(path.join(dataDir, VAPID_FILE)).mode & 0o777).toBe(0o600);
    expect(loadOrCreateVapidKeys(dataDir, undefined)).toEqual(first);
  });

  it('come from the environment when given, and a pair that does not belong together stops the start', () => {
    const given = newVapidKeys();
    expect(loadOrCreateVapidKeys(folder(), given)).toEqual(given);
    expect(() => loadOrCreateVapidKeys(folder(), { ...given, privateKey: newVapidKeys().privateKey })).toThrow(ConfigError);
  });

  it('refuse a damaged file with a line saying what to do', () => {
    const dataDir = folder();
    fs.writeFileSync(path.join(dataDir, VAPID_FILE), '{"publicKey":"x"}');
    expect(() => loadOrCreateVapidKeys(dataDir, undefined)).toThrow(/Delete it to have a new one made/);
  });
});
