import { readServiceEndpoint, writeServiceEndpoint, type ServiceEndpoint } from '#shared/data/services';
import type { AuditContext } from '#shared/data/audit';
import { etagOf, ifMatchPasses } from '#shared/http/conditional';
import { notFound, preconditionFailed, serviceUnavailable } from '#shared/http/problem';

/** Tries when a write without If-Match finds that someone edited the service between its read and its write. */
const ATTEMPTS = 3;

/**
 * Live editing of a service (issue #28): its address and port. Results
 * already recorded keep what they earned; the agent lists the services every
 * round, so its next round checks the new place, and every function's kept
 * copy of the definition is read again within FRESHNESS_MS (data/fresh.ts).
 * With If-Match, a stale ETag is 412; without, the latest edit wins.
 */
export async function moveService(
  id: number,
  change: { url?: string; port?: number },
  ifMatch: string | undefined,
  audit: AuditContext,
): Promise<ServiceEndpoint> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const before = await readServiceEndpoint(id);
    if (!before) throw notFound(`No service has id ${id}.`);
    if (!ifMatchPasses(ifMatch, etagOf(before))) {
      throw preconditionFailed(`Service ${id} changed since that ETag: read it again (GET /services/${id}/endpoint) and retry with the new one.`);
    }
    const after: ServiceEndpoint = { ...before, ...change, version: before.version + 1 };
    if (await writeServiceEndpoint(before, after, audit)) return after;
    if (ifMatch !== undefined) throw preconditionFailed(`Service ${id} changed meanwhile: read it again and retry with the new ETag.`);
  }
  throw serviceUnavailable('service_busy', `Service ${id} kept changing; try again.`, 1);
}
