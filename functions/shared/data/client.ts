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

function createClient(): DynamoDBDocumentClient {
  // Locally (dev server, tests, CLI --local) the endpoint points at DynamoDB Local,
  // which accepts any credentials; in AWS the SDK's default chain and region apply.
  const endpoint = process.env.DYNAMODB_ENDPOINT;
  const base = new DynamoDBClient(
    endpoint
      ? {
          endpoint,
          region: process.env.AWS_REGION ?? 'us-east-1',
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        }
      : {},
  );
  const doc = DynamoDBDocumentClient.from(base, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
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
