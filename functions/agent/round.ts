import { pickAccount, type CheckAccount } from '#shared/domain/accounts';
import { checkOf, logsIn, roundCheck, type CheckDefinition } from '#shared/domain/check-definitions';
import { teamAddressPrefix } from '#shared/domain/settings';
import { CLOUD_POOL } from '#shared/domain/pools';
import { inScoringWindow } from '#shared/domain/scoring/result';
import type { Logger } from '#shared/log';
import { ApiError, type DnsRecord, type ReportOutcome, type ScanReport, type ScoringApi, type Service, type Settings } from './api';
import { runCheck, type CheckOutcome, type DnsExpectation, type MailRound } from './kinds';
import type { MailToken } from '#shared/mail-token';
import { cachedPerRound, type HostResolver } from './resolve';
import type { Recipes } from './kinds/command';
import { concurrencyLimit, scanIdFor, type ConcurrencyLimit } from './schedule';
import { sliceOf } from '#shared/domain/agents';
import { mapBounded } from '#shared/bounded';

export interface RoundDependencies {
  api: ScoringApi;
  resolver: HostResolver;
  /** Shared by overlapping rounds, so open sockets stay bounded whatever happens. */
  checkLimit: ConcurrencyLimit;
  log: Logger;
  /** Picks each service's property set (default Math.random; tests pass their own). */
  random?: () => number;
  /** The pool this agent checks (domain/pools.ts; default `cloud`): only its services, as the API places them this round. */
  pool?: string;
  /**
   * Share the round with the pool's other agents: claim its slices one at a
   * time (app/agents.ts), each under a lease, until none is left. `agent`
   * names this one to the others and on the console.
   */
  share?: { agent: string };
  /** The clock a shared round's end is read from (default Date.now; tests run rounds of another day). */
  now?: () => number;
  /** The tokens mail checks send and look for (mail-token.ts). */
  mailToken: MailToken;
  /** The command checks' recipes, from the agent's own configuration (none in AWS): checks/command.ts. */
  recipes?: Recipes;
}

export interface RoundSummary {
  round: string;
  checks: number;
  passed: number;
  failed: number;
  /** Services whose subtype has no check definition: not the agent's to score. */
  unchecked: number;
  /** How long the checks took, apart from reporting. */
  check_seconds: number;
  report_seconds: number;
  /** Reports the API did not accept (after retries); logged one by one. */
  reports_failed: number;
  /** Of the failed checks, those the agent could not run (agent errors): not the teams' failures. */
  agent_errors: number;
  /** The slices of a shared round this agent checked (share). */
  slices?: number[];
  /** The round fell before start_time or from end_time on: nothing was checked. */
  outside_schedule?: true;
}

const NOTHING_CHECKED = { checks: 0, passed: 0, failed: 0, unchecked: 0, check_seconds: 0, report_seconds: 0, reports_failed: 0, agent_errors: 0 };

/** A service's check as planned for a round (or a dry run): what runChecks runs. */
export interface Planned {
  service: Service;
  check: CheckDefinition;
  scanId: string;
  /** The account its check signs in with this round (none: a check without a login). */
  account?: CheckAccount;
  /** A mail check's message to send or to find, or that the agent could not work out its token. */
  mail?: MailRound | { unavailable: true };
}

/** Reports go in batches of this many (the batch route's limit) and this many requests at once. */
export const REPORT_BATCH = 100;
export const REPORT_CONCURRENCY = 8;

/** A service's check: its own, when an organiser gave it one, else its subtype's. */
export function checkFor(
  service: { id: number; subtype_id: number },
  checks: Map<number, CheckDefinition | undefined>,
  ownChecks: Map<number, Record<string, unknown>>,
): CheckDefinition | undefined {
  const own = ownChecks.get(service.id);
  return own ? checkOf(own) : checks.get(service.subtype_id);
}

/**
 * One round: list the services and their checks, mark every checked service
 * started, run every check (each under its own timeout, all under the shared
 * concurrency limit), then report every result with the time its check began.
 * A check never throws, so every started service gets a result.
 */
