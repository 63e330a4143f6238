/**
 * NTLMv2 sign-in inside SPNEGO (MS-NLMP, RFC 4178 with MS-SPNG), as an SMB2
 * SESSION_SETUP carries it: the client's NEGOTIATE_MESSAGE in a NegTokenInit,
 * the server's CHALLENGE_MESSAGE read out of its NegTokenResp, and the
 * AUTHENTICATE_MESSAGE (with its MIC) in a NegTokenResp with the SPNEGO
 * mechListMIC. Only what a client of one mechanism needs: NTLM is the one
 * mechanism offered, nothing is sealed. Every length a server sends is
 * checked before it is read; a server's message that does not add up ends
 * the check as a protocol error.
 */
import { createHmac, createHash, randomBytes } from 'node:crypto';
import { encryptedRandomSessionKey, fileTime, ntlmv2Response, ntowfv2, Rc4 } from './legacy-crypto';
import { context, der, derElements, derOnly, OCTET_STRING, OID, SEQUENCE } from './der';
import { refuse } from './probe';

/** SPNEGO (1.3.6.1.5.5.2) and NTLMSSP (1.3.6.1.4.1.311.2.2.10), as DER OBJECT IDENTIFIERs. */
const SPNEGO_OID = der(OID, Buffer.from('2b0601050502', 'hex'));
const NTLMSSP_OID = der(OID, Buffer.from('2b06010401823702020a', 'hex'));
/** The MechTypeList offered: NTLM alone. The SPNEGO mechListMIC signs exactly these bytes. */
const MECH_TYPES = der(SEQUENCE, NTLMSSP_OID);

/** The first SESSION_SETUP's token: GSS-API's InitialContextToken around a NegTokenInit offering NTLM, with its NEGOTIATE_MESSAGE. */
export const spnegoInit = (negotiate: Buffer): Buffer =>
  der(0x60, SPNEGO_OID, der(context(0), der(SEQUENCE, der(context(0), MECH_TYPES), der(context(2), der(OCTET_STRING, negotiate)))));

/** The second: a NegTokenResp with the AUTHENTICATE_MESSAGE and the mechListMIC over the mechanisms offered. */
export const spnegoAuthenticate = (authenticate: Buffer, mechListMic: Buffer): Buffer =>
  der(context(1), der(SEQUENCE, der(context(2), der(OCTET_STRING, authenticate)), der(context(3), der(OCTET_STRING, mechListMic))));

/**
 * The NTLM message in a server's SESSION_SETUP token: the responseToken of
 * its NegTokenResp (a server that answers raw NTLMSSP is taken as it is).
 */
export function spnegoResponseToken(token: Buffer): Buffer {
  if (token.subarray(0, 8).equals(NTLMSSP_SIGNATURE)) return token;
  const what = "the server's SPNEGO answer";
  const fields = derElements(derOnly(derOnly(token, context(1), what), SEQUENCE, what), what);
  const responseToken = fields.find((field) => field.tag === context(2));
  if (!responseToken) {
    const state = fields.find((field) => field.tag === context(0))?.content;
    const rejected = state?.length === 3 && state[2] === 2;
    refuse('protocol error', rejected ? 'the server rejects NTLM (SPNEGO reject)' : `${what} holds no NTLM challenge`);
  }
  return derOnly(responseToken.content, OCTET_STRING, what);
}

// ---------------------------------------------------------------- NTLMSSP (MS-NLMP §2.2)

const NTLMSSP_SIGNATURE = Buffer.from('NTLMSSP\0', 'latin1');

/** The NegotiateFlags this client asks for (MS-NLMP §2.2.2.5). */
export const NTLM_FLAGS = {
  UNICODE: 0x00000001,
  REQUEST_TARGET: 0x00000004,
  SIGN: 0x00000010,
  SEAL: 0x00000020,
  NTLM: 0x00000200,
  ALWAYS_SIGN: 0x00008000,
  EXTENDED_SESSIONSECURITY: 0x00080000,
  TARGET_INFO: 0x00800000,
  VERSION: 0x02000000,
  N128: 0x20000000,
  KEY_EXCH: 0x40000000,
  N56: 0x80000000,
} as const;
/** What SMB's sign-in asks for: signing, no sealing (SMB signs and encrypts on its own). */
export const SIGNING_FLAGS = Object.values(NTLM_FLAGS).reduce((all, flag) => (flag === NTLM_FLAGS.SEAL ? all : (all | flag) >>> 0), 0);
/** What CredSSP's asks for: its public key echo is sealed (MS-CSSP §3.1.5). */
export const SEALING_FLAGS = (SIGNING_FLAGS | NTLM_FLAGS.SEAL) >>> 0;

