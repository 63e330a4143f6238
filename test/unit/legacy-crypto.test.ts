import { execFileSync } from 'node:child_process';
import { createCipheriv, createHmac, randomBytes, randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  aesCmac,
  desEncrypt,
  desEncryptBlock,
  encryptedRandomSessionKey,
  fileTime,
  md4,
  ntHash,
  ntlmv2ClientChallenge,
  ntlmv2Response,
  ntowfv2,
  Rc4,
  rc4,
} from '../../functions/agent/kinds/legacy-crypto';

/** Hex as the standards print it, spaces and line breaks allowed. */
const hex = (text: string) => Buffer.from(text.replace(/\s+/g, ''), 'hex');

describe('MD4', () => {
  it('gives the digests of RFC 1320 §A.5, its whole test suite', () => {
    const suite: [string, string][] = [
      ['', '31d6cfe0d16ae931b73c59d7e0c089c0'],
      ['a', 'bde52cb31de33e46245e05fbdbd6fb24'],
      ['abc', 'a448017aaf21d8525fc10ae87aa6729d'],
      ['message digest', 'd9130a8164549fe818874806e1c7014b'],
      ['abcdefghijklmnopqrstuvwxyz', 'd79e1c308aa5bbcdeea8ed63df412da9'],
      ['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', '043f8582f241db351ce627e153e7f0e4'],
      ['1234567890'.repeat(8), 'e33b4ddc9c38f2199c3e7b164fcc0536'],
    ];
    for (const [message, digest] of suite) expect(md4(Buffer.from(message)).toString('hex'), message).toBe(digest);
  });

  it('gives the NT hash of "Password" of MS-NLMP §4.2.2.1.2 (NTOWFv1)', () => {
    expect(ntHash('Password').toString('hex')).toBe('a4f49c406510bdcab6824ee7c30fd852');
  });
});

describe('DES', () => {
  // NIST SP 800-17 (the DES Modes of Operation Validation System), Appendix B: known answers of the
  // variable-plaintext, inverse-permutation, variable-key, permutation-operation and substitution-table
  // tests (the same values as NIST's TECBvartext, TECBinvperm, TECBvarkey, TECBpermop and TECBsubtab files).
  const known: [key: string, plaintext: string, ciphertext: string][] = [
    ['0101010101010101', '8000000000000000', '95f8a5e5dd31d900'],
    ['0101010101010101', '4000000000000000', 'dd7f121ca5015619'],
    ['0101010101010101', '0000000000002000', '1d1ca853ae7c0c5f'],
    ['0101010101010101', '0000000000000001', '166b40b44aba4bd6'],
    ['0101010101010101', '95f8a5e5dd31d900', '8000000000000000'],
    ['0101010101010101', '166b40b44aba4bd6', '0000000000000001'],
    ['8001010101010101', '0000000000000000', '95a8d72813daa94d'],
    ['4001010101010101', '0000000000000000', '0eec1487dd8c26d5'],
    ['2001010101010101', '0000000000000000', '7ad16ffb79c45926'],
    ['0180010101010101', '0000000000000000', '2055123350c00858'],
    ['0101010101010102', '0000000000000000', '869efd7f9f265a09'],
    ['1046913489980131', '0000000000000000', '88d55e54f54c97b4'],
    ['1007103489988020', '0000000000000000', '0c0cc00c83ea48fd'],
    ['10071034c8980120', '0000000000000000', '83bc8ef3a6570183'],
    ['1002911698100101', '0000000000000000', '1aeac39a61f0a464'],
    ['7ca110454a1a6e57', '01a1d6d039776742', '690f5b0d9a26939b'],
    ['0131d9619dc1376e', '5cd54ca83def57da', '7a389d10354bd271'],
    ['07a1133e4a0b2686', '0248d43806f67172', '868ebb51cab4599a'],
    ['3849674c2602319e', '51454b582ddf440a', '7178876e01f19b2a'],
    ['04b915ba43feb5b6', '42fd443059577fa2', 'af37fb421f8c4095'],
    ['0113b970fd34f2ce', '059b5e0851cf143a', '86a560f10ec6d85b'],
    ['43297fad38e373fe', '762514b829bf486a', 'ea676b2cb7db2b7a'],
  ];

  it("gives NIST's known answers", () => {
    for (const [key, plaintext, ciphertext] of known) expect(desEncryptBlock(hex(key), hex(plaintext)).toString('hex'), `${key} ${plaintext}`).toBe(ciphertext);
  });

  it('encrypts the FIPS 81 ECB example, "Now is the time for all " under 0123456789abcdef', () => {
    // FIPS PUB 81, Appendix B, Table B1.
    expect(desEncrypt(hex('0123456789abcdef'), Buffer.from('Now is the time for all ')).toString('hex')).toBe(
      '3fa40e8a984d48156a271787ab8883f9893d51ec4b563b53',
    );
  });

  it("ignores the key's parity bits", () => {
    const key = hex('0123456789abcdef');
    const otherParity = key.map((byte) => byte ^ 1);
    expect(desEncryptBlock(otherParity, Buffer.from('Now is t')).toString('hex')).toBe('3fa40e8a984d4815');
  });

  it("answers a VNC challenge as OpenSSL's DES does, with the password's bytes mirrored as the key", () => {
    // The key of "password" (70 61 73 73 77 6f 72 64, each byte's bits reversed) and of "pw" (zero-padded), and
    // the answers to the challenge 00 01 … 0f that this machine's OpenSSL 3.0 CLI gave:
    //   printf <challenge> | openssl enc -des-ecb -K <key> -nopad -provider legacy -provider default
    const challenge = Buffer.from(Array.from({ length: 16 }, (_, i) => i));
    expect(desEncrypt(hex('0e86ceceeef64e26'), challenge).toString('hex')).toBe('b866924125c8eebb9debc1db61c538e2');
    expect(desEncrypt(hex('0eee000000000000'), challenge).toString('hex')).toBe('858600d9af143c9e6541d3dd92a835d0');
  });

  it('refuses keys and blocks of the wrong size', () => {
    expect(() => desEncryptBlock(Buffer.alloc(7), Buffer.alloc(8))).toThrow(RangeError);
    expect(() => desEncryptBlock(Buffer.alloc(8), Buffer.alloc(9))).toThrow(RangeError);
    expect(() => desEncrypt(Buffer.alloc(8), Buffer.alloc(12))).toThrow(RangeError);
    expect(desEncrypt(Buffer.alloc(8), Buffer.alloc(0))).toHaveLength(0);
  });
});

