/**
 * Content codings, where the functions and the CDN's rules (lib/cdn-rules.ts)
 * both read them: which codings a caller accepts, the body sizes CloudFront
 * compresses, and the origin's own compression of the small answers it
 * leaves alone.
 *
 * CloudFront compresses only bodies of 1 000 B or more. A spectator's poll
 * of the status view mostly gets a few hundred bytes of delta, every 5 s, so
 * those would travel uncompressed; the origin compresses them instead (a
 * body with a Content-Encoding passes CloudFront untouched, cached per
 * Accept-Encoding class like any other). Larger bodies stay CloudFront's to
 * compress: it costs the function nothing.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** CloudFront compresses bodies of this many bytes, bounds included, and only when the origin says how many (Content-Length). */
export const CLOUDFRONT_COMPRESSED_SIZE = { minBytes: 1_000, maxBytes: 10_000_000 } as const;

/** Below this the origin sends the body as it is: a coding's own framing eats what it would save. */
export const ORIGIN_COMPRESSED_MIN_BYTES = 200;

/** The codings an Accept-Encoding accepts (names in lower case; `q=0` refuses). */
export function acceptedCodings(acceptEncoding: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => /^q=/i.test(p));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name.toLowerCase());
  }
  return accepted;
}

/**
 * A JSON body the origin compresses itself (one CloudFront would leave
 * alone), in the caller's preferred coding: Brotli, else gzip; undefined
 * when the body is not in the range or the caller accepts neither.
 */
export function originCompressed(body: string, acceptEncoding: string | undefined): { encoding: Encoding; bytes: Buffer } | undefined {
  const size = Buffer.byteLength(body);
  if (size < ORIGIN_COMPRESSED_MIN_BYTES || size >= CLOUDFRONT_COMPRESSED_SIZE.minBytes) return undefined;
  const accepted = acceptedCodings(acceptEncoding);
  // Brotli's quality 5: the usual setting for compressing on the fly, well under a millisecond for a kilobyte.
  if (accepted.has('br')) return { encoding: 'br', bytes: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) };
  if (accepted.has('gzip')) return { encoding: 'gzip', bytes: gzipSync(body) };
  return undefined;
}