/** The Version field: Windows 10, NTLM revision 15. Only its presence counts (it puts the MIC at offset 72); no server reads it. */
const VERSION = Buffer.from([10, 0, 0x61, 0x4a, 0, 0, 0, 0x0f]);

/** NEGOTIATE_MESSAGE: the flags, no domain or workstation, the version. */
export function ntlmNegotiate(flags = SIGNING_FLAGS): Buffer {
  const message = Buffer.alloc(40);
  NTLMSSP_SIGNATURE.copy(message, 0);
  message.writeUInt32LE(1, 8);
  message.writeUInt32LE(flags, 12);
  // Domain and workstation fields (16 to 32) stay empty.
  VERSION.copy(message, 32);
  return message;
}

/** AV pair ids (MS-NLMP §2.2.2.1) the client reads or writes. */
const AV_EOL = 0;
const AV_FLAGS = 6;
const AV_TIMESTAMP = 7;
/** MsvAvFlags bit: the AUTHENTICATE_MESSAGE carries a MIC. */
const AV_FLAG_MIC = 0x2;

export interface NtlmChallenge {
  /** The CHALLENGE_MESSAGE as it came: the MIC covers it. */
  message: Buffer;
  flags: number;
  serverChallenge: Buffer;
  /** The server's AV pairs, in order, without MsvAvEOL. */
  targetInfo: { id: number; value: Buffer }[];
  /** MsvAvTimestamp, when the server sent one (a FILETIME). */
  timestamp?: bigint;
}

/** A CHALLENGE_MESSAGE (MS-NLMP §2.2.1.2), every field's length and offset checked against the message. */
export function parseNtlmChallenge(message: Buffer): NtlmChallenge {
  const what = "the server's NTLM challenge";
  if (message.length < 48 || !message.subarray(0, 8).equals(NTLMSSP_SIGNATURE) || message.readUInt32LE(8) !== 2) {
    refuse('protocol error', `${what} is not an NTLM CHALLENGE_MESSAGE`);
  }
  const flags = message.readUInt32LE(20);
  const infoLength = message.readUInt16LE(40);
  const infoOffset = message.readUInt32LE(44);
  if (infoOffset + infoLength > message.length) refuse('protocol error', `${what}: its target information runs past its end`);
  const targetInfo = avPairs(message.subarray(infoOffset, infoOffset + infoLength), what);
  const stamp = targetInfo.find((pair) => pair.id === AV_TIMESTAMP);
  if (stamp && stamp.value.length !== 8) refuse('protocol error', `${what}: a timestamp of ${stamp.value.length} bytes`);
  return { message, flags, serverChallenge: message.subarray(24, 32), targetInfo, ...(stamp ? { timestamp: stamp.value.readBigUInt64LE(0) } : {}) };
}

/** AV pairs up to MsvAvEOL (or the end), each pair's length checked to fit. */
function avPairs(info: Buffer, what: string): { id: number; value: Buffer }[] {
  const pairs: { id: number; value: Buffer }[] = [];
  for (let at = 0; at + 4 <= info.length;) {
    const id = info.readUInt16LE(at);
    const length = info.readUInt16LE(at + 2);
    if (id === AV_EOL) break;
    if (at + 4 + length > info.length) refuse('protocol error', `${what}: an AV pair runs past its target information`);
    pairs.push({ id, value: info.subarray(at + 4, at + 4 + length) });
    at += 4 + length;
  }
  return pairs;
}

function encodeAvPairs(pairs: { id: number; value: Buffer }[]): Buffer {
  return Buffer.concat([
    ...pairs.map(({ id, value }) => {
      const header = Buffer.alloc(4);
      header.writeUInt16LE(id, 0);
      header.writeUInt16LE(value.length, 2);
      return Buffer.concat([header, value]);
    }),
    Buffer.alloc(4), // MsvAvEOL
  ]);
}

/** Who signs in: NTLM's user and domain, split from an account's user name. */
export interface NtlmIdentity {
  user: string;
  domain: string;
}