export async function runRound(roundStart: number, settings: Settings, deps: RoundDependencies): Promise<RoundSummary> {
  const { api, log } = deps;
  const round = new Date(roundStart).toISOString();
  // The event's schedule: no check before start_time, none from end_time on (what earns points, see inScoringWindow).
  if (!inScoringWindow(settings, roundStart)) {
    log.info('round outside the event', { round, start_time: settings.start_time, end_time: settings.end_time });
    return { round, ...NOTHING_CHECKED, outside_schedule: true };
  }
  const [listed, subtypes, ownChecks, pool] = await Promise.all([api.services(), api.subtypes(), api.ownChecks(), api.pool(deps.pool ?? CLOUD_POOL)]);
  const ours = new Set(pool.checks);
  const services = listed.filter((service) => ours.has(service.id));
  const checks = new Map(subtypes.map((s) => [s.id, checkOf(s)]));
  const planned: Planned[] = [];
  for (const service of services) {
    const check = checkFor(service, checks, ownChecks);
    // Each service's own pick of the subtype's property sets, this round.
    if (check) planned.push({ service, check: roundCheck(check, deps.random), scanId: scanIdFor(roundStart, settings.round_seconds, service.id) });
  }
  // Read once a round, and only when a check may log in: the one read that carries secrets.
  const [records, accounts] = await Promise.all([
    planned.some((p) => p.check.check === 'dns') ? api.dnsRecords() : [],
    planned.some((p) => logsIn(p.check)) ? api.checkAccounts() : new Map<number, CheckAccount[]>(),
  ]);
  // Each service's account for this round, picked at random among its own.
  for (const p of planned) p.account = pickAccount(accounts.get(p.service.id) ?? [], deps.random);
  const mail = { listed, checks, roundStart, roundSeconds: settings.round_seconds, mailToken: tokensOfRound(deps.mailToken) };
  await Promise.all(
    planned.map(async (p) => {
      p.mail = await mailRound(p, mail).catch((error: unknown) => {
        // The detail (KMS's own words: an account, a role) is for the organisers' log, not a team's reason.
        log.error('mail token unavailable', { service_id: p.service.id, scan_id: p.scanId, error: (error as Error).message });
        return { unavailable: true as const };
      });
    }),
  );

  // Checks a part of the planned checks: marks them started, runs them, reports the results.
  const outcomes: Awaited<ReturnType<typeof runChecks>> = [];
  let [reportsFailed, reportSeconds, checkSeconds] = [0, 0, 0];
  const checkPart = async (part: Planned[], stillOurs: () => Promise<boolean> = () => Promise.resolve(true)) => {
    const reportStarted = Date.now();
    reportsFailed += await report(
      deps,
      part.map((p) => ({ service_id: p.service.id, scan_id: p.scanId, status: 'started' as const })),
    );
    reportSeconds += (Date.now() - reportStarted) / 1000;

    const checksStarted = Date.now();
    const ran = await runChecks(part, settings, records, deps);
    checkSeconds += (Date.now() - checksStarted) / 1000;
    outcomes.push(...ran);

    // A slice lost meanwhile (this agent paused past its lease, and another took it): the taker's checks are the ones
    // that count; these are stale, and go unreported.
    if (!(await stillOurs())) {
      log.warn("a slice's results left unreported: another agent took the slice", { round, checks: ran.length });
      return;
    }
    const resultsStarted = Date.now();
    reportsFailed += await report(
      deps,
      ran.map(({ planned: p, outcome, time }) => ({
        service_id: p.service.id,
        scan_id: p.scanId,
        score: outcome.passed ? p.service.max_score : 0,
        error: outcome.passed ? null : outcome.error,
        ...(outcome.passed ? {} : { category: outcome.category }),
        time,
      })),
    );
    reportSeconds += (Date.now() - resultsStarted) / 1000;
  };
  const slices = deps.share ? await checkShared(roundStart, settings, planned, deps.share.agent, deps, checkPart) : (await checkPart(planned), undefined);

  const passed = outcomes.filter((o) => o.outcome.passed).length;
  const summary: RoundSummary = {
    round,
    checks: outcomes.length,
    passed,
    failed: outcomes.length - passed,
    unchecked: services.length - planned.length,
    check_seconds: Number(checkSeconds.toFixed(3)),
    report_seconds: Number(reportSeconds.toFixed(3)),
    reports_failed: reportsFailed,
    agent_errors: outcomes.filter((o) => !o.outcome.passed && o.outcome.category === 'agent error').length,
    ...(slices ? { slices } : {}),
  };
  log.info('round finished', { ...summary });
  return summary;
}

