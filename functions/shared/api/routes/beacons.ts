import { BeaconBody, BeaconsQuery, BeaconVoidBody } from '#shared/api/schemas/requests/beacons';
import {
  BeaconCheckInSchema,
  BeaconCreatedSchema,
  BeaconDeductionSchema,
  BeaconSchema,
  BeaconVoidSchema,
  TeamBeaconsSchema,
} from '#shared/api/schemas/responses/beacons';
import { route, json, list, FINAL } from '#shared/api/route';
import { BEACON_TOKEN_HEADER, BEACON_TOKEN_PATTERN } from '#shared/domain/beacons';

/**
 * The red team's persistence (issue #63): its members open beacons on teams'
 * hosts and close them; their implants check in on a public route through
 * the CDN, which vouches for where they are (decision 0085); organisers see
 * and close every beacon and void one's deductions; a team reads the ones
 * found on its hosts when the settings show them. Never cached.
 */
export const beaconsRoutes = {
  OpenBeacon: route('OpenBeacon', 'POST', '/red-team/beacons', 'beacons/open-beacon', 'red-team', 'read-write', {
    summary: 'Open a beacon on a team host: the answer carries its check-in token, this once',
    // Not idempotent on purpose: a kept answer would keep the token.
    body: BeaconBody,
    responses: { 201: json('The beacon, its token and where its implant checks in.', BeaconCreatedSchema) },
    problems: { 409: ['beacons_off', 'team_without_networks', 'beacon_open'], 429: ['beacons_limited'], 503: ['beacon_busy'] },
  }),
  ListBeacons: route('ListBeacons', 'GET', '/red-team/beacons', 'beacons/list-beacons', 'red-team', 'read', {
    summary: 'Every beacon as it stands: state, last check-in, rounds counted, points taken, refusals',
    query: BeaconsQuery,
    responses: { 200: list('By id.', BeaconSchema) },
  }),
  ListBeaconDeductions: route('ListBeaconDeductions', 'GET', '/red-team/beacons/{id}/deductions', 'beacons/list-beacon-deductions', 'red-team', 'read', {
    summary: "A beacon's deductions, a round each: what each took, whether the team's cap took some, whether it was voided",
    responses: { 200: list('By round.', BeaconDeductionSchema) },
  }),
  CloseBeacon: route('CloseBeacon', 'POST', '/red-team/beacons/{id}/close', 'beacons/close-beacon', 'red-team', 'read-write', {
    summary: 'Close a beacon: its token answers 410 from now on, and its host may have a new one',
    responses: { 200: json('The beacon, closed (as it was, when it was closed already).', BeaconSchema) },
  }),
  VoidBeacon: route('VoidBeacon', 'POST', '/red-team/beacons/{id}/void', 'beacons/void-beacon', 'admin', 'read-write', {
    summary: "Void a beacon's deductions: the preview (the default), then the void (the beacon closes; its deductions count nothing)",
    body: BeaconVoidBody,
    responses: { 200: json('The preview, or the void done.', BeaconVoidSchema) },
    problems: { 409: [FINAL], 503: ['beacon_busy'] },
  }),
  CheckInBeacon: route('CheckInBeacon', 'POST', '/beacons/{id}/check-in', 'beacons/check-in', 'public', 'read-write', {
    summary:
      "A beacon's implant checks in (token in `X-Beacon-Token`, an empty body) from its team's networks: the round's first check-in takes `beacon_points_per_round` off the team",
    tag: 'red-team',
    viewerAddress: true,
    edgeToken: { header: BEACON_TOKEN_HEADER, pattern: BEACON_TOKEN_PATTERN },
    throttle: 'beacon-check-in',
    responses: { 200: json('Counted: the round, and what it took.', BeaconCheckInSchema) },
    problems: {
      403: ['beacon_refused', 'beacon_outside_networks'],
      410: ['beacon_closed'],
      429: ['check_in_too_soon', 'check_in_refusals_limited'],
      503: ['beacon_busy'],
    },
  }),
  ListTeamBeacons: route('ListTeamBeacons', 'GET', '/team/{id}/beacons', 'beacons/list-team-beacons', 'team', 'read', {
    summary:
      'The red team beacons found on the team’s hosts, when the settings show them: host, first and last check-in, points; never the token or who opened it',
    tag: 'team',
    responses: { 200: json('Whether they are shown now, and the beacons by id.', TeamBeaconsSchema) },
  }),
} as const;
