/** `load <file>`: a new competition, or (onto a running one) the live edits that make it what the file says. */
import { CompetitionExistsError, CompetitionFinalError, competitionLoadedAt, loadCompetition } from '#shared/data/competition';
import { applyCompetitionUpdate, previewCompetitionUpdate, type UpdatePreview } from '#shared/app/competition-update';
import { describeStep } from '#shared/domain/competition-update';
import type { Competition } from '#shared/domain/competition';
import { Exit, readValid, UsageError, type Run } from './context';

export async function load(run: Run, file: string | undefined): Promise<void> {
  const { values, io } = run;
  const { competition, namedSettings } = readValid(io, file);
  if (!values.replace && (await competitionLoadedAt())) return loadOntoRunning(run, file!, competition, namedSettings);
  const hasAccounts = competition.subtypes.some((s) => s.accounts) || competition.teams.some((t) => t.services.some((s) => s.accounts));
  if (values['accounts-key']) process.env.ACCOUNTS_KEY_ID = values['accounts-key'];
  // A deployed table's secrets are sealed with its KMS key, never with the local twin's development key.
  if (hasAccounts && values.table && !values.endpoint && !process.env.ACCOUNTS_KEY_ID) {
    throw new UsageError(`${file} has check accounts: pass --accounts-key <AccountsKeyArn> (the stack's output) so their secrets are sealed with KMS.`);
  }
  let lastReport = 0;
  try {
    const audit = await run.audit();
    const summary = await loadCompetition(competition, {
      replace: values.replace,
      overrideFinal: values['override-final'],
      audit,
      loadedBy: `command-line tool (${audit.actor.name})`,
      onProgress: ({ phase, done, total }) => {
        if (done === total || Date.now() - lastReport > 1000) {
          lastReport = Date.now();
          io.err(`  ${phase}: ${done}/${total} items`);
        }
      },
    });
    io.out(
      `Loaded ${summary.teams} teams, ${summary.services} services, ${summary.superTypes} super types and ${summary.subtypes} subtypes into ${process.env.TABLE_NAME}.`,
    );
  } catch (error) {
    if (error instanceof CompetitionExistsError || error instanceof CompetitionFinalError) throw new UsageError(error.message);
    throw error;
  }
}

/**
 * `load` onto a running competition: the live edits that make it what the
 * file says, previewed with a fingerprint; with `--confirm <fingerprint>`,
 * exactly those applied (app/competition-update.ts).
 */
async function loadOntoRunning(run: Run, file: string, competition: Competition, namedSettings: string[]): Promise<void> {
  const { values, io } = run;
  const showRefusals = (preview: UpdatePreview) => {
    if (preview.final) io.err(`The competition was finalised at ${preview.final.at} by ${preview.final.by}: nothing may change. Nothing was changed.`);
    if (preview.plan.refused.length === 0) return;
    io.err(`${file} changes what a running event cannot take live; nothing was changed:`);
    for (const line of preview.plan.refused) io.err(`  - ${line}`);
    io.err('Make those changes another way, or start a new event with --replace (which removes every result).');
  };
  const showPlan = (preview: UpdatePreview) => {
    if (preview.plan.steps.length === 0) return io.out(`The running competition already is what ${file} says: nothing to change.`);
    io.out(`A competition is running: loading ${file} onto it would make ${preview.plan.steps.length} live edit(s), keeping every result:`);
    for (const step of preview.plan.steps) io.out(`  - ${describeStep(step)}`);
    io.out("Check accounts are not compared (their secrets are sealed): set a service's with PUT /api/v1/services/{id}/accounts.");
    io.out(`Preview ${preview.fingerprint}. Apply exactly this: npm run scoring -- load ${file} --confirm ${preview.fingerprint}`);
  };
  if (values.confirm === undefined) {
    const preview = (await previewCompetitionUpdate(competition, namedSettings))!;
    if (preview.plan.refused.length > 0 || preview.final) {
      showRefusals(preview);
      throw new Exit(1);
    }
    return showPlan(preview);
  }
  const outcome = await applyCompetitionUpdate(competition, namedSettings, values.confirm, await run.audit(), (line) => io.err(`  done: ${line}`));
  switch (outcome.kind) {
    case 'missing':
      throw new UsageError('No competition is loaded.');
    case 'changed':
      io.err(`The event or ${file} changed since preview ${values.confirm}: nothing was changed. The plan as it is now:`);
      if (outcome.preview.plan.refused.length > 0 || outcome.preview.final) showRefusals(outcome.preview);
      else showPlan(outcome.preview);
      throw new Exit(1);
    case 'refused':
      showRefusals(outcome.preview);
      throw new Exit(1);
    case 'stopped':
      io.err(`Stopped at "${outcome.failed}": ${outcome.error.message}`);
      io.err(`${outcome.done.length} edit(s) before it were applied. Load the file again to preview what remains.`);
      throw new Exit(1);
    case 'applied':
      io.out(`Applied ${outcome.done.length} live edit(s) from ${file}; each is in the audit trail. Results earned so far stay.`);
  }
}
