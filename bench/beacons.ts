#!/usr/bin/env -S node --import tsx
/**
 * What a red team beacon's check-in costs (issue #63): a counting one (the
 * round's first: the transaction of the deduction, the beacon, the team's
 * round count and the final guard, after reading the beacon, the settings
 * and the team), one that counts nothing (the round counted already: the
 * beacon's own update), one refused from outside the team's networks (a
 * refusal written on the beacon), and a swarm: every beacon of one team
 * checking in at once in a new round (how many lose a race and are answered
 * 503 before all are in, and that the cap held).
 *
 *   node --import tsx bench/beacons.ts [--beacons 9] [--rounds 20] [--json]
 *
 * Its own process with its own DynamoDB Local; the app's functions called
 * in process (what the handler runs, without HTTP), with the round's time
 * given, so that every round is measured at once. DynamoDB Local's capacity
 * figures beside the time.
 */
import { parseArgs } from 'node:util';
import { systemActor } from '#shared/data/audit';
import { loadCompetition } from '#shared/data/competition';
import { listServiceRecords } from '#shared/data/services';
import { ensureTable } from '#shared/data/table';
import { checkIn, openBeacon } from '#shared/app/beacons';
import { editTeam } from '#shared/app/live-edits';
import { validateCompetition } from '#shared/domain/competition';
import { startDynamoDbLocal } from '../lib/local/dynamodb-local';
import { capacityMeter } from './capacity';
import { generateCompetition } from './generate';
import { percentile } from './load';
import { formatBeaconCost, type BeaconCost } from './beacon-figures';

const { values } = parseArgs({
  options: { beacons: { type: 'string', default: '9' }, rounds: { type: 'string', default: '20' }, json: { type: 'boolean', default: false } },
});

process.env.DYNAMODB_RETURN_CAPACITY = '1';
process.env.LOG_LEVEL = 'silent';
const beaconCount = Number(values.beacons);
const rounds = Number(values.rounds);
const dynamodb = await startDynamoDbLocal();
try {
  process.env.DYNAMODB_ENDPOINT = dynamodb.endpoint;
  process.env.TABLE_NAME = 'bench-beacons';
  await ensureTable(process.env.TABLE_NAME);
  const competition: { settings: Record<string, unknown> } = generateCompetition(2, beaconCount);
  Object.assign(competition.settings, {
    red_team_findings_super_type_id: 1,
    beacon_points_per_round: 10,
    beacon_max_points_per_round: 30,
    beacon_expiry_rounds: 1000,
  });
  const parsed = validateCompetition(competition);
  if (!parsed.ok) throw new Error(`the generated competition is invalid: ${JSON.stringify(parsed.errors)}`);
  const audit = { actor: systemActor('bench'), route: 'npm run bench' };
  await loadCompetition(parsed.value, { replace: false, loadedBy: 'bench', audit });
  const services = await listServiceRecords();
  const team = services[0]!.service.team;
  await editTeam(team.id, { networks: ['198.51.100.0/24'] }, undefined, audit);
  const hosts = [...new Set(services.filter((s) => s.service.team.id === team.id).map((s) => s.service.url))].slice(0, beaconCount);
  const opened = [];
  for (const host of hosts) opened.push(await openBeacon({ team_id: team.id, host, note: 'bench' }, 'bench', audit));
  const roundSeconds = Number(parsed.value.settings.round_seconds);
  const base = Math.ceil(Date.now() / (roundSeconds * 1000)) * roundSeconds * 1000 + 1000;
  const at = (round: number, seconds: number) => new Date(base + round * roundSeconds * 1000 + seconds * 1000);

  const meter = capacityMeter();
  const measure = async (work: () => Promise<unknown>) => {
    const t = performance.now();
    const used = await meter.during(work);
    return { ms: performance.now() - t, read: used.read, write: used.write };
  };
  const sums = () => ({ ms: [] as number[], read: 0, write: 0 });
  const counting = sums();
  const notCounting = sums();
  const refused = sums();
  const add = (to: ReturnType<typeof sums>, m: { ms: number; read: number; write: number }) => {
    to.ms.push(m.ms);
    to.read += m.read;
    to.write += m.write;
  };
  // One beacon, round after round: the round's first call counts; one 11 s later in the round counts nothing.
  const one = opened[0]!;
  for (let round = 0; round < rounds; round++) {
    add(counting, await measure(() => checkIn(one.beacon.id, one.token, '198.51.100.7', at(round, 0))));
    if (roundSeconds >= 12) add(notCounting, await measure(() => checkIn(one.beacon.id, one.token, '198.51.100.7', at(round, 11))));
    add(
      refused,
      await measure(() =>
        checkIn(one.beacon.id, one.token, '203.0.113.9', at(round, 2)).catch((error: { status?: number }) => {
          if (error.status !== 403 && error.status !== 429) throw error;
        }),
      ),
    );
  }
  // Every beacon of the team at once in a new round: the losers of a race are answered 503 and call again.
  const swarmRound = at(rounds + 1, 0);
  let busy = 0;
  let taken = 0;
  const t = performance.now();
  let pending = opened;
  for (let attempt = 0; attempt < 50 && pending.length > 0; attempt++) {
    const answers = await Promise.allSettled(pending.map((b) => checkIn(b.beacon.id, b.token, '198.51.100.8', swarmRound)));
    answers.forEach((a) => {
      if (a.status === 'fulfilled') taken += a.value.deducted;
      else if ((a.reason as { status?: number }).status === 503) busy++;
      else throw a.reason;
    });
    pending = pending.filter((_, i) => answers[i]!.status === 'rejected');
  }
  const swarmMs = performance.now() - t;
  const figures = (s: ReturnType<typeof sums>) => ({
    p50Ms: percentile(s.ms, 50),
    p99Ms: percentile(s.ms, 99),
    read: s.ms.length ? s.read / s.ms.length : 0,
    write: s.ms.length ? s.write / s.ms.length : 0,
  });
  const result: BeaconCost = {
    beacons: opened.length,
    rounds,
    counting: figures(counting),
    notCounting: figures(notCounting),
    refused: figures(refused),
    swarm: { beacons: opened.length, ms: swarmMs, busyAnswers: busy, taken, cap: 30 },
  };
  if (values.json) console.log(JSON.stringify(result));
  else console.log(formatBeaconCost(result));
} finally {
  await dynamodb.stop();
}
process.exit(0);
