import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal } from '../../lib/local/dynamodb-local';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamodbEndpoint: string;
  }
}

/** Starts one DynamoDB Local for the run and stops it after (and on exit or Ctrl-C). */
export default async function setup(project: TestProject) {
  const dynamodb = await startDynamoDbLocal();
  project.provide('dynamodbEndpoint', dynamodb.endpoint);
  return () => dynamodb.stop();
}
