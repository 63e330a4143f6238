/**
 * The SMB check's own client, in its parts: NTLMSSP and SPNEGO against
 * MS-NLMP §4.2.4's worked example, SMB 3's key derivation against OpenSSL's
 * KBKDF, and every parser of what a server sends against lengths that lie.
 * The whole exchange, against a real Samba and hostile servers, is
 * test/agent/smb-kind-scripted.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptedRandomSessionKey, ntlmv2Response, ntowfv2, Rc4 } from '../../functions/agent/kinds/legacy-crypto';
import {
  clientSealingKey,
  clientSigningKey,
  ntlmAuthenticate,
  ntlmIdentity,
  ntlmNegotiate,
  ntlmSignature,
  NTLM_FLAGS,
  parseNtlmChallenge,
  spnegoAuthenticate,
  spnegoInit,
  spnegoResponseToken,
} from '../../functions/agent/kinds/ntlm';
import { CheckFailure } from '../../functions/agent/kinds/probe';
import { fileNames, smb3Kdf, smbPath } from '../../functions/agent/kinds/smb2';
import { fileNamesInformation } from '../support/smb';

const hex = (text: string) => Buffer.from(text.replace(/\s+/g, ''), 'hex');

/** What a parser throws: the failure's category and reason (undefined when it did not throw one). */
function failureOf(parse: () => unknown) {
  try {
    parse();
  } catch (error) {
    if (error instanceof CheckFailure) return { category: error.outcome.category, error: error.outcome.error };
    throw error;
  }
  return undefined;
}

// MS-NLMP §4.2.4: User "User", UserDom "Domain", Password "Password", RandomSessionKey 0x55 × 16, Time 0,
// ClientChallenge 0xaa × 8, and the CHALLENGE_MESSAGE of §4.2.4.3 (server "Server", no timestamp).
const CHALLENGE = hex(`
  4e 54 4c 4d 53 53 50 00 02 00 00 00 0c 00 0c 00  38 00 00 00 33 82 8a e2 01 23 45 67 89 ab cd ef
  00 00 00 00 00 00 00 00 24 00 24 00 44 00 00 00  06 00 70 17 00 00 00 0f 53 00 65 00 72 00 76 00
  65 00 72 00 02 00 0c 00 44 00 6f 00 6d 00 61 00  69 00 6e 00 01 00 0c 00 53 00 65 00 72 00 76 00
  65 00 72 00 00 00 00 00`);
const RANDOM = { clientChallenge: hex('aaaaaaaaaaaaaaaa'), exportedSessionKey: hex('55555555555555555555555555555555'), now: new Date(Date.UTC(1601, 0, 1)) };
const USER = { user: 'User', domain: 'Domain' };

/** An AUTHENTICATE_MESSAGE field (MS-NLMP §2.2.1.3): its length and offset at `at` in the header. */
const field = (message: Buffer, at: number) => message.subarray(message.readUInt32LE(at + 4), message.readUInt32LE(at + 4) + message.readUInt16LE(at));

/** §4.2.4.3's CHALLENGE_MESSAGE with an MsvAvTimestamp added to its AV pairs (as Windows and Samba send one). */
function withTimestamp(time: bigint): Buffer {
  const stamp = Buffer.alloc(12);
  stamp.writeUInt16LE(7, 0);
  stamp.writeUInt16LE(8, 2);
  stamp.writeBigUInt64LE(time, 4);
  const pairs = Buffer.concat([CHALLENGE.subarray(68, 100), stamp, Buffer.alloc(4)]);
  const message = Buffer.concat([CHALLENGE.subarray(0, 68), pairs]);
  message.writeUInt16LE(pairs.length, 40);
  message.writeUInt16LE(pairs.length, 42);
  return message;
}

