/**
 * The RDP kind's pure parts: the X.224 negotiation's answers, CredSSP's
 * TSRequest both ways (every length a server sends checked), and NTLM's
 * sealing against MS-NLMP §4.2.4.4's published example.
 */
import { describe, expect, it } from 'vitest';
import { CREDSSP_VERSION, encodeTsRequest, parseTsRequest } from '../../functions/agent/kinds/credssp';
import { der, derInteger, derUnsigned } from '../../functions/agent/kinds/der';
import { NtlmSealing } from '../../functions/agent/kinds/ntlm';
import { CheckFailure } from '../../functions/agent/kinds/probe';
import { CONNECTION_REQUEST, parseConnectionConfirm } from '../../functions/agent/kinds/rdp';

const hex = (text: string) => Buffer.from(text.replace(/\s+/g, ''), 'hex');
function failureOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof CheckFailure) return error.outcome;
    throw error;
  }
  return undefined;
}

describe("RDP's negotiation", () => {
  it('asks for TLS and NLA in a 19-byte Connection Request', () => {
    expect(CONNECTION_REQUEST.toString('hex')).toBe('030000130ee000000000000100080003000000');
  });

  it("reads a Connection Confirm's choice, its failure, or its absence (standard RDP security)", () => {
    // X.224 CC (LI 14, code 0xd0) with RDP_NEG_RSP selecting PROTOCOL_HYBRID, as Windows and FreeRDP send it.
    expect(parseConnectionConfirm(hex('0ed00000123400 02 00 0800 02000000'))).toEqual({ protocol: 2 });
    expect(parseConnectionConfirm(hex('0ed00000123400 02 1f 0800 01000000'))).toEqual({ protocol: 1 });
    expect(parseConnectionConfirm(hex('0ed00000123400 03 00 0800 02000000'))).toEqual({ failure: 2 });
    expect(parseConnectionConfirm(hex('06d00000123400'))).toEqual({ protocol: 0 });
  });

  it('takes nothing else for a Connection Confirm', () => {
    expect(parseConnectionConfirm(Buffer.alloc(0))).toBeUndefined();
    // A Connection Request back, a length indicator past the payload, one too small, a negotiation of the wrong length or type.
    expect(parseConnectionConfirm(hex('0ee00000123400 02 00 0800 02000000'))).toBeUndefined();
    expect(parseConnectionConfirm(hex('40d00000123400'))).toBeUndefined();
    expect(parseConnectionConfirm(hex('05d000001234'))).toBeUndefined();
    expect(parseConnectionConfirm(hex('0ed00000123400 02 00 0900 02000000'))).toBeUndefined();
    expect(parseConnectionConfirm(hex('0ed00000123400 07 00 0800 02000000'))).toBeUndefined();
  });
});

describe("CredSSP's TSRequest", () => {
  it('writes version, negoTokens and pubKeyAuth in DER, and reads its own back', () => {
    const written = encodeTsRequest({ version: CREDSSP_VERSION, negoToken: Buffer.from('NTLMSSP\0'), pubKeyAuth: Buffer.alloc(3, 7) });
    expect(written.toString('hex')).toBe('301e a003020106 a110300e300ca00a04084e544c4d53535000 a305040307070 7'.replace(/\s/g, ''));
    expect(parseTsRequest(written)).toEqual({ version: 6, negoToken: Buffer.from('NTLMSSP\0'), pubKeyAuth: Buffer.alloc(3, 7) });
  });

  it("reads a server's errorCode unsigned, however it wrote it", () => {
    // STATUS_LOGON_FAILURE as a negative 4-byte INTEGER and as a positive 5-byte one.
    const negative = der(0x30, der(0xa0, derInteger(6)), der(0xa4, der(0x02, hex('c000006d'))));
    const positive = der(0x30, der(0xa0, derInteger(6)), der(0xa4, der(0x02, hex('00c000006d'))));
    expect(parseTsRequest(negative).errorCode).toBe(0xc000006d);
    expect(parseTsRequest(positive).errorCode).toBe(0xc000006d);
    expect(derInteger(0x80).toString('hex')).toBe('02020080');
    expect(derUnsigned(hex('0102'), 'x')).toBe(0x102);
  });

  it('refuses DER that lies, and a TSRequest without its version', () => {
    const what = "the server's CredSSP message";
    expect(failureOf(() => parseTsRequest(hex('3007a003020106')))).toMatchObject({
      category: 'protocol error',
      error: `${what}: a DER element of 7 bytes runs past its end`,
    });
    expect(failureOf(() => parseTsRequest(hex('3084ffffffff')))?.error).toBe(`${what}: a DER length the check does not read`);
    expect(failureOf(() => parseTsRequest(der(0x30, der(0xa1, Buffer.alloc(0)))))?.error).toBe(`${what} has no version`);
    expect(failureOf(() => parseTsRequest(der(0x30, der(0xa0, der(0x02, Buffer.alloc(9))))))?.error).toBe(`${what}: an INTEGER of 9 bytes`);
    expect(failureOf(() => parseTsRequest(der(0x30, der(0xa0, derInteger(6)), der(0xa1, der(0x30, der(0x04, Buffer.alloc(1)))))))?.error).toBe(
      `${what}: its negoTokens hold no token`,
    );
  });
});

describe("NTLM's sealing", () => {
  it("seals as MS-NLMP §4.2.4.4 does: 'Plaintext' under the example's session key and flags", () => {
    const sealing = new NtlmSealing({ sessionKey: Buffer.alloc(16, 0x55), flags: 0xe28a8233 });
    const sealed = sealing.seal(Buffer.from('Plaintext', 'utf16le'));
    expect(sealed.subarray(16).toString('hex')).toBe('54e50165bf1936dc996020c1811b0f06fb5f');
    expect(sealed.subarray(0, 16).toString('hex')).toBe('010000007fb38ec5c55d497600000000');
  });

  it("refuses a server's sealed message whose signature does not verify", () => {
    const sealing = new NtlmSealing({ sessionKey: Buffer.alloc(16, 0x55), flags: 0xe28a8233 });
    expect(sealing.unseal(Buffer.alloc(40, 1))).toBeUndefined();
    expect(sealing.unseal(Buffer.alloc(8))).toBeUndefined();
  });
});
