import type { MailToken } from '#shared/mail-token';
import type { ScoringApi } from './api';

/** At most this many scan ids in one request (the route's limit). */
const PER_REQUEST = 500;

/**
 * A pool's agent's mail tokens, asked of the API (POST /pools/{name}/mail-tokens):
 * the API makes them under the stack's key, as the Lambda agent does itself,
 * so two agents of one pool, or a restarted one, agree on every token, and
 * no agent holds the key. The scan ids asked in one turn of the event loop go
 * in one request: a round asks for all of its at once.
 */
export function poolMailToken(api: ScoringApi, pool: string): MailToken {
  let waiting: Map<string, { resolve: (token: string) => void; reject: (error: unknown) => void }[]> | undefined;
  const flush = async () => {
    const asked = waiting!;
    waiting = undefined;
    const ids = [...asked.keys()];
    for (let i = 0; i < ids.length; i += PER_REQUEST) {
      const chunk = ids.slice(i, i + PER_REQUEST);
      try {
        const tokens = await api.mailTokens(pool, chunk);
        for (const id of chunk) {
          const token = tokens[id];
          for (const waiter of asked.get(id)!) {
            if (token) waiter.resolve(token);
            else waiter.reject(new Error(`the API made no mail token for ${id}`));
          }
        }
      } catch (error) {
        for (const id of chunk) for (const waiter of asked.get(id)!) waiter.reject(error);
      }
    }
  };
  return (scanId) =>
    new Promise((resolve, reject) => {
      if (!waiting) {
        waiting = new Map();
        setImmediate(() => void flush());
      }
      const waiters = waiting.get(scanId) ?? [];
      waiters.push({ resolve, reject });
      waiting.set(scanId, waiters);
    });
}
