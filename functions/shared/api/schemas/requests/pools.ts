import * as v from 'valibot';
import { BoundedInt, FreeText, PositiveInt } from '#shared/validation';
import { AgentName, HeartbeatBody, RoundStart } from '#shared/domain/agents';
import { ScanId } from '#shared/api/schemas/requests/scans';

/**
 * Agent pools: what a pool checks, its agents' claims of slices, heartbeats and mail tokens.
 */

/** At most this many ids a pool names of each kind (a whole event is 250 teams × 20 services). */
const POOL_IDS_MAX = 5000;

const poolIds = (what: string) =>
  v.optional(
    v.pipe(v.array(PositiveInt), v.maxLength(POOL_IDS_MAX, `must name at most ${POOL_IDS_MAX} ids`), v.description(`The ${what} its agents check.`)),
    [],
  );

/** A pool as an organiser writes it: what its agents check (the most specific assignment wins: a service's, its team's, its subtype's). */
export const PoolBody = v.strictObject({
  // '' as GET answers a pool without one: what a client read, it can write back.
  description: v.optional(
    v.pipe(v.union([v.literal(''), FreeText(200)]), v.description('Where its agents run, for the organisers (for instance "range A, rack 2"); empty: none.')),
  ),
  subtypes: poolIds('subtypes (by id) whose services'),
  teams: poolIds('teams (by id) whose services'),
  services: poolIds('services (by id)'),
});

/** An agent asks for the next slice of its pool's round, and says which one it finished. */
export const ClaimBody = v.strictObject({
  round: RoundStart,
  agent: AgentName,
  lease_seconds: v.pipe(BoundedInt(5, 600), v.description('How long the slice is its own: another agent may take it after, if it is not done.')),
  done: v.optional(v.pipe(BoundedInt(0, 10_000), v.description('The slice it just checked to the end (its previous claim).'))),
  renew: v.optional(
    v.pipe(
      BoundedInt(0, 10_000),
      v.description(
        "The slice it holds and is still checking: its lease is extended to `lease_seconds` from now and no other slice is taken (409 `lease_lost` when the slice is another agent's now, or done).",
      ),
    ),
  ),
});

export { HeartbeatBody };

/** At most this many tokens a request: a round's mail checks of one agent's share. */
export const MAIL_TOKENS_MAX = 500;

/** The scan ids whose mail tokens an agent needs this round: its SMTP checks' own, its mailbox checks' senders'. */
export const MailTokensBody = v.strictObject({
  scan_ids: v.pipe(
    v.array(v.pipe(ScanId, v.regex(/-svc[1-9]\d{0,9}$/, 'must end in -svc<service id>, as the agent makes scan ids'))),
    v.minLength(1, 'must name at least one scan id'),
    v.maxLength(MAIL_TOKENS_MAX, `must name at most ${MAIL_TOKENS_MAX} scan ids`),
    v.description("Each ends in the id of the service it checks (`r20261123T172600Z-60s-svc12`, `check7-svc12`): an agent's, its own pool's services only."),
  ),
});
