/**
 * Signed values changed by construction: one bit of the decoded signature
 * flipped. Overwriting characters of the text may change nothing: a 32-byte
 * signature's last base64url character carries 4 bits, and decoding ignores
 * the other 2, so a cursor "tampered" by ending it in `AA` passed as valid
 * about once in 1 024 runs; a hex signature whose first four digits were
 * overwritten with `0000` stayed valid once in 65 536.
 */
const flipFirstBit = (bytes: Buffer) => {
  bytes[0]! ^= 0x01;
  return bytes;
};

/** A cursor (`<payload>.<base64url signature>`, functions/shared/http/cursor.ts) with its signature changed. */
export function withSignatureBitFlipped(signed: string): string {
  const dot = signed.lastIndexOf('.');
  return `${signed.slice(0, dot + 1)}${flipFirstBit(Buffer.from(signed.slice(dot + 1), 'base64url')).toString('base64url')}`;
}

/** A hex signature (SigV4's, an S3 POST policy's) changed. */
export function withHexBitFlipped(hex: string): string {
  return flipFirstBit(Buffer.from(hex, 'hex')).toString('hex');
}
