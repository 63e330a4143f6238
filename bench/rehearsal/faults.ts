import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Ledger, RecordingProxy } from './ledger';
import type { FaultKind, FaultPlan } from './plan';
import type { Managed } from './processes';
import type { LocalSide } from './stage';
import { sleep } from './pace';

/**
 * The faults a rehearsal injects, each on its schedule, printed and logged
 * with its start and end, and each proved to have happened: a process id
 * that changed, a process that was paused, requests that were refused or
 * dropped. A fault that did not happen fails the run.
 */
export interface FaultRecord {
  kind: FaultKind;
  /** The agent a fault took (the first of the range pool's to hold a slice). */
  agent?: string;
  started: number;
  ended?: number;
  /** What shows it happened; undefined until checked. */
  proof?: string;
  happened?: boolean;
  /** Why it was not played: a deployed stage's server side is not the rehearsal's to fault. */
  notPlayed?: string;
}

export interface FaultTargets {
  /** The local twin's server side (its database, server, stream consumer, fault hook); none on a deployed stage. */
  local?: LocalSide;
  /** The range pool's agents a fault may take: whichever holds a slice first is killed, or paused. */
  rangeAgents: Managed[];
  fastAgent: Managed;
  rangeProxy: RecordingProxy;
  roundMs: number;
  origin: string;
  ledger: Ledger;
  say: (line: string) => void;
}

/** The faults that act on the server side, played on the local twin only. */
const SERVER_SIDE: ReadonlySet<FaultKind> = new Set(['gateway-503', 'gateway-429', 'database-stalled', 'server-killed', 'stream-consumer-killed']);

