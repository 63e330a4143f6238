/**
 * The old ciphers and hashes Windows protocols still speak, written out here
 * because Node no longer offers them: OpenSSL 3 moved MD4, single DES and RC4
 * to its "legacy" provider, which Node ≥ 17 does not load (nor does Lambda's
 * Node 22, on OpenSSL's default configuration). AES-CMAC (SMB 3 signing)
 * Node never had; it is built here on AES, which the default provider keeps,
 * as is the HMAC-MD5 of NTLMv2.
 *
 * None of this protects anything the scoring service owns: it lets the
 * agent log in to a team's VNC, SMB or RDP service the way their clients do.
 */
import { createCipheriv, createHmac } from 'node:crypto';

function expectLength(what: string, bytes: Uint8Array, length: number): void {
  if (bytes.length !== length) throw new RangeError(`${what} must be ${length} bytes, not ${bytes.length}`);
}

// ---------------------------------------------------------------- MD4 (RFC 1320)

const rotateLeft = (word: number, bits: number) => (word << bits) | (word >>> (32 - bits));

/** MD4's three rounds (RFC 1320 §3.4): each a function of three words, a constant, the order it reads the block's words in, and its four shifts. */
const MD4_ROUNDS = [
  {
    mix: (x: number, y: number, z: number) => (x & y) | (~x & z),
    constant: 0,
    order: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
    shifts: [3, 7, 11, 19],
  },
  {
    mix: (x: number, y: number, z: number) => (x & y) | (x & z) | (y & z),
    constant: 0x5a827999,
    order: [0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15],
    shifts: [3, 5, 9, 13],
  },
  {
    mix: (x: number, y: number, z: number) => x ^ y ^ z,
    constant: 0x6ed9eba1,
    order: [0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15],
    shifts: [3, 9, 11, 15],
  },
] as const;

/** MD4 (RFC 1320): the NT hash of a password is the MD4 of its UTF-16LE bytes. */
export function md4(data: Uint8Array): Buffer {
  // Padding: a 1 bit, zeros up to 8 bytes short of a 64-byte block, then the length in bits (64-bit little-endian).
  const padded = Buffer.alloc((Math.floor((data.length + 8) / 64) + 1) * 64);
  padded.set(data);
  padded[data.length] = 0x80;
  padded.writeUInt32LE((data.length * 8) >>> 0, padded.length - 8);
  padded.writeUInt32LE(Math.floor(data.length / 2 ** 29), padded.length - 4);
  const state = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476];
  for (let offset = 0; offset < padded.length; offset += 64) {
    const words = Array.from({ length: 16 }, (_, i) => padded.readInt32LE(offset + i * 4));
    // Each step gives the first register a new value and rotates the four, so the steps renew a, d, c, b in turn, as RFC 1320 writes them.
    let [a, b, c, d] = state as [number, number, number, number];
    for (const { mix, constant, order, shifts } of MD4_ROUNDS) {
      order.forEach((word, step) => {
        [a, b, c, d] = [d, rotateLeft((a + mix(b, c, d) + words[word]! + constant) | 0, shifts[step % 4]!), b, c];
      });
    }
    [a, b, c, d].forEach((register, i) => (state[i] = (state[i]! + register) | 0));
  }
  const digest = Buffer.alloc(16);
  state.forEach((word, i) => digest.writeInt32LE(word, i * 4));
  return digest;
}

// ---------------------------------------------------------------- DES (FIPS 46-3)

/*
 * The tables are FIPS 46-3's, as printed there: each lists, for every output
 * bit, the input bit it takes, counting from 1 at the most significant bit.
 * The bits travel as arrays of 0 and 1, which keeps every step a table
 * lookup; a block or two per login needs no faster code. (The default
 * provider's two-key triple DES with the key given twice is single DES too,
 * and the tests check against it; this keeps VNC off triple DES, which NIST
 * disallowed for encryption after 2023, and off OpenSSL's next pruning.)
 */

