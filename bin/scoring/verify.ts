/** `verify [--repair]`: every team's totals recomputed from its history, and any difference listed (or written back). */
import { verifyTotals } from '#shared/app/verify';
import { printTable, type Run } from './context';

export async function verify(run: Run): Promise<void> {
  const { values, io } = run;
  const teams = await verifyTotals({ repair: values.repair, ...(values.repair ? { audit: await run.audit() } : {}) });
  const wrong = teams.filter((t) => t.differences.length > 0);
  for (const t of wrong) {
    const state = t.repaired ? 'repaired' : t.settled ? 'differs' : 'results still folding';
    io.out(`Team ${t.team.number} (${t.team.name}): ${state}`);
    printTable(
      io,
      ['  figure', 'stored', 'recomputed'],
      t.differences.map((d) => [`  ${d.figure}`, String(d.stored), String(d.recomputed)]),
    );
  }
  const unrepaired = wrong.filter((t) => !t.repaired);
  io.out(
    `${teams.length} teams checked: ${teams.length - wrong.length} match their history${wrong.length ? `, ${wrong.length} differ` : ''}${values.repair ? `, ${wrong.length - unrepaired.length} repaired` : ''}.`,
  );
  if (unrepaired.length > 0) run.fail(1);
}
