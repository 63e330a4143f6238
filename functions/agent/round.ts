import { pickAccount, type CheckAccount } from '#shared/domain/accounts';
import { checkOf, logsIn, roundCheck, type CheckDefinition } from '#shared/domain/check-definitions';
import { teamAddressPrefix } from '#shared/domain/settings';
import type { Logger } from '#shared/log';
import type { DnsRecord, ReportOutcome, ScanReport, ScoringApi, Service, Settings } from './api';
import { runCheck, type CheckOutcome, type DnsExpectation } from './checks';
import { cachedPerRound, type HostResolver } from './resolve';
import { inSlice, scanIdFor, type ConcurrencyLimit, type Slice } from './schedule';

export interface RoundDependencies {
  api: ScoringApi;
  resolver: HostResolver;
  /** Shared by overlapping rounds, so open sockets stay bounded whatever happens. */
  checkLimit: ConcurrencyLimit;
  log: Logger;
  /** Picks each service's property set (default Math.random; tests pass their own). */
  random?: () => number;
  /** This invocation's share of the services, when the round fans out (handler.ts). */
  slice?: Slice;
}

export interface RoundSummary {
  round: string;
  /** The share of the services this invocation checked, when the round fans out. */
  slice?: Slice;
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
}

interface Planned {
  service: Service;
  check: CheckDefinition;
  scanId: string;
  /** The account its check signs in with this round (none: a check without a login). */
  account?: CheckAccount;
}

/** Reports go in batches of this many (the batch route's limit) and this many requests at once. */
const REPORT_BATCH = 100;
const REPORT_CONCURRENCY = 8;

/**
 * One round: list the services and their checks, mark every checked service
 * started, run every check (each under its own timeout, all under the shared
 * concurrency limit), then report every result with the time its check began.
 * A check never throws, so every started service gets a result.
 */
export async function runRound(roundStart: number, settings: Settings, deps: RoundDependencies): Promise<RoundSummary> {
  const { api, log } = deps;
  const round = new Date(roundStart).toISOString();
  const [listed, subtypes] = await Promise.all([api.services(), api.subtypes()]);
  const services = listed.filter((service) => inSlice(service.id, deps.slice));
  const checks = new Map(subtypes.map((s) => [s.id, checkOf(s)]));
  const planned: Planned[] = [];
  for (const service of services) {
    const check = checks.get(service.subtype_id);
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

  const reportStarted = Date.now();
  let reportsFailed = await report(
    deps,
    planned.map((p) => ({ service: p.service.id, scan_id: p.scanId, status: 'started' as const })),
  );
  let reportSeconds = (Date.now() - reportStarted) / 1000;

  const checksStarted = Date.now();
  const outcomes = await runChecks(planned, settings, records, deps);
  const checkSeconds = (Date.now() - checksStarted) / 1000;

  const resultsStarted = Date.now();
  reportsFailed += await report(
    deps,
    outcomes.map(({ planned: p, outcome, time }) => ({
      service: p.service.id,
      scan_id: p.scanId,
      score: outcome.passed ? p.service.max_score : 0,
      error: outcome.passed ? null : outcome.error,
      ...(outcome.passed ? {} : { category: outcome.category }),
      time,
    })),
  );
  reportSeconds += (Date.now() - resultsStarted) / 1000;

  const passed = outcomes.filter((o) => o.outcome.passed).length;
  const summary: RoundSummary = {
    round,
    ...(deps.slice ? { slice: deps.slice } : {}),
    checks: outcomes.length,
    passed,
    failed: outcomes.length - passed,
    unchecked: services.length - planned.length,
    check_seconds: Number(checkSeconds.toFixed(3)),
    report_seconds: Number(reportSeconds.toFixed(3)),
    reports_failed: reportsFailed,
  };
  log.info('round finished', { ...summary });
  return summary;
}

/** Runs the planned checks (resolving each host through the round's resolver); no report is sent. */
export async function runChecks(planned: Planned[], settings: Settings, records: DnsRecord[], deps: Pick<RoundDependencies, 'resolver' | 'checkLimit'>) {
  const resolve = cachedPerRound(deps.resolver);
  return Promise.all(
    planned.map((p) =>
      deps.checkLimit(async () => {
        const time = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
        const resolved = await resolve(p.service.url);
        const outcome: CheckOutcome =
          'error' in resolved
            ? { passed: false, error: resolved.error, category: resolved.category }
            : await runCheck(
                { host: p.service.url, address: resolved.address, port: p.service.port },
                p.check,
                p.check.check === 'dns' ? dnsExpectation(p.service, p.check.query, settings, records) : undefined,
                p.account,
              );
        return { planned: p, outcome, time };
      }),
    ),
  );
}

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
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const batch = batches[next++]!;
      const outcomes: ReportOutcome[] = await deps.api.report(batch);
      outcomes.forEach((outcome, i) => {
        if (outcome.ok) return;
        failed++;
        deps.log.warn('report refused', { service: batch[i]!.service, scan_id: batch[i]!.scan_id, status: outcome.status, detail: outcome.detail });
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(REPORT_CONCURRENCY, batches.length) }, worker));
  return failed;
}
