import * as v from 'valibot';
import { WINDOW_STATES } from '#shared/domain/overview';
import { Id, Count, Time, named } from '#shared/domain/shapes';

/**
 * Answers about agent pools: a pool, its agents' health, the overview, claims and mail tokens.
 */

const AgentHealthSchema = named(
  'AgentHealth',
  'An agent of a pool as its last heartbeat left it: alive while that is younger than two rounds and half a minute.',
  v.strictObject({
    agent: v.string(),
    version: v.string(),
    host: v.string(),
    round: v.nullable(v.string()),
    round_started_at: v.nullable(v.string()),
    round_finished_at: v.nullable(v.string()),
    checks: Count,
    failed_team: Count,
    failed_agent: Count,
    last_seen: Time,
    alive: v.boolean(),
  }),
);

export const PoolSchema = named(
  'Pool',
  'Where services are checked from: `cloud` (the Lambda agent, the default) or a pool of agents the organisers run on a range. A service is checked from the pool that names it, else the one that names its team, else its subtype, else `cloud`.',
  v.strictObject({
    name: v.string(),
    description: v.string(),
    subtypes: v.array(Id),
    teams: v.array(Id),
    services: v.array(Id),
    checks: v.pipe(v.array(Id), v.description('The services it checks, as the rules place them now (disabled ones left out), in id order.')),
    agents: v.pipe(
      v.array(AgentHealthSchema),
      v.description(
        "Its agents as their heartbeats say (a week after the last). None alive: its services go unchecked (the cloud pool's Lambda agent sends them too).",
      ),
    ),
  }),
);

export const OverviewSchema = named(
  'Overview',
  "The event at a glance, for the console's first view: the scoring window, the round, services by state per check, each pool's agents, what waits for an organiser and the fold's lag. It reads a few small items; poll it with If-None-Match (304 while nothing it shows changed).",
  v.strictObject({
    window: v.pipe(
      v.picklist(WINDOW_STATES),
      v.description('`before` the start, `running`, `paused` (scoring off), `frozen` (running, the public board frozen) or `ended`.'),
    ),
    round: v.strictObject({ seconds: Count, started_at: Time, next_at: Time }),
    checks: v.pipe(
      v.array(v.strictObject({ subtype_id: Id, name: v.string(), up: Count, down: Count, unscanned: Count })),
      v.description("Each check's enabled services by state, as the status view shows them, hidden teams' too."),
    ),
    pools: v.array(
      v.strictObject({
        name: v.string(),
        services: v.pipe(Count, v.description('How many services it checks now.')),
        agents: v.array(v.strictObject({ agent: v.string(), alive: v.boolean(), last_seen: Time })),
      }),
    ),
    waiting: v.pipe(
      v.strictObject({ password_changes: Count, answers: Count, incident_reports: Count, findings: Count }),
      v.description(
        "Password changes to decide, answers to grade (a team's latest version, no revision asked), incident reports never graded, findings to review.",
      ),
    ),
    fold: v.pipe(
      v.nullable(v.strictObject({ lag_seconds: v.number(), measured_at: Time })),
      v.description('How old the oldest result of its last batch was when the stream consumer had folded it (null before any).'),
    ),
  }),
);

export const ClaimSchema = named(
  'Claim',
  "A slice of a pool's round for an agent to check (`slice` of `of`: the services whose id is `slice` modulo `of`), its own until `lease_until`; or none now (`slice` null): ask again at `retry_at`, or, when that is null too, every slice is done.",
  v.strictObject({
    round: Time,
    of: Count,
    slice: v.nullable(Count),
    lease_until: v.nullable(Time),
    retry_at: v.nullable(Time),
  }),
);

export const MailTokensSchema = named(
  'MailTokens',
  "The mail checks' tokens of the scan ids asked, by scan id: an HMAC of each under a key no agent or team holds, the same whichever agent asks.",
  v.strictObject({ tokens: v.record(v.string(), v.string()) }),
);
