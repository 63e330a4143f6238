import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Ledger, RecordingProxy } from './ledger';
import type { FaultKind, FaultPlan } from './plan';
import type { Managed } from './processes';

/**
 * The faults a rehearsal injects, each on its schedule, printed and logged
 * with its start and end, and each proved to have happened: a process id
 * that changed, a process that was paused, requests that were refused or
 * dropped. A fault that did not happen fails the run.
 */
export interface FaultRecord {
  kind: FaultKind;
  started: number;
  ended?: number;
  /** What shows it happened; undefined until checked. */
  proof?: string;
  happened?: boolean;
}

export interface FaultTargets {
  dynamodbPid: number;
  server: Managed;
  consumer: Managed;
  /** The range pool's agents: the first is killed, the second paused; `fast` runs 90 s ahead all along. */
  rangeAgents: Managed[];
  fastAgent: Managed;
  rangeProxy: RecordingProxy;
  faultFile: string;
  checkpointFile: string;
  roundMs: number;
  origin: string;
  ledger: Ledger;
  say: (line: string) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Plays one fault to its end; resolves with its record (proof checked later for those the ledger proves). */
export async function inject(fault: FaultPlan, targets: FaultTargets): Promise<FaultRecord> {
  const record: FaultRecord = { kind: fault.kind, started: Date.now() };
  targets.say(`fault ${fault.kind}: starts${fault.lasts ? ` (for ${Math.round(fault.lasts / 1000)} s)` : ''}`);
  switch (fault.kind) {
    case 'agent-clock-ahead':
      // Its agent was started with its clock 90 s ahead; the ledger proves the refusals at the end.
      break;
    case 'gateway-503':
    case 'gateway-429':
      writeFileSync(targets.faultFile, JSON.stringify({ status: fault.kind === 'gateway-503' ? 503 : 429, share: 0.3 }));
      await sleep(fault.lasts);
      rmSync(targets.faultFile, { force: true });
      break;
    case 'database-stalled': {
      process.kill(targets.dynamodbPid, 'SIGSTOP');
      // A read while it is stalled: a 503 after the database call's budget, never a hang.
      const probe = (async () => {
        await sleep(2000);
        const sent = Date.now();
        const answer = await targets.ledger.fetch('rehearsal (stall probe)', `${targets.origin}/api/v1/teams`);
        return { status: answer.status, ms: Date.now() - sent };
      })();
      await sleep(fault.lasts);
      process.kill(targets.dynamodbPid, 'SIGCONT');
      const seen = await probe;
      record.happened = seen.status === 503 || seen.ms >= 2000;
      record.proof = `DynamoDB Local (pid ${targets.dynamodbPid}) stopped and continued; a read meanwhile: ${seen.status} after ${seen.ms} ms`;
      break;
    }
    case 'server-killed': {
      const before = targets.server.child?.pid;
      await targets.server.kill();
      const down = await targets.ledger.fetch('rehearsal (server probe)', `${targets.origin}/api/v1/teams`);
      await targets.server.run();
      const up = await targets.ledger.fetch('rehearsal (server probe)', `${targets.origin}/api/v1/teams`);
      const after = targets.server.child?.pid;
      record.happened = before !== after && down.status === 0 && up.status === 200;
      record.proof = `the API server's pid ${before} → ${after}; while it was down a read got ${down.status || 'no answer'}, after: ${up.status}`;
      break;
    }
    case 'stream-consumer-killed': {
      const before = targets.consumer.child?.pid;
      const placeBefore = existsSync(targets.checkpointFile) ? readFileSync(targets.checkpointFile, 'utf8') : '';
      await targets.consumer.kill();
      await sleep(fault.lasts);
      await targets.consumer.run();
      // Once it has folded something more, its place has moved on from the checkpoint it started on.
      let placeAfter = placeBefore;
      for (let i = 0; i < 60 && placeAfter === placeBefore; i++) {
        await sleep(500);
        placeAfter = existsSync(targets.checkpointFile) ? readFileSync(targets.checkpointFile, 'utf8') : '';
      }
      const after = targets.consumer.child?.pid;
      record.happened = before !== after && placeBefore !== '' && placeAfter !== placeBefore;
      record.proof = `the stream consumer's pid ${before} → ${after}; its checkpoint ${placeBefore ? 'was kept' : 'was missing'} and ${placeAfter !== placeBefore ? 'moved on after the restart' : 'did not move'}`;
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
      const agent = targets.rangeAgents[0]!;
      await holdingASlice(agent.name, targets, record);
      const before = agent.child?.pid;
      await agent.kill();
      await sleep(fault.lasts);
      await agent.run();
      record.happened = before !== agent.child?.pid;
      record.proof = `${agent.name} SIGKILLed mid-round (pid ${before}), started again (pid ${agent.child?.pid})`;
      break;
    }
    case 'agent-stopped': {
      const agent = targets.rangeAgents[1]!;
      await holdingASlice(agent.name, targets, record);
      agent.signal('SIGSTOP');
      await sleep(fault.lasts);
      agent.signal('SIGCONT');
      record.proof = `${agent.name} (pid ${agent.child?.pid}) SIGSTOPped for ${Math.round(fault.lasts / 1000)} s, past its lease`;
      break;
    }
  }
  record.ended = Date.now();
  targets.say(`fault ${fault.kind}: ends${record.proof ? ` (${record.proof})` : ''}`);
  return record;
}

/**
 * Waits (two rounds at most) until the agent has just been given a slice: it
 * is then killed or paused mid-round, holding it. The fault's start is then.
 */
async function holdingASlice(agent: string, targets: FaultTargets, record: FaultRecord): Promise<void> {
  const from = targets.ledger.entries.length;
  for (const end = Date.now() + targets.roundMs * 2; Date.now() < end; await sleep(25)) {
    const claimed = targets.ledger.entries
      .slice(from)
      .some(
        (e) =>
          /\/claims$/.test(e.path) &&
          e.status === 200 &&
          (e.body as { agent?: string }).agent === agent &&
          typeof (e.answer as { slice?: number | null }).slice === 'number',
      );
    if (claimed) break;
  }
  record.started = Date.now();
}
