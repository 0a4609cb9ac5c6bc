import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

export interface ThrowawayCertificate {
  /** TLS_CERT_FILE and TLS_KEY_FILE for the server. */
  env: { TLS_CERT_FILE: string; TLS_KEY_FILE: string };
  /** The certificate (PEM), for a client that should trust it. */
  cert: Buffer;
  remove: () => Promise<void>;
}

/**
 * A self-signed certificate for localhost, valid for a day, made by openssl in a
 * folder of its own: what a server started over HTTPS (HTTP/2) in a test or a
 * benchmark presents.
 */
export async function throwawayCertificate(): Promise<ThrowawayCertificate> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-tls-'));
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  await promisify(execFile)('openssl', opensslArguments(certFile, keyFile)).catch(
    (error: unknown) => {
      const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
      throw missing ? new Error('openssl is needed: apt-get install -y openssl') : error;
    },
  );
  return {
    env: { TLS_CERT_FILE: certFile, TLS_KEY_FILE: keyFile },
    cert: await readFile(certFile),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

function opensslArguments(certFile: string, keyFile: string): string[] {
  return [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    keyFile,
    '-out',
    certFile,
    '-days',
    '1',
    '-subj',
    '/CN=localhost',
    '-addext',
    'subjectAltName=DNS:localhost,IP:127.0.0.1',
  ];
}