// prettier-ignore
const INITIAL_PERMUTATION = [
  58, 50, 42, 34, 26, 18, 10, 2,  60, 52, 44, 36, 28, 20, 12, 4,
  62, 54, 46, 38, 30, 22, 14, 6,  64, 56, 48, 40, 32, 24, 16, 8,
  57, 49, 41, 33, 25, 17,  9, 1,  59, 51, 43, 35, 27, 19, 11, 3,
  61, 53, 45, 37, 29, 21, 13, 5,  63, 55, 47, 39, 31, 23, 15, 7,
];
/** IP⁻¹, derived rather than copied: where IP took bit p to position i, IP⁻¹ takes bit i back to p. */
const FINAL_PERMUTATION = INITIAL_PERMUTATION.map((_, i) => INITIAL_PERMUTATION.indexOf(i + 1) + 1);
// prettier-ignore
const EXPANSION = [
  32,  1,  2,  3,  4,  5,   4,  5,  6,  7,  8,  9,   8,  9, 10, 11, 12, 13,  12, 13, 14, 15, 16, 17,
  16, 17, 18, 19, 20, 21,  20, 21, 22, 23, 24, 25,  24, 25, 26, 27, 28, 29,  28, 29, 30, 31, 32,  1,
];
// prettier-ignore
const PERMUTATION = [
  16,  7, 20, 21, 29, 12, 28, 17,   1, 15, 23, 26,  5, 18, 31, 10,
   2,  8, 24, 14, 32, 27,  3,  9,  19, 13, 30,  6, 22, 11,  4, 25,
];
/** PC-1: the 56 key bits that count (every byte's last bit is parity, dropped here), as two 28-bit halves C and D. */
// prettier-ignore
const PERMUTED_CHOICE_1 = [
  57, 49, 41, 33, 25, 17,  9,   1, 58, 50, 42, 34, 26, 18,  10,  2, 59, 51, 43, 35, 27,  19, 11,  3, 60, 52, 44, 36,
  63, 55, 47, 39, 31, 23, 15,   7, 62, 54, 46, 38, 30, 22,  14,  6, 61, 53, 45, 37, 29,  21, 13,  5, 28, 20, 12,  4,
];
/** PC-2: a round's 48-bit subkey, from the rotated C and D. */
// prettier-ignore
const PERMUTED_CHOICE_2 = [
  14, 17, 11, 24,  1,  5,   3, 28, 15,  6, 21, 10,  23, 19, 12,  4, 26,  8,  16,  7, 27, 20, 13,  2,
  41, 52, 31, 37, 47, 55,  30, 40, 51, 45, 33, 48,  44, 49, 39, 56, 34, 53,  46, 42, 50, 36, 29, 32,
];
/** How far C and D rotate left before each of the 16 rounds. */
const KEY_ROTATIONS = [1, 1, 2, 2, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2, 2, 1];
/** S1 to S8, each four rows of 16: a 6-bit group picks its row with its outer bits and its column with the inner four. */
// prettier-ignore
const S_BOXES = [
  [14, 4, 13, 1, 2, 15, 11, 8, 3, 10, 6, 12, 5, 9, 0, 7,   0, 15, 7, 4, 14, 2, 13, 1, 10, 6, 12, 11, 9, 5, 3, 8,
    4, 1, 14, 8, 13, 6, 2, 11, 15, 12, 9, 7, 3, 10, 5, 0,  15, 12, 8, 2, 4, 9, 1, 7, 5, 11, 3, 14, 10, 0, 6, 13],
  [15, 1, 8, 14, 6, 11, 3, 4, 9, 7, 2, 13, 12, 0, 5, 10,   3, 13, 4, 7, 15, 2, 8, 14, 12, 0, 1, 10, 6, 9, 11, 5,
    0, 14, 7, 11, 10, 4, 13, 1, 5, 8, 12, 6, 9, 3, 2, 15,  13, 8, 10, 1, 3, 15, 4, 2, 11, 6, 7, 12, 0, 5, 14, 9],
  [10, 0, 9, 14, 6, 3, 15, 5, 1, 13, 12, 7, 11, 4, 2, 8,   13, 7, 0, 9, 3, 4, 6, 10, 2, 8, 5, 14, 12, 11, 15, 1,
   13, 6, 4, 9, 8, 15, 3, 0, 11, 1, 2, 12, 5, 10, 14, 7,    1, 10, 13, 0, 6, 9, 8, 7, 4, 15, 14, 3, 11, 5, 2, 12],
  [7, 13, 14, 3, 0, 6, 9, 10, 1, 2, 8, 5, 11, 12, 4, 15,   13, 8, 11, 5, 6, 15, 0, 3, 4, 7, 2, 12, 1, 10, 14, 9,
   10, 6, 9, 0, 12, 11, 7, 13, 15, 1, 3, 14, 5, 2, 8, 4,    3, 15, 0, 6, 10, 1, 13, 8, 9, 4, 5, 11, 12, 7, 2, 14],
  [2, 12, 4, 1, 7, 10, 11, 6, 8, 5, 3, 15, 13, 0, 14, 9,   14, 11, 2, 12, 4, 7, 13, 1, 5, 0, 15, 10, 3, 9, 8, 6,
    4, 2, 1, 11, 10, 13, 7, 8, 15, 9, 12, 5, 6, 3, 0, 14,  11, 8, 12, 7, 1, 14, 2, 13, 6, 15, 0, 9, 10, 4, 5, 3],
  [12, 1, 10, 15, 9, 2, 6, 8, 0, 13, 3, 4, 14, 7, 5, 11,   10, 15, 4, 2, 7, 12, 9, 5, 6, 1, 13, 14, 0, 11, 3, 8,
    9, 14, 15, 5, 2, 8, 12, 3, 7, 0, 4, 10, 1, 13, 11, 6,   4, 3, 2, 12, 9, 5, 15, 10, 11, 14, 1, 7, 6, 0, 8, 13],
  [4, 11, 2, 14, 15, 0, 8, 13, 3, 12, 9, 7, 5, 10, 6, 1,   13, 0, 11, 7, 4, 9, 1, 10, 14, 3, 5, 12, 2, 15, 8, 6,
    1, 4, 11, 13, 12, 3, 7, 14, 10, 15, 6, 8, 0, 5, 9, 2,   6, 11, 13, 8, 1, 4, 10, 7, 9, 5, 0, 15, 14, 2, 3, 12],
  [13, 2, 8, 4, 6, 15, 11, 1, 10, 9, 3, 14, 5, 0, 12, 7,    1, 15, 13, 8, 10, 3, 7, 4, 12, 5, 6, 11, 0, 14, 9, 2,
    7, 11, 4, 1, 9, 12, 14, 2, 0, 6, 10, 13, 15, 3, 5, 8,   2, 1, 14, 7, 4, 10, 8, 13, 15, 12, 9, 0, 3, 5, 6, 11],
];