describe('RC4', () => {
  // RFC 6229 §2, keystream at each offset (the encryption of zeros) for its 40-, 128- and 256-bit keys 01 02 03 ….
  const rfc6229: Record<string, string> = {
    '0102030405': `
      DEC    0 HEX    0:  b2 39 63 05  f0 3d c0 27   cc c3 52 4a  0a 11 18 a8
      DEC   16 HEX   10:  69 82 94 4f  18 fc 82 d5   89 c4 03 a4  7a 0d 09 19
      DEC  240 HEX   f0:  28 cb 11 32  c9 6c e2 86   42 1d ca ad  b8 b6 9e ae
      DEC  256 HEX  100:  1c fc f6 2b  03 ed db 64   1d 77 df cf  7f 8d 8c 93
      DEC  496 HEX  1f0:  42 b7 d0 cd  d9 18 a8 a3   3d d5 17 81  c8 1f 40 41
      DEC  512 HEX  200:  64 59 84 44  32 a7 da 92   3c fb 3e b4  98 06 61 f6
      DEC  752 HEX  2f0:  ec 10 32 7b  de 2b ee fd   18 f9 27 76  80 45 7e 22
      DEC  768 HEX  300:  eb 62 63 8d  4f 0b a1 fe   9f ca 20 e0  5b f8 ff 2b
      DEC 1008 HEX  3f0:  45 12 90 48  e6 a0 ed 0b   56 b4 90 33  8f 07 8d a5
      DEC 1024 HEX  400:  30 ab bc c7  c2 0b 01 60   9f 23 ee 2d  5f 6b b7 df
      DEC 1520 HEX  5f0:  32 94 f7 44  d8 f9 79 05   07 e7 0f 62  e5 bb ce ea
      DEC 1536 HEX  600:  d8 72 9d b4  18 82 25 9b   ee 4f 82 53  25 f5 a1 30
      DEC 2032 HEX  7f0:  1e b1 4a 0c  13 b3 bf 47   fa 2a 0b a9  3a d4 5b 8b
      DEC 2048 HEX  800:  cc 58 2f 8b  a9 f2 65 e2   b1 be 91 12  e9 75 d2 d7
      DEC 3056 HEX  bf0:  f2 e3 0f 9b  d1 02 ec bf   75 aa ad e9  bc 35 c4 3c
      DEC 3072 HEX  c00:  ec 0e 11 c4  79 dc 32 9d   c8 da 79 68  fe 96 56 81
      DEC 4080 HEX  ff0:  06 83 26 a2  11 84 16 d2   1f 9d 04 b2  cd 1c a0 50
      DEC 4096 HEX 1000:  ff 25 b5 89  95 99 67 07   e5 1f bd f0  8b 34 d8 75`,
    '0102030405060708090a0b0c0d0e0f10': `
      DEC    0 HEX    0:  9a c7 cc 9a  60 9d 1e f7   b2 93 28 99  cd e4 1b 97
      DEC   16 HEX   10:  52 48 c4 95  90 14 12 6a   6e 8a 84 f1  1d 1a 9e 1c
      DEC  240 HEX   f0:  06 59 02 e4  b6 20 f6 cc   36 c8 58 9f  66 43 2f 2b
      DEC  256 HEX  100:  d3 9d 56 6b  c6 bc e3 01   07 68 15 15  49 f3 87 3f
      DEC  496 HEX  1f0:  b6 d1 e6 c4  a5 e4 77 1c   ad 79 53 8d  f2 95 fb 11
      DEC  512 HEX  200:  c6 8c 1d 5c  55 9a 97 41   23 df 1d bc  52 a4 3b 89
      DEC  752 HEX  2f0:  c5 ec f8 8d  e8 97 fd 57   fe d3 01 70  1b 82 a2 59
      DEC  768 HEX  300:  ec cb e1 3d  e1 fc c9 1c   11 a0 b2 6c  0b c8 fa 4d
      DEC 1008 HEX  3f0:  e7 a7 25 74  f8 78 2a e2   6a ab cf 9e  bc d6 60 65
      DEC 1024 HEX  400:  bd f0 32 4e  60 83 dc c6   d3 ce dd 3c  a8 c5 3c 16
      DEC 1520 HEX  5f0:  b4 01 10 c4  19 0b 56 22   a9 61 16 b0  01 7e d2 97
      DEC 1536 HEX  600:  ff a0 b5 14  64 7e c0 4f   63 06 b8 92  ae 66 11 81
      DEC 2032 HEX  7f0:  d0 3d 1b c0  3c d3 3d 70   df f9 fa 5d  71 96 3e bd
      DEC 2048 HEX  800:  8a 44 12 64  11 ea a7 8b   d5 1e 8d 87  a8 87 9b f5
      DEC 3056 HEX  bf0:  fa be b7 60  28 ad e2 d0   e4 87 22 e4  6c 46 15 a3
      DEC 3072 HEX  c00:  c0 5d 88 ab  d5 03 57 f9   35 a6 3c 59  ee 53 76 23
      DEC 4080 HEX  ff0:  ff 38 26 5c  16 42 c1 ab   e8 d3 c2 fe  5e 57 2b f8
      DEC 4096 HEX 1000:  a3 6a 4c 30  1a e8 ac 13   61 0c cb c1  22 56 ca cc`,
    '0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20': `
      DEC    0 HEX    0:  ea a6 bd 25  88 0b f9 3d   3f 5d 1e 4c  a2 61 1d 91
      DEC   16 HEX   10:  cf a4 5c 9f  7e 71 4b 54   bd fa 80 02  7c b1 43 80
      DEC  240 HEX   f0:  11 4a e3 44  de d7 1b 35   f2 e6 0f eb  ad 72 7f d8
      DEC  256 HEX  100:  02 e1 e7 05  6b 0f 62 39   00 49 64 22  94 3e 97 b6
      DEC  496 HEX  1f0:  91 cb 93 c7  87 96 4e 10   d9 52 7d 99  9c 6f 93 6b
      DEC  512 HEX  200:  49 b1 8b 42  f8 e8 36 7c   be b5 ef 10  4b a1 c7 cd
      DEC  752 HEX  2f0:  87 08 4b 3b  a7 00 ba de   95 56 10 67  27 45 b3 74
      DEC  768 HEX  300:  e7 a7 b9 e9  ec 54 0d 5f   f4 3b db 12  79 2d 1b 35
      DEC 1008 HEX  3f0:  c7 99 b5 96  73 8f 6b 01   8c 76 c7 4b  17 59 bd 90
      DEC 1024 HEX  400:  7f ec 5b fd  9f 9b 89 ce   65 48 30 90  92 d7 e9 58
      DEC 1520 HEX  5f0:  40 f2 50 b2  6d 1f 09 6a   4a fd 4c 34  0a 58 88 15
      DEC 1536 HEX  600:  3e 34 13 5c  79 db 01 02   00 76 76 51  cf 26 30 73
      DEC 2032 HEX  7f0:  f6 56 ab cc  f8 8d d8 27   02 7b 2c e9  17 d4 64 ec
      DEC 2048 HEX  800:  18 b6 25 03  bf bc 07 7f   ba bb 98 f2  0d 98 ab 34
      DEC 3056 HEX  bf0:  8a ed 95 ee  5b 0d cb fb   ef 4e b2 1d  3a 3f 52 f9
      DEC 3072 HEX  c00:  62 5a 1a b0  0e e3 9a 53   27 34 6b dd  b0 1a 9c 18
      DEC 4080 HEX  ff0:  a1 3a 7c 79  c7 e1 19 b5   ab 02 96 ab  28 c3 00 b9
      DEC 4096 HEX 1000:  f3 e4 c0 a2  e0 2d 1d 01   f7 f0 a7 46  18 af 2b 48`,
  };

  it('gives the keystream of RFC 6229 at every offset it lists', () => {
    for (const [key, table] of Object.entries(rfc6229)) {
      const keystream = rc4(hex(key), Buffer.alloc(4112));
      const rows = table.trim().split('\n');
      expect(rows).toHaveLength(18);
      for (const row of rows) {
        const [, offset, bytes] = /DEC\s+(\d+)\s+HEX\s+[0-9a-f]+:\s+(.+)$/.exec(row)!;
        expect(keystream.subarray(Number(offset), Number(offset) + 16).toString('hex'), `${key} at ${offset}`).toBe(hex(bytes!).toString('hex'));
      }
    }
  });

  it('keeps one keystream across calls, as NTLM sealing needs', () => {
    const data = randomBytes(1000);
    const stream = new Rc4(hex('0102030405'));
    const pieces = [stream.update(data.subarray(0, 1)), stream.update(data.subarray(1, 300)), stream.update(data.subarray(300))];
    expect(Buffer.concat(pieces).equals(rc4(hex('0102030405'), data))).toBe(true);
    expect(rc4(hex('0102030405'), rc4(hex('0102030405'), data)).equals(data)).toBe(true);
  });

  it('refuses an empty key', () => {
    expect(() => rc4(Buffer.alloc(0), Buffer.alloc(4))).toThrow(RangeError);
  });
});

