import * as v from 'valibot';
import { listServiceRecords } from '#shared/data/services';
import { endpoint } from '#shared/http/endpoint';
import { visibleTo } from '#shared/http/principal';
import { ok } from '#shared/http/responses';
import { PositiveIntParam } from '#shared/validation';

const Filters = v.object({
  /** The team's number, not its id. */
  team: v.optional(PositiveIntParam),
  subtype_id: v.optional(PositiveIntParam),
});

export const handler = endpoint('ListServices', { query: Filters }, async ({ query, principal }) => {
  const records = await listServiceRecords({ teamNumber: query.team, subtypeId: query.subtype_id });
  return ok(visibleTo(principal, records).map((r) => r.service));
});
