import { pickAccount, type CheckAccount } from '#shared/domain/accounts';
import { checkOf, logsIn, roundCheck } from '#shared/domain/check-definitions';
import type { Logger } from '#shared/log';
import type { CheckJobResult, ScoringApi } from './api';
import type { CheckOutcome } from './kinds';
import type { MailToken } from '#shared/mail-token';
import type { HostResolver } from './resolve';
import { checkFor, mailRound, mailSender, runChecks, type Planned } from './round';
import { concurrencyLimit, roundStartAt } from './schedule';
import type { Recipes } from './kinds/command';

export interface CheckJobDependencies {
  api: ScoringApi;
  resolver: HostResolver;
  log: Logger;
  mailToken: MailToken;
  random?: () => number;
  /** The command checks' recipes (checks/command.ts). */
  recipes?: Recipes;
}

/** What became of a job this agent was asked to run: run (and how it went), or not taken (another agent has it, or it was too old). */
export type CheckJobSummary = { check_job: number; taken: false } | { check_job: number; taken: true; passed: boolean };

/**
 * "Check now": takes a job (only one agent can), runs its service's check
 * exactly as a round would, and reports the outcome on the job, never as a
 * scan: a dry run earns and costs nothing. Invoked by the API in AWS
 * (handler.ts); the local agent polls the queue (bin/agent.ts).
 */
export async function runCheckJob(id: number, deps: CheckJobDependencies): Promise<CheckJobSummary> {
  const job = await deps.api.startCheckJob(id);
  if (!job) {
    deps.log.info('check job not taken', { check_job: id });
    return { check_job: id, taken: false };
  }
  const outcome = await dryRun(job.id, job.service_id, deps).catch((error: unknown): { outcome: CheckOutcome; time: string } => {
    // The detail (an API or DNS error) is for the organisers' log, not the team's reason.
    deps.log.error('check job failed to run', { check_job: id, service_id: job.service_id, error: (error as Error).message });
    return { outcome: { passed: false, error: 'the agent could not run the check (its log says why)', category: 'agent error' }, time: now() };
  });
  const result: CheckJobResult = outcome.outcome.passed
    ? { passed: true, reason: null, category: null, checked_at: outcome.time }
    : { passed: false, reason: outcome.outcome.error, category: outcome.outcome.category, checked_at: outcome.time };
  await deps.api.finishCheckJob(id, result);
  deps.log.info('check job done', { check_job: id, service_id: job.service_id, passed: result.passed });
  return { check_job: id, taken: true, passed: result.passed };
}

const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

/** One service's check, planned as a round plans it (its property set, its account, its mail), under the job's own scan id. */
async function dryRun(jobId: number, serviceId: number, deps: CheckJobDependencies): Promise<{ outcome: CheckOutcome; time: string }> {
  const { api } = deps;
  const [settings, service, subtypes, ownChecks] = await Promise.all([api.settings(), api.service(serviceId), api.subtypes(), api.ownChecks()]);
  const checks = new Map(subtypes.map((s) => [s.id, checkOf(s)]));
  const definition = checkFor(service, checks, ownChecks);
  if (!definition) return { outcome: { passed: false, error: 'its subtype has no check for the agent to run', category: 'agent error' }, time: now() };
  const check = roundCheck(definition, deps.random);
  const [records, accounts] = await Promise.all([
    check.check === 'dns' ? api.dnsRecords() : [],
    logsIn(check) ? api.checkAccounts(serviceId) : new Map<number, CheckAccount[]>(),
  ]);
  const planned: Planned = { service, check, scanId: `check${jobId}-svc${serviceId}`, account: pickAccount(accounts.get(serviceId) ?? [], deps.random) };
  const sentBy = 'sent_by' in check ? check.sent_by : undefined;
  if (check.check === 'smtp' || check.check === 'smtps' || sentBy !== undefined) {
    const listed = sentBy === undefined ? [] : await api.services({ team: service.team.number });
    // A mailbox check looks for what its sender's newest check sent, when that passed: the dry run's "previous round" is that check's.
    const sender = sentBy === undefined ? undefined : mailSender(service, sentBy, { listed, checks });
    const sent = sender?.last_scan_time ? Date.parse(sender.last_scan_time) : Date.now();
    const roundStart = roundStartAt(sent, settings.round_seconds) + (sender ? settings.round_seconds * 1000 : 0);
    planned.mail = await mailRound(planned, { listed, checks, roundStart, roundSeconds: settings.round_seconds, mailToken: deps.mailToken });
  }
  const [ran] = await runChecks([planned], settings, records, {
    resolver: deps.resolver,
    checkLimit: concurrencyLimit(1),
    ...(deps.recipes ? { recipes: deps.recipes } : {}),
  });
  return ran!;
}