describe('AES-CMAC', () => {
  // RFC 4493 §4: the four examples, the prefixes of one message under one key.
  const key = hex('2b7e1516 28aed2a6 abf71588 09cf4f3c');
  const message = hex(`6bc1bee2 2e409f96 e93d7e11 7393172a ae2d8a57 1e03ac9c 9eb76fac 45af8e51
                       30c81c46 a35ce411 e5fbc119 1a0a52ef f69f2445 df4f9b17 ad2b417b e66c3710`);

  it('gives the tags of RFC 4493 §4 for 0, 16, 40 and 64 bytes', () => {
    expect(aesCmac(key, message.subarray(0, 0)).toString('hex')).toBe('bb1d6929e95937287fa37d129b756746');
    expect(aesCmac(key, message.subarray(0, 16)).toString('hex')).toBe('070a16b46b4d4144f79bdd9dd04a287c');
    expect(aesCmac(key, message.subarray(0, 40)).toString('hex')).toBe('dfa66747de9ae63030ca32611497c827');
    expect(aesCmac(key, message.subarray(0, 64)).toString('hex')).toBe('51f0bebf7e3b9d92fc49741779363cfe');
  });

  it("agrees with OpenSSL's CMAC around the block boundaries", () => {
    const randomKey = randomBytes(16);
    for (const length of [1, 15, 17, 31, 32, 33, 100]) {
      const data = randomBytes(length);
      const openssl = execFileSync('openssl', ['mac', '-cipher', 'AES-128-CBC', '-macopt', `hexkey:${randomKey.toString('hex')}`, 'CMAC'], { input: data });
      expect(aesCmac(randomKey, data).toString('hex'), `${length} bytes`).toBe(openssl.toString().trim().toLowerCase());
    }
  });

  it('refuses a key that is not 128 bits', () => {
    expect(() => aesCmac(Buffer.alloc(15), Buffer.alloc(0))).toThrow(RangeError);
  });
});

