import type { CheckAccount } from '#shared/domain/accounts';
import type { RdpCheck } from '#shared/domain/check-definitions';
import { ByteStream } from './byte-stream';
import { credsspSignIn, subjectPublicKey } from './credssp';
import { fail, noAccount, pass, printable, refuse, withDeadline, type CheckOutcome, type ProbeTarget } from './probe';

/** The security protocols of RDP's negotiation (MS-RDPBCGR §2.2.1.1.1). */
const PROTOCOL = { RDP: 0, SSL: 1, HYBRID: 2, HYBRID_EX: 8 } as const;
const PROTOCOL_NAMES: Record<number, string> = { 0: 'standard RDP security', 1: 'TLS alone', 2: 'NLA (CredSSP)', 8: 'NLA with early user authorization' };

/** RDP_NEG_FAILURE's codes (§2.2.1.2.2). */
const FAILURE_CODES: Record<number, string> = {
  1: 'SSL_REQUIRED_BY_SERVER',
  2: 'SSL_NOT_ALLOWED_BY_SERVER',
  3: 'SSL_CERT_NOT_ON_SERVER',
  4: 'INCONSISTENT_FLAGS',
  5: 'HYBRID_REQUIRED_BY_SERVER',
  6: 'SSL_WITH_USER_AUTH_REQUIRED_BY_SERVER',
};
/** The failures that say the server does standard RDP security alone: it can do neither TLS nor NLA. */
const NO_TLS_FAILURES = [2, 3];

/**
 * TLS for RDP alone may go down to TLS 1.0 and OpenSSL's security level 0
 * (SHA-1 signatures, 1024-bit keys): Windows Server 2008 R2 and 2012 speak
 * nothing newer unless patched and configured, and the session's secret
 * is not what this TLS protects (CredSSP binds the sign-in to the server's
 * key itself). Every other kind keeps Node's defaults.
 */
const LEGACY_TLS = { minVersion: 'TLSv1', ciphers: 'DEFAULT:@SECLEVEL=0' } as const;

/** The Connection Request: TPKT, X.224 CR, and RDP_NEG_REQ asking for TLS and NLA (never standard RDP security's own crypto). */
export const CONNECTION_REQUEST = Buffer.from([
  ...[0x03, 0x00, 0x00, 0x13], // TPKT: version 3, 19 bytes in all
  ...[0x0e, 0xe0, 0x00, 0x00, 0x00, 0x00, 0x00], // X.224: 14 bytes follow, CR, DST-REF, SRC-REF, class 0
  ...[0x01, 0x00, 0x08, 0x00, PROTOCOL.SSL | PROTOCOL.HYBRID, 0x00, 0x00, 0x00], // RDP_NEG_REQ
]);

/** What a server chose, or why it would not: read from its Connection Confirm. */
export type Negotiated = { protocol: number } | { failure: number };

/**
 * RDP (MS-RDPBCGR, MS-CSSP): the X.224 negotiation asking for TLS and NLA,
 * the TLS handshake, then NLA as the round's account (`DOMAIN\user`,
 * `user@domain` or `user`) up to the server's public key echo, which a
 * server sends once it accepts the account. A server that offers no NLA
 * fails as `no NLA`, unless the check asks for the negotiation alone
 * (`nla: false`). The check never sends TSCredentials.
 */
export function checkRdp(target: ProbeTarget, check: RdpCheck, account: CheckAccount | undefined): Promise<CheckOutcome> {
  const signIn = check.nla !== false;
  if (signIn && account?.password === undefined)
    return Promise.resolve(noAccount(account ? `rdp signs in with a password; ${account.username} has only a key` : 'the service has none'));
  return withDeadline(check.timeout_seconds, async (signal, progress) => {
    progress('the connection');
    const stream = await ByteStream.open(target, signal);
    try {
      stream.step = 'the Connection Confirm';
      progress(stream.step);
      stream.write(CONNECTION_REQUEST);
      const negotiated = parseConnectionConfirm(await readTpkt(stream));
      if (negotiated === undefined) return fail('protocol error', 'not an RDP server (its answer is no X.224 Connection Confirm)');
      if ('failure' in negotiated) {
        const name = FAILURE_CODES[negotiated.failure] ?? `failure code ${negotiated.failure}`;
        if (!NO_TLS_FAILURES.includes(negotiated.failure)) return fail('protocol error', `the server refused the negotiation: ${name}`);
        return signIn ? fail('no NLA', `the server does standard RDP security alone (${name}): no NLA to sign in with`) : pass();
      }
      const { protocol } = negotiated;
      if (protocol !== PROTOCOL.RDP && protocol !== PROTOCOL.SSL && protocol !== PROTOCOL.HYBRID)
        return fail('protocol error', `the server chose a protocol the check did not offer: ${PROTOCOL_NAMES[protocol] ?? protocol}`);
      if (signIn && protocol !== PROTOCOL.HYBRID)
        return fail('no NLA', `the server offers no NLA (it chose ${PROTOCOL_NAMES[protocol]}): the account cannot be checked`);
      if (protocol === PROTOCOL.RDP) return pass();

      stream.step = 'the TLS handshake';
      progress(stream.step);
      const secure = await stream.startTls(target, signal, LEGACY_TLS);
      if (!signIn) return pass();
      return await credsspSignIn(stream, subjectPublicKey(secure), account!.username, account!.password!, (step) => progress(step));
    } finally {
      stream.close();
    }
  });
}

/** One TPKT packet's payload (T.123): version 3, a length from 7 bytes up to the 64 KiB the field allows. */
async function readTpkt(stream: ByteStream): Promise<Buffer> {
  const header = await stream.read(4);
  if (header[0] !== 3 || header.readUInt16BE(2) < 7) refuse('protocol error', `not an RDP server (it sent "${printable(header, 40)}")`);
  return stream.read(header.readUInt16BE(2) - 4);
}

/**
 * The server's choice from an X.224 Connection Confirm (§2.2.1.2): the
 * protocol its RDP_NEG_RSP selects, the code of its RDP_NEG_FAILURE, or
 * standard RDP security when it has neither (a server older than
 * negotiation). Undefined when the payload is no Connection Confirm.
 */
export function parseConnectionConfirm(payload: Buffer): Negotiated | undefined {
  const indicated = payload[0];
  // LI counts the bytes after itself: at least the CC's 6, and no more than came.
  if (indicated === undefined || indicated < 6 || indicated + 1 > payload.length || (payload[1]! & 0xf0) !== 0xd0) return undefined;
  const negotiation = payload.subarray(7, indicated + 1);
  if (negotiation.length < 8) return { protocol: PROTOCOL.RDP };
  const [type, , length] = [negotiation[0], negotiation[1], negotiation.readUInt16LE(2)];
  if (length !== 8) return undefined;
  if (type === 0x02) return { protocol: negotiation.readUInt32LE(4) };
  if (type === 0x03) return { failure: negotiation.readUInt32LE(4) };
  return undefined;
}
