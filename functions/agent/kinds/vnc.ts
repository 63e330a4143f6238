import type { CheckAccount } from '#shared/domain/accounts';
import type { VncCheck } from '#shared/domain/check-definitions';
import { ByteStream } from './byte-stream';
import { desEncryptBlock } from './legacy-crypto';
import { fail, noAccount, pass, printable, withDeadline, type CheckOutcome, type ProbeTarget } from './probe';

/** RFB's security types (RFC 6143 §7.1.2 and IANA's registry), the ones a reason may name. */
const SECURITY_TYPES: Record<number, string> = {
  0: 'Invalid',
  1: 'None',
  2: 'VNC Authentication',
  5: 'RA2',
  6: 'RA2ne',
  16: 'Tight',
  17: 'Ultra',
  18: 'TLS',
  19: 'VeNCrypt',
  20: 'SASL',
  21: 'MD5 hash',
  22: 'xvp',
  30: 'Apple ARD',
  113: 'MSLogon II',
  129: 'RSA-AES',
};
const NONE = 1;
const VNC_AUTH = 2;

/** VNC authentication keys DES with the password's first 8 bytes; the rest is never read, by any server. */
export const VNC_PASSWORD_BYTES = 8;
/** A reason or a desktop name is read up to this much: a reason quotes a few words of it. */
const TEXT_MAX_BYTES = 256;

/**
 * VNC (RFB 3.3 to 3.8, RFC 6143): the version handshake, VNC authentication
 * with the round's account's password (its user name is only the account's
 * label: VNC has none), the server's SecurityResult, then ClientInit and the
 * server's ServerInit, the desktop's size and name: the desktop is served.
 * ClientInit asks to share the desktop, so a check never disconnects the
 * blue team's own viewers. A server that asks for no password fails (anyone
 * may take the desktop), and so does one that offers only security types the
 * check does not speak (VeNCrypt, TLS, RA2…), each saying which.
 */
export function checkVnc(target: ProbeTarget, check: VncCheck, account: CheckAccount | undefined): Promise<CheckOutcome> {
  const password = account?.password;
  if (password === undefined)
    return Promise.resolve(noAccount(account ? `vnc signs in with a password; ${account.username} has only a key` : 'the service has none'));
  return withDeadline(check.timeout_seconds, async (signal, progress) => {
    progress('the connection');
    const session = await ByteStream.open(target, signal);
    try {
      const step = (what: string) => {
        session.step = what;
        progress(what);
      };
      step('the protocol version');
      const offered = (await session.read(12)).toString('latin1');
      const minor = rfbMinorVersion(offered);
      if (minor === undefined) return fail('protocol error', `not a VNC server (it sent "${printable(offered, 40)}")`);
      session.write(`RFB 003.00${minor}\n`);

      step('the security types');
      const types = minor === 3 ? [await session.u32()] : [...(await session.read(await session.u8()))];
      // No types (3.3: type 0): the server says why it will not go on.
      if (minor === 3 ? types[0] === 0 : types.length === 0) {
        const reason = await session.text(await session.u32(), TEXT_MAX_BYTES);
        return fail('protocol error', `the server turned the connection away: "${printable(reason, 80)}"`);
      }
      if (!types.includes(VNC_AUTH)) {
        return types.includes(NONE)
          ? fail('login failed', 'the server asks for no password (security type None): anyone may take the desktop')
          : fail('protocol error', `the server offers only security types the check does not speak: ${types.map(securityTypeName).join(', ')}`);
      }
      if (minor >= 7) session.write(Buffer.of(VNC_AUTH));

      step('the authentication challenge');
      const challenge = await session.read(16);
      session.write(vncAuthResponse(password, challenge));

      step('the security result');
      const result = await session.u32();
      if (result !== 0) {
        // Only 3.8 says why, and not every 3.8 server does (TightVNC's answer 2, "too many attempts", and may hang up).
        const reason =
          minor === 8
            ? await session
                .u32()
                .then((length) => session.text(length, TEXT_MAX_BYTES))
                .catch(() => '')
            : '';
        const eight = Buffer.byteLength(password, 'utf8') > VNC_PASSWORD_BYTES ? ` (VNC reads only the password's first ${VNC_PASSWORD_BYTES} bytes)` : '';
        return fail('login failed', `VNC password refused${reason ? `: "${printable(reason, 80)}"` : ''}${eight}`);
      }

      step('the desktop (ServerInit)');
      session.write(Buffer.of(1)); // ClientInit: shared, never exclusive.
      const init = await session.read(24);
      const [width, height] = [init.readUInt16BE(0), init.readUInt16BE(2)];
      if (width === 0 || height === 0) return fail('protocol error', `the server's desktop is ${width} × ${height} pixels`);
      return pass();
    } finally {
      session.close();
    }
  });
}

/**
 * The minor version the check answers a server's ProtocolVersion with: the
 * highest both speak (RFC 6143 §7.1.1). 3.3, 3.7 and 3.8 are the versions
 * there are; others are read as the spec and its servers read them (3.5 and
 * 3.6 as 3.3, Apple's 3.889 and RealVNC's 4.x and 5.x as 3.8).
 */
export function rfbMinorVersion(offered: string): 3 | 7 | 8 | undefined {
  const match = /^RFB (\d{3})\.(\d{3})\n$/.exec(offered);
  if (!match) return undefined;
  const [major, minor] = [Number(match[1]), Number(match[2])];
  if (major < 3) return undefined;
  if (major > 3 || minor >= 8) return 8;
  return minor === 7 ? 7 : 3;
}

const securityTypeName = (type: number) => `${SECURITY_TYPES[type] ?? 'unknown'} (${type})`;

/**
 * VNC authentication's answer (RFC 6143 §7.2.2): the 16-byte challenge,
 * DES-encrypted as two blocks with the password's first 8 bytes (UTF-8,
 * zero-padded) as the key, each byte's bits mirrored. The mirroring is a
 * quirk of the first VNC's DES code, which every server kept.
 */
export function vncAuthResponse(password: string, challenge: Buffer): Buffer {
  const key = Buffer.alloc(VNC_PASSWORD_BYTES);
  Buffer.from(password, 'utf8').copy(key, 0, 0, VNC_PASSWORD_BYTES);
  const mirrored = key.map(mirrorBits);
  return Buffer.concat([desEncryptBlock(mirrored, challenge.subarray(0, 8)), desEncryptBlock(mirrored, challenge.subarray(8, 16))]);
}

function mirrorBits(byte: number): number {
  let mirrored = 0;
  for (let bit = 0; bit < 8; bit++) mirrored |= ((byte >> bit) & 1) << (7 - bit);
  return mirrored;
}