type Bits = number[];

const bitsOf = (bytes: Uint8Array): Bits => Array.from(bytes).flatMap((byte) => Array.from({ length: 8 }, (_, i) => (byte >> (7 - i)) & 1));
const bytesOf = (bits: Bits): Buffer =>
  Buffer.from(Array.from({ length: bits.length / 8 }, (_, i) => bits.slice(i * 8, i * 8 + 8).reduce((byte, bit) => (byte << 1) | bit, 0)));
const permute = (bits: Bits, table: readonly number[]): Bits => table.map((position) => bits[position - 1]!);
const xor = (a: Bits, b: Bits): Bits => a.map((bit, i) => bit ^ b[i]!);
const rotated = (half: Bits, by: number): Bits => [...half.slice(by), ...half.slice(0, by)];

/** The 16 round subkeys: C and D rotate a little further before each round, and PC-2 picks 48 of their bits. */
function subkeys(key: Uint8Array): Bits[] {
  const chosen = permute(bitsOf(key), PERMUTED_CHOICE_1);
  let [c, d] = [chosen.slice(0, 28), chosen.slice(28)];
  return KEY_ROTATIONS.map((by) => {
    [c, d] = [rotated(c, by), rotated(d, by)];
    return permute([...c, ...d], PERMUTED_CHOICE_2);
  });
}

/** The cipher function f(R, K): R expanded to 48 bits, mixed with the subkey, squeezed back to 32 through the S-boxes, permuted. */
function feistel(right: Bits, subkey: Bits): Bits {
  const mixed = xor(permute(right, EXPANSION), subkey);
  const substituted = S_BOXES.flatMap((box, i) => {
    const [b1, b2, b3, b4, b5, b6] = mixed.slice(i * 6, i * 6 + 6) as [number, number, number, number, number, number];
    const value = box[((b1 << 1) | b6) * 16 + ((b2 << 3) | (b3 << 2) | (b4 << 1) | b5)]!;
    return [(value >> 3) & 1, (value >> 2) & 1, (value >> 1) & 1, value & 1];
  });
  return permute(substituted, PERMUTATION);
}

/** Single DES, one 8-byte block (FIPS 46-3). The key's parity bits (each byte's lowest) are ignored, as the standard says. */
export function desEncryptBlock(key: Uint8Array, block: Uint8Array): Buffer {
  expectLength('A DES key', key, 8);
  expectLength('A DES block', block, 8);
  const permuted = permute(bitsOf(block), INITIAL_PERMUTATION);
  let [left, right] = [permuted.slice(0, 32), permuted.slice(32)];
  for (const subkey of subkeys(key)) [left, right] = [right, xor(left, feistel(right, subkey))];
  // The halves are not swapped after the last round: R16 goes first.
  return bytesOf(permute([...right, ...left], FINAL_PERMUTATION));
}

