import { describe, expect, it } from 'vitest';
import { concurrencyLimit, invocationsFor, roundStartAt, roundsInMinute, scanIdFor } from '../../functions/agent/schedule';

const at = (iso: string) => Date.parse(iso);

describe('agent rounds', () => {
  it('aligns rounds to round_seconds since the epoch, so every agent and restart agrees', () => {
    expect(roundStartAt(at('2026-11-23T17:26:59.900Z'), 60)).toBe(at('2026-11-23T17:26:00Z'));
    expect(roundStartAt(at('2026-11-23T17:26:29Z'), 30)).toBe(at('2026-11-23T17:26:00Z'));
    expect(roundStartAt(at('2026-11-23T17:26:30Z'), 30)).toBe(at('2026-11-23T17:26:30Z'));
  });

  it('derives scan ids from the scheduled start, the round length and the service', () => {
    expect(scanIdFor(at('2026-11-23T17:26:00Z'), 60, 12)).toBe('r20261123T172600Z-60s-svc12');
    expect(scanIdFor(at('2026-11-23T17:26:00Z'), 120, 12)).not.toBe(scanIdFor(at('2026-11-23T17:26:00Z'), 60, 12));
    expect(scanIdFor(at('2026-11-23T17:26:00Z'), 60, 12)).toMatch(/^[A-Za-z0-9._:-]{1,128}$/);
  });

  it('runs every round scheduled in the minute a once-a-minute invocation covers', () => {
    const minute = at('2026-11-23T17:26:00Z');
    expect(roundsInMinute(minute, 60)).toEqual([minute]);
    expect(roundsInMinute(minute, 20)).toEqual([minute, minute + 20_000, minute + 40_000]);
    expect(roundsInMinute(minute, 120)).toEqual([minute]);
    expect(roundsInMinute(minute + 60_000, 120)).toEqual([]);
    expect(roundsInMinute(minute, 45)).toEqual([at('2026-11-23T17:26:15Z')]);
  });

  it('never runs more tasks at once than its limit', async () => {
    const limit = concurrencyLimit(3);
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 20 }, () =>
        limit(async () => {
          most = Math.max(most, ++running);
          await new Promise((resolve) => setTimeout(resolve, 1));
          running--;
        }),
      ),
    );
    expect(most).toBe(3);
  });

  it('counts a task by its weight (a command check holds three pipes), in the order asked, and runs one heavier than the limit alone', async () => {
    const limit = concurrencyLimit(4);
    let held = 0;
    let most = 0;
    const order: string[] = [];
    const task = (name: string, weight: number) =>
      limit(async () => {
        order.push(name);
        most = Math.max(most, (held += weight));
        await new Promise((resolve) => setTimeout(resolve, 2));
        held -= weight;
      }, weight);
    await Promise.all([task('a', 3), task('b', 3), task('c', 1), task('huge', 9), task('d', 1)]);
    expect(most).toBe(9);
    expect(order).toEqual(['a', 'b', 'c', 'huge', 'd']);
    // Without the giant, never past the limit.
    most = 0;
    await Promise.all([task('e', 3), task('f', 1), task('g', 3), task('h', 1), task('i', 2)]);
    expect(most).toBeLessThanOrEqual(4);
  });

  it('fans a round out to one invocation per 2 000 services, at least one', () => {
    expect([0, 2000, 2001, 5000].map((n) => invocationsFor(n, 2000))).toEqual([1, 1, 2, 3]);
  });
});
