import * as v from 'valibot';
import { MultilineText, PositiveInt, PositiveIntParam, Timestamp } from '#shared/validation';
import { FINDING_DECISIONS, FINDING_KIND_ID_PATTERN, FINDING_STATES, FindingKindsSchema, FindingPoints } from '#shared/domain/findings';
import { FileKey, uploadedFile, evidenceKeys } from '#shared/api/schemas/requests/files';

/**
 * The red team's findings: the kinds it may file, findings with evidence, and the organisers' rulings.
 */

/** The organisers' table of finding kinds, whole. */
export const FindingKindsBody = v.strictObject({
  kinds: v.pipe(
    FindingKindsSchema,
    v.description(
      'Every kind of finding the red team may file, each with its id (`user-access`), name and points. A finding keeps the name and points of its kind when it was filed.',
    ),
  ),
});

/** An upload form for the red team's evidence. */
export const FindingUploadBody = v.strictObject(uploadedFile);

const FindingFiles = v.optional(evidenceKeys('POST /red-team/uploads', 'The finding'));

/** A red team finding as filed. */
export const FindingBody = v.strictObject({
  team_id: v.pipe(PositiveInt, v.description('The team whose service it was done against (its id).')),
  service_id: v.pipe(PositiveInt, v.description('The service, one of that team’s (its id, as GET /services lists it).')),
  beacon_id: v.optional(v.pipe(PositiveInt, v.description('A beacon of the red team’s on that team (GET /red-team/beacons) this finding tells the story of.'))),
  kind: v.pipe(
    v.string(),
    v.regex(new RegExp(FINDING_KIND_ID_PATTERN), 'must be the id of a kind (user-access)'),
    v.description('A kind of the organisers’ table (GET /finding-kinds), by id.'),
  ),
  done_at: v.pipe(Timestamp, v.description('When the red team did it.')),
  description: v.pipe(MultilineText(50_000), v.minLength(1, 'must not be empty'), v.description('What was done and how (Markdown).')),
  files: FindingFiles,
});

/** More evidence for a finding an organiser asked about. */
export const FindingEvidenceBody = v.strictObject({
  note: v.pipe(MultilineText(10_000), v.minLength(1, 'must not be empty'), v.description('What the new evidence shows (Markdown).')),
  files: FindingFiles,
});

/** An organiser's ruling on a finding, as asked for (POST …/reviews: the API calls the act a review). */
export const FindingRulingBody = v.strictObject({
  decision: v.pipe(
    v.picklist(FINDING_DECISIONS, `must be one of: ${FINDING_DECISIONS.join(', ')}`),
    v.description('`approve` (its points come off the team), `reject`, or `more_evidence` (the red team adds some, and it comes back).'),
  ),
  points: v.optional(
    v.pipe(FindingPoints, v.description("An approval's points, when not the kind's: a reason is then required. Only an approval gives points.")),
  ),
  reason: v.optional(
    v.pipe(MultilineText(10_000), v.description('Why: required to reject, to ask for more evidence, or to give other points than the kind’s.')),
  ),
  replaces: v.pipe(
    v.nullable(PositiveInt),
    v.description("The ruling this one follows, as last read (the finding's `review.n`; null: the first); another organiser's since is 409 `finding_changed`."),
  ),
  override_final: v.optional(
    v.pipe(v.boolean(), v.description('Review although the results are final: the audit entry says so. Without it, 409 `competition_final`.')),
  ),
});

/** The red team's findings, or the review queue. */
export const FindingsQuery = v.object({
  state: v.optional(
    v.pipe(
      v.picklist(FINDING_STATES, `must be one of: ${FINDING_STATES.join(', ')}`),
      v.description('Only findings in this state (`submitted`: the review queue).'),
    ),
  ),
  team_id: v.optional(v.pipe(PositiveIntParam, v.description("Only this team's (its id)."))),
});

/** Which of the red team's files to download. */
export const FindingFileQuery = v.object({
  key: v.pipe(FileKey, v.description("The file's key, as a finding lists it (or as its upload form gave it).")),
});