/**
 * How many slices an agent checks at once. A round has at least 8
 * (domain/agents.ts), so two agents starting together split even a small
 * pool; one agent alone checks a small pool in two waves.
 */
const SLICES_AT_ONCE = 4;
/** The least an agent waits before asking again for a slice when none was free. */
const MIN_CLAIM_WAIT_MS = 1000;

/**
 * A round shared with the pool's other agents: each of SLICES_AT_ONCE
 * workers claims a slice, checks it, claims the next (saying the last is
 * done), until none is left. A slice
 * another agent holds unfinished is waited for until its lease runs out
 * (that agent died or was cut off) and then taken, until the round's end:
 * past that, what is left goes unscored this round. Returns the slices it
 * checked.
 */
async function checkShared(
  roundStart: number,
  settings: Settings,
  planned: Planned[],
  agent: string,
  deps: RoundDependencies,
  checkPart: (part: Planned[], stillOurs: () => Promise<boolean>) => Promise<void>,
): Promise<number[]> {
  const round = new Date(roundStart).toISOString();
  const deadline = roundStart + settings.round_seconds * 1000;
  const pool = deps.pool ?? CLOUD_POOL;
  const now = deps.now ?? Date.now;
  // A short lease, renewed every half of it while the slice's checks run: an agent that dies (or stops) loses its slice
  // within seconds, so another takes it in the same round however short the round (decision 0084). It covers the
  // longest check, and time to renew, and never outlasts the round.
  const longest = Math.max(...planned.map((p) => (p.check as { timeout_seconds?: number }).timeout_seconds ?? 10), 2);
  const lease_seconds = Math.max(5, Math.min(settings.round_seconds, longest + 3));
  const checked: number[] = [];
  /**
   * Renews a slice's lease every half of it until stopped; a slice another agent has taken is not renewed again.
   * `stillOurs` says, before its results are reported, whether the slice is still this agent's: at once while its
   * lease runs, else by renewing it (a pause may have outlasted the lease).
   */
  const keepLease = (slice: number) => {
    let renewedAt = Date.now();
    let lost = false;
    const renew = () =>
      deps.api.claimSlice(pool, { round, agent, lease_seconds, renew: slice }).then(
        () => void (renewedAt = Date.now()),
        (error: unknown) => {
          if (!(error instanceof ApiError && error.code === 'lease_lost')) return;
          lost = true;
          clearInterval(timer);
          deps.log.warn('slice taken by another agent while checked', { pool, round, agent, slice });
        },
      );
    const timer = setInterval(() => void renew(), (lease_seconds * 1000) / 2);
    return {
      stop: () => clearInterval(timer),
      stillOurs: async () => {
        if (!lost && Date.now() - renewedAt > lease_seconds * 1000 - 1000) await renew();
        return !lost;
      },
    };
  };
  const worker = async () => {
    let done: number | undefined;
    while (now() < deadline) {
      const claim = await deps.api.claimSlice(pool, { round, agent, lease_seconds, ...(done === undefined ? {} : { done }) }).catch((error: unknown) => {
        // This agent's clock runs ahead of the API's: the round begins in Retry-After seconds at the server's clock.
        if (error instanceof ApiError && error.code === 'round_not_begun') return { notBegun: (error.retryAfterSeconds ?? 1) * 1000, detail: error.detail };
        // The API's client has retried: this worker stops, and a slice it held goes to another agent when its lease ends.
        deps.log.error('claim failed', { pool, round, agent, error: (error as Error).message });
        return undefined;
      });
      if (!claim) return;
      if ('notBegun' in claim) {
        // A clock a little ahead waits for the round; one further ahead than the round lasts checks none of it, and says so.
        if (now() + claim.notBegun >= deadline) {
          deps.log.warn('clock ahead of the API: round left to the pool', { pool, round, agent, detail: claim.detail });
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, claim.notBegun));
        continue;
      }
      done = undefined;
      if (claim.slice === null) {
        // The API's times are the wall clock's; the round's end is this agent's clock's. A clock ahead of the API's
        // reads every retry_at as past: a second at least between asks, or it would ask without a pause.
        const wait = claim.retry_at === null ? Infinity : Math.max(MIN_CLAIM_WAIT_MS, Date.parse(claim.retry_at) - Date.now());
        if (now() + wait >= deadline) return;
        await new Promise((resolve) => setTimeout(resolve, wait));
        continue;
      }
      const { slice, of } = claim;
      const renewal = keepLease(slice);
      try {
        await checkPart(
          planned.filter((p) => sliceOf(p.service.id, of) === slice),
          () => renewal.stillOurs(),
        );
      } finally {
        renewal.stop();
      }
      checked.push(claim.slice);
      done = claim.slice;
    }
    // A slice finished past the round's end is not said done: no agent claims anything of a round that is over.
  };
  await Promise.all(Array.from({ length: SLICES_AT_ONCE }, worker));
  return checked.sort((a, b) => a - b);
}

