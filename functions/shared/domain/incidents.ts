/**
 * Incident reports (issue #29): a blue team files what it saw the red team
 * do (when, on which hosts, what happened); organisers grade each report,
 * and the grade's points go to the super type the settings name (the red
 * team's), through the fold, as an inject's grade does. Pure shapes and rules.
 */

import type { StoredFile } from '#shared/domain/files';

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

/** A grade of a report: a regrade is the next `n`, the old one kept. */
export interface IncidentGrade {
  incident_id: number;
  team_id: number;
  n: number;
  points: number;
  comment: string;
  /** What this grade changes on the board from the one before it (the fold adds it). */
  award: number;
  /**
   * What it moves its super type's maximum by: the settings' incident_report_max_points at a report's first grade
   * (what the report could have earned), 0 at a regrade. So Red Team reads "earned of what the graded reports could
   * earn", findings taken off the earned.
   */
  max_award: number;
  super_type_id: number;
  graded_by: string;
  graded_at: string;
}

/** What a team (and the grading queue) sees of a report's latest grade. */
export type IncidentGradeShown = Pick<IncidentGrade, 'n' | 'points' | 'comment' | 'graded_at'>;

/** Reports a team may file in an hour (429 `incidents_limited` past it): each is up to 50 000 characters and five files. */
export const INCIDENT_REPORTS_PER_HOUR = 20;

export const shownGrade = ({ n, points, comment, graded_at }: IncidentGrade): IncidentGradeShown => ({ n, points, comment, graded_at });
