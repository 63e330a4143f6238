/**
 * The red team's persistence (issue #63): a red team member opens a beacon
 * on a team host and gets its token once; the implant checks in with it
 * from inside the team's network; the first accepted check-in of each round
 * writes that round's deduction off the red team's super type, through the
 * fold; a beacon quiet for `beacon_expiry_rounds` rounds closes, and so does
 * one the red team or an organiser closes. Organisers may void a beacon's
 * deductions (a preview first). Decision 0085 says where a check-in's address
 * comes from; domain/beacons.ts holds the rules.
 */
import type * as v from 'valibot';
import type { BeaconBody } from '#shared/api/schemas/requests/beacons';
import type { AuditContext } from '#shared/data/audit';
import { allocateId } from '#shared/data/counters';
import {
  acceptCall,
  closeBeacon,
  countRound,
  listBeacons,
  markBeaconVoided,
  openBeaconOn,
  putBeacon,
  readBeacon,
  recordRefusal,
  roundTaken,
  teamBeaconDeductions,
  voidDeductions,
  type CallWritten,
} from '#shared/data/beacons';
import { isBeaconToken, newBeaconToken } from '#shared/auth/beacon-tokens';
import { freshSettings } from '#shared/data/fresh';
import { definitionsOfTeam } from '#shared/data/services';
import { takeFromWindow } from '#shared/data/team-limits';
import { readTeamProfile } from '#shared/data/teams';
import {
  beaconAsShown,
  beaconExpired,
  beaconExpiresAt,
  BEACONS_PER_HOUR,
  CHECK_IN_INTERVAL_SECONDS,
  roundDeduction,
  teamBeacon,
  teamsSeeBeacons,
  type Beacon,
  type BeaconCheckIn,
  type BeaconDeduction,
  type BeaconRules,
  type BeaconVoid,
  type StoredBeacon,
  type TeamBeacon,
} from '#shared/domain/beacons';
import { inNetworks } from '#shared/domain/networks';
import { roundStartAt } from '#shared/domain/rounds';
import { scoringOpenAt } from '#shared/domain/settings';
import { competitionFinal, conflict, gone, HttpProblem, notFound, serviceUnavailable, tooManyRequests, validationFailed } from '#shared/http/problem';
import { formatTimestamp } from '#shared/validation';

const beaconsOff = () =>
  conflict('beacons_off', 'This competition takes no red team beacons (its settings name no super type for the red team: red_team_findings_super_type_id).');

/** The settings beacons are judged by, and where their deductions come off (null: beacons are off). */
async function beaconSettings() {
  const fresh = await freshSettings();
  return { ...fresh, rules: fresh.settings satisfies BeaconRules, superTypeId: fresh.settings.red_team_findings_super_type_id };
}

/** A beacon as it stands now: an open one quiet past its expiry shows closed (`expired`), as its next check-in would find it. */
function asOfNow(beacon: StoredBeacon, rules: BeaconRules, now: number): Beacon {
  const shown = beaconAsShown(beacon);
  if (shown.state !== 'open' || !beaconExpired(shown, rules, now)) return shown;
  return { ...shown, state: 'closed', closed_reason: 'expired', closed_at: formatTimestamp(new Date(beaconExpiresAt(shown, rules))) };
}

/** Closes a beacon gone quiet, as of when it went quiet (false: it was closed meanwhile). */
const closeExpired = (beacon: StoredBeacon, rules: BeaconRules) => closeBeacon(beacon, 'expired', formatTimestamp(new Date(beaconExpiresAt(beacon, rules))));

/** What the red team asks for: a beacon on one of a team's hosts. */
export type BeaconAsked = v.InferOutput<typeof BeaconBody>;

/**
 * A red team member opens a beacon: on a visible team with networks, on one
 * of its services' hosts, where no beacon is open (409 `beacon_open` naming
 * it). The answer carries the token, this once.
 */