/** Runs the planned checks (resolving each host through the round's resolver); no report is sent. */
export async function runChecks(
  planned: Planned[],
  settings: Settings,
  records: DnsRecord[],
  deps: Pick<RoundDependencies, 'resolver' | 'checkLimit' | 'recipes'>,
) {
  const resolve = cachedPerRound(deps.resolver);
  return Promise.all(
    planned.map((p) =>
      deps.checkLimit(async () => {
        const time = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
        const resolved = await resolve(p.service.url);
        const outcome: CheckOutcome =
          'error' in resolved
            ? { passed: false, error: resolved.error, category: resolved.category }
            : p.mail && 'unavailable' in p.mail
              ? { passed: false, error: 'the agent could not work out the mail token (its log says why)', category: 'agent error' }
              : await runCheck({ host: p.service.url, address: resolved.address, port: p.service.port }, p.check, {
                  ...(p.check.check === 'dns' ? { dns: dnsExpectation(p.service, p.check.query, settings, records) } : {}),
                  ...(p.account ? { account: p.account } : {}),
                  ...(p.mail ? { mail: p.mail } : {}),
                  ...(deps.recipes ? { recipes: deps.recipes } : {}),
                });
        return { planned: p, outcome, time };
        // A command holds its three pipes; every other check one socket.
      }, filesHeldBy(p.check)),
    ),
  );
}

/** The file descriptors a check holds while it runs: what the concurrency limit counts. */
const filesHeldBy = (check: CheckDefinition) => (check.check === 'command' ? COMMAND_PIPES : 1);
const COMMAND_PIPES = 3;

/**
 * What a mail check sends or looks for this round. An SMTP check with
 * `mail_to` sends a message with the token of its own scan id. A mailbox
 * check with `sent_by` looks for the message its team's service of that SMTP
 * subtype sent in the previous round, when that check passed: a failed send
 * costs the SMTP service its points, not the mailbox too (and the first
 * round has no previous one). The SMTP and mailbox checks of one round run at
 * once, so the current round's message may not be there yet.
 */
