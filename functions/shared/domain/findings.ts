/**
 * The red team's findings (issue #47), pure: what a finding names, the
 * organisers' table of finding kinds, a ruling's decision, and the repeat
 * rule. An approved finding takes its points off its team's score in the
 * super type the settings name, through the fold, as a grade adds: each
 * ruling's `award` is what it changes on the board from the ruling before it
 * (data/findings.ts writes both).
 *
 * One word for one thing: the code says *ruling* for an organiser's decision
 * on a finding, kept whole. The API, whose names stay, calls the act of
 * making one a review (`POST …/findings/{id}/reviews`, the route
 * ReviewFinding) and lists them as rulings (ListFindingRulings); a finding's
 * `reviews` counts its rulings and its `review` is its latest ruling
 * (FindingReview, the fields a finding shows of it).
 */
import * as v from 'valibot';
import { StoredFileSchema } from '#shared/domain/stored-file';
import { Count, Id, inSchemaOrder, named } from '#shared/domain/shapes';
import { FreeText } from '#shared/validation';

/** A kind's id: what a finding names (`user-access`), kept stable while its name and points may change. */
export const FINDING_KIND_ID_PATTERN = '^[a-z][a-z0-9-]{0,39}$';
export const MAX_FINDING_KINDS = 50;
/** The most one finding may take off a team. */
export const MAX_FINDING_POINTS = 100_000;

export const FindingPoints = v.pipe(v.number(), v.integer('must be an integer'), v.minValue(0), v.maxValue(MAX_FINDING_POINTS));

export const FindingKindSchema = v.strictObject({
  id: v.pipe(v.string(), v.regex(new RegExp(FINDING_KIND_ID_PATTERN), 'must be lower-case letters, digits and dashes (user-access)')),
  name: v.pipe(FreeText(100), v.minLength(1, 'must not be empty')),
  points: v.pipe(FindingPoints, v.minValue(1, 'must be at least 1')),
});
export type FindingKind = v.InferOutput<typeof FindingKindSchema>;

/** The organisers' table: in the competition file (`finding_kinds`) and `PUT /finding-kinds`. */
export const FindingKindsSchema = v.pipe(
  v.array(FindingKindSchema),
  v.maxLength(MAX_FINDING_KINDS, `must list at most ${MAX_FINDING_KINDS} kinds`),
  v.check((kinds) => new Set(kinds.map((k) => k.id)).size === kinds.length, 'must not list an id twice'),
);

export const FINDING_STATES = ['submitted', 'approved', 'rejected', 'more_evidence'] as const;
export type FindingState = (typeof FINDING_STATES)[number];

export const FINDING_DECISIONS = ['approve', 'reject', 'more_evidence'] as const;
export type FindingDecision = (typeof FINDING_DECISIONS)[number];

const STATE_OF: Record<FindingDecision, FindingState> = { approve: 'approved', reject: 'rejected', more_evidence: 'more_evidence' };
export const stateAfter = (decision: FindingDecision): FindingState => STATE_OF[decision];

const findingReviewFields = {
  n: v.pipe(Id, v.description('Which ruling it is (1: the first; higher: a second look).')),
  decision: v.picklist(FINDING_DECISIONS),
  points: v.pipe(Count, v.description('The points an approval gave it (0 otherwise).')),
  reason: v.string(),
  counted: v.pipe(v.boolean(), v.description('Whether it counts: an approved repeat (the same team, service and kind within the window) does not.')),
  repeat_of: v.pipe(v.nullable(Id), v.description('The counted finding an approved repeat repeats.')),
  reviewed_at: v.string(),
};

/** What a finding shows of its latest ruling. */
export const FindingReviewSchema = named('FindingReview', "A finding's latest ruling.", v.strictObject(findingReviewFields));
export type FindingReview = v.InferOutput<typeof FindingReviewSchema>;
export const reviewOf = (ruling: FindingReview): FindingReview => inSchemaOrder(FindingReviewSchema, ruling);

