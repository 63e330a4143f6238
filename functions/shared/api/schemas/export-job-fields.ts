/**
 * The fields every export job's answer has, whatever the job writes (an
 * inject's submissions: responses/injects.ts; the debriefs:
 * responses/debriefs.ts), spread into each around its own.
 */
import * as v from 'valibot';
import { EXPORT_STATES } from '#shared/domain/exports';
import { Count } from '#shared/domain/shapes';

/** What every export job answers, whatever it writes: its state and who asked, when it ran (before what it holds)… */
export const exportJobProgress = {
  state: v.picklist(EXPORT_STATES),
  requested_by: v.string(),
  requested_at: v.string(),
  started_at: v.nullable(v.string()),
  finished_at: v.nullable(v.string()),
};

/** …and once done its ZIP and a link to it, or why it failed (after what it holds). */
export const exportJobResult = {
  key: v.nullable(v.string()),
  bytes: v.nullable(v.pipe(Count, v.description("The ZIP's size, once written."))),
  url: v.nullable(v.pipe(v.string(), v.description('Done: a link that downloads the ZIP, good for an hour from this answer.'))),
  expires_at: v.nullable(v.string()),
  error: v.nullable(v.string()),
};
