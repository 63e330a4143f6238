import { conflict } from '#shared/http/problem';

/** 409 `competition_final`: the competition was finalised, so nothing may change a score any more. */
export const competitionFinal = () =>
  conflict('competition_final', 'The competition is finalised: its results are locked and nothing may change a score any more.');
