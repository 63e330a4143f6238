/** `finalise` (or `finalize`): locks the results, then writes the final export. */
import { join } from 'node:path';
import { recordAudit } from '#shared/data/audit';
import { markFinal } from '#shared/app/finalise';
import { FRESHNESS_MS } from '#shared/data/fresh';
import { getSettings } from '#shared/data/settings';
import { readExactStandings } from '#shared/data/teams';
import { finaliseRefusal } from '#shared/domain/final';
import { UsageError, type CliIo, type Run } from './context';
import { writeExport } from './export';

/** Beyond the scan path's settings cache: a report that read the settings just before may still be writing (functions time out at 10 s). */
const REQUEST_SLACK_MS = 10_000;
const SETTLE_READS_MS = 2_000;
const SETTLE_LIMIT_MS = 120_000;

/**
 * Locks the results, then writes the final export. The lock is exact for
 * every transactional write (adjustments, voids, settings, loads); scan
 * reports see it within their settings cache, so the export waits that out
 * and for the totals to stop moving (the fold catching up) before reading
 * them: the export is the locked state.
 */
export async function finalise(run: Run): Promise<void> {
  const { values, io } = run;
  const dir = values.out ?? join('results', 'final');
  const current = await getSettings({ consistent: true });
  if (!current) throw new UsageError('No competition is loaded.');
  const audit = await run.audit();
  if (current.final) {
    io.err(`Already finalised at ${current.final.at} by ${current.final.by}; writing the final export again.`);
  } else {
    const refusal = finaliseRefusal(current.settings, new Date());
    if (refusal && !values.force) throw new UsageError(`${refusal} Pass --force to lock the results now anyway.`);
    const outcome = await markFinal(audit, { forced: refusal !== undefined });
    if (outcome.kind === 'missing') throw new UsageError('No competition is loaded.');
    io.err(
      `Finalised at ${outcome.final.at}${refusal ? ' (forced)' : ''}: scan reports, adjustments, voids and scoring settings are refused from now on (409 competition_final).`,
    );
  }
  const final = (await getSettings({ consistent: true }))!.final!;
  const cacheLapses = Date.parse(final.at) + FRESHNESS_MS + REQUEST_SLACK_MS - Date.now();
  if (cacheLapses > 0) {
    io.err(`Waiting ${Math.ceil(cacheLapses / 1000)} s for scan reports already under way to land…`);
    await io.sleep(cacheLapses);
  }
  await totalsSettled(io);
  const written = await writeExport(dir, values['include-hidden']);
  await recordAudit(audit, {
    action: 'competition.final_export',
    target: 'competition',
    before: null,
    after: { final, include_hidden: values['include-hidden'], files: Object.fromEntries(written.map((f) => [f.name, f.sha256])) },
  });
  io.out(`Wrote the final results to ${dir}/: ${written.map((f) => f.name).join(', ')}.`);
  io.out(`SHA256SUMS: ${written.at(-1)!.sha256} (recorded in the audit trail; publish it to let anyone check the files)`);
}

/** Waits until two readings of every team's totals, SETTLE_READS_MS apart, agree: the fold has caught up with what was accepted. */
async function totalsSettled(io: CliIo): Promise<void> {
  const reading = async () => JSON.stringify((await readExactStandings()).teams.map((t) => t.totals));
  const giveUp = Date.now() + SETTLE_LIMIT_MS;
  let previous = await reading();
  for (;;) {
    await io.sleep(SETTLE_READS_MS);
    const next = await reading();
    if (next === previous) return;
    if (Date.now() > giveUp)
      throw new Error('The totals kept changing for 2 minutes after finalising; is the fold consumer failing? Run finalise again to retry the export.');
    previous = next;
  }
}
