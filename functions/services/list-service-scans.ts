import { servicesRoutes } from '#shared/api/routes/services';
import * as v from 'valibot';
import { scanHistoryPage } from '#shared/data/results';
import { publicScan } from '#shared/domain/model';
import { getServiceDefinition, hiddenFromPublic } from '#shared/data/services';
import { endpoint } from '#shared/http/endpoint';
import { openCursor, sealCursor } from '#shared/http/cursor';
import { canSee } from '#shared/http/principal';
import { notFound } from '#shared/http/problem';
import { ok } from '#shared/http/responses';
import { Timestamp } from '#shared/validation';

/** Where a page resumes, as the cursor carries it. */
const Position = v.strictObject({ time: Timestamp, scan_id: v.pipe(v.string(), v.minLength(1), v.maxLength(256)) });

const path = servicesRoutes.ListServiceScans.path;

/** During a freeze the public's pages hold the checks made before it (the status stays live on the service itself). */
export const handler = endpoint(servicesRoutes.ListServiceScans, { freeze: true }, async ({ id, query, principal, frozenAt }) => {
  // A cursor is bound to its service: one of another service fails its signature.
  const scope = `service-scans:${id}`;
  const after = query.cursor === undefined ? undefined : openCursor(scope, query.cursor, Position);
  const [definition, page] = await Promise.all([getServiceDefinition(id), scanHistoryPage(id, query.limit, after, frozenAt)]);
  // A disabled service, like a hidden team's, is the organisers' and services' to read.
  if (!definition || !canSee(principal, { hidden: hiddenFromPublic(definition) })) throw notFound(`No service has id ${id}.`);
  const cursor = page.next ? sealCursor(scope, page.next) : null;
  const headers: Record<string, string> = {};
  if (cursor) headers.link = `<${path.replace('{id}', String(id))}?limit=${query.limit}&cursor=${encodeURIComponent(cursor)}>; rel="next"`;
  const items = page.items.map((scan) => {
    const { scan_id, time, received_at, score, error, points } = publicScan(scan);
    return { scan_id, time, received_at, score, error, points, voided: scan.voided };
  });
  return ok({ items, cursor }, headers);
});
