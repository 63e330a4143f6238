/**
 * Work on many items, a few at a time: the one bounded worker pool the
 * scans, the fold, the voids, the agent's reports and the results export
 * share (each used to write its own).
 *
 * Items are taken in order, at most `limit` at once; the answers come back
 * in the items' order. A failure stops new items from being taken and
 * rejects with the first error once the items under way have settled, so
 * nothing keeps running after the caller has moved on. A caller that must
 * go on past a failed item (the fold records the team and goes on; a batch
 * of reports answers each one) catches it in `work`.
 */
export async function mapBounded<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a whole number of 1 or more, not ${limit}`);
  const answers = new Array<R>(items.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (!failure && next < items.length) {
      const index = next++;
      try {
        answers[index] = await work(items[index]!, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw failure.error;
  return answers;
}
