import { createWriteStream } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventShape } from '../../lib/cost/event';
import { estimateCost } from '../../lib/cost/model';
import { PRICES, PRICE_REGION, PRICES_AS_OF } from '../../lib/cost/prices';
import { readCapacityProfile } from '../../lib/cost/profile';

/**
 * The database's side of the rehearsal's figures: a meter on the wire
 * between DynamoDB Local and the processes that use it (the API server and
 * the stream consumer, which run apart, so no in-process counter sees their
 * commands). Both ask for the capacity each command consumed
 * (DYNAMODB_RETURN_CAPACITY=1, the data layer's switch); the meter passes
 * every request and answer through unchanged and logs each command's units
 * as a line of `capacity.jsonl`, for the report to add up by round.
 *
 * DynamoDB Local charges a transaction like plain reads and writes; AWS
 * charges it twice, so the meter doubles a transaction's units.
 */
export interface CapacityLine {
  t: number;
  /** The DynamoDB (or DynamoDB Streams) operation, from X-Amz-Target. */
  op: string;
  read: number;
  write: number;
}

type Consumed = { CapacityUnits?: number; ReadCapacityUnits?: number; WriteCapacityUnits?: number };

const WRITES = /^(PutItem|UpdateItem|DeleteItem|BatchWriteItem|TransactWriteItems)$/;

/** The units one answer reports, as AWS would charge them. */
export function unitsOf(op: string, answer: unknown): { read: number; write: number } {
  const consumed = (answer as { ConsumedCapacity?: Consumed | Consumed[] } | null)?.ConsumedCapacity;
  const list = Array.isArray(consumed) ? consumed : consumed ? [consumed] : [];
  const units = list.reduce((n, c) => n + (c.CapacityUnits ?? (c.ReadCapacityUnits ?? 0) + (c.WriteCapacityUnits ?? 0)), 0);
  const charged = op.startsWith('Transact') ? units * 2 : units;
  return WRITES.test(op) ? { read: 0, write: charged } : { read: charged, write: 0 };
}

export async function startCapacityMeter(
  target: string,
  file: string,
): Promise<{ endpoint: string; flushed: () => Promise<void>; close: () => Promise<void> }> {
  const out = createWriteStream(file, { flags: 'a' });
  const upstream = new URL(target);
  const agent = new Agent({ keepAlive: true });
  const server = createServer((incoming, outgoing) => {
    const op = String(incoming.headers['x-amz-target'] ?? '').split('.')[1] ?? '';
    const forward = request(
      { host: upstream.hostname, port: upstream.port, method: incoming.method, path: incoming.url, headers: incoming.headers, agent },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          outgoing.write(chunk);
        });
        answer.on('end', () => {
          outgoing.end();
          if (answer.statusCode !== 200 || !op) return;
          let body: unknown = null;
          try {
            body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            // Not JSON: nothing consumed to count.
          }
          const line: CapacityLine = { t: Date.now(), op, ...unitsOf(op, body) };
          out.write(`${JSON.stringify(line)}\n`);
        });
        answer.on('error', () => outgoing.destroy());
      },
    );
    // The database never goes away (it is stalled, never killed): a failure here is the caller's, passed on as one.
    forward.on('error', () => outgoing.destroy());
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    /** Once every line logged so far is in the file. */
    flushed: () => new Promise((resolve) => out.write('', () => resolve())),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
      await new Promise((resolve) => out.end(resolve));
    },
  };
}

export interface RoundCapacity {
  /** 1-based; 0 is the setup before the first round, and rounds past the last are the wind-down. */
  round: number;
  read: number;
  write: number;
  commands: number;
}

/** The units consumed in each round of the event, by when their commands were answered. */
export function capacityByRound(lines: readonly CapacityLine[], startsAt: number, roundMs: number, rounds: number): RoundCapacity[] {
  const byRound: RoundCapacity[] = Array.from({ length: rounds + 2 }, (_, round) => ({ round, read: 0, write: 0, commands: 0 }));
  for (const line of lines) {
    const round = line.t < startsAt ? 0 : Math.min(rounds + 1, Math.floor((line.t - startsAt) / roundMs) + 1);
    const bucket = byRound[round]!;
    bucket.read += line.read;
    bucket.write += line.write;
    bucket.commands++;
  }
  return byRound.map((r) => ({ ...r, read: Math.round(r.read * 10) / 10, write: Math.round(r.write * 10) / 10 }));
}

/**
 * The capacity figures of an event played: the units of each round, and
 * what the event cost in DynamoDB at on-demand prices beside what the cost
 * model says the whole event costs for the size played.
 */
export function capacityFigures(
  lines: readonly CapacityLine[],
  size: { teams: number; servicesPerTeam: number; roundSeconds: number; rounds: number; viewers: number },
  startsAt: number,
) {
  const byRound = capacityByRound(lines, startsAt, size.roundSeconds * 1000, size.rounds);
  const played = byRound.slice(1, size.rounds + 1);
  const sum = (key: 'read' | 'write') => played.reduce((n, r) => n + r[key], 0);
  const [read, write] = [sum('read'), sum('write')];
  const dynamoUsd = (read / 1e6) * PRICES.dynamoPerMillionReadUnits + (write / 1e6) * PRICES.dynamoPerMillionWriteUnits;
  const hours = (size.rounds * size.roundSeconds) / 3600;
  const model = estimateCost(
    eventShape({ teams: size.teams, services: size.servicesPerTeam, roundSeconds: size.roundSeconds, hours, spectators: size.viewers }),
    readCapacityProfile(),
    PRICES,
  );
  const modelDynamo = model.filter((line) => line.item.startsWith('DynamoDB reads') || line.item.startsWith('DynamoDB writes'));
  const usd = (n: number) => Math.round(n * 1e6) / 1e6;
  return {
    per_round: byRound.map((r) => ({
      round: r.round === 0 ? 'setup' : r.round > size.rounds ? 'after' : r.round,
      read: r.read,
      write: r.write,
      commands: r.commands,
    })),
    rounds_played: {
      read_units: Math.round(read),
      write_units: Math.round(write),
      per_result_write_units: round2(write / Math.max(1, size.teams * size.servicesPerTeam * size.rounds)),
    },
    measured_dynamodb_usd: usd(dynamoUsd),
    model: {
      event: `${size.teams} teams × ${size.servicesPerTeam} services, ${size.roundSeconds} s rounds for ${(hours * 60).toFixed(1)} min, ${size.viewers} spectators, 4 members a team on its page (which the rehearsal does not play) (${PRICE_REGION} prices of ${PRICES_AS_OF})`,
      dynamodb_usd: usd(modelDynamo.reduce((n, line) => n + line.perEvent, 0)),
      total_usd: usd(model.reduce((n, line) => n + line.perEvent, 0)),
    },
    basis:
      "DynamoDB Local's units as the server and the stream consumer consumed them (a transaction's doubled, as AWS charges it), by when each command was answered; `setup` is before the first round, `after` the finalise and the report's reads. A lower bound: a refused conditional write or a cancelled transaction, which AWS charges too, reports no units",
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;