describe('NTLMv2', () => {
  // MS-NLMP §4.2.4, the worked example: User "User", UserDom "Domain", Password "Password", the CHALLENGE_MESSAGE's
  // AV pairs (MsvAvNbDomainName "Domain", MsvAvNbComputerName "Server", MsvAvEOL), Time 0.
  const example = {
    serverChallenge: hex('0123456789abcdef'),
    clientChallenge: hex('aaaaaaaaaaaaaaaa'),
    time: 0n,
    targetInfo: hex('02000c00 44006f006d00610069006e00 01000c00 5300650072007600650072000000 0000'),
  };
  const randomSessionKey = hex('55555555555555555555555555555555');
  // §4.2.4.3, the AUTHENTICATE_MESSAGE the example ends with: its responses and key are compared field by field below.
  const authenticateMessage = hex(`
    4e 54 4c 4d 53 53 50 00 03 00 00 00 18 00 18 00  6c 00 00 00 54 00 54 00 84 00 00 00 0c 00 0c 00
    48 00 00 00 08 00 08 00 54 00 00 00 10 00 10 00  5c 00 00 00 10 00 10 00 d8 00 00 00 35 82 88 e2
    05 01 28 0a 00 00 00 0f 44 00 6f 00 6d 00 61 00  69 00 6e 00 55 00 73 00 65 00 72 00 43 00 4f 00
    4d 00 50 00 55 00 54 00 45 00 52 00 86 c3 50 97  ac 9c ec 10 25 54 76 4a 57 cc cc 19 aa aa aa aa
    aa aa aa aa 68 cd 0a b8 51 e5 1c 96 aa bc 92 7b  eb ef 6a 1c 01 01 00 00 00 00 00 00 00 00 00 00
    00 00 00 00 aa aa aa aa aa aa aa aa 00 00 00 00  02 00 0c 00 44 00 6f 00 6d 00 61 00 69 00 6e 00
    01 00 0c 00 53 00 65 00 72 00 76 00 65 00 72 00  00 00 00 00 00 00 00 00 c5 da d2 54 4f c9 79 90
    94 ce 1c e9 0b c9 d0 3e`);
  /** An AUTHENTICATE_MESSAGE field (MS-NLMP §2.2.1.3): its length and offset, at `at` in the header. */
  function field(at: number) {
    const [length, offset] = [authenticateMessage.readUInt16LE(at), authenticateMessage.readUInt32LE(at + 4)];
    return authenticateMessage.subarray(offset, offset + length);
  }

  it('derives the NTOWFv2 of §4.2.4.1.1', () => {
    expect(ntowfv2('Password', 'User', 'Domain').toString('hex')).toBe('0c868a403bfd7a93a3001ef22ef02e3f');
  });

  it('builds the temp of §4.2.4.1.3', () => {
    expect(ntlmv2ClientChallenge(example.time, example.clientChallenge, example.targetInfo).toString('hex')).toBe(
      hex(`01010000 00000000 00000000 00000000 aaaaaaaa aaaaaaaa 00000000
           02000c00 44006f006d00610069006e00 01000c00 5300650072007600650072000000 0000 00000000`).toString('hex'),
    );
  });

  it('answers with the responses and keys of §4.2.4.1.2 and §4.2.4.2', () => {
    const response = ntlmv2Response({ responseKeyNT: ntowfv2('Password', 'User', 'Domain'), ...example });
    expect(response.ntProofStr.toString('hex')).toBe('68cd0ab851e51c96aabc927bebef6a1c');
    expect(response.sessionBaseKey.toString('hex')).toBe('8de40ccadbc14a82f15cb0ad0de95ca3');
    expect(response.lmChallengeResponse.toString('hex')).toBe('86c35097ac9cec102554764a57cccc19aaaaaaaaaaaaaaaa');
    expect(encryptedRandomSessionKey(response.sessionBaseKey, randomSessionKey).toString('hex')).toBe('c5dad2544fc9799094ce1ce90bc9d03e');
  });

  it('puts into the AUTHENTICATE_MESSAGE of §4.2.4.3 the bytes the spec shows there', () => {
    // §4.2.4.2.2 prints only NTProofStr as "the NTLMv2 response"; the message carries all of NtChallengeResponse (84 bytes).
    const response = ntlmv2Response({ responseKeyNT: ntowfv2('Password', 'User', 'Domain'), ...example });
    expect(field(12).toString('hex')).toBe(response.lmChallengeResponse.toString('hex'));
    expect(field(20).toString('hex')).toBe(response.ntChallengeResponse.toString('hex'));
    expect(field(52).toString('hex')).toBe(encryptedRandomSessionKey(response.sessionBaseKey, randomSessionKey).toString('hex'));
  });

  it('upper-cases the user name as Windows does, a UTF-16 unit at a time, and leaves the domain as it is', () => {
    expect(ntowfv2('Password', 'USER', 'Domain').equals(ntowfv2('Password', 'user', 'Domain'))).toBe(true);
    expect(ntowfv2('Password', 'User', 'DOMAIN').equals(ntowfv2('Password', 'User', 'Domain'))).toBe(false);
    // 'ß' has no one-character capital: Windows keeps it, where toUpperCase() would write 'SS'.
    const expected = createHmac('md5', ntHash('pw')).update(Buffer.from('STRAßEcorp', 'utf16le')).digest();
    expect(ntowfv2('pw', 'straße', 'corp').equals(expected)).toBe(true);
  });

  it('counts time as FILETIME does, in 100 ns ticks since 1601', () => {
    expect(fileTime(new Date(0))).toBe(116_444_736_000_000_000n);
  });
});

