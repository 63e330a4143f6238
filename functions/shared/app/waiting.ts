/**
 * Markers for what already waited when a version without them was running
 * (`npm run scoring -- upgrade` after deploying; the local server on an
 * existing data directory): each put only while its thing still waits,
 * checked in the same transaction (data/waiting.ts). Idempotent: a marker
 * put twice is one. Returns how many were put.
 */
import { injectSubmissions } from '#shared/app/injects';
import { listFindings } from '#shared/data/findings';
import { teamGrades } from '#shared/data/grades';
import { listIncidentReports, teamIncidentGrades } from '#shared/data/incidents';
import { listInjects } from '#shared/data/injects';
import { listPasswordChanges } from '#shared/data/password-changes';
import { markPendingPasswordChange, markSubmittedFinding, markUngradedIncident, markWaitingAnswer } from '#shared/data/waiting';

export async function backfillWaiting(): Promise<number> {
  const [changes, reports, findings, injects] = await Promise.all([
    listPasswordChanges({ state: 'pending', limit: Number.MAX_SAFE_INTEGER }),
    listIncidentReports(),
    listFindings(),
    listInjects({ consistent: true }),
  ]);
  const marks: Promise<boolean>[] = [
    ...changes.map((change) => markPendingPasswordChange(change.team_id, change.id)),
    ...findings.filter((finding) => finding.state === 'submitted').map((finding) => markSubmittedFinding(finding.id)),
  ];
  for (const report of reports) {
    if ((await teamIncidentGrades(report.team_id, report.id)).length === 0) marks.push(markUngradedIncident(report.team_id, report.id));
  }
  for (const inject of injects) {
    const { items } = await injectSubmissions(inject.id, { ungraded: true, limit: Number.MAX_SAFE_INTEGER });
    for (const answer of items) {
      const [latest] = await teamGrades(answer.team_id, inject.id);
      marks.push(markWaitingAnswer(inject.id, answer.team_id, answer.version, latest?.n ?? 0));
    }
  }
  return (await Promise.all(marks)).filter(Boolean).length;
}
