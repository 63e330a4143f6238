/**
 * Incident reports (issue #29): a blue team files what it saw the red team
 * do (when, on which hosts, what happened); organisers grade each report,
 * and the grade's points go to the super type the settings name (the red
 * team's), through the fold, as an inject's grade does. Pure shapes and rules.
 */
import * as v from 'valibot';
import type { StoredFile } from '#shared/domain/stored-file';
import { Count, Id, inSchemaOrder, named } from '#shared/domain/shapes';

/** A team's report, kept whole, never changed. */
export interface IncidentReport {
  id: number;
  team_id: number;
  /** When the team saw it happen. */
  observed_at: string;
  /** The team's hosts it touched, as the team names them. */
  hosts: string[];
  /** What was done, and what the team did about it (Markdown). */
  description: string;
  /** Its evidence, uploaded first, as the bucket held it when the report was filed. */
  files: StoredFile[];
  submitted_by: string;
  submitted_at: string;
  /** The red team finding it answers, one the team was shown (null: none). */
  finding_id: number | null;
}

const incidentGradeShownFields = {
  n: v.pipe(Id, v.description('1 for the first grade, one more for each regrade (the old ones kept).')),
  points: Count,
  comment: v.string(),
  graded_at: v.string(),
};

/** What a team (and the grading queue) sees of a report's latest grade. */
export const IncidentGradeShownSchema = named(
  'IncidentGradeShown',
  "An incident report's latest grade, with the grader's comment.",
  v.strictObject(incidentGradeShownFields),
);
export type IncidentGradeShown = v.InferOutput<typeof IncidentGradeShownSchema>;

// A grade is stored and answered with its time last, after who gave it.
const { graded_at, ...gradeFields } = incidentGradeShownFields;

/** A grade of a report: a regrade is the next `n`, the old one kept. */
export const IncidentGradeSchema = named(
  'IncidentGrade',
  'A grade of an incident report, kept whole (a regrade is the next, the old one stays), with what it changed on the board.',
  v.strictObject({
    incident_id: Id,
    team_id: Id,
    ...gradeFields,
    // What this grade changes on the board from the one before it (the fold adds it).
    award: v.pipe(v.number(), v.description("What it added to the team's points: its points less the previous grade's.")),
    // So Red Team reads "earned of what the graded reports could earn", findings taken off the earned.
    max_award: v.pipe(
      Count,
      v.description("What it added to its super type's maximum: incident_report_max_points at a report's first grade (what it could earn), 0 at a regrade."),
    ),
    super_type_id: v.pipe(Id, v.description('Where its points go: the super type the settings named at its first grade.')),
    graded_by: v.string(),
    graded_at,
  }),
);
export type IncidentGrade = v.InferOutput<typeof IncidentGradeSchema>;

/** Reports a team may file in an hour (429 `incidents_limited` past it): each is up to 50 000 characters and five files. */
export const INCIDENT_REPORTS_PER_HOUR = 20;

export const shownGrade = (grade: IncidentGrade): IncidentGradeShown => inSchemaOrder(IncidentGradeShownSchema, grade);
