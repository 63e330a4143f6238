import { inject } from 'vitest';

/** This worker's own DynamoDB Local (VITEST_POOL_ID numbers the workers from 1). */
export function dynamodbEndpoint(): string {
  const endpoints = inject('dynamodbEndpoints');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return endpoints[(Math.max(1, worker) - 1) % endpoints.length]!;
}