export async function mailRound(
  p: Pick<Planned, 'service' | 'check' | 'scanId' | 'account'>,
  round: { listed: Service[]; checks: Map<number, CheckDefinition | undefined>; roundStart: number; roundSeconds: number; mailToken: MailToken },
): Promise<MailRound | undefined> {
  const { check, service } = p;
  const domain = service.team.team_url;
  if ((check.check === 'smtp' || check.check === 'smtps') && check.mail_to !== undefined) {
    const from = check.mail_from ?? p.account?.username ?? 'scoring';
    return { send: { to: mailAddress(check.mail_to, domain), from: mailAddress(from, domain), token: await round.mailToken(p.scanId) } };
  }
  if (!('sent_by' in check) || check.sent_by === undefined) return undefined;
  const sender = mailSender(service, check.sent_by, round);
  if (!sender) return {};
  const previous = round.roundStart - round.roundSeconds * 1000;
  // The sender's last result must be the previous round's own, and a pass: a later slice of this round may
  // already see this round's result (sent, or not, a message nobody looks for yet).
  const checked = sender.last_scan_time === null ? Number.NaN : Date.parse(sender.last_scan_time);
  const sent = sender.last_scan_error === null && checked >= previous && checked < round.roundStart;
  return sent ? { find: { token: await round.mailToken(scanIdFor(previous, round.roundSeconds, sender.id)) } } : {};
}

/** The team's service whose SMTP check sends the mail a mailbox check with `sent_by` looks for (none: nothing to look for). */
export function mailSender(
  service: Service,
  sentBy: string,
  round: { listed: Service[]; checks: Map<number, CheckDefinition | undefined> },
): Service | undefined {
  const name = sentBy.toLowerCase();
  const sender = round.listed.find((s) => s.team.id === service.team.id && s.subtype.toLowerCase() === name);
  const sends = sender && round.checks.get(sender.subtype_id);
  return sends && (sends.check === 'smtp' || sends.check === 'smtps') && sends.mail_to !== undefined ? sender : undefined;
}

/** How many tokens a round asks for at once (each is a KMS call in AWS). */
const TOKEN_CONCURRENCY = 16;

/** A round's tokens: each scan id's once (a sender's, found by IMAP and POP3 alike), at most TOKEN_CONCURRENCY at a time. */
function tokensOfRound(mailToken: MailToken): MailToken {
  const limit = concurrencyLimit(TOKEN_CONCURRENCY);
  const tokens = new Map<string, Promise<string>>();
  return (scanId) => {
    let token = tokens.get(scanId);
    if (!token) tokens.set(scanId, (token = limit(() => mailToken(scanId))));
    return token;
  };
}

/** An address as written in a check, or a local part that gets the team's domain. */
const mailAddress = (written: string, domain: string) => (written.includes('@') ? written : `${written}@${domain}`);

/** The name a DNS check asks and the addresses the API's A records give it. */
export function dnsExpectation(service: Service, query: string, settings: Settings, records: DnsRecord[]): DnsExpectation {
  const zone = service.team.team_url.toLowerCase();
  const prefix = teamAddressPrefix(settings, service.team.number);
  return {
    name: query === '@' ? zone : `${query}.${zone}`,
    addresses: records.filter((r) => r.team === service.team.id && r.type === 'A' && r.name === query).map((r) => `${prefix}.${r.value}`),
  };
}

async function report(deps: RoundDependencies, reports: ScanReport[]): Promise<number> {
  const batches: ScanReport[][] = [];
  for (let i = 0; i < reports.length; i += REPORT_BATCH) batches.push(reports.slice(i, i + REPORT_BATCH));
  let failed = 0;
  // The API out of reach (its client has retried) stops the reports: the round says so.
  await mapBounded(batches, REPORT_CONCURRENCY, async (batch) => {
    const outcomes: ReportOutcome[] = await deps.api.report(batch);
    outcomes.forEach((outcome, i) => {
      if (outcome.ok) return;
      failed++;
      deps.log.warn('report refused', { service_id: batch[i]!.service_id, scan_id: batch[i]!.scan_id, status: outcome.status, detail: outcome.detail });
    });
  });
  return failed;
}
