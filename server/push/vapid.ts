import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config-error.ts';
import { makeFolder } from '../make-folder.ts';
import { createOnce } from '../secret.ts';

export const VAPID_FILE = 'vapid.json';

export interface VapidKeys {
  /** The uncompressed P-256 public key, base64url: what browsers subscribe with. */
  publicKey: string;
  /** The private scalar, base64url. */
  privateKey: string;
}

/** A new key pair, as web-push wants it. */
export function newVapidKeys(): VapidKeys {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return { publicKey: ecdh.getPublicKey('base64url'), privateKey: ecdh.getPrivateKey('base64url') };
}

/** Whether the pair belongs together: the public key is the private key's. */
function matches(keys: VapidKeys): boolean {
  try {
    const ecdh = crypto.createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(keys.privateKey, 'base64url'));
    return ecdh.getPublicKey('base64url') === keys.publicKey;
  } catch {
    return false;
  }
}

/**
 * The VAPID key pair: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set, else a pair made on first
 * start and kept beside the server secret in the data folder (made as secret.key is: two first
 * starts at once keep one). Every subscription is bound to the public key: a new pair silences
 * every device until it subscribes again, so processes on one database must share it.
 */
export function loadOrCreateVapidKeys(dataDir: string, fromEnv: VapidKeys | undefined): VapidKeys {
  if (fromEnv) {
    if (!matches(fromEnv)) throw new ConfigError('Invalid VAPID_PRIVATE_KEY: it is not the private key of VAPID_PUBLIC_KEY');
    return fromEnv;
  }
  const file = path.join(dataDir, VAPID_FILE);
  makeFolder(dataDir);
  createOnce(file, JSON.stringify(newVapidKeys()));
  let keys: VapidKeys | undefined;
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (typeof parsed.publicKey === 'string' && typeof parsed.privateKey === 'string') keys = { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
  } catch {
    keys = undefined;
  }
  if (!keys || !matches(keys)) {
    throw new ConfigError(`${file} holds no usable VAPID key pair. Delete it to have a new one made (every device then turns notifications on again), or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY.`);
  }
  return keys;
}