/** More evidence, added by the red team after an organiser asked for it. */
export const FindingAdditionSchema = v.strictObject({
  note: v.pipe(v.string(), v.description('Markdown.')),
  files: v.array(StoredFileSchema),
  added_by: v.string(),
  added_at: v.string(),
});
export type FindingAddition = v.InferOutput<typeof FindingAdditionSchema>;

/** A finding as the red team filed it, with its review's outcome so far: as stored, and as organisers and the red team read it. */
export const FindingSchema = named(
  'Finding',
  "A red team finding, kept whole, with the evidence added since and its latest ruling. Organisers' and the red team's read: never a team's.",
  v.strictObject({
    id: Id,
    team_id: Id,
    service_id: Id,
    beacon_id: v.pipe(
      v.nullable(Id),
      v.description('The beacon of the red team’s on that team it tells the story of (null: none). It changes nothing of what counts.'),
    ),
    // The kind's id, and its name and points when the finding was filed (a kind changed later does not change it).
    kind: v.string(),
    kind_name: v.pipe(v.string(), v.description("The kind's name when it was filed.")),
    kind_points: v.pipe(Count, v.description("The kind's points when it was filed.")),
    // When the red team did it.
    done_at: v.string(),
    description: v.pipe(v.string(), v.description('Markdown.')),
    files: v.pipe(v.array(StoredFileSchema), v.description('Its evidence: download each with GET /red-team/files?key=…')),
    additions: v.array(FindingAdditionSchema),
    filed_by: v.pipe(v.string(), v.description('The red team member whose session filed it (an organiser when filed with a token).')),
    filed_at: v.string(),
    state: v.picklist(FINDING_STATES),
    // The latest ruling's `n` (0: not reviewed yet): a review names it, so two organisers' reviews do not cross.
    reviews: v.pipe(Count, v.description('How many rulings it has had: a review names it as `replaces` (null for 0).')),
    deducted: v.pipe(Count, v.description('What it takes off its team now.')),
    review: v.pipe(v.nullable(FindingReviewSchema), v.description('null: not reviewed yet.')),
  }),
);
export type Finding = v.InferOutput<typeof FindingSchema>;

/** A finding counted against its team, as the team's ledger keeps it for the repeat rule. */
export type CountedFinding = Pick<Finding, 'id' | 'service_id' | 'kind' | 'done_at'>;

// A ruling is stored and answered with its time last, after who gave it.
const { reviewed_at, ...rulingFields } = findingReviewFields;

/** An organiser's review of a finding, kept whole (the next `n` on a second look, the old kept), with what it changed on the board. */
export const FindingRulingSchema = named(
  'FindingRuling',
  'An organiser’s ruling on a finding, kept whole (a second look is the next, the old one stays), with what it changed on the board.',
  v.strictObject({
    finding_id: Id,
    team_id: Id,
    ...rulingFields,
    deducted: v.pipe(Count, v.description('What it takes off the team: its points when approved and counted, else 0.')),
    award: v.pipe(v.number(), v.description("What it changed on the team's points: minus its deduction, plus the one before it.")),
    super_type_id: v.pipe(Id, v.description('Where its points come off: the super type the settings named at its first ruling.')),
    reviewed_by: v.string(),
    reviewed_at,
  }),
);
export type FindingRuling = v.InferOutput<typeof FindingRulingSchema>;

/** A ruling as an organiser asks for it (the body of POST …/reviews, without `override_final`). */
export interface FindingRulingAsked {
  decision: FindingDecision;
  /** An approval's points when not the kind's (a reason is then required). */
  points?: number;
  reason?: string;
  /** The ruling this one follows, as last read (null: the first). */
  replaces: number | null;
}

