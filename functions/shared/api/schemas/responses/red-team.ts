import * as v from 'valibot';
import { FindingRulingSchema, FindingSchema } from '#shared/domain/findings';
import { Id, Count, named } from '#shared/domain/shapes';

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
