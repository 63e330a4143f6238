/**
 * `void` and `unvoid`: voids (or restores) results as POST /api/v1/scans/void
 * would: preview first, then confirm that preview. The job itself runs in the
 * table's stream consumer (the deployed one, or the local server's), not here.
 */
import { applyVoid, getVoidJob, previewVoid } from '#shared/app/voids';
import type { VoidAction } from '#shared/domain/voids';
import { VoidBody } from '#shared/api/schemas/requests/scans';
import { parseWith } from '#shared/validation';
import { printTable, UsageError, type Run } from './context';

export async function voidCommand(run: Run, action: VoidAction): Promise<void> {
  const { values, io } = run;
  const asNumber = (text: string | undefined) => (text === undefined ? undefined : /^\d+$/.test(text) ? Number(text) : text);
  const parsed = parseWith(VoidBody, {
    from: values.from,
    to: values.to,
    ...(values.team === undefined ? {} : { team_id: asNumber(values.team) }),
    ...(values.subtype === undefined ? {} : { subtype_id: asNumber(values.subtype) }),
    dry_run: values.confirm === undefined,
    ...(values.confirm === undefined ? {} : { preview_id: asNumber(values.confirm) }),
  });
  if (!parsed.ok) {
    const option = (path: string) => ({ team_id: '--team ', subtype_id: '--subtype ', preview_id: '--confirm ' })[path] ?? (path ? `--${path} ` : '');
    throw new UsageError(parsed.errors.map((e) => `${option(e.path)}${e.message}`).join('; '));
  }
  const { filter, dry_run: dryRun, preview_id: previewId } = parsed.value;
  if (dryRun) {
    const preview = await previewVoid(action, filter);
    io.out(`Preview ${preview.preview_id}: ${preview.count} result(s) would be ${action === 'void' ? 'voided' : 'restored'}.`);
    printTable(
      io,
      ['team id', 'total before', 'total after'],
      preview.teams.map((t) => [String(t.team_id), String(t.total_before), String(t.total_after)]),
    );
    const filterOptions = run.commandLine.filter(
      (arg, i, all) => arg !== action && !(all[i - 1] === '--confirm' || arg === '--confirm' || arg.startsWith('--confirm=')),
    );
    io.out(`Apply exactly this set: npm run scoring -- ${action} ${filterOptions.join(' ')} --confirm ${preview.preview_id}`);
    return;
  }
  const outcome = await applyVoid(previewId!, action, filter, await run.audit());
  switch (outcome.kind) {
    case 'not-found':
      throw new UsageError(`No preview has id ${previewId}.`);
    case 'mismatch':
      throw new UsageError(outcome.detail);
    case 'changed':
      throw new UsageError(`The results of preview ${previewId} changed since it was made (another void or unvoid): nothing was done; preview again.`);
    case 'final':
      throw new UsageError('The competition is final: its results can no longer change.');
    case 'started':
      break;
  }
  const deadline = Date.now() + Number(values.wait) * 1000;
  let job = outcome.job;
  while (job.status !== 'done' && Date.now() < deadline) {
    await io.sleep(500);
    job = (await getVoidJob(previewId!)) ?? job;
  }
  if (job.status !== 'done') {
    io.out(
      `Void ${previewId} is running: ${job.flipped} of ${job.count} flipped so far (the stream consumer carries on; run the same command again to follow it).`,
    );
    return;
  }
  io.out(`Void ${previewId} done: ${job.flipped} result(s) ${action === 'void' ? 'voided' : 'restored'}; recorded in the audit trail.`);
  printTable(
    io,
    ['team id', 'total before', 'total after'],
    job.teams.map((t) => [String(t.team_id), String(t.total_before), String(t.total_after)]),
  );
}
