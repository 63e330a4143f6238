import * as v from 'valibot';
import { FINDING_DECISIONS, FINDING_STATES } from '#shared/domain/findings';
import { Id, Count, named } from '#shared/api/schemas/responses/parts';
import { StoredFileSchema } from '#shared/api/schemas/responses/injects';

/**
 * Answers about the red team's findings and the organisers' rulings.
 */

export const FindingKindsSchema = named(
  'FindingKinds',
  "The organisers' table of finding kinds: what the red team may file, and what each takes off a team once approved.",
  v.strictObject({
    kinds: v.array(v.strictObject({ id: v.string(), name: v.string(), points: Count })),
  }),
);

const findingReviewFields = {
  n: v.pipe(Id, v.description('Which ruling it is (1: the first; higher: a second look).')),
  decision: v.picklist(FINDING_DECISIONS),
  points: v.pipe(Count, v.description('The points an approval gave it (0 otherwise).')),
  reason: v.string(),
  counted: v.pipe(v.boolean(), v.description('Whether it counts: an approved repeat (the same team, service and kind within the window) does not.')),
  repeat_of: v.pipe(v.nullable(Id), v.description('The counted finding an approved repeat repeats.')),
  reviewed_at: v.string(),
};

export const FindingSchema = named(
  'Finding',
  "A red team finding, kept whole, with the evidence added since and its latest ruling. Organisers' and the red team's read: never a team's.",
  v.strictObject({
    id: Id,
    team_id: Id,
    service_id: Id,
    kind: v.string(),
    kind_name: v.pipe(v.string(), v.description("The kind's name when it was filed.")),
    kind_points: v.pipe(Count, v.description("The kind's points when it was filed.")),
    done_at: v.string(),
    description: v.pipe(v.string(), v.description('Markdown.')),
    files: v.pipe(v.array(StoredFileSchema), v.description('Its evidence: download each with GET /red-team/files?key=…')),
    additions: v.array(
      v.strictObject({ note: v.pipe(v.string(), v.description('Markdown.')), files: v.array(StoredFileSchema), added_by: v.string(), added_at: v.string() }),
    ),
    filed_by: v.pipe(v.string(), v.description('The red team member whose session filed it (an organiser when filed with a token).')),
    filed_at: v.string(),
    state: v.picklist(FINDING_STATES),
    reviews: v.pipe(Count, v.description('How many rulings it has had: a review names it as `replaces` (null for 0).')),
    deducted: v.pipe(Count, v.description('What it takes off its team now.')),
    review: v.pipe(
      v.nullable(named('FindingReview', "A finding's latest ruling.", v.strictObject(findingReviewFields))),
      v.description('null: not reviewed yet.'),
    ),
  }),
);

export const FindingRulingSchema = named(
  'FindingRuling',
  'An organiser’s ruling on a finding, kept whole (a second look is the next, the old one stays), with what it changed on the board.',
  v.strictObject({
    finding_id: Id,
    team_id: Id,
    ...findingReviewFields,
    deducted: v.pipe(Count, v.description('What it takes off the team: its points when approved and counted, else 0.')),
    award: v.pipe(v.number(), v.description("What it changed on the team's points: minus its deduction, plus the one before it.")),
    super_type_id: v.pipe(Id, v.description('Where its points come off: the super type the settings named at its first ruling.')),
    reviewed_by: v.string(),
  }),
);

export const TeamFindingsSchema = named(
  'TeamFindings',
  'The red team findings approved against a team, as the team sees them: never who filed them, nor their evidence.',
  v.strictObject({
    visible: v.pipe(
      v.boolean(),
      v.description('Whether the settings show them now (`red_team_findings_shown`): when false, `findings` is empty until they do.'),
    ),
    findings: v.array(
      v.strictObject({
        id: Id,
        service_id: Id,
        kind: v.string(),
        kind_name: v.string(),
        done_at: v.string(),
        points: v.pipe(Count, v.description('What it took off the team (0: a repeat of one counted).')),
        description: v.pipe(v.nullable(v.string()), v.description("The red team's description (Markdown), when the settings show it.")),
      }),
    ),
  }),
);