/** Why a ruling may not be made as asked (a field and its message), or undefined. */
export function rulingRefusal(finding: Finding, given: FindingRulingAsked): { path: string; message: string } | undefined {
  const reason = given.reason?.trim() ?? '';
  if (given.decision !== 'approve' && given.points !== undefined) return { path: 'points', message: 'only an approval gives points' };
  if (given.decision !== 'approve' && reason === '') return { path: 'reason', message: `a decision to ${given.decision.replace('_', ' ')} needs a reason` };
  if (given.decision === 'approve' && given.points !== undefined && given.points !== finding.kind_points && reason === '') {
    return { path: 'reason', message: `other points than the kind's ${finding.kind_points} need a reason` };
  }
  return undefined;
}

/**
 * The repeat rule: a finding of the same service and kind as one counted
 * against its team (`counted`: the team's ledger) whose time is within
 * `windowMinutes` of its own counts once. Returns the counted finding it
 * repeats (the earliest), or null. A window of 0 counts every finding.
 */
export function repeatOf(finding: CountedFinding, counted: readonly CountedFinding[], windowMinutes: number): number | null {
  if (windowMinutes <= 0) return null;
  const windowMs = windowMinutes * 60_000;
  const at = Date.parse(finding.done_at);
  const repeated = counted
    .filter((o) => o.id !== finding.id && o.service_id === finding.service_id && o.kind === finding.kind && Math.abs(Date.parse(o.done_at) - at) < windowMs)
    .sort((a, b) => a.done_at.localeCompare(b.done_at) || a.id - b.id);
  return repeated[0]?.id ?? null;
}

/** The ruling a review makes, given the finding (its deduction so far) and the repeat it is, if any. */
export function rulingOf(
  finding: Finding,
  given: FindingRulingAsked,
  context: { repeatOf: number | null; superTypeId: number; reviewedBy: string; reviewedAt: string },
): FindingRuling {
  const approved = given.decision === 'approve';
  const points = approved ? (given.points ?? finding.kind_points) : 0;
  const counted = approved && context.repeatOf === null;
  const deducted = counted ? points : 0;
  return {
    finding_id: finding.id,
    team_id: finding.team_id,
    n: finding.reviews + 1,
    decision: given.decision,
    points,
    reason: given.reason?.trim() ?? '',
    counted,
    repeat_of: approved ? context.repeatOf : null,
    deducted,
    award: finding.deducted - deducted,
    super_type_id: context.superTypeId,
    reviewed_by: context.reviewedBy,
    reviewed_at: context.reviewedAt,
  };
}

/** When blue teams see the findings approved against them. */
export const FINDINGS_SHOWN = ['at_once', 'after_event', 'never'] as const;
export type FindingsShown = (typeof FINDINGS_SHOWN)[number];

/** Whether teams see their findings now: at once, once the event's end_time has passed, or never. */
export function teamsSeeFindings(settings: { red_team_findings_shown: FindingsShown; end_time: string | null }, now: number): boolean {
  if (settings.red_team_findings_shown === 'at_once') return true;
  if (settings.red_team_findings_shown === 'never') return false;
  return settings.end_time !== null && now >= Date.parse(settings.end_time);
}

/** A finding as its team sees it: never who filed it, nor its evidence; its description only when the settings allow. */
export const TeamFindingSchema = v.strictObject({
  id: Id,
  service_id: Id,
  kind: v.string(),
  kind_name: v.string(),
  done_at: v.string(),
  points: v.pipe(Count, v.description('What it took off the team (0: a repeat of one counted).')),
  description: v.pipe(v.nullable(v.string()), v.description("The red team's description (Markdown), when the settings show it.")),
});
export type TeamFinding = v.InferOutput<typeof TeamFindingSchema>;

export function teamFinding(finding: Finding, showDescription: boolean): TeamFinding {
  return {
    id: finding.id,
    service_id: finding.service_id,
    kind: finding.kind,
    kind_name: finding.kind_name,
    done_at: finding.done_at,
    points: finding.deducted,
    description: showDescription ? finding.description : null,
  };
}

/** Findings the red team may file in an hour (429 `findings_limited` past it). */
export const FINDINGS_PER_HOUR = 200;
