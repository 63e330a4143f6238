import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A self-signed certificate for the given host names, made by the `openssl`
 * command (Debian package openssl): what a blue team's HTTPS server usually
 * has. Node's crypto makes keys but not certificates. Valid for two days; an
 * EC key, so it takes milliseconds.
 */
export function selfSignedCertificate(hostNames: readonly string[]): { key: string; cert: string } {
  const directory = mkdtempSync(join(tmpdir(), 'scoring-tls-'));
  try {
    const names = [...new Set(hostNames)];
    const keyFile = join(directory, 'key.pem');
    const certFile = join(directory, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '2',
        '-subj',
        `/CN=${names[0] ?? 'localhost'}`,
        '-addext',
        `subjectAltName=${(names.length > 0 ? names : ['localhost']).map((name) => `DNS:${name}`).join(',')}`,
        '-keyout',
        keyFile,
        '-out',
        certFile,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8') };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