/** Single DES in ECB mode: each 8-byte block on its own, as VNC authentication encrypts its 16-byte challenge. */
export function desEncrypt(key: Uint8Array, data: Uint8Array): Buffer {
  if (data.length % 8 !== 0) throw new RangeError(`DES in ECB mode takes whole 8-byte blocks, not ${data.length} bytes`);
  return Buffer.concat(Array.from({ length: data.length / 8 }, (_, i) => desEncryptBlock(key, data.subarray(i * 8, i * 8 + 8))));
}

// ---------------------------------------------------------------- RC4

/**
 * RC4, as a stream: NTLM sealing (MS-NLMP §3.4.3) keeps one keystream running
 * across every message of a session, so the state outlives one call.
 */
export class Rc4 {
  private readonly state = new Uint8Array(256);
  private i = 0;
  private j = 0;

  constructor(key: Uint8Array) {
    if (key.length === 0 || key.length > 256) throw new RangeError(`An RC4 key is 1 to 256 bytes, not ${key.length}`);
    const s = this.state;
    for (let i = 0; i < 256; i++) s[i] = i;
    for (let i = 0, j = 0; i < 256; i++) {
      j = (j + s[i]! + key[i % key.length]!) & 0xff;
      [s[i], s[j]] = [s[j]!, s[i]!];
    }
  }

  /** Encrypts (or, the same thing, decrypts) the next bytes of the stream. */
  update(data: Uint8Array): Buffer {
    const s = this.state;
    const out = Buffer.alloc(data.length);
    for (let n = 0; n < data.length; n++) {
      this.i = (this.i + 1) & 0xff;
      this.j = (this.j + s[this.i]!) & 0xff;
      [s[this.i], s[this.j]] = [s[this.j]!, s[this.i]!];
      out[n] = data[n]! ^ s[(s[this.i]! + s[this.j]!) & 0xff]!;
    }
    return out;
  }
}

/** RC4 of one message under a fresh key. */
export const rc4 = (key: Uint8Array, data: Uint8Array): Buffer => new Rc4(key).update(data);

// ---------------------------------------------------------------- AES-CMAC (RFC 4493)

/** Multiplication by x in GF(2¹²⁸) (RFC 4493 §2.3): a left shift, folding the carried bit back in as 0x87. */
function doubled(block: Buffer): Buffer {
  const out = Buffer.alloc(16);
  for (let i = 0; i < 16; i++) out[i] = ((block[i]! << 1) | (i < 15 ? block[i + 1]! >> 7 : 0)) & 0xff;
  if (block[0]! & 0x80) out[15] = out[15]! ^ 0x87;
  return out;
}

/** AES-CMAC with a 128-bit key (RFC 4493): SMB 3's signatures. */
export function aesCmac(key: Uint8Array, message: Uint8Array): Buffer {
  expectLength('An AES-CMAC key', key, 16);
  const zero = Buffer.alloc(16);
  const k1 = doubled(createCipheriv('aes-128-ecb', key, null).setAutoPadding(false).update(zero));
  const k2 = doubled(k1);
  // The last block is masked with K1 when it is whole, else padded (a 1 bit, then zeros) and masked with K2; an empty message is one padded block.
  const lastStart = Math.max(0, Math.ceil(message.length / 16) - 1) * 16;
  const tail = message.subarray(lastStart);
  const whole = tail.length === 16;
  const last = Buffer.alloc(16);
  last.set(tail);
  if (!whole) last[tail.length] = 0x80;
  const mask = whole ? k1 : k2;
  for (let i = 0; i < 16; i++) last[i] = last[i]! ^ mask[i]!;
  // What is left is a CBC-MAC: the last block of AES-CBC from a zero IV.
  const cbc = createCipheriv('aes-128-cbc', key, zero).setAutoPadding(false);
  const ciphertext = Buffer.concat([cbc.update(message.subarray(0, lastStart)), cbc.update(last), cbc.final()]);
  return ciphertext.subarray(ciphertext.length - 16);
}

// ---------------------------------------------------------------- NTLMv2 (MS-NLMP §3.3.2)

const utf16le = (text: string) => Buffer.from(text, 'utf16le');
const hmacMd5 = (key: Uint8Array, ...parts: Uint8Array[]) => parts.reduce((hmac, part) => hmac.update(part), createHmac('md5', key)).digest();

/**
 * Windows upper-cases a user name one UTF-16 unit at a time (its
 * RtlUpcaseUnicodeString): 'ß' stays 'ß' there, where JavaScript's
 * toUpperCase makes 'SS' and would give another NTOWFv2.
 */
