import * as v from 'valibot';
import { BeaconNote } from '#shared/domain/beacons';
import { PositiveInt, PositiveIntParam } from '#shared/validation';

/** The red team's beacons (issue #63): one opened, the list, a void. */

/** A beacon as the red team opens it. */
export const BeaconBody = v.strictObject({
  team_id: v.pipe(PositiveInt, v.description('The team whose host it lives on (its id): a team with networks.')),
  host: v.pipe(
    v.string(),
    v.maxLength(253),
    v.description('The host, as one of the team’s services names it (its `url`: a host name or an address), in any case.'),
  ),
  note: v.optional(BeaconNote),
});

/** The beacons, or one team's. */
export const BeaconsQuery = v.object({
  team_id: v.optional(v.pipe(PositiveIntParam, v.description("Only this team's (its id)."))),
});

/** A void of a beacon's deductions: a preview unless `dry_run` is false. */
export const BeaconVoidBody = v.strictObject({
  dry_run: v.optional(v.pipe(v.boolean(), v.description('True (the default): the preview, nothing changed. False: void them.')), true),
});