/**
 * An account's user name as NTLM sends it: `DOMAIN\user` gives both; a UPN
 * (`user@domain`) goes whole as the user with no domain, as Windows sends
 * it; a bare `user` has no domain (the server takes its own).
 */
export function ntlmIdentity(username: string): NtlmIdentity {
  const slash = username.indexOf('\\');
  return slash < 0 ? { user: username, domain: '' } : { user: username.slice(slash + 1), domain: username.slice(0, slash) };
}

export interface NtlmAuthentication {
  /** The AUTHENTICATE_MESSAGE, MIC included when the server's challenge asks for one. */
  message: Buffer;
  /** The session's key (MS-NLMP's ExportedSessionKey): SMB2 signs with it. */
  sessionKey: Buffer;
  /** The SPNEGO mechListMIC: the MechTypeList offered, signed with the session's NTLM client signing key. */
  mechListMic: Buffer;
  /** The flags both sides have: what the client asked for in its NEGOTIATE_MESSAGE that the server's challenge grants. */
  flags: number;
}

/** What the client draws at random, given in tests. */
export interface NtlmRandom {
  clientChallenge: Buffer;
  exportedSessionKey: Buffer;
  now: Date;
}

/**
 * The AUTHENTICATE_MESSAGE (MS-NLMP §3.1.5.1.2) for NTLMv2: the responses to
 * the server's challenge at the server's time (MsvAvTimestamp) when it gives
 * one — then LMv2 is 24 zero bytes and a MIC over the three messages vouches
 * for them, flagged in MsvAvFlags — and, with key exchange, a random session
 * key sent RC4-encrypted under the session base key.
 */
export function ntlmAuthenticate(
  negotiate: Buffer,
  challenge: NtlmChallenge,
  identity: NtlmIdentity,
  password: string,
  random: NtlmRandom = { clientChallenge: randomBytes(8), exportedSessionKey: randomBytes(16), now: new Date() },
): NtlmAuthentication {
  const flags = (negotiate.readUInt32LE(12) & challenge.flags) >>> 0;
  const withMic = challenge.timestamp !== undefined;
  const pairs = challenge.targetInfo.filter((pair) => pair.id !== AV_FLAGS);
  if (withMic) {
    const theirs = challenge.targetInfo.find((pair) => pair.id === AV_FLAGS);
    const avFlags = Buffer.alloc(4);
    avFlags.writeUInt32LE(((theirs?.value.length === 4 ? theirs.value.readUInt32LE(0) : 0) | AV_FLAG_MIC) >>> 0);
    pairs.push({ id: AV_FLAGS, value: avFlags });
  }
  const response = ntlmv2Response({
    responseKeyNT: ntowfv2(password, identity.user, identity.domain),
    serverChallenge: challenge.serverChallenge,
    clientChallenge: random.clientChallenge,
    time: challenge.timestamp ?? fileTime(random.now),
    targetInfo: encodeAvPairs(pairs),
  });
  const keyExchange = (flags & NTLM_FLAGS.KEY_EXCH) !== 0;
  const sessionKey = keyExchange ? random.exportedSessionKey : response.sessionBaseKey;
  const payloads = [
    withMic ? Buffer.alloc(24) : response.lmChallengeResponse,
    response.ntChallengeResponse,
    Buffer.from(identity.domain, 'utf16le'),
    Buffer.from(identity.user, 'utf16le'),
    Buffer.alloc(0), // no workstation name
    keyExchange ? encryptedRandomSessionKey(response.sessionBaseKey, random.exportedSessionKey) : Buffer.alloc(0),
  ];
  // Signature, type, six fields, flags: 64 bytes; the version, 8; the MIC, 16; then the payloads in order.
  const header = Buffer.alloc(88);
  NTLMSSP_SIGNATURE.copy(header, 0);
  header.writeUInt32LE(3, 8);
  let offset = header.length;
  payloads.forEach((payload, i) => {
    header.writeUInt16LE(payload.length, 12 + i * 8);
    header.writeUInt16LE(payload.length, 14 + i * 8);
    header.writeUInt32LE(offset, 16 + i * 8);
    offset += payload.length;
  });
  header.writeUInt32LE(flags, 60);
  VERSION.copy(header, 64);
  const message = Buffer.concat([header, ...payloads]);
  if (withMic) hmacMd5(sessionKey, negotiate, challenge.message, message).copy(message, 72);
  return { message, sessionKey, mechListMic: ntlmSignature(sessionKey, flags, MECH_TYPES), flags };
}

