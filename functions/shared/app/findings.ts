/**
 * The red team's findings (issue #47): a red team member files one against
 * a team's service, with evidence; organisers review it (approve with the
 * kind's points or others with a reason, reject, or ask for more evidence,
 * and look again later: the next ruling, the old kept); an approved finding
 * takes its points off the team in the super type the settings name,
 * through the fold; teams read those approved against them when the
 * settings allow.
 */
import type * as v from 'valibot';
import type { FindingBody } from '#shared/api/schemas/requests/red-team';
import type { AuditContext } from '#shared/data/audit';
import { downloadLinkTo, keepFiles, type FileLink } from '#shared/app/files';
import { allocateId } from '#shared/data/counters';
import {
  addFindingEvidence,
  listFindings,
  putFinding,
  putFindingKinds,
  putFindingRuling,
  readFinding,
  readFindingKinds,
  readLedger,
  teamFindingRulings,
} from '#shared/data/findings';
import { readBeacon } from '#shared/data/beacons';
import { freshSettings } from '#shared/data/fresh';
import { getServiceRecord } from '#shared/data/services';
import { takeFromWindow } from '#shared/data/team-limits';
import { findingFiles, isFindingFile, MAX_BYTES_PER_SUBMISSION } from '#shared/domain/files';
import { fileInOrder } from '#shared/domain/stored-file';
import {
  FINDINGS_PER_HOUR,
  repeatOf,
  rulingRefusal,
  rulingOf,
  teamFinding,
  teamsSeeFindings,
  type Finding,
  type FindingKind,
  type FindingRulingAsked,
  type FindingRuling,
  type FindingState,
  type TeamFinding,
} from '#shared/domain/findings';
import { gradeWritten } from '#shared/app/awards';
import { conflict, notFound, serviceUnavailable, tooManyRequests, validationFailed } from '#shared/http/problem';
import { formatTimestamp } from '#shared/validation';

const findingsOff = () =>
  conflict('findings_off', 'This competition takes no red team findings (its settings name no super type for them: red_team_findings_super_type_id).');

/** Where findings' points come off, or 409 when the settings name no super type. */
export async function findingRules() {
  const { settings } = await freshSettings();
  if (settings.red_team_findings_super_type_id === null) throw findingsOff();
  return { settings, superTypeId: settings.red_team_findings_super_type_id };
}

/** The organisers' table of finding kinds. */
export const findingKinds = async (): Promise<FindingKind[]> => (await readFindingKinds()).kinds;

/** Replaces the table of kinds; a finding keeps the kind's name and points it was filed with. */
export async function replaceFindingKinds(kinds: FindingKind[], audit: AuditContext): Promise<FindingKind[]> {
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await putFindingKinds(kinds, await readFindingKinds(), audit)) return kinds;
  }
  throw serviceUnavailable('finding_kinds_busy', 'The table of kinds kept changing at once; send it again.', 1);
}

/** A finding as the red team files it: the team's service by id, a kind of the table, when, what, and evidence uploaded first. */
export type FindingFiled = v.InferOutput<typeof FindingBody>;

/** The red team files a finding (400 naming what it names wrong; 429 `findings_limited` past FINDINGS_PER_HOUR). */
export async function fileFinding(filed: FindingFiled, member: string, now = new Date()): Promise<Finding> {
  await findingRules();
  const [kinds, service, beacon] = await Promise.all([
    findingKinds(),
    getServiceRecord(filed.service_id, { consistent: true }),
    filed.beacon_id === undefined ? undefined : readBeacon(filed.beacon_id),
  ]);
  const kind = kinds.find((k) => k.id === filed.kind);
  // The red team reads what the public reads: a hidden team's service names nothing to it.
  const problems = [
    ...(kind ? [] : [{ path: 'kind', message: `names no kind of finding (${kinds.map((k) => k.id).join(', ') || 'the organisers have listed none'})` }]),
    ...(service && !service.hidden && service.service.team.id === filed.team_id
      ? []
      : [{ path: 'service_id', message: `names no service of team ${filed.team_id}` }]),
    ...(Date.parse(filed.done_at) > now.getTime() + 60_000 ? [{ path: 'done_at', message: `${filed.done_at} has not happened yet` }] : []),
    ...(filed.beacon_id === undefined || beacon?.team_id === filed.team_id ? [] : [{ path: 'beacon_id', message: `names no beacon on team ${filed.team_id}` }]),
  ];
  if (problems.length > 0) throw validationFailed(problems);
  const limited = await takeFromWindow('red', { kind: 'findings', count: FINDINGS_PER_HOUR, windowSeconds: 3600 }, now.getTime());
  if (limited) {
    throw tooManyRequests(
      'findings_limited',
      `The red team may file ${FINDINGS_PER_HOUR} findings an hour: try again in ${limited.retryAfterSeconds} s.`,
      limited.retryAfterSeconds,
    );
  }
  const files = await keepFiles(findingFiles(), filed.files ?? [], { limits: { maxBytes: MAX_BYTES_PER_SUBMISSION } });
  for (let attempt = 0; attempt < 3; attempt++) {
    const finding: Finding = {
      id: await allocateId('finding'),
      team_id: filed.team_id,
      service_id: filed.service_id,
      beacon_id: filed.beacon_id ?? null,
      kind: kind!.id,
      kind_name: kind!.name,
      kind_points: kind!.points,
      done_at: filed.done_at,
      description: filed.description,
      files: files.map(fileInOrder),
      additions: [],
      filed_by: member,
      filed_at: formatTimestamp(now),
      state: 'submitted',
      reviews: 0,
      deducted: 0,
      review: null,
    };
    if (await putFinding(finding)) return finding;
  }
  throw serviceUnavailable('finding_busy', 'Findings kept being filed at once; send it again.', 1);
}