const windowsUpperCase = (name: string) =>
  Array.from(name, (character) => {
    const upper = character.toUpperCase();
    return upper.length === character.length ? upper : character;
  }).join('');

/** The NT hash, NTOWFv1 (MS-NLMP §3.3.1): MD4 of the password's UTF-16LE bytes. */
export const ntHash = (password: string): Buffer => md4(utf16le(password));

/**
 * NTOWFv2 (MS-NLMP §3.3.2), NTLMv2's ResponseKeyNT and ResponseKeyLM: an
 * HMAC-MD5 keyed by the NT hash over the user name, upper-cased, and the
 * domain as it is.
 */
export const ntowfv2 = (password: string, user: string, domain: string): Buffer => hmacMd5(ntHash(password), utf16le(windowsUpperCase(user) + domain));

/**
 * The NTLMv2 client challenge, the spec's `temp` (MS-NLMP §2.2.2.7, §3.3.2):
 * versions 1 and 1, six zero bytes, the time, the client's challenge, four
 * zero bytes, the server's AV pairs (ending in MsvAvEOL) and four zero bytes.
 */
export function ntlmv2ClientChallenge(time: bigint, clientChallenge: Uint8Array, targetInfo: Uint8Array): Buffer {
  expectLength('A client challenge', clientChallenge, 8);
  const header = Buffer.alloc(28);
  header.writeUInt8(1, 0);
  header.writeUInt8(1, 1);
  header.writeBigUInt64LE(time, 8);
  header.set(clientChallenge, 16);
  return Buffer.concat([header, targetInfo, Buffer.alloc(4)]);
}

/** A time as Windows counts it (FILETIME): 100-nanosecond ticks since 1601-01-01 UTC. */
export const fileTime = (date: Date): bigint => (BigInt(date.getTime()) + 11_644_473_600_000n) * 10_000n;

export interface Ntlmv2Input {
  /** NTOWFv2 of the user's password (which is also ResponseKeyLM). */
  responseKeyNT: Uint8Array;
  /** The 8 bytes of the server's CHALLENGE_MESSAGE. */
  serverChallenge: Uint8Array;
  /** 8 random bytes of the client's. */
  clientChallenge: Uint8Array;
  /** FILETIME: the server's MsvAvTimestamp when its AV pairs have one, else the client's clock (fileTime). */
  time: bigint;
  /** The AV pairs the AUTHENTICATE_MESSAGE vouches for: the server's TargetInfo, with any the client adds. */
  targetInfo: Uint8Array;
}

export interface Ntlmv2Response {
  /** The HMAC that proves the password: the first 16 bytes of the NT response. */
  ntProofStr: Buffer;
  /** NtChallengeResponse: NTProofStr followed by the client challenge it covers. */
  ntChallengeResponse: Buffer;
  /** LmChallengeResponse (LMv2). A client sends 24 zero bytes instead when the server's AV pairs carry MsvAvTimestamp (MS-NLMP §3.1.5.1.2). */
  lmChallengeResponse: Buffer;
  /** SessionBaseKey, which is also NTLMv2's KeyExchangeKey. */
  sessionBaseKey: Buffer;
}

/** NTLMv2's ComputeResponse (MS-NLMP §3.3.2): the answers to a server's challenge, and the key the session derives from. */
export function ntlmv2Response({ responseKeyNT, serverChallenge, clientChallenge, time, targetInfo }: Ntlmv2Input): Ntlmv2Response {
  expectLength('A server challenge', serverChallenge, 8);
  const temp = ntlmv2ClientChallenge(time, clientChallenge, targetInfo);
  const ntProofStr = hmacMd5(responseKeyNT, serverChallenge, temp);
  return {
    ntProofStr,
    ntChallengeResponse: Buffer.concat([ntProofStr, temp]),
    lmChallengeResponse: Buffer.concat([hmacMd5(responseKeyNT, serverChallenge, clientChallenge), clientChallenge]),
    sessionBaseKey: hmacMd5(responseKeyNT, ntProofStr),
  };
}

/**
 * EncryptedRandomSessionKey (MS-NLMP §3.1.5.1.2): with
 * NTLMSSP_NEGOTIATE_KEY_EXCH the client picks the session's key (the
 * ExportedSessionKey, 16 random bytes) and sends it RC4-encrypted under the
 * KeyExchangeKey, for NTLMv2 the SessionBaseKey.
 */
export const encryptedRandomSessionKey = (keyExchangeKey: Uint8Array, exportedSessionKey: Uint8Array): Buffer => rc4(keyExchangeKey, exportedSessionKey);
