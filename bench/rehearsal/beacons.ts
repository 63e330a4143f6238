import { request } from 'node:http';
import type { ActorContext } from './actors';
import { signIn, writeUntilAnswered } from './actors';
import type { Ledger } from './ledger';
import { partWay, sleep, until } from './pace';

/**
 * The red team's persistence, played while the board runs and the faults
 * fall (issue #63): a red team member opens beacons on two teams' hosts
 * (each team's networks are its 127.<team>.0.0/16 in the competition file),
 * and an implant on each host calls back through the CDN stand-in from the
 * host's own address, every CALL_EVERY_MS, until the event ends. One implant
 * also calls from another team's address (refused, counted nowhere); one
 * stops half way, so its beacon goes quiet and closes. Every call is in the
 * ledger; the report (./beacons-report.ts) holds the deductions to them.
 */

/** Past the product's 10 s between two counted calls of a beacon. */
const CALL_EVERY_MS = 10_500;

export interface PlayedBeacon {
  id: number;
  team: number;
  host: string;
  /** Where its implant calls from: the host's address. */
  address: string;
  /** When its implant stopped calling (the one that stops half way), or null. */
  stoppedAt: number | null;
}

export interface BeaconsRecord {
  beacons: PlayedBeacon[];
  problems: string[];
}

/** What is read back at the end, as an organiser: every beacon and its deductions. */
export interface CollectedBeacons {
  beacons: { id: number; team_id: number; host: string; state: string; closed_reason: string | null; rounds_counted: number; points_taken: number }[];
  deductions: Record<
    string,
    { beacon_id: number; team_id: number; round_start: string; called_at: string; deducted: number; capped: boolean; voided: boolean }[]
  >;
}

export async function playBeacons(ctx: ActorContext, cdn: string): Promise<BeaconsRecord> {
  const { ledger, plan, teamId, say } = ctx;
  const record: BeaconsRecord = { beacons: [], problems: [] };
  const tokens = new Map<number, string>();
  const red = await signIn(ctx, 'rex', { role: 'red-team' });
  // Two hosts of team 1 (its beacons share the team's cap), one of team 2.
  const chosen = [...plan.hosts.filter((h) => h.team === 1).slice(0, 2), ...plan.hosts.filter((h) => h.team === 2).slice(0, 1)];
  for (const host of chosen) {
    const opened = await openBeacon(ctx, red, teamId.get(host.team)!, host.url);
    if (typeof opened === 'string') {
      record.problems.push(`rex: no beacon on ${host.url}: ${opened}`);
      continue;
    }
    const played: PlayedBeacon = { id: opened.id, team: host.team, host: host.url, address: host.address, stoppedAt: null };
    record.beacons.push(played);
    tokens.set(opened.id, opened.token);
  }
  say(`red team: beacons ${record.beacons.map((b) => `${b.id} on ${b.host}`).join(', ') || 'none'} opened`);
  const implants = record.beacons.map(async (beacon, n) => {
    const url = `${cdn}/api/v1/beacons/${beacon.id}/check-in`;
    const token = tokens.get(beacon.id)!;
    const actor = `implant ${beacon.id} (team ${beacon.team})`;
    // The last stops a quarter of the way: its beacon goes quiet, closes, and a call-back at the end answers 410.
    const stopAt = n === record.beacons.length - 1 && record.beacons.length > 1 ? partWay(plan, 0.25) : plan.endsAt;
    // From another team's address once, early: refused, and counted nowhere.
    const stranger = `127.${beacon.team === 1 ? 2 : 1}.${plan.subnet}.77`;
    await until(partWay(plan, 0.1) + n * 700);
    await callBack(ledger, `${actor} from elsewhere`, url, token, stranger);
    while (Date.now() < stopAt) {
      await callBack(ledger, actor, url, token, beacon.address);
      await sleep(CALL_EVERY_MS);
    }
    if (stopAt < plan.endsAt) {
      beacon.stoppedAt = Date.now();
      await until(plan.endsAt - 1000);
      await callBack(ledger, `${actor} after going quiet`, url, token, beacon.address);
    }
  });
  await Promise.all(implants);
  return record;
}

/**
 * Opens a beacon. Not idempotent (a kept answer would keep the token): when
 * an answer is lost and the next try finds the host taken, that beacon is
 * one this member opened but never learnt the token of, so it is closed
 * and opened again.
 */
async function openBeacon(ctx: ActorContext, red: string, teamIdOf: number, host: string): Promise<{ id: number; token: string } | string> {
  for (let attempt = 1; Date.now() < ctx.deadline; attempt++) {
    const answer = await ctx.ledger.fetch('rex', `${ctx.origin}/api/v1/red-team/beacons`, {
      method: 'POST',
      headers: { authorization: `Bearer ${red}`, 'content-type': 'application/json' },
      body: JSON.stringify({ team_id: teamIdOf, host, note: 'rehearsal implant' }),
    });
    const json = answer.json as { beacon?: { id: number }; token?: string; code?: string; detail?: string } | undefined;
    if (answer.status === 201 && json?.beacon && json.token) return { id: json.beacon.id, token: json.token };
    if (answer.status === 409 && json?.code === 'beacon_open') {
      const open = Number(/Beacon (\d+)/.exec(json.detail ?? '')?.[1]);
      await writeUntilAnswered(ctx.ledger, 'rex', `${ctx.origin}/api/v1/red-team/beacons/${open}/close`, undefined, {
        token: red,
        key: `close-${open}-${attempt}`,
        deadline: ctx.deadline,
      });
      continue;
    }
    if (answer.status !== 0 && answer.status < 500 && answer.status !== 429) return `${answer.status} ${JSON.stringify(json)}`;
    await sleep(Math.min(5000, 250 * 2 ** attempt));
  }
  return 'no answer by the deadline';
}

/** One call-back from an address of this machine, written to the ledger (node:http: fetch cannot choose its source address). */
function callBack(ledger: Ledger, actor: string, url: string, token: string, localAddress: string): Promise<void> {
  const sent = Date.now();
  return new Promise((resolve) => {
    const done = (status: number, answer?: unknown, error?: string) => {
      ledger.add({
        actor,
        method: 'POST',
        path: new URL(url).pathname,
        sent,
        answered: Date.now(),
        status,
        body: { from: localAddress },
        answer,
        ...(error ? { error } : {}),
      });
      resolve();
    };
    const req = request(url, { method: 'POST', localAddress, headers: { 'x-beacon-token': token, 'content-length': '0' }, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        let answer: unknown = text.slice(0, 500);
        try {
          answer = JSON.parse(text);
        } catch {
          // Not JSON: kept as text.
        }
        done(res.statusCode ?? 0, answer);
      });
      res.on('error', (error) => done(0, undefined, error.message));
    });
    req.on('timeout', () => req.destroy(new Error('no answer in 30 s')));
    req.on('error', (error) => done(0, undefined, error.message));
    req.end();
  });
}

/** Every beacon and its deductions, as an organiser reads them at the end. */
export async function collectBeacons(get: <T>(path: string) => Promise<T>): Promise<CollectedBeacons> {
  const beacons = await get<CollectedBeacons['beacons']>('/api/v1/red-team/beacons');
  const deductions: CollectedBeacons['deductions'] = {};
  for (const b of beacons) deductions[String(b.id)] = await get(`/api/v1/red-team/beacons/${b.id}/deductions`);
  return { beacons, deductions };
}
