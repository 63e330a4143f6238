import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptedCodings, CLOUDFRONT_COMPRESSED_SIZE, ORIGIN_COMPRESSED_MIN_BYTES, originCompressed } from '#shared/http/compression';

const json = (bytes: number) => JSON.stringify({ cells: 'x'.repeat(bytes - '{"cells":""}'.length) });

describe('the origin compresses what CloudFront leaves alone', () => {
  it('compresses JSON from its minimum up to below CloudFront’s, Brotli first', () => {
    for (const size of [ORIGIN_COMPRESSED_MIN_BYTES, 500, CLOUDFRONT_COMPRESSED_SIZE.minBytes - 1]) {
      const body = json(size);
      expect(Buffer.byteLength(body)).toBe(size);
      const br = originCompressed(body, 'gzip, deflate, br')!;
      expect(br.encoding).toBe('br');
      expect(brotliDecompressSync(br.bytes).toString()).toBe(body);
      const gz = originCompressed(body, 'gzip')!;
      expect(gz.encoding).toBe('gzip');
      expect(gunzipSync(gz.bytes).toString()).toBe(body);
    }
  });

  it('sends as they are bodies too small to gain, and those CloudFront compresses', () => {
    expect(originCompressed(json(ORIGIN_COMPRESSED_MIN_BYTES - 1), 'br')).toBeUndefined();
    expect(originCompressed(json(CLOUDFRONT_COMPRESSED_SIZE.minBytes), 'br')).toBeUndefined();
  });

  it('uses only what the caller accepts (q=0 refuses)', () => {
    expect(originCompressed(json(500), undefined)).toBeUndefined();
    expect(originCompressed(json(500), 'identity, deflate')).toBeUndefined();
    expect(originCompressed(json(500), 'br;q=0, gzip')?.encoding).toBe('gzip');
    expect(originCompressed(json(500), 'BR')?.encoding).toBe('br');
    expect([...acceptedCodings('gzip;q=0.5, br;q=0')]).toEqual(['gzip']);
  });
});
