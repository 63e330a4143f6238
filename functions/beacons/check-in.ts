import { beaconsRoutes } from '#shared/api/routes/beacons';
import { checkIn } from '#shared/app/beacons';
import { BEACON_TOKEN_HEADER } from '#shared/domain/beacons';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';
import { vouchedViewerAddress } from '#shared/http/viewer-address';

/** A beacon's implant checks in: where it is comes from the CDN alone (decision 0085). */
export const handler = endpoint(beaconsRoutes.CheckInBeacon, {}, async ({ id, headers, principal, log }) => {
  const counted = await checkIn(id, headers[BEACON_TOKEN_HEADER], vouchedViewerAddress(headers, principal?.via === 'iam'));
  if (counted.deducted > 0) log.info('beacon counted', { beacon: id, round: counted.round_start, deducted: counted.deducted, capped: counted.capped });
  return ok(counted);
});
