import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The time (epoch ms) by which the current request must stop retrying and
 * answer: the endpoint wrapper sets it from the function's remaining time, so
 * a guarded write that keeps losing races retries as long as the function
 * can afford and no longer. Outside a request (the CLI, the loader) a fixed
 * budget applies.
 */
const deadlines = new AsyncLocalStorage<number>();

const OUTSIDE_A_REQUEST_MS = 30_000;

export function withDeadline<T>(deadline: number, run: () => Promise<T>): Promise<T> {
  return deadlines.run(deadline, run);
}

export function retryDeadline(): number {
  return deadlines.getStore() ?? Date.now() + OUTSIDE_A_REQUEST_MS;
}
