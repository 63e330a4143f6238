import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { HttpCheck } from '#shared/domain/check-definitions';
import type { CheckAccount } from '#shared/domain/accounts';
import { matcherOf } from './match';
import { fail, networkFailure, noAccount, pass, withDeadline, type CheckOutcome, type ProbeTarget } from './probe';

/** The body is read up to this much, and matched against it; the rest is never read. */
export const BODY_MAX_BYTES = 256 * 1024;

/**
 * GET the path with the service's host name (or the check's `host`, a
 * virtual host) in `Host` and SNI, connected to the resolved address. Passes
 * on the expected status and a body (its first 256 KiB) that meets the
 * check's match rules (checks/match.ts). With `auth`, it signs in first as
 * the round's account: `basic` sends it in an Authorization header; `form`
 * POSTs it to `login_path` (as `username_field` and `password_field`) and
 * fetches the page with the cookies the login set. A login the service
 * refuses (401 or 403, or the page still sending the check away to log in)
 * fails as `login failed`, naming the user, never the password. HTTPS accepts
 * any certificate: blue teams' certificates are self-signed, and the check is
 * about the service answering, not about a CA.
 */
export function checkHttp(target: ProbeTarget, check: HttpCheck, account?: CheckAccount): Promise<CheckOutcome> {
  const matcher = matcherOf(check);
  const host = check.host ?? target.host;
  if (check.auth && account?.password === undefined) {
    return Promise.resolve(
      noAccount(account ? `auth: ${check.auth} needs a password; ${account.username} has only a key` : `auth: ${check.auth} and the service has none`),
    );
  }
  return withDeadline(check.timeout_seconds, async (signal, progress) => {
    const send = (method: 'GET' | 'POST', path: string, headers: Record<string, string> = {}, body?: string) =>
      request(target, check.check, host, signal, method, path, headers, body);
    const headers: Record<string, string> = {};
    if (check.auth === 'basic') headers.authorization = `Basic ${Buffer.from(`${account!.username}:${account!.password}`).toString('base64')}`;
    if (check.auth === 'form') {
      progress(`the login as ${account!.username}`);
      const form = new URLSearchParams({ [check.username_field ?? 'username']: account!.username, [check.password_field ?? 'password']: account!.password! });
      const login = await send('POST', check.login_path ?? '/login', { 'content-type': 'application/x-www-form-urlencoded' }, form.toString());
      if (!('res' in login)) return login;
      login.res.destroy();
      const status = login.res.statusCode ?? 0;
      if (status === 401 || status === 403) return fail('login failed', `login as ${account!.username} refused (HTTP ${status})`);
      if (status >= 400) return fail('content mismatch', `the login form at ${check.login_path ?? '/login'} answered HTTP ${status}`);
      const cookies = (login.res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!).join('; ');
      if (cookies) headers.cookie = cookies;
    }
    progress('the response');
    const page = await send('GET', check.path, headers);
    if (!('res' in page)) return page;
    const { res } = page;
    const status = res.statusCode ?? 0;
    if (check.auth && status !== check.status && (status === 401 || status === 403 || (status >= 300 && status < 400))) {
      res.destroy();
      return fail('login failed', `login as ${account!.username} did not get to ${check.path} (HTTP ${status})`);
    }
    if (status !== check.status) {
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

/** One request to the target (no redirect followed, no connection kept), or why it got no answer. */
async function request(
  target: ProbeTarget,
  scheme: 'http' | 'https',
  host: string,
  signal: AbortSignal,
  method: 'GET' | 'POST',
  path: string,
  extraHeaders: Record<string, string>,
  body: string | undefined,
): Promise<{ res: IncomingMessage } | CheckOutcome> {
  try {
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      const options = {
        host: target.address,
        port: target.port,
        path,
        method,
        agent: false as const,
        signal,
        headers: {
          host: hostHeader(host, target.port, scheme),
          'user-agent': 'ccdc-scoring-agent',
          accept: '*/*',
          connection: 'close',
          ...extraHeaders,
          ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
        },
      };
      const req =
        scheme === 'https'
          ? httpsRequest({ ...options, servername: isAddress(host) ? undefined : host, rejectUnauthorized: false }, resolve)
          : httpRequest(options, resolve);
      req.once('error', reject);
      req.end(body);
    });
    return { res };
  } catch (error) {
    return requestFailure(error);
  }
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
