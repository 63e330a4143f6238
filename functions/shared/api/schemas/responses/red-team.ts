import * as v from 'valibot';
import { FindingRulingSchema, FindingSchema, TeamFindingSchema } from '#shared/domain/findings';
import { Count, named } from '#shared/domain/shapes';

/**
 * Answers about the red team's findings and the organisers' rulings: a
 * finding and a ruling are answered as they are kept (their schemas are the
 * domain's, domain/findings.ts).
 */

export { FindingRulingSchema, FindingSchema };

export const FindingKindsSchema = named(
  'FindingKinds',
  "The organisers' table of finding kinds: what the red team may file, and what each takes off a team once approved.",
  v.strictObject({
    kinds: v.array(v.strictObject({ id: v.string(), name: v.string(), points: Count })),
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
    findings: v.array(TeamFindingSchema),
  }),
);
