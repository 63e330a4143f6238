/**
 * A signed value changed by construction: one bit of its decoded signature
 * flipped. Overwriting the last characters of its text may change nothing
 * (a 32-byte signature's last base64url character carries 4 bits, and
 * decoding ignores the other 2), so a test "tampering" that way passed a
 * valid value about once in 1 024 runs.
 */
export function withSignatureBitFlipped(signed: string): string {
  const dot = signed.lastIndexOf('.');
  const signature = Buffer.from(signed.slice(dot + 1), 'base64url');
  signature[0]! ^= 0x01;
  return `${signed.slice(0, dot + 1)}${signature.toString('base64url')}`;
}
