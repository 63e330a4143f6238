import { beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '#shared/domain/model';
import { sealCursor } from '#shared/http/cursor';
import { mintTokens, useFreshTable } from '../support/database';
import { bearer, invoke } from '../support/invoke';
import { withSignatureBitFlipped } from '../support/tamper';

let tokens: { admin: string; service: string };
let service: Service;
let other: Service;
let hidden: Service;

const minute = 60_000;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const base = Date.now() - 60 * minute;
/** Reported out of check-time order; two share a check time (then scan_id decides). */
const reported = [
  { scan_id: 'c', minutes: 3, score: 0, error: 'connect ECONNREFUSED 10.0.12.5:80', category: 'connection refused' },
  { scan_id: 'a', minutes: 1, score: 5, error: null },
  { scan_id: 'e', minutes: 5, score: 5, error: null },
  { scan_id: 'd2', minutes: 4, score: 5, error: null },
  { scan_id: 'b', minutes: 2, score: 5, error: null },
  { scan_id: 'd1', minutes: 4, score: 2, error: 'slow' },
  { scan_id: 'f', minutes: 6, score: 5, error: null },
];
const newestFirst = ['f', 'e', 'd2', 'd1', 'c', 'b', 'a'];

const history = (id: number, query = '', headers: Record<string, string> = {}) => invoke('GET', `/api/v1/services/${id}/scans${query}`, { headers });

beforeAll(async () => {
  await useFreshTable();
  tokens = await mintTokens();
  const services: Service[] = (await invoke('GET', '/api/v1/services?team=12')).json;
  [service, other] = services as [Service, Service];
  hidden = (await invoke('GET', '/api/v1/services?team=99', { headers: bearer(tokens.admin) })).json[0];
  const body = [
    ...reported.map((r) => ({
      service_id: service.id,
      scan_id: r.scan_id,
      score: r.score,
      error: r.error,
      ...('category' in r ? { category: r.category } : {}),
      time: iso(base + r.minutes * minute),
    })),
    { service_id: other.id, scan_id: 'other-1', score: 1, error: null, time: iso(base) },
    { service_id: hidden.id, scan_id: 'hidden-1', score: 1, error: null, time: iso(base) },
  ];
  const response = await invoke('POST', '/api/v1/scans', { headers: bearer(tokens.service), body });
  expect(response.json.map((r: { status: number }) => r.status)).toEqual(body.map(() => 201));
});

describe('GET /api/v1/services/:id/scans', () => {
  it('lists the whole history newest first by check time, equal times by scan_id, with the default limit', async () => {
    const response = await history(service.id);
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=5');
    expect(response.headers.link).toBeUndefined();
    expect(response.json.cursor).toBeNull();
    expect(response.json.items.map((s: { scan_id: string }) => s.scan_id)).toEqual(newestFirst);
    const c = response.json.items.find((s: { scan_id: string }) => s.scan_id === 'c');
    expect(Object.keys(c)).toEqual(['scan_id', 'time', 'received_at', 'score', 'error', 'points', 'voided']);
    // The public history shows a failure's category, never its reason (that is the team's own route's).
    expect(c).toMatchObject({ time: iso(base + 3 * minute), score: 0, error: 'connection refused', voided: false });
  });

  it('pages with a signed cursor in the body and the Link header, the last page without one', async () => {
    const seen: string[] = [];
    let next: string | null = null;
    let pages = 0;
    do {
      const response = await history(service.id, `?limit=3${next ? `&cursor=${encodeURIComponent(next)}` : ''}`);
      expect(response.status).toBe(200);
      pages++;
      seen.push(...response.json.items.map((s: { scan_id: string }) => s.scan_id));
      next = response.json.cursor;
      if (next) expect(response.headers.link).toBe(`</api/v1/services/${service.id}/scans?limit=3&cursor=${encodeURIComponent(next)}>; rel="next"`);
      else expect(response.headers.link).toBeUndefined();
    } while (next && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(newestFirst);

    // A page exactly as long as what is left is the last one.
    const exact = await history(service.id, '?limit=7');
    expect(exact.json.cursor).toBeNull();
  });

  it('gives the whole history exactly once whatever the page size', async () => {
    for (let limit = 1; limit <= newestFirst.length + 1; limit++) {
      const seen: string[] = [];
      let next: string | null = null;
      let pages = 0;
      do {
        const response = await history(service.id, `?limit=${limit}${next ? `&cursor=${encodeURIComponent(next)}` : ''}`);
        seen.push(...response.json.items.map((s: { scan_id: string }) => s.scan_id));
        next = response.json.cursor;
        pages++;
      } while (next && pages <= newestFirst.length);
      expect(seen, `limit ${limit}`).toEqual(newestFirst);
      expect(pages, `limit ${limit}`).toBe(Math.ceil(newestFirst.length / limit));
    }
  });

  it('refuses an edited, foreign or malformed cursor with 400, and limits outside 1–500', async () => {
    const first = (await history(service.id, '?limit=2')).json.cursor as string;
    const [payload, mac] = first.split('.') as [string, string];
    const position = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const edited = `${Buffer.from(JSON.stringify({ ...position, time: iso(base) })).toString('base64url')}.${mac}`;
    const badCursors = [
      edited,
      withSignatureBitFlipped(first),
      `${payload}.`,
      'not-a-cursor',
      `${payload}.${mac}.${mac}`,
      // Signed, but for another service: its items never show through this one.
      sealCursor(`service-scans:${other.id}`, position),
      'x'.repeat(2000),
    ];
    for (const cursor of badCursors) {
      const response = await history(service.id, `?cursor=${encodeURIComponent(cursor)}`);
      expect(response.status, cursor).toBe(400);
      expect(response.json.code).toMatch(/invalid_cursor|validation_failed/);
    }
    // A cursor of this service used on another service is refused too.
    expect((await history(other.id, `?cursor=${encodeURIComponent(first)}`)).status).toBe(400);
    for (const limit of ['0', '501', '-1', '1.5', 'ten', '', '0100']) {
      expect((await history(service.id, `?limit=${limit}`)).status, limit).toBe(400);
    }
    expect((await history(service.id, '?limit=500')).status).toBe(200);
  });

  it("is 404 for unknown services and, to anonymous callers, hidden teams' services", async () => {
    expect((await history(999_999)).status).toBe(404);
    expect((await history(hidden.id)).status).toBe(404);
    const asAdmin = await history(hidden.id, '', bearer(tokens.admin));
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.headers['cache-control']).toBe('no-store');
    expect(asAdmin.json.items.map((s: { scan_id: string }) => s.scan_id)).toEqual(['hidden-1']);
    expect((await history(other.id)).json.items.map((s: { scan_id: string }) => s.scan_id)).toEqual(['other-1']);
  });
});
