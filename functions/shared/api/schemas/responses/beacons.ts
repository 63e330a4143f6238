/**
 * Answers about the red team's beacons: a beacon as the red team and
 * organisers see it, one just opened (its token, once), a check-in, a void,
 * and a team's view (their schemas are the domain's, domain/beacons.ts).
 */
export { BeaconCheckInSchema, BeaconCreatedSchema, BeaconDeductionSchema, BeaconSchema, BeaconVoidSchema, TeamBeaconsSchema } from '#shared/domain/beacons';
