import { ClaimBody, HeartbeatBody, MailTokensBody, PoolBody } from '#shared/api/schemas/requests/pools';
import { ClaimSchema, MailTokensSchema, PoolSchema } from '#shared/api/schemas/responses/pools';
import { route, json, list, none } from '#shared/api/route';
import { POOL_NAME_PATTERN } from '#shared/domain/pools';

const poolName = { pattern: POOL_NAME_PATTERN, description: "A pool's name: a lower-case letter, then up to 31 lower-case letters, digits and hyphens." };

/**
 * Pools: where each service is checked from (domain/pools.ts). Organisers
 * place services; a pool's agents read their own pool to learn what to check.
 */
export const poolsRoutes = {
  // Not admin-only: GET /pools/{id} below it is an agent's, and IAM's `*` would deny a service account that too.
  ListPools: route('ListPools', 'GET', '/pools', 'pools/list-pools', 'admin-service-or-agent', 'read', {
    summary: "Every pool, `cloud` first, with the services each checks now (an agent's list holds its own pool only)",
    responses: { 200: list('Each pool.', PoolSchema) },
  }),
  GetPool: route('GetPool', 'GET', '/pools/{id}', 'pools/get-pool', 'admin-service-or-agent', 'read', {
    summary: "One pool and the services it checks now: its agents read their own each round (an agent may read no other pool's)",
    textId: poolName,
    responses: { 200: json('The pool.', PoolSchema) },
  }),
  ReplacePool: route('ReplacePool', 'PUT', '/pools/{id}', 'pools/replace-pool', 'admin', 'read-write', {
    summary: "Create a pool or replace what it checks: from each agent's next round",
    textId: poolName,
    body: PoolBody,
    responses: { 200: json('The pool as it now is.', PoolSchema) },
    problems: { 409: ['pool_conflict', 'pool_splits_mail', 'pool_unknown_ids', 'too_many_pools', 'no_competition', 'command_in_cloud'] },
  }),
  ClaimSlice: route('ClaimSlice', 'POST', '/pools/{id}/claims', 'pools/claim-slice', 'admin-service-or-agent', 'read-write', {
    summary: "An agent takes the next slice of its pool's round (and marks the one it finished): a pool's agents share each round this way",
    textId: poolName,
    body: ClaimBody,
    responses: { 200: json('The slice to check, or when to ask again.', ClaimSchema) },
    // A round not yet begun at the server's clock (Retry-After says in how many seconds it does); a lease renewed too late.
    problems: { 409: ['round_not_begun', 'lease_lost'] },
  }),
  SendHeartbeat: route('SendHeartbeat', 'POST', '/pools/{id}/heartbeats', 'pools/send-heartbeat', 'admin-service-or-agent', 'read-write', {
    summary: 'An agent says it is alive, and how its last round went: the console and the pools show it',
    textId: poolName,
    body: HeartbeatBody,
    responses: { 204: none },
  }),
  MintMailTokens: route('MintMailTokens', 'POST', '/pools/{id}/mail-tokens', 'pools/mint-mail-tokens', 'admin-service-or-agent', 'read', {
    summary: "A pool's agent asks for its mail checks' tokens: every agent of every pool makes the same token of a scan id, and none holds the key",
    textId: poolName,
    mailKey: true,
    body: MailTokensBody,
    responses: { 200: json("Each scan id's token.", MailTokensSchema) },
  }),
  DeletePool: route('DeletePool', 'DELETE', '/pools/{id}', 'pools/delete-pool', 'admin', 'read-write', {
    summary: 'Delete a pool that names nothing (`cloud` stays)',
    textId: poolName,
    responses: { 204: none },
    problems: { 409: ['pool_in_use', 'pool_builtin'] },
  }),
} as const;