/** Plays one fault to its end; resolves with its record (proof checked later for those the ledger proves). */
export async function inject(fault: FaultPlan, targets: FaultTargets): Promise<FaultRecord> {
  const record: FaultRecord = { kind: fault.kind, started: Date.now() };
  const local = targets.local;
  if (SERVER_SIDE.has(fault.kind) && !local) {
    record.ended = record.started;
    record.notPlayed = "not played here: a deployed stage's server side is not the rehearsal's to fault";
    targets.say(`fault ${fault.kind}: ${record.notPlayed}`);
    return record;
  }
  targets.say(`fault ${fault.kind}: starts${fault.lasts ? ` (for ${Math.round(fault.lasts / 1000)} s)` : ''}`);
  switch (fault.kind) {
    case 'agent-clock-ahead':
      // Its agent was started with its clock 90 s ahead; the ledger proves the refusals at the end.
      break;
    case 'gateway-503':
    case 'gateway-429':
      writeFileSync(local!.faultFile, JSON.stringify({ status: fault.kind === 'gateway-503' ? 503 : 429, share: 0.3 }));
      await sleep(fault.lasts);
      rmSync(local!.faultFile, { force: true });
      break;
    case 'database-stalled': {
      process.kill(local!.dynamodbPid, 'SIGSTOP');
      // A read while it is stalled: a 503 after the database call's budget, never a hang.
      const probe = (async () => {
        await sleep(2000);
        const sent = Date.now();
        const answer = await targets.ledger.fetch('rehearsal (stall probe)', `${targets.origin}/api/v1/teams`);
        return { status: answer.status, ms: Date.now() - sent };
      })();
      await sleep(fault.lasts);
      process.kill(local!.dynamodbPid, 'SIGCONT');
      const seen = await probe;
      record.happened = seen.status === 503;
      record.proof = `DynamoDB Local (pid ${local!.dynamodbPid}) stopped and continued; a read meanwhile: ${seen.status} after ${seen.ms} ms`;
      break;
    }
    case 'server-killed': {
      const before = local!.server.child?.pid;
      await local!.server.kill();
      const down = await targets.ledger.fetch('rehearsal (server probe)', `${targets.origin}/api/v1/teams`);
      await local!.server.run();
      const up = await targets.ledger.fetch('rehearsal (server probe)', `${targets.origin}/api/v1/teams`);
      const after = local!.server.child?.pid;
      record.happened = before !== after && down.status === 0 && up.status === 200;
      record.proof = `the API server's pid ${before} → ${after}; while it was down a read got ${down.status || 'no answer'}, after: ${up.status}`;
      break;
    }
    case 'stream-consumer-killed': {
      const before = local!.consumer.child?.pid;
      // While results flow: a batch in hand (or one on its way) dies with it, and comes again after the checkpoint.
      await local!.consumer.kill();
      const placeBefore = existsSync(local!.checkpointFile) ? readFileSync(local!.checkpointFile, 'utf8') : '';
      const logged = existsSync(local!.consumerLog) ? readFileSync(local!.consumerLog, 'utf8').length : 0;
      await sleep(fault.lasts);
      await local!.consumer.run();
      // Once it has folded something more, its place has moved on from the checkpoint it started on.
      let placeAfter = placeBefore;
      for (let i = 0; i < 60 && placeAfter === placeBefore; i++) {
        await sleep(500);
        placeAfter = existsSync(local!.checkpointFile) ? readFileSync(local!.checkpointFile, 'utf8') : '';
      }
      const after = local!.consumer.child?.pid;
      // The restarted consumer says where it read each shard from: after its checkpoint, not the stream's start.
      const said = readFileSync(local!.consumerLog, 'utf8').slice(logged);
      const resumed = /from its checkpoint, after \d+/.test(said) && !/from the trim horizon/.test(said);
      record.happened = before !== after && placeBefore !== '' && resumed && placeAfter !== placeBefore;
      record.proof = `the stream consumer's pid ${before} → ${after}; its checkpoint ${placeBefore ? 'was kept' : 'was missing'}, it went on ${resumed ? 'after it' : 'NOT after it'} and ${placeAfter !== placeBefore ? 'moved on' : 'did not move'}`;
      break;
    }
    case 'pool-cut-off': {
      const before = targets.rangeProxy.dropped();
      targets.rangeProxy.cut(true);
      await sleep(fault.lasts);
      targets.rangeProxy.cut(false);
      const dropped = targets.rangeProxy.dropped() - before;
      record.happened = dropped > 0;
      record.proof = `the range pool's connections to the API: ${dropped} dropped`;
      break;
    }
    case 'agent-killed': {
      const agent = await holdingASlice(targets, record);
      if (!agent) break;
      const before = agent.child?.pid;
      await agent.kill();
      await sleep(fault.lasts);
      await agent.run();
      record.happened = before !== agent.child?.pid;
      record.proof = `${agent.name} SIGKILLed holding a slice (pid ${before}), started again (pid ${agent.child?.pid})`;
      break;
    }
    case 'agent-stopped': {
      const agent = await holdingASlice(targets, record);
      if (!agent) break;
      const pid = agent.child?.pid;
      agent.signal('SIGSTOP');
      await sleep(fault.lasts);
      agent.signal('SIGCONT');
      // Paused and gone on, the same process: the ledger shows the lease it held ran out meanwhile (report.ts).
      record.happened = pid !== undefined && agent.child?.pid === pid && agent.child.exitCode === null;
      record.proof = `${agent.name} (pid ${agent.child?.pid}) SIGSTOPped for ${Math.round(fault.lasts / 1000)} s, past its lease`;
      break;
    }
  }
  record.ended = Date.now();
  targets.say(`fault ${fault.kind}: ends${record.proof ? ` (${record.proof})` : ''}`);
  return record;
}

/**
 * Waits (two rounds at most) until one of the range pool's agents has just
 * been given a slice, and names it: it is then killed or paused mid-round,
 * holding the slice. The fault's start is then; none holding one, nothing is
 * done and the fault did not happen.
 */
async function holdingASlice(targets: FaultTargets, record: FaultRecord): Promise<Managed | undefined> {
  const from = targets.ledger.entries.length;
  const names = new Set(targets.rangeAgents.map((a) => a.name));
  for (const end = Date.now() + targets.roundMs * 2; Date.now() < end; await sleep(25)) {
    const claim = targets.ledger.entries
      .slice(from)
      .find(
        (e) =>
          /\/claims$/.test(e.path) &&
          e.status === 200 &&
          names.has((e.body as { agent?: string }).agent ?? '') &&
          typeof (e.answer as { slice?: number | null }).slice === 'number',
      );
    if (claim) {
      record.started = Date.now();
      record.agent = (claim.body as { agent: string }).agent;
      return targets.rangeAgents.find((a) => a.name === record.agent);
    }
  }
  record.started = Date.now();
  record.happened = false;
  record.proof = 'no range agent held a slice in two rounds: none taken';
  return undefined;
}