describe('NTLMSSP (MS-NLMP), against the worked example of §4.2.4', () => {
  it("reads the example's CHALLENGE_MESSAGE: flags, challenge and AV pairs", () => {
    const challenge = parseNtlmChallenge(CHALLENGE);
    expect(challenge.flags).toBe(0xe28a8233);
    expect(challenge.serverChallenge.toString('hex')).toBe('0123456789abcdef');
    expect(challenge.targetInfo.map(({ id, value }) => [id, value.toString('utf16le')])).toEqual([
      [2, 'Domain'],
      [1, 'Server'],
    ]);
    expect(challenge.timestamp).toBeUndefined();
  });

  it("answers it with the example's responses and encrypted session key, and signs with the random key", () => {
    const { message, sessionKey } = ntlmAuthenticate(ntlmNegotiate(), parseNtlmChallenge(CHALLENGE), USER, 'Password', RANDOM);
    // The spec's AUTHENTICATE_MESSAGE (§4.2.4.3) holds these; ours lays them out after a MIC field of its own.
    expect(field(message, 12).toString('hex')).toBe('86c35097ac9cec102554764a57cccc19aaaaaaaaaaaaaaaa');
    expect(field(message, 20).subarray(0, 16).toString('hex')).toBe('68cd0ab851e51c96aabc927bebef6a1c');
    expect(field(message, 28).toString('utf16le')).toBe('Domain');
    expect(field(message, 36).toString('utf16le')).toBe('User');
    expect(field(message, 52).toString('hex')).toBe('c5dad2544fc9799094ce1ce90bc9d03e');
    expect(sessionKey.toString('hex')).toBe('55'.repeat(16));
    // The negotiated flags are ours the server also set: key exchange, 128-bit, extended session security among them.
    expect(message.readUInt32LE(60)).toBe((0xe28a8233 & ntlmNegotiate().readUInt32LE(12)) >>> 0);
    // No timestamp, no MIC: the field stays zero.
    expect(message.subarray(72, 88).equals(Buffer.alloc(16))).toBe(true);
  });

  it("derives §4.2.4.4's client signing and sealing keys", () => {
    const key = RANDOM.exportedSessionKey;
    expect(clientSigningKey(key).toString('hex')).toBe('4788dc861b4782f35d43fd98fe1a2d39');
    expect(clientSealingKey(key, NTLM_FLAGS.N128).toString('hex')).toBe('59f600973cc4960a25480a7c196e4c58');
  });

  it('signs a message as §3.4.4.2 says: the HMAC-MD5 of the sequence number and message, RC4-encrypted under the sealing key', () => {
    const key = RANDOM.exportedSessionKey;
    const flags = NTLM_FLAGS.N128 | NTLM_FLAGS.KEY_EXCH;
    const digest = createHmac('md5', clientSigningKey(key)).update(Buffer.alloc(4)).update('Plaintext').digest().subarray(0, 8);
    const checksum = new Rc4(clientSealingKey(key, flags)).update(digest);
    expect(ntlmSignature(key, flags, Buffer.from('Plaintext')).toString('hex')).toBe(`01000000${checksum.toString('hex')}00000000`);
    // Without key exchange the checksum is sent as it is.
    expect(ntlmSignature(key, NTLM_FLAGS.N128, Buffer.from('Plaintext')).toString('hex')).toBe(`01000000${digest.toString('hex')}00000000`);
  });

  it("with the server's timestamp: answers at its time, LMv2 zeroed, MsvAvFlags set and a MIC over the three messages", () => {
    const negotiate = ntlmNegotiate();
    const time = 0x01d9_0000_0000_0000n;
    const challenge = parseNtlmChallenge(withTimestamp(time));
    expect(challenge.timestamp).toBe(time);
    const { message, sessionKey } = ntlmAuthenticate(negotiate, challenge, USER, 'Password', RANDOM);
    expect(field(message, 12).equals(Buffer.alloc(24))).toBe(true);
    const ntResponse = field(message, 20);
    // The client challenge blob (after NTProofStr): its time is the server's, its AV pairs gain MsvAvFlags = 2 before MsvAvEOL.
    expect(ntResponse.readBigUInt64LE(16 + 8)).toBe(time);
    expect(ntResponse.subarray(16 + 28).toString('hex')).toContain('0600040002000000' + '00000000');
    const expected = ntlmv2Response({
      responseKeyNT: ntowfv2('Password', 'User', 'Domain'),
      serverChallenge: challenge.serverChallenge,
      clientChallenge: RANDOM.clientChallenge,
      time,
      targetInfo: ntResponse.subarray(16 + 28, ntResponse.length - 4),
    });
    expect(ntResponse.equals(expected.ntChallengeResponse)).toBe(true);
    expect(field(message, 52).equals(encryptedRandomSessionKey(expected.sessionBaseKey, sessionKey))).toBe(true);
    const zeroed = Buffer.from(message);
    zeroed.fill(0, 72, 88);
    const mic = createHmac('md5', sessionKey).update(negotiate).update(challenge.message).update(zeroed).digest();
    expect(message.subarray(72, 88).equals(mic)).toBe(true);
  });

  it('splits a DOMAIN\\user account; a UPN goes whole, as Windows and smbclient send it', () => {
    expect(ntlmIdentity('CCDC\\blue')).toEqual({ user: 'blue', domain: 'CCDC' });
    expect(ntlmIdentity('blue')).toEqual({ user: 'blue', domain: '' });
    expect(ntlmIdentity('blue@ccdc.local')).toEqual({ user: 'blue@ccdc.local', domain: '' });
  });

  it('refuses a CHALLENGE_MESSAGE whose lengths lie', () => {
    const pastEnd = Buffer.from(CHALLENGE);
    pastEnd.writeUInt32LE(0xffff_fff0, 44);
    expect(failureOf(() => parseNtlmChallenge(pastEnd))).toEqual({
      category: 'protocol error',
      error: "the server's NTLM challenge: its target information runs past its end",
    });
    const longPair = Buffer.from(CHALLENGE);
    longPair.writeUInt16LE(0x7fff, 70);
    expect(failureOf(() => parseNtlmChallenge(longPair))).toEqual({
      category: 'protocol error',
      error: "the server's NTLM challenge: an AV pair runs past its target information",
    });
    expect(failureOf(() => parseNtlmChallenge(CHALLENGE.subarray(0, 40)))?.error).toBe("the server's NTLM challenge is not an NTLM CHALLENGE_MESSAGE");
    expect(failureOf(() => parseNtlmChallenge(Buffer.alloc(100)))?.category).toBe('protocol error');
  });
});