export async function openBeacon(
  asked: BeaconAsked,
  member: string,
  audit: AuditContext,
  now = new Date(),
): Promise<{ beacon: Beacon; token: string; callback_url: string }> {
  const { superTypeId, rules } = await beaconSettings();
  if (superTypeId === null) throw beaconsOff();
  const team = await readTeamProfile(asked.team_id);
  // The red team reads what the public reads: a hidden team names nothing to it.
  if (!team || team.hidden) throw validationFailed([{ path: 'team_id', message: `names no team (${asked.team_id})` }]);
  if (team.networks.length === 0) {
    throw conflict(
      'team_without_networks',
      `Team ${team.number} (${team.name}) has no networks: a check-in could come from anywhere. An organiser gives it its public egress ranges first (PATCH /teams/${team.id} {"networks": [...]}).`,
    );
  }
  const hosts = [...new Set((await definitionsOfTeam(team.number)).filter((d) => !d.hidden && !d.disabled).map((d) => d.service.url.toLowerCase()))].sort();
  const host = asked.host.toLowerCase();
  if (!hosts.includes(host)) {
    throw validationFailed([{ path: 'host', message: `is not a host of team ${team.number}'s services (${hosts.join(', ') || 'it has none'})` }]);
  }
  await noOpenBeaconOn(team.id, host, rules, now.getTime());
  const limited = await takeFromWindow('red', { kind: 'beacons', count: BEACONS_PER_HOUR, windowSeconds: 3600 }, now.getTime(), member);
  if (limited) {
    throw tooManyRequests(
      'beacons_limited',
      `A red team member may open ${BEACONS_PER_HOUR} beacons an hour: try again in ${limited.retryAfterSeconds} s.`,
      limited.retryAfterSeconds,
    );
  }
  const { token, hash } = newBeaconToken();
  const beacon: StoredBeacon = {
    id: await allocateId('beacon'),
    team_id: team.id,
    host,
    note: asked.note ?? '',
    state: 'open',
    closed_reason: null,
    created_by: member,
    created_at: formatTimestamp(now),
    closed_at: null,
    first_call_at: null,
    last_call_at: null,
    rounds_counted: 0,
    points_taken: 0,
    voided: false,
    refusals: 0,
    recent_refusals: [],
    token_hash: hash,
    counted_round: 0,
    refused_at_ms: 0,
    last_call_ms: 0,
  };
  // Taken meanwhile: by an open beacon (409), or by one that went quiet, now closed: then the host is free again.
  for (let attempt = 0; (await putBeacon(beacon, audit)) === 'host-taken'; attempt++) {
    if (attempt === 2) throw serviceUnavailable('beacon_busy', `Beacons kept being opened on ${host} at once: open it again.`, 1);
    await noOpenBeaconOn(team.id, host, rules, now.getTime());
  }
  return { beacon: beaconAsShown(beacon), token, callback_url: checkInPath(beacon.id) };
}

/** Where a beacon's implant checks in, on the URL the API is called on (through the CDN). */
export const checkInPath = (id: number) => `/api/v1/beacons/${id}/check-in`;

/** 409 `beacon_open` naming the beacon open on the host, unless it went quiet (then it is closed now). */
async function noOpenBeaconOn(teamId: number, host: string, rules: BeaconRules, now: number): Promise<void> {
  const openId = await openBeaconOn(teamId, host);
  if (openId === undefined) return;
  const open = await readBeacon(openId);
  if (open && open.state === 'open' && beaconExpired(open, rules, now)) {
    await closeExpired(open, rules);
    return;
  }
  throw conflict('beacon_open', `Beacon ${openId} is open on ${host}: one beacon a host. Close it first (POST /red-team/beacons/${openId}/close).`);
}

/** Every beacon as it stands now, for the red team and organisers (`team_id`: one team's). */
export async function beacons(options: { teamId?: number } = {}, now = Date.now()): Promise<Beacon[]> {
  const { rules } = await beaconSettings();
  return (await listBeacons()).filter((b) => options.teamId === undefined || b.team_id === options.teamId).map((b) => asOfNow(b, rules, now));
}

/** A beacon's deductions, a round each. */
export async function beaconDeductions(id: number): Promise<BeaconDeduction[]> {
  const beacon = await readBeacon(id);
  if (!beacon) throw notFound(`No beacon has id ${id}.`);
  return teamBeaconDeductions(beacon.team_id, id);
}

/** What a team sees of the beacons found on its hosts, when the settings say so. */
export async function teamBeacons(teamId: number, now = Date.now()): Promise<{ visible: boolean; beacons: TeamBeacon[] }> {
  const { settings } = await freshSettings();
  if (!teamsSeeBeacons(settings, now)) return { visible: false, beacons: [] };
  return { visible: true, beacons: (await beacons({ teamId }, now)).map(teamBeacon) };
}

/** The red team or an organiser closes a beacon: its token answers 410 from now on, and its host is free. Closed already: as it is. */
export async function closeBeaconBy(id: number, by: 'red_team' | 'organiser', audit: AuditContext, now = new Date()): Promise<Beacon> {
  const beacon = await readBeacon(id);
  if (!beacon) throw notFound(`No beacon has id ${id}.`);
  if (beacon.state === 'open') await closeBeacon(beacon, by, formatTimestamp(now), audit);
  const { rules } = await beaconSettings();
  return asOfNow((await readBeacon(id))!, rules, now.getTime());
}

/** Refused: not this beacon's token, or an address no one vouches for. Said the same way whatever the cause: a guesser learns nothing. */
const refused = () => new HttpProblem(403, 'beacon_refused', 'This check-in is refused: it has no token of this beacon, or did not come through the CDN.');
const closed = (id: number) => gone('beacon_closed', `Beacon ${id} is closed: its token counts for nothing now.`);
const tooSoon = () =>
  tooManyRequests('check_in_too_soon', `A beacon counts one check-in in ${CHECK_IN_INTERVAL_SECONDS} s: this one counted nothing.`, CHECK_IN_INTERVAL_SECONDS);
const busy = () => serviceUnavailable('beacon_busy', "The team's beacons were checking in at once: nothing was counted; check in again.", 1);

