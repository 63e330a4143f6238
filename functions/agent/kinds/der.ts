/**
 * The little DER (X.690) the agent's Windows protocols need: SPNEGO's tokens
 * (ntlm.ts), CredSSP's TSRequest (credssp.ts) and a certificate's public key.
 * Only definite lengths of up to 3 bytes (16 MiB, far above any message these
 * carry) and single-byte tags; every element is checked to fit before it is
 * taken, and anything else ends the check as a protocol error.
 */
import { refuse } from './probe';

/** One DER element: its tag byte and its content. */
export interface DerElement {
  tag: number;
  content: Buffer;
}

export const INTEGER = 0x02;
export const BIT_STRING = 0x03;
export const OCTET_STRING = 0x04;
export const OID = 0x06;
export const SEQUENCE = 0x30;
/** A context-specific, constructed tag: ASN.1's [n]. */
export const context = (n: number) => 0xa0 + n;

/**
 * Where the element that starts `bytes` ends, once its header has come:
 * undefined while the header itself is incomplete. A stream of elements
 * (CredSSP's) is read by asking this of what has arrived.
 */
export function derLength(bytes: Buffer, what: string): { header: number; length: number } | undefined {
  if (bytes.length < 2) return undefined;
  const tag = bytes[0]!;
  // Multi-byte tags (low bits all set) are used by none of these protocols.
  if ((tag & 0x1f) === 0x1f) refuse('protocol error', `${what}: a DER tag the check does not read`);
  const first = bytes[1]!;
  if (!(first & 0x80)) return { header: 2, length: first };
  // Long form: the next 1 to 3 bytes give the length; 0x80 alone is BER's indefinite length, not DER.
  const count = first & 0x7f;
  if (count === 0 || count > 3) refuse('protocol error', `${what}: a DER length the check does not read`);
  if (bytes.length < 2 + count) return undefined;
  return { header: 2 + count, length: bytes.subarray(2, 2 + count).reduce((sum, byte) => sum * 256 + byte, 0) };
}

/** The DER elements laid one after another in `bytes` (a SEQUENCE's content), each checked to fit before it is taken. */
export function derElements(bytes: Buffer, what: string): DerElement[] {
  const elements: DerElement[] = [];
  let at = 0;
  while (at < bytes.length) {
    const size = derLength(bytes.subarray(at), what);
    if (!size) refuse('protocol error', `${what}: a DER element cut short`);
    const start = at + size.header;
    if (start + size.length > bytes.length) refuse('protocol error', `${what}: a DER element of ${size.length} bytes runs past its end`);
    elements.push({ tag: bytes[at]!, content: bytes.subarray(start, start + size.length) });
    at = start + size.length;
  }
  return elements;
}

/** The one element `bytes` holds, which must have this tag. */
export function derOnly(bytes: Buffer, tag: number, what: string): Buffer {
  const [element] = derElements(bytes, what);
  if (element?.tag !== tag) refuse('protocol error', `${what}: not the element expected`);
  return element.content;
}

/** A DER element of this tag around these contents (up to 64 KiB: these messages are a few hundred bytes). */
export function der(tag: number, ...contents: Buffer[]): Buffer {
  const content = Buffer.concat(contents);
  const length = content.length;
  const header = length < 0x80 ? [tag, length] : length < 0x100 ? [tag, 0x81, length] : [tag, 0x82, length >> 8, length & 0xff];
  return Buffer.concat([Buffer.from(header), content]);
}

/** A small non-negative INTEGER (a version, an error code), as DER writes it: no leading zero byte unless the top bit needs one. */
export function derInteger(value: number): Buffer {
  const bytes: number[] = [];
  for (let rest = value; ; rest = Math.floor(rest / 256)) {
    bytes.unshift(rest % 256);
    if (rest < 256) break;
  }
  if (bytes[0]! & 0x80) bytes.unshift(0);
  return der(INTEGER, Buffer.from(bytes));
}

/** An INTEGER's value, read as unsigned: CredSSP's error codes are NTSTATUS values a server may write as negative. */
export function derUnsigned(content: Buffer, what: string): number {
  if (content.length === 0 || content.length > 5) refuse('protocol error', `${what}: an INTEGER of ${content.length} bytes`);
  const value = content.reduce((sum, byte) => sum * 256 + byte, 0);
  return content.length === 5 ? value % 2 ** 32 : value;
}
