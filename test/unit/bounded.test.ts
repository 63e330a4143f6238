import { describe, expect, it } from 'vitest';
import { mapBounded } from '#shared/bounded';

/** The one bounded worker pool (functions/shared/bounded.ts): its limit, its order, its failures. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('mapBounded', () => {
  it('runs at most `limit` at once, takes items in order and answers in their order', async () => {
    let running = 0;
    let most = 0;
    const started: number[] = [];
    // Later items finish first: the answers still come back in the items' order.
    const answers = await mapBounded([5, 4, 3, 2, 1, 0], 2, async (n, index) => {
      started.push(index);
      running++;
      most = Math.max(most, running);
      for (let i = 0; i < n; i++) await tick();
      running--;
      return n * 10;
    });
    expect(answers).toEqual([50, 40, 30, 20, 10, 0]);
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(await mapBounded([], 3, () => Promise.resolve(1))).toEqual([]);
    // A limit above the items' count starts no idle worker: all at once.
    let together = 0;
    await mapBounded([1, 2, 3], 10, async () => {
      together++;
      await tick();
    });
    expect(together).toBe(3);
  });

  it('stops taking items at the first failure, lets those under way finish, then rejects with it', async () => {
    const finished: number[] = [];
    const run = mapBounded([0, 1, 2, 3, 4, 5], 2, async (n) => {
      if (n === 1) throw new Error('item 1 failed');
      for (let i = 0; i < 3; i++) await tick();
      finished.push(n);
      if (n === 2) throw new Error('item 2 failed too');
      return n;
    });
    await expect(run).rejects.toThrow('item 1 failed');
    // 0 was under way when 1 failed, and finished; nothing after 1 was taken.
    expect(finished).toEqual([0]);
  });

  it('refuses a limit that would run nothing', async () => {
    await expect(mapBounded([1], 0, () => Promise.resolve(1))).rejects.toThrow(RangeError);
    await expect(mapBounded([1], 1.5, () => Promise.resolve(1))).rejects.toThrow(RangeError);
  });
});