describe("against OpenSSL's own MD4, DES and RC4", () => {
  it("agree with Node's legacy provider on random inputs", () => {
    // Lengths across MD4's padding boundaries; enough DES blocks to reach every S-box entry many times over.
    const md4Inputs = [0, 1, 55, 56, 63, 64, 65, 119, 120, 1000].map((length) => randomBytes(length));
    const desInputs = Array.from({ length: 100 }, () => ({ key: randomBytes(8), block: randomBytes(8) }));
    const rc4Inputs = [1, 5, 16, 40, 255, 256].map((keyLength) => ({ key: randomBytes(keyLength), data: randomBytes(randomInt(1, 2000)) }));
    const script = `
      const crypto = require('node:crypto');
      const input = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
      const bytes = (text) => Buffer.from(text, 'hex');
      process.stdout.write(JSON.stringify({
        md4: input.md4.map((data) => crypto.createHash('md4').update(bytes(data)).digest('hex')),
        des: input.des.map(({ key, block }) => crypto.createCipheriv('des-ecb', bytes(key), null).setAutoPadding(false).update(bytes(block)).toString('hex')),
        rc4: input.rc4.map(({ key, data }) => crypto.createCipheriv('rc4', bytes(key), null).update(bytes(data)).toString('hex')),
      }));`;
    const input = {
      md4: md4Inputs.map((data) => data.toString('hex')),
      des: desInputs.map(({ key, block }) => ({ key: key.toString('hex'), block: block.toString('hex') })),
      rc4: rc4Inputs.map(({ key, data }) => ({ key: key.toString('hex'), data: data.toString('hex') })),
    };
    // Without the provider the child throws, and so does this test: it never passes by skipping.
    const { NODE_OPTIONS: _, ...env } = process.env;
    const openssl = JSON.parse(
      execFileSync(process.execPath, ['--openssl-legacy-provider', '-e', script], { input: JSON.stringify(input), env }).toString(),
    ) as Record<'md4' | 'des' | 'rc4', string[]>;
    expect(md4Inputs.map((data) => md4(data).toString('hex'))).toEqual(openssl.md4);
    expect(desInputs.map(({ key, block }) => desEncryptBlock(key, block).toString('hex'))).toEqual(openssl.des);
    expect(rc4Inputs.map(({ key, data }) => rc4(key, data).toString('hex'))).toEqual(openssl.rc4);
  });

  it("agree on DES with the default provider's two-key triple DES given the same key twice (EDE with K1 = K2 is single DES)", () => {
    for (let n = 0; n < 100; n++) {
      const [key, block] = [randomBytes(8), randomBytes(8)];
      const tripleDes = createCipheriv('des-ede-ecb', Buffer.concat([key, key]), null).setAutoPadding(false);
      const ede = tripleDes.update(block);
      expect(desEncryptBlock(key, block).toString('hex'), `${key.toString('hex')} ${block.toString('hex')}`).toBe(ede.toString('hex'));
    }
  });
});
