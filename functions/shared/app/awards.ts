/**
 * The awards organisers make (an inject's grade, an incident report's grade,
 * a ruling on a red team finding) are written the same way: the next in a
 * numbered line, refused once the results are final. One answer for all.
 */
import { conflict } from '#shared/http/problem';

/**
 * What an award's write answers: the award, or 409 (`competition_final`
 * without the override; the caller's own, `grade_changed` or
 * `finding_changed`, when another organiser's took its number first).
 */
export function gradeWritten<G>(outcome: 'stored' | 'final' | 'taken', grade: G, changed: () => Error): G {
  switch (outcome) {
    case 'stored':
      return grade;
    case 'final':
      throw conflict(
        'competition_final',
        'The competition is finalised: its results are locked. Send "override_final": true to grade anyway (the audit trail says so).',
      );
    case 'taken':
      throw changed();
  }
}
