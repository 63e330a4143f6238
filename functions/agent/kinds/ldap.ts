import { connect as netConnect, isIP, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { Client, InvalidCredentialsError, NoSuchObjectError, ResultCodeError, type Entry } from 'ldapts';
import type { CheckAccount } from '#shared/domain/accounts';
import type { LdapCheck } from '#shared/domain/check-definitions';
import { matcherOf } from './match';
import { fail, networkFailure, noAccount, pass, printable, withDeadline, type CheckOutcome, type ProbeTarget } from './probe';

/** The entries of a search are read up to this many (a check's search names what it wants, not the whole directory). */
export const LDAP_MAX_ENTRIES = 1000;
/** The entries are matched as LDIF text, up to this much of it. */
export const ENTRIES_MAX_BYTES = 256 * 1024;
/** What the server may send in all (BER is denser than LDIF): ldapts keeps every entry and any unfinished message, unbounded. */
export const LDAP_MAX_BYTES = 1024 * 1024;
/**
 * ldapts reads each further message of a chunk by calling itself, outside
 * its own try/catch: thousands of tiny messages in one chunk overflow the
 * stack inside the socket's data handler, an uncaught exception that would
 * end the agent's invocation and every other check with it. Chunks go to it
 * in slices this small (a message is at least 7 bytes: ~150 calls deep).
 */
const SLICE_BYTES = 1024;

/**
 * LDAP and LDAPS (TLS from the first byte, any certificate, as HTTPS): a
 * simple bind as the round's account, whose name is a DN or whatever else
 * the server takes (Active Directory takes `user@domain`), then a search
 * under `base_dn` (the whole subtree, `filter` or every entry), whose entries,
 * written as LDIF, meet the match rules. A search that finds nothing fails:
 * a directory check wants the directory to hold something.
 */
export function checkLdap(target: ProbeTarget, check: LdapCheck, account: CheckAccount | undefined): Promise<CheckOutcome> {
  if (account?.password === undefined) {
    return Promise.resolve(noAccount(account ? `${check.check} binds with a password; ${account.username} has only a key` : 'the service has none'));
  }
  const matcher = matcherOf(check);
  const base = printable(check.base_dn, 60);
  return withDeadline(check.timeout_seconds, async (signal, progress) => {
    // ldapts opens the connection; ours to destroy at the deadline, whatever it waits for, and to guard.
    let socket: Socket | undefined;
    const guard = guarded();
    signal.addEventListener('abort', () => socket?.destroy(), { once: true });
    const client = new Client({
      url: `${check.check}://${target.address}:${target.port}`,
      timeout: check.timeout_seconds * 1000,
      connectTimeout: check.timeout_seconds * 1000,
      // Only for LDAPS: ldapts speaks TLS whenever it is given TLS options.
      ...(check.check === 'ldaps' ? { tlsOptions: { rejectUnauthorized: false, servername: isIP(target.host) ? undefined : target.host } } : {}),
      createConnection: ((...args: Parameters<typeof netConnect>) => (socket = guard.socket(netConnect(...args)))) as typeof netConnect,
      createSecureConnection: ((...args: Parameters<typeof tlsConnect>) => (socket = guard.socket(tlsConnect(...args)))) as typeof tlsConnect,
    });
    try {
      progress(`the bind as ${account.username}`);
      try {
        await client.bind(account.username, account.password);
      } catch (error) {
        return guard.failure() ?? ldapFailure(error, check, `the bind as ${account.username}`, account.username);
      }
      progress(`the search under ${base}`);
      let entries: Entry[];
      try {
        ({ searchEntries: entries } = await client.search(check.base_dn, {
          scope: 'sub',
          filter: check.filter ?? '(objectClass=*)',
          // One more than the check reads: ldapts answers a search past the limit with the entries it got, not an error.
          sizeLimit: LDAP_MAX_ENTRIES + 1,
          timeLimit: check.timeout_seconds,
        }));
      } catch (error) {
        return guard.failure() ?? ldapFailure(error, check, `the search under ${base}`, account.username);
      }
      if (entries.length > LDAP_MAX_ENTRIES) return fail('content mismatch', `the search finds more than ${LDAP_MAX_ENTRIES} entries: narrow its filter`);
      if (entries.length === 0)
        return fail('content mismatch', `the search under ${base}${check.filter ? ` for ${printable(check.filter, 60)}` : ''} found nothing`);
      const text = Buffer.from(ldif(entries));
      const problem = matcher.problem(text.subarray(0, ENTRIES_MAX_BYTES), text.length <= ENTRIES_MAX_BYTES, `the LDIF of the entries under ${base}`);
      return problem ? fail('content mismatch', problem) : pass();
    } finally {
      socket?.destroy();
    }
  });
}

/**
 * What the check lets ldapts read: data in small slices, at most
 * LDAP_MAX_BYTES in all, and only from a server whose first byte starts an
 * LDAP message (a SEQUENCE); otherwise the connection is cut, and the
 * failure says why (ldapts itself would wait for an answer it cannot parse
 * until the deadline).
 */
function guarded() {
  let problem: CheckOutcome | undefined;
  let received = 0;
  return {
    socket<S extends Socket>(socket: S): S {
      const emit = socket.emit.bind(socket);
      socket.emit = ((event: string | symbol, ...args: unknown[]) => {
        if (event !== 'data') return emit(event, ...args);
        const chunk = args[0] as Buffer;
        if (received === 0 && chunk.length > 0 && chunk[0] !== 0x30)
          problem ??= fail('protocol error', `not an LDAP server (it sent "${printable(chunk.subarray(0, 40))}")`);
        received += chunk.length;
        if (received > LDAP_MAX_BYTES) problem ??= fail('protocol error', `the server sent more than ${LDAP_MAX_BYTES / 1024 / 1024} MiB`);
        if (problem) {
          socket.destroy();
          return true;
        }
        for (let at = 0; at < chunk.length; at += SLICE_BYTES) emit('data', chunk.subarray(at, at + SLICE_BYTES));
        return true;
      }) as S['emit'];
      return socket;
    },
    failure: () => problem,
  };
}

/** Entries as LDIF (RFC 2849, without line folding): `dn:` first, then each value of each attribute on its own line; binary values in base64. */
export function ldif(entries: Entry[]): string {
  return entries
    .map((entry) => {
      const lines = [`dn: ${entry.dn}`];
      for (const [name, value] of Object.entries(entry)) {
        if (name === 'dn') continue;
        for (const one of Array.isArray(value) ? value : [value]) {
          lines.push(Buffer.isBuffer(one) ? `${name}:: ${one.toString('base64')}` : `${name}: ${one}`);
        }
      }
      return `${lines.join('\n')}\n`;
    })
    .join('\n');
}

function ldapFailure(error: unknown, check: LdapCheck, step: string, username: string): CheckOutcome {
  if (error instanceof InvalidCredentialsError) return fail('login failed', `bind as ${username} refused`);
  if (error instanceof NoSuchObjectError) return fail('content mismatch', `the base DN ${printable(check.base_dn, 60)} does not exist`);
  if (error instanceof ResultCodeError) return fail('protocol error', `${step} failed: ${printable(error.message, 80)} (LDAP result ${error.code})`);
  const { code, message } = error as { code?: string; message?: string };
  // Before the socket's codes: a server that hangs up on the handshake is a reset whose message names TLS.
  if (check.check === 'ldaps' && (code?.startsWith('ERR_SSL') || code?.startsWith('ERR_TLS') || /SSL|TLS/.test(message ?? ''))) {
    return fail('tls', `TLS handshake failed: ${printable(message ?? '', 60)}`);
  }
  if (code !== undefined && /^E[A-Z]+$/.test(code)) return networkFailure(error);
  if (/timeout|timed out/i.test(message ?? '')) return fail('timeout', `timeout after ${check.timeout_seconds} s waiting for ${step}`);
  if (/closed|reset|end/i.test(message ?? '')) return fail('connection reset', `connection closed during ${step}`);
  return fail('protocol error', `not an LDAP server (${printable(message ?? String(error), 80)})`);
}