const hmacMd5 = (key: Buffer, ...parts: Buffer[]) => parts.reduce((hmac, part) => hmac.update(part), createHmac('md5', key)).digest();
const md5 = (...parts: (Buffer | string)[]) => parts.reduce((hash, part) => hash.update(part), createHash('md5')).digest();

type Direction = 'client-to-server' | 'server-to-client';

/** A side's signing key (MS-NLMP §3.4.5.2, SIGNKEY): MD5 of the session key and a constant. */
const signingKey = (sessionKey: Buffer, direction: Direction) => md5(sessionKey, `session key to ${direction} signing key magic constant\0`);
export const clientSigningKey = (sessionKey: Buffer) => signingKey(sessionKey, 'client-to-server');

/** A side's sealing key (§3.4.5.3, SEALKEY): MD5 of as much of the session key as the negotiated strength allows, and a constant. */
function sealingKey(sessionKey: Buffer, flags: number, direction: Direction): Buffer {
  const strength = flags & NTLM_FLAGS.N128 ? 16 : flags & NTLM_FLAGS.N56 ? 7 : 5;
  return md5(sessionKey.subarray(0, strength), `session key to ${direction} sealing key magic constant\0`);
}
export const clientSealingKey = (sessionKey: Buffer, flags: number) => sealingKey(sessionKey, flags, 'client-to-server');

/**
 * The signature of the client's first signed message (sequence number 0),
 * unsealed: SPNEGO's mechListMIC is this over the MechTypeList.
 */
export const ntlmSignature = (sessionKey: Buffer, flags: number, message: Buffer): Buffer => new NtlmSealing({ sessionKey, flags }).sign(message);

/**
 * NTLM's confidentiality after a sign-in (MS-NLMP §3.4.3, extended session
 * security): each side seals with its own RC4 stream, kept across messages,
 * which encrypts the message and then its signature's checksum, and counts
 * its messages from 0. CredSSP seals one message each way (the public key
 * echo); a server's that does not verify is refused.
 */
export class NtlmSealing {
  readonly #flags: number;
  readonly #keys: { client: Buffer; server: Buffer };
  readonly #streams: { client: Rc4; server: Rc4 };
  readonly #sequence = { client: 0, server: 0 };

  constructor({ sessionKey, flags }: Pick<NtlmAuthentication, 'sessionKey' | 'flags'>) {
    this.#flags = flags;
    this.#keys = { client: signingKey(sessionKey, 'client-to-server'), server: signingKey(sessionKey, 'server-to-client') };
    this.#streams = {
      client: new Rc4(sealingKey(sessionKey, flags, 'client-to-server')),
      server: new Rc4(sealingKey(sessionKey, flags, 'server-to-client')),
    };
  }

  /** The client's next message sealed: its 16-byte signature, then the encrypted message (as CredSSP lays them out). */
  seal(message: Buffer): Buffer {
    const sealed = this.#streams.client.update(message);
    return Buffer.concat([this.#signature('client', message), sealed]);
  }

  /** The client's next message signed but not sealed: its 16-byte signature alone (the stream moves by the checksum only). */
  sign(message: Buffer): Buffer {
    return this.#signature('client', message);
  }

  /** The server's next sealed message (signature, then the encrypted message), opened; undefined when its signature does not verify. */
  unseal(signed: Buffer): Buffer | undefined {
    if (signed.length < 16) return undefined;
    const message = this.#streams.server.update(signed.subarray(16));
    return this.#signature('server', message).equals(signed.subarray(0, 16)) ? message : undefined;
  }

  /** §3.4.4.2: version 1, the HMAC-MD5's first 8 bytes (RC4-encrypted on the same stream with key exchange), the sequence number. */
  #signature(side: 'client' | 'server', message: Buffer): Buffer {
    const sequence = Buffer.alloc(4);
    sequence.writeUInt32LE(this.#sequence[side]++);
    const digest = hmacMd5(this.#keys[side], sequence, message).subarray(0, 8);
    const checksum = this.#flags & NTLM_FLAGS.KEY_EXCH ? this.#streams[side].update(digest) : digest;
    return Buffer.concat([Buffer.from([1, 0, 0, 0]), checksum, sequence]);
  }
}