/** More evidence for a finding an organiser asked about (or still waiting): it goes back to the queue. 409 once it is decided. */
export async function addEvidence(
  id: number,
  added: { note: string; files?: readonly string[] },
  member: string,
  options: { idempotencyKey?: string; now?: Date } = {},
): Promise<Finding> {
  const finding = await readFinding(id);
  if (!finding) throw notFound(`No finding has id ${id}.`);
  const files = await keepFiles(findingFiles(), added.files ?? [], { limits: { maxBytes: MAX_BYTES_PER_SUBMISSION } });
  const addition = { note: added.note, files: files.map(fileInOrder), added_by: member, added_at: formatTimestamp(options.now ?? new Date()) };
  // The request's own key, by who sent it: a retry of it finds its addition rather than adding another.
  const requestKey = options.idempotencyKey === undefined ? undefined : `${member}\n${options.idempotencyKey}`;
  const outcome = await addFindingEvidence(id, addition, requestKey);
  if (outcome === 'decided') throw decided(finding);
  if (outcome === 'already') return (await readFinding(id))!;
  return { ...finding, additions: [...finding.additions, addition], state: 'submitted' };
}

const decided = (finding: Finding) =>
  conflict('finding_decided', `Finding ${finding.id} was ${finding.state} by an organiser: it takes no more evidence. File a new finding.`);

/** Every finding, or those in one state (the review queue: `submitted`), or one team's. */
export async function findings(options: { state?: FindingState; teamId?: number } = {}): Promise<Finding[]> {
  return (await listFindings()).filter(
    (f) => (options.state === undefined || f.state === options.state) && (options.teamId === undefined || f.team_id === options.teamId),
  );
}

/**
 * An organiser's review: approve (with the kind's points, or others with a
 * reason), reject or ask for more evidence (with a reason). An approval of
 * a repeat (the same team, service and kind within the settings' window of
 * one counted) is kept but takes nothing off: decided now, stored with the
 * ruling, so `verify` reproduces it. 409 `finding_changed` when another
 * organiser's ruling came first; refused once the results are final unless
 * overridden.
 */
export async function ruleOnFinding(
  id: number,
  given: FindingRulingAsked & { override_final?: boolean },
  audit: AuditContext,
  now = new Date(),
): Promise<FindingRuling> {
  const { settings, superTypeId } = await findingRules();
  for (let attempt = 0; attempt < 5; attempt++) {
    const finding = await readFinding(id);
    if (!finding) throw notFound(`No finding has id ${id}.`);
    const refusal = rulingRefusal(finding, given);
    if (refusal) throw validationFailed([refusal]);
    const changed = () => conflict('finding_changed', `Ruling ${finding.reviews || 'none'} is the latest on finding ${id}: read it, then review it again.`);
    if ((given.replaces ?? 0) !== finding.reviews) throw changed();
    const [ledger, [latest]] = await Promise.all([readLedger(finding.team_id), teamFindingRulings(finding.team_id, id)]);
    const repeat = given.decision === 'approve' ? repeatOf(finding, ledger.counted, settings.red_team_repeat_window_minutes) : null;
    const ruling = rulingOf(finding, given, {
      repeatOf: repeat,
      // A second look stays in its finding's first super type: the settings may have named another since.
      superTypeId: latest?.super_type_id ?? superTypeId,
      reviewedBy: audit.actor.name,
      reviewedAt: formatTimestamp(now),
    });
    const counted = ledger.counted.filter((c) => c.id !== id);
    if (ruling.counted) counted.push({ id, service_id: finding.service_id, kind: finding.kind, done_at: finding.done_at });
    const outcome = await putFindingRuling(ruling, { counted, version: ledger.version }, audit, { overrideFinal: given.override_final === true });
    // Taken: another ruling on this finding (then it changed) or on another of the team's (then read the ledger again).
    if (outcome === 'taken' && (await readFinding(id))?.reviews === finding.reviews) continue;
    return gradeWritten(outcome, ruling, changed);
  }
  throw serviceUnavailable('finding_busy', "The team's findings kept being reviewed at once; send it again.", 1);
}

/** Every ruling on a finding, newest first. */
export async function findingRulings(id: number): Promise<FindingRuling[]> {
  const finding = await readFinding(id);
  if (!finding) throw notFound(`No finding has id ${id}.`);
  return teamFindingRulings(finding.team_id, id);
}

/** What a team sees: the findings approved against it, when the settings say so (`visible`), without who filed them. */
export async function teamFindings(teamId: number, now = new Date()): Promise<{ visible: boolean; findings: TeamFinding[] }> {
  const { settings } = await freshSettings();
  const visible = settings.red_team_findings_super_type_id !== null && teamsSeeFindings(settings, now.getTime());
  if (!visible) return { visible, findings: [] };
  const approved = (await listFindings(teamId)).filter((f) => f.state === 'approved');
  return { visible, findings: approved.map((f) => teamFinding(f, settings.red_team_findings_described)) };
}

/** Whether a team may name this finding in an incident report: one approved against it that it sees now. */
export async function findingSeenByTeam(teamId: number, findingId: number, now = new Date()): Promise<boolean> {
  return (await teamFindings(teamId, now)).findings.some((f) => f.id === findingId);
}

/** A download link to the red team's evidence (kept, or uploaded and not yet named): for the red team and organisers. */
export function findingFileLink(key: string, now = new Date()): Promise<FileLink> {
  return downloadLinkTo(isFindingFile(key) ? key : undefined, () => notFound(`The red team has no file ${key}.`), now);
}