describe('SPNEGO (RFC 4178)', () => {
  const der = (tag: number, content: Buffer) =>
    Buffer.concat([Buffer.from(content.length < 0x80 ? [tag, content.length] : [tag, 0x81, content.length]), content]);
  /** A NegTokenResp: accept-incomplete, the NTLMSSP mechanism, and `token`. */
  const negTokenResp = (token: Buffer) =>
    der(0xa1, der(0x30, Buffer.concat([der(0xa0, hex('0a0101')), der(0xa1, hex('060a2b06010401823702020a')), der(0xa2, der(0x04, token))])));

  it('wraps the NEGOTIATE_MESSAGE in a NegTokenInit offering NTLM alone, as GSS-API frames it', () => {
    const token = spnegoInit(ntlmNegotiate());
    // [APPLICATION 0] { SPNEGO's OID, [0] { SEQUENCE { [0] { SEQUENCE { NTLMSSP's OID } }, [2] { OCTET STRING … } } } }
    expect(token.subarray(0, 2).toString('hex')).toBe('6048');
    expect(token.subarray(2, 10).toString('hex')).toBe('06062b0601050502');
    expect(token.toString('hex')).toContain('a00e300c060a2b06010401823702020a');
    expect(token.subarray(token.length - 40).equals(ntlmNegotiate())).toBe(true);
  });

  it('sends the AUTHENTICATE_MESSAGE and the mechListMIC in a NegTokenResp, long lengths in long form', () => {
    const authenticate = randomBytes(300);
    const token = spnegoAuthenticate(authenticate, Buffer.alloc(16, 1));
    // [1] { SEQUENCE { [2] { OCTET STRING (300 bytes) }, [3] { OCTET STRING (16 bytes) } } }
    expect(token.subarray(0, 16).toString('hex')).toBe('a182014c' + '30820148' + 'a2820130' + '0482012c');
    expect(token.subarray(16, 316).equals(authenticate)).toBe(true);
    expect(token.subarray(316).toString('hex')).toBe(`a3120410${'01'.repeat(16)}`);
  });

  it("reads the server's NTLM message out of its NegTokenResp, or takes raw NTLMSSP as it is", () => {
    expect(spnegoResponseToken(negTokenResp(CHALLENGE)).equals(CHALLENGE)).toBe(true);
    expect(spnegoResponseToken(CHALLENGE).equals(CHALLENGE)).toBe(true);
  });

  it('refuses DER whose lengths lie, indefinite lengths, and a reject', () => {
    expect(failureOf(() => spnegoResponseToken(Buffer.from([0xa1, 0x05, 0x30, 0x03])))).toEqual({
      category: 'protocol error',
      error: "the server's SPNEGO answer: a DER element of 5 bytes runs past its end",
    });
    expect(failureOf(() => spnegoResponseToken(Buffer.from([0xa1, 0x82, 0xff, 0xff, 0x30])))?.error).toBe(
      "the server's SPNEGO answer: a DER element of 65535 bytes runs past its end",
    );
    // Inside a well-formed outer element: the lie is found at every depth.
    expect(failureOf(() => spnegoResponseToken(der(0xa1, der(0x30, Buffer.from([0xa2, 0x7f, 0x04])))))?.error).toBe(
      "the server's SPNEGO answer: a DER element of 127 bytes runs past its end",
    );
    expect(failureOf(() => spnegoResponseToken(Buffer.from([0xa1, 0x80, 0x30, 0x80, 0, 0, 0, 0])))?.error).toBe(
      "the server's SPNEGO answer: a DER length the check does not read",
    );
    expect(failureOf(() => spnegoResponseToken(Buffer.from([0xa1, 0x84, 0xff, 0xff, 0xff, 0xff])))?.error).toBe(
      "the server's SPNEGO answer: a DER length the check does not read",
    );
    expect(failureOf(() => spnegoResponseToken(Buffer.from([0xa1])))?.error).toBe("the server's SPNEGO answer: a DER element cut short");
    expect(failureOf(() => spnegoResponseToken(der(0xa1, der(0x30, der(0xa0, hex('0a0102'))))))?.error).toBe('the server rejects NTLM (SPNEGO reject)');
    expect(failureOf(() => spnegoResponseToken(der(0xa0, Buffer.alloc(3))))?.error).toBe("the server's SPNEGO answer: not the element expected");
    expect(failureOf(() => spnegoResponseToken(Buffer.alloc(0)))?.category).toBe('protocol error');
  });
});

