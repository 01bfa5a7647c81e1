import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The certificate of the push service a notification test starts (server/test/push-service.ts).
 * serve.ts makes it before the server starts, so the server trusts it (NODE_EXTRA_CA_CERTS); the
 * test serves with it. One pair of files per port, so runs on other ports (E2E_PORT) keep their own.
 */
export function pushCertificateFiles(port: string | number): { key: string; cert: string } {
  const base = path.join(os.tmpdir(), `listo-e2e-push-${port}`);
  return { key: `${base}.key.pem`, cert: `${base}.cert.pem` };
}

/** The certificate and its key, as startTestPushService takes them. */
export function readPushCertificate(port: string | number): { key: string; cert: string } {
  const files = pushCertificateFiles(port);
  return { key: fs.readFileSync(files.key, 'utf8'), cert: fs.readFileSync(files.cert, 'utf8') };
}
