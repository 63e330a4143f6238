import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * Watches every command the data layer sends: the benchmark counts consumed
 * capacity with it, tests assert that no request path issues a Scan.
 */
export type CommandObserver = (event: { command: string; input: unknown; output: unknown }) => void;
export const commandObservers = new Set<CommandObserver>();

let client: DynamoDBDocumentClient | undefined;

/** One document client per process, created on first use (module scope, reused across invocations). */
export function db(): DynamoDBDocumentClient {
  client ??= createClient();
  return client;
}

/**
 * How long one database call may take, all attempts included. A stalled
 * database must cost a caller a 503 well inside the shortest function timeout
 * (the authorizer's 5 s), not a gateway timeout; a throttled request is worth
 * a retry or two. So: a connection not made in 1 s or an attempt unanswered
 * after 2.5 s is abandoned, up to 3 attempts, and the whole call is cut off at
 * 3 s whatever the attempt. DynamoDB answers in milliseconds; DynamoDB Local
 * on a busy laptop in tens to hundreds. The same settings apply in AWS and in
 * the local server.
 *
 * SCORING_DATABASE_CALL_BUDGET_MS stretches the budget (connection and
 * attempt timeouts in proportion) for the test suite only: its concurrency tests bury one shared
 * DynamoDB Local under hundreds of transactions on a small machine, where a
 * healthy call can take longer than 3 s. The fault tests run on the defaults.
 */
const callBudgetMs = Number(process.env.SCORING_DATABASE_CALL_BUDGET_MS) || 3000;
export const DATABASE_TIMEOUTS = {
  connectionTimeoutMs: Math.round(callBudgetMs / 3),
  requestTimeoutMs: Math.round((callBudgetMs * 5) / 6),
  maxAttempts: 3,
  callBudgetMs,
} as const;

/** The longest a single database call can take before it fails. */
export const DATABASE_CALL_BUDGET_MS = DATABASE_TIMEOUTS.callBudgetMs;

function createClient(): DynamoDBDocumentClient {
  // Locally (dev server, tests, CLI --local) the endpoint points at DynamoDB Local,
  // which accepts any credentials; in AWS the SDK's default chain and region apply.
  const endpoint = process.env.DYNAMODB_ENDPOINT;
  const bounded = {
    maxAttempts: DATABASE_TIMEOUTS.maxAttempts,
    requestHandler: {
      connectionTimeout: DATABASE_TIMEOUTS.connectionTimeoutMs,
      requestTimeout: DATABASE_TIMEOUTS.requestTimeoutMs,
      throwOnRequestTimeout: true,
    },
  };
  const base = new DynamoDBClient(
    endpoint
      ? {
          ...bounded,
          endpoint,
          region: process.env.AWS_REGION ?? 'us-east-1',
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        }
      : bounded,
  );
  const doc = DynamoDBDocumentClient.from(base, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  // Every call gets the overall budget as an abort signal, across its retries.
  const send = doc.send.bind(doc) as (command: unknown, options?: { abortSignal?: AbortSignal }) => Promise<unknown>;
  (doc as unknown as { send: typeof send }).send = (command, options) =>
    send(command, { ...options, abortSignal: options?.abortSignal ?? AbortSignal.timeout(DATABASE_TIMEOUTS.callBudgetMs) });
  doc.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as Record<string, unknown>;
      if (process.env.DYNAMODB_RETURN_CAPACITY === '1') input.ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      if (commandObservers.size > 0) {
        const command = String(context.commandName ?? 'unknown');
        for (const observe of commandObservers) observe({ command, input, output: result.output });
      }
      return result;
    },
    { step: 'initialize', name: 'scoringCommandObserver' },
  );
  return doc;
}

export function tableName(): string {
  const name = process.env.TABLE_NAME;
  if (!name) throw new Error('TABLE_NAME is not set');
  return name;
}

const THROTTLING = new Set([
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'LimitExceededException',
  'TooManyRequestsException',
]);
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * Why the database could not serve a call, when the cause is the database's
 * state rather than the request: unreachable, too slow, throttled or failing
 * on its side. Such a call may succeed later (503 and Retry-After); anything
 * else is a bug or a bad request. `undefined` when the error is not one of those.
 */
export function databaseUnavailableCause(error: unknown, depth = 0): string | undefined {
  if (!error || typeof error !== 'object' || depth > 5) return undefined;
  const e = error as {
    name?: string;
    code?: string;
    message?: string;
    $metadata?: { httpStatusCode?: number };
    CancellationReasons?: { Code?: string }[];
    cause?: unknown;
  };
  const name = e.name ?? '';
  if (name === 'TimeoutError' || name === 'RequestTimeout' || name === 'RequestTimeoutException') return `timed out (${e.message ?? name})`;
  if (name === 'AbortError') return `no answer within ${DATABASE_TIMEOUTS.callBudgetMs} ms`;
  if (THROTTLING.has(name) || e.$metadata?.httpStatusCode === 429) return `throttled (${name})`;
  if (name === 'TransactionCanceledException' && (e.CancellationReasons ?? []).some((r) => r.Code === 'ThrottlingError')) {
    return 'throttled (a transaction item was throttled)';
  }
  if (e.code && UNREACHABLE_CODES.has(e.code)) return `unreachable (${e.code})`;
  if (name === 'InternalServerError' || name === 'ServiceUnavailable' || (e.$metadata?.httpStatusCode ?? 0) >= 500) {
    return `failing on its side (${name})`;
  }
  return databaseUnavailableCause(e.cause, depth + 1);
}

/** Errors that mean "DynamoDB is shedding load" on a write: the client should resend later, and it is never a 500. */
export function isThrottling(error: unknown): boolean {
  const name = (error as { name?: string } | undefined)?.name;
  if (name === 'ProvisionedThroughputExceededException' || name === 'ThrottlingException' || name === 'RequestLimitExceeded') return true;
  if (name === 'TransactionCanceledException') {
    const reasons = ((error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map((r) => r.Code ?? 'None');
    return reasons.some((code) => code === 'ThrottlingError' || code === 'ProvisionedThroughputExceeded' || code === 'TransactionConflict');
  }
  return false;
}
