import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { HttpCheck } from '#shared/domain/check-definitions';
import { matcherOf } from './match';
import { fail, networkFailure, pass, withDeadline, type CheckOutcome, type ProbeTarget } from './probe';

/** The body is read up to this much, and matched against it; the rest is never read. */
export const BODY_MAX_BYTES = 256 * 1024;

/**
 * GET the path with the service's host name (or the check's `host`, a
 * virtual host) in `Host` and SNI, connected to the resolved address. Passes
 * on the expected status and a body (its first 256 KiB) that meets the
 * check's match rules (checks/match.ts). HTTPS accepts any certificate: blue
 * teams' certificates are self-signed, and the check is about the service
 * answering, not about a CA.
 */
export function checkHttp(target: ProbeTarget, check: HttpCheck): Promise<CheckOutcome> {
  const matcher = matcherOf(check);
  const host = check.host ?? target.host;
  return withDeadline(check.timeout_seconds, async (signal, progress) => {
    progress('the response');
    let res: IncomingMessage;
    try {
      res = await new Promise<IncomingMessage>((resolve, reject) => {
        const options = {
          host: target.address,
          port: target.port,
          path: check.path,
          method: 'GET',
          agent: false as const,
          signal,
          headers: { host: hostHeader(host, target.port, check.check), 'user-agent': 'ccdc-scoring-agent', accept: '*/*', connection: 'close' },
        };
        const req =
          check.check === 'https'
            ? httpsRequest({ ...options, servername: isAddress(host) ? undefined : host, rejectUnauthorized: false }, resolve)
            : httpRequest(options, resolve);
        req.once('error', reject);
        req.end();
      });
    } catch (error) {
      return requestFailure(error);
    }
    if (res.statusCode !== check.status) {
      res.destroy();
      return fail('content mismatch', `HTTP ${res.statusCode ?? '?'}${check.status === 200 ? '' : ` (expected ${check.status})`}`);
    }
    if (!matcher.readsBody) {
      res.destroy();
      return pass();
    }
    progress('the body');
    const body = await readBounded(res);
    if (!('bytes' in body)) return body;
    const problem = matcher.problem(body.bytes, body.complete, `HTTP ${res.statusCode}, but the body`);
    return problem ? fail('content mismatch', problem) : pass();
  });
}

/** The body up to BODY_MAX_BYTES, and whether that was all of it. */
function readBounded(res: IncomingMessage): Promise<{ bytes: Buffer; complete: boolean } | CheckOutcome> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (complete: boolean) => {
      resolve({ bytes: Buffer.concat(chunks, size).subarray(0, BODY_MAX_BYTES), complete: complete && size <= BODY_MAX_BYTES });
      res.destroy();
    };
    res.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size > BODY_MAX_BYTES) done(false);
    });
    res.on('end', () => done(true));
    res.on('error', (error) => resolve(networkFailure(error, 'body: ')));
    res.on('aborted', () => resolve(fail('connection reset', 'connection closed mid-body')));
  });
}

function requestFailure(error: unknown): CheckOutcome {
  const code = (error as { code?: string }).code ?? '';
  if (code.startsWith('HPE_')) return fail('protocol error', 'invalid HTTP response');
  if (code === 'ECONNRESET' && /socket hang up/i.test((error as Error).message)) return fail('connection reset', 'connection closed without a response');
  if (code.startsWith('ERR_SSL') || code.startsWith('ERR_TLS') || /SSL|TLS/.test((error as Error).message ?? '')) return fail('tls', 'TLS handshake failed');
  return networkFailure(error);
}

const isAddress = (host: string) => /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':');

function hostHeader(host: string, port: number, scheme: 'http' | 'https'): string {
  const defaultPort = scheme === 'https' ? 443 : 80;
  return port === defaultPort ? host : `${host}:${port}`;
}