describe("SMB 3's key derivation (SP800-108, counter mode, HMAC-SHA256)", () => {
  it("agrees with OpenSSL's KBKDF for both signing keys' labels and contexts", () => {
    const cases = [
      { key: randomBytes(16), label: 'SMB2AESCMAC\0', context: Buffer.from('SmbSign\0', 'latin1') },
      { key: randomBytes(16), label: 'SMBSigningKey\0', context: randomBytes(64) },
      { key: randomBytes(16), label: 'SMBSigningKey\0', context: randomBytes(64) },
    ];
    for (const { key, label, context } of cases) {
      const openssl = execFileSync('openssl', [
        'kdf',
        ...['-keylen', '16', '-kdfopt', 'mac:HMAC', '-kdfopt', 'digest:SHA2-256'],
        ...['-kdfopt', `hexkey:${key.toString('hex')}`, '-kdfopt', `hexsalt:${Buffer.from(label, 'latin1').toString('hex')}`],
        ...['-kdfopt', `hexinfo:${context.toString('hex')}`, 'KBKDF'],
      ]);
      expect(smb3Kdf(key, label, context).toString('hex'), label).toBe(openssl.toString().trim().replace(/:/g, '').toLowerCase());
    }
  });
});

describe("an SMB2 server's folder listing (FileNamesInformation)", () => {
  const entries = fileNamesInformation;

  it('reads every name', () => {
    expect(fileNames(entries(['.', '..', 'welcome.txt', 'Quarterly report.docx']))).toEqual(['.', '..', 'welcome.txt', 'Quarterly report.docx']);
    expect(fileNames(Buffer.alloc(0))).toEqual([]);
  });

  it('refuses entries whose offsets or lengths lie, and never loops', () => {
    const lyingLength = entries(['a.txt', 'b.txt']);
    lyingLength.writeUInt32LE(0xffff_ffff, 8);
    expect(failureOf(() => fileNames(lyingLength))).toEqual({ category: 'protocol error', error: 'a folder entry runs past the listing' });
    const lyingNext = entries(['a.txt', 'b.txt']);
    lyingNext.writeUInt32LE(1 << 20, 0);
    expect(failureOf(() => fileNames(lyingNext))?.error).toBe('a folder entry runs past the listing');
    // An entry pointing back at itself (NextEntryOffset 0 is the end; smaller than the entry is a lie, not a loop).
    const looping = entries(['a.txt', 'b.txt']);
    looping.writeUInt32LE(4, 0);
    expect(failureOf(() => fileNames(looping))?.error).toBe('a folder entry runs past the listing');
    expect(failureOf(() => fileNames(Buffer.alloc(5)))?.error).toBe('a folder entry runs past the listing');
  });
});

describe('a path in a share', () => {
  it('is backslash-separated, from the root, whichever separators the check was given', () => {
    expect(smbPath('/docs/report.txt')).toBe('docs\\report.txt');
    expect(smbPath('docs\\2024//report.txt')).toBe('docs\\2024\\report.txt');
    expect(smbPath('/')).toBe('');
  });
});
