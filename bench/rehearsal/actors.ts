import { POLL_MS } from '#shared/api/polling';
import type { Ledger } from './ledger';
import { backoff, sleep } from './pace';
import type { Plan } from './plan';

/**
 * The rehearsal's actors that run in its own process: spectators polling
 * what the pages poll through the CDN stand-in, and organisers (adjustments
 * with their Idempotency-Key, a service added while the board runs, the
 * overview polled for the fold's lag, finalise at the end). Each writes its
 * ledger; a write whose outcome is unknown (5xx, 429, no answer) is sent
 * again under the same key until it is answered.
 */

/** What an actor played in the rehearsal's own process works with: the API, the organisers' token, the ledger, the plan, ids by name. */
export interface ActorContext {
  origin: string;
  adminToken: string;
  ledger: Ledger;
  plan: Plan;
  /** Team number → id, and a service's URL → id. */
  teamId: Map<number, number>;
  serviceIds: Map<string, number>;
  /** When writes whose outcome is unknown stop being sent again. */
  deadline: number;
  say: (line: string) => void;
}

/** One poll of a spectator: when, what came back, and (for a 200) what it showed. */
export interface ViewerPoll {
  t: number;
  path: string;
  status: number;
  /** The scoreboard: each team number's total. */
  totals?: Record<number, number>;
  /** The status view: as_of, and each service (team number and subtype id) with its state, as the viewer now holds it. */
  asOf?: number;
  frozen?: boolean;
}

export interface Viewer {
  name: string;
  polls: ViewerPoll[];
  stop(): void;
}

/** A spectator on the scoreboard and the matrix, polling each every 20 s with the ETag it holds, as the pages do. */
export function startViewer(name: string, cdn: string, ledger: Ledger, offsetMs: number): Viewer {
  const polls: ViewerPoll[] = [];
  let stopped = false;
  let boardTag: string | undefined;
  let statusTag: string | undefined;
  let since: string | undefined;
  const poll = async () => {
    const board = await ledger.fetch(name, `${cdn}/api/v1/teams/scoreboard/compact`, { headers: boardTag ? { 'if-none-match': boardTag } : {} });
    const boardPoll: ViewerPoll = { t: Date.now(), path: 'scoreboard', status: board.status };
    if (board.status === 200) {
      boardTag = board.headers?.get('etag') ?? undefined;
      const body = board.json as { rows: (string | number)[][]; frozen?: boolean };
      boardPoll.totals = Object.fromEntries(body.rows.map((row) => [Number(row[3]), Number(row[6])]));
      boardPoll.frozen = body.frozen === true;
    }
    polls.push(boardPoll);
    const status = await ledger.fetch(name, `${cdn}/api/v1/services/status${since ? `?since=${encodeURIComponent(since)}` : ''}`, {
      headers: statusTag ? { 'if-none-match': statusTag } : {},
    });
    const statusPoll: ViewerPoll = { t: Date.now(), path: 'status', status: status.status };
    if (status.status === 200) {
      statusTag = status.headers?.get('etag') ?? undefined;
      const body = status.json as { as_of: string };
      since = body.as_of;
      statusPoll.asOf = Date.parse(body.as_of);
    }
    polls.push(statusPoll);
  };
  // Spectators arrive at different moments, then keep the pages' pace.
  const timer = setTimeout(function next() {
    if (stopped) return;
    void poll().finally(() => {
      if (!stopped) setTimeout(next, POLL_MS.spectator);
    });
  }, offsetMs);
  return {
    name,
    polls,
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/** A write sent until it is answered (2xx or a refusal that is final), under one Idempotency-Key. */
export async function writeUntilAnswered(
  ledger: Ledger,
  actor: string,
  url: string,
  body: unknown,
  options: { method?: string; token: string; key: string; deadline: number; headers?: Record<string, string> },
): Promise<{ status: number; json: unknown; headers: Headers | undefined }> {
  for (let attempt = 1; ; attempt++) {
    const answer = await ledger.fetch(actor, url, {
      method: options.method ?? 'POST',
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        'content-type': 'application/json',
        'idempotency-key': options.key,
        ...options.headers,
      },
      body: JSON.stringify(body),
    });
    // A 409 for the key still in flight: the first sending may yet land (a server killed or a database stalled
    // mid-write leaves its claim until the claim's lease ends). Wait as told, and ask again.
    const inFlight = answer.status === 409 && (answer.json as { code?: string } | undefined)?.code === 'idempotency_key_in_flight';
    const unknown = answer.status === 0 || answer.status === 429 || answer.status >= 500 || inFlight;
    if (!unknown || Date.now() > options.deadline) return answer;
    const told = Number(answer.headers?.get('retry-after') ?? 0) * 1000;
    await sleep(Math.max(backoff(attempt), Number.isFinite(told) ? told : 0));
  }
}

/** A member's account made by an organiser, and the member signed in with it: its session's token. */
export async function signIn(ctx: ActorContext, name: string, of: { team_id: number } | { role: 'red-team' }): Promise<string> {
  const options = { token: ctx.adminToken, key: `account-${name}`, deadline: ctx.deadline };
  const account = await writeUntilAnswered(ctx.ledger, 'organiser', `${ctx.origin}/api/v1/team-accounts`, { ...of, name }, options);
  const password = (account.json as { password?: string }).password;
  const session = await writeUntilAnswered(
    ctx.ledger,
    name,
    `${ctx.origin}/api/v1/team/sessions`,
    { name, password },
    { ...options, token: '', key: `session-${name}` },
  );
  const token = (session.json as { token?: string }).token;
  if (!token) throw new Error(`${name} could not sign in: ${account.status}, ${session.status} ${JSON.stringify(session.json)}`);
  return token;
}

/** A read sent until it answers 200 (a fault's 5xx, 429 or silence waited out), by the deadline. */
export async function readUntilAnswered(
  ledger: Ledger,
  actor: string,
  url: string,
  token: string,
  deadline: number,
): Promise<{ status: number; json: unknown; headers: Headers | undefined }> {
  for (let attempt = 1; ; attempt++) {
    const answer = await ledger.fetch(actor, url, { headers: { authorization: `Bearer ${token}` } });
    if (answer.status === 200) return answer;
    if (Date.now() > deadline) throw new Error(`${actor}: GET ${new URL(url).pathname} answered ${answer.status} until the deadline`);
    await sleep(backoff(attempt));
  }
}

/** The overview's fold lag (each batch's, as the stream consumer measured it), polled by an organiser every 2 s. */
export function pollFoldLag(origin: string, token: string, ledger: Ledger): { samples: Map<string, number>; stop(): void } {
  /** Each batch's lag (seconds) by when it was measured: a quiet poll sees the same one again. */
  const samples = new Map<string, number>();
  const timer = setInterval(() => {
    void ledger.fetch('organiser (overview)', `${origin}/api/v1/overview`, { headers: { authorization: `Bearer ${token}` } }).then((answer) => {
      const fold = (answer.json as { fold?: { lag_seconds: number; measured_at: string } | null } | undefined)?.fold;
      if (answer.status === 200 && fold) samples.set(fold.measured_at, fold.lag_seconds);
    });
  }, 2000);
  return { samples, stop: () => clearInterval(timer) };
}