/**
 * An implant checks in. The token must be this beacon's and the address one
 * the CDN vouches for (403 otherwise, counted nowhere); the beacon open (410
 * once closed, or gone quiet); the address in its team's networks (403,
 * counted on the beacon as a refusal, at most one a second: 429 past that).
 * One check-in counts in CHECK_IN_INTERVAL_SECONDS (429 otherwise). The
 * first of a round, while scoring is open and the results are not final,
 * writes the round's deduction, capped by what the team's beacons took in
 * the round; a conflict with another check-in is 503 and counts nothing.
 */
export async function checkIn(id: number, token: string | undefined, address: string | undefined, now = new Date()): Promise<BeaconCheckIn> {
  let beacon = await readBeacon(id);
  if (!beacon || !isBeaconToken(token, beacon.token_hash) || address === undefined) throw refused();
  if (beacon.state !== 'open') throw closed(id);
  const { settings, rules, superTypeId, final } = await beaconSettings();
  const nowMs = now.getTime();
  if (beaconExpired(beacon, rules, nowMs)) {
    await closeExpired(beacon, rules);
    throw closed(id);
  }
  const team = await readTeamProfile(beacon.team_id);
  const networks = team?.networks ?? [];
  if (!inNetworks(address, networks)) {
    const why = networks.length === 0 ? 'no_networks' : 'outside_networks';
    if (!(await recordRefusal(beacon, { at: formatTimestamp(now), address: address.slice(0, 64), why }, nowMs))) {
      throw tooManyRequests('check_in_refusals_limited', 'Refused check-ins of this beacon are counted once a second: this one was not.', 1);
    }
    throw new HttpProblem(
      403,
      'beacon_outside_networks',
      `This check-in came from outside team ${team?.number ?? beacon.team_id}'s networks: it counts nothing.`,
    );
  }
  const round = roundStartAt(nowMs, rules.round_seconds);
  const roundStart = formatTimestamp(new Date(round));
  const at = formatTimestamp(now);
  const counts = superTypeId !== null && !final && scoringOpenAt(settings, now);
  for (let attempt = 0; attempt < 3; attempt++) {
    if (nowMs - beacon.last_call_ms < CHECK_IN_INTERVAL_SECONDS * 1000) throw tooSoon();
    let outcome: CallWritten;
    let answer: BeaconCheckIn = { beacon_id: id, round_start: roundStart, deducted: 0, capped: false };
    if (counts && beacon.counted_round < round) {
      const taken = await roundTaken(beacon.team_id, roundStart);
      const { deducted, capped } = roundDeduction(rules, taken);
      const deduction = {
        beacon_id: id,
        team_id: beacon.team_id,
        super_type_id: superTypeId,
        round_start: roundStart,
        called_at: at,
        deducted,
        capped,
        voided: false,
      };
      outcome = await countRound(beacon, deduction, round, taken, nowMs);
      if (outcome === 'final') outcome = await acceptCall(beacon, at, nowMs);
      else answer = { ...answer, deducted, capped };
    } else outcome = await acceptCall(beacon, at, nowMs);
    if (outcome === 'stored') return answer;
    if (outcome === 'busy') throw busy();
    // The beacon or the team's count moved under this check-in: see how it stands now.
    beacon = (await readBeacon(id))!;
    if (beacon.state !== 'open') throw closed(id);
  }
  throw busy();
}

/** A beacon's deductions that still count, and what they took. */
async function standingDeductions(beacon: StoredBeacon) {
  const standing = (await teamBeaconDeductions(beacon.team_id, beacon.id)).filter((d) => !d.voided);
  return { standing, figures: { deductions: standing.length, points: standing.reduce((sum, d) => sum + d.deducted, 0) } };
}

/**
 * An organiser voids a beacon's deductions: the preview (what they give
 * back), or the void itself: the beacon closed and marked voided first, so
 * that no check-in writes another, then its deductions read again (one that
 * landed meanwhile among them) and flipped. Run again, it flips what a stop
 * left. Refused once the results are final.
 */
export async function voidBeacon(id: number, dryRun: boolean, audit: AuditContext, now = new Date()): Promise<BeaconVoid> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const beacon = await readBeacon(id);
    if (!beacon) throw notFound(`No beacon has id ${id}.`);
    const { figures } = await standingDeductions(beacon);
    if (dryRun) return { beacon_id: id, team_id: beacon.team_id, ...figures, applied: false };
    const marked = await markBeaconVoided(beacon, formatTimestamp(now), audit, figures);
    if (marked === 'final') throw competitionFinal();
    if (marked === 'changed') continue;
    const { standing, figures: flipped } = await standingDeductions(beacon);
    if ((await voidDeductions(standing)) === 'final') throw competitionFinal();
    return { beacon_id: id, team_id: beacon.team_id, ...flipped, applied: true };
  }
  throw serviceUnavailable('beacon_busy', `Beacon ${id} kept changing while it was voided: void it again.`, 1);
}
