import { randomUUID } from 'node:crypto';
import { startLocalStack, type LocalStack, type LocalStackOptions } from '../../lib/local/local-stack';
import { dynamodbEndpoint } from './dynamodb-endpoint';

export const IAM_KEYS = {
  admin: { accessKeyId: 'AKIDLOCALADMIN', secretAccessKey: 'admin-secret-key' },
  service: { accessKeyId: 'AKIDLOCALAGENT', secretAccessKey: 'agent-secret-key' },
  /** Registered as an agent of the cloud pool (issue #45). */
  agent: { accessKeyId: 'AKIDLOCALCLOUD', secretAccessKey: 'cloud-agent-secret-key' },
};

export const ENV_TOKENS = {
  admin: 'ccdc_aaaaaaaa_' + 'A'.repeat(43),
  service: 'ccdc_bbbbbbbb_' + 'B'.repeat(43),
};

/**
 * The real local server (gateway, authorizer, IAM emulation, handlers) on a
 * free loopback port, over a fresh table in the shared DynamoDB Local.
 */
export async function startTestServer(options: Partial<LocalStackOptions> = {}): Promise<LocalStack> {
  process.env.TABLE_NAME = `http-${randomUUID()}`;
  const stack = await startLocalStack({
    port: 0,
    dynamodbEndpoint: dynamodbEndpoint(),
    adminToken: ENV_TOKENS.admin,
    serviceToken: ENV_TOKENS.service,
    iamKeys: [
      `${IAM_KEYS.admin.accessKeyId}:${IAM_KEYS.admin.secretAccessKey}:admin`,
      `${IAM_KEYS.service.accessKeyId}:${IAM_KEYS.service.secretAccessKey}:service`,
      `${IAM_KEYS.agent.accessKeyId}:${IAM_KEYS.agent.secretAccessKey}:agent:cloud`,
    ].join(','),
    ...options,
  });
  return stack;
}
