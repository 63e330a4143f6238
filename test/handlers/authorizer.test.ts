import type { APIGatewayRequestAuthorizerEventV2 } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../functions/auth/authorizer';
import { createToken, revokeToken } from '#shared/data/tokens';
import { TEST_AUDIT, useFreshTable } from '../support/database';

const eventWith = (authorization?: string) =>
  ({
    version: '2.0',
    type: 'REQUEST',
    routeArn: 'arn:aws:execute-api:eu-west-1:123456789012:api/$default/GET/api/v1/dns',
    identitySource: authorization ? [authorization] : [],
    routeKey: 'GET /api/v1/dns',
    headers: authorization ? { authorization } : {},
    requestContext: { requestId: 'test' },
  }) as unknown as APIGatewayRequestAuthorizerEventV2;

let table: string;
beforeAll(async () => {
  table = await useFreshTable('none');
});

describe('the Lambda authorizer', () => {
  it("puts a valid token's principal in the context", async () => {
    const { token, record } = await createToken({ role: 'service', name: 'agent', expiresAt: null, audit: TEST_AUDIT });
    expect(await handler(eventWith(`Bearer ${token}`))).toEqual({
      isAuthorized: true,
      context: { role: 'service', name: 'agent', tokenId: record.token_id },
    });
  });

  it("passes bad credentials on as a rejection, for the handler's 401", async () => {
    const { token, record } = await createToken({ role: 'admin', name: 'gone', expiresAt: null, audit: TEST_AUDIT });
    await revokeToken(record.token_id, TEST_AUDIT);
    const expired = await createToken({ role: 'admin', name: 'old', expiresAt: '2021-01-01T00:00:00Z', audit: TEST_AUDIT });
    const cases: [string | undefined, RegExp][] = [
      [undefined, /needs credentials/],
      ['Basic dXNlcjpwYXNz', /must be "Bearer <token>"/],
      [`Bearer ${token}`, /revoked/],
      [`Bearer ${expired.token}`, /expired/],
      ['Bearer ccdc_00000000_' + 'x'.repeat(43), /not known/],
    ];
    for (const [header, reason] of cases) {
      const result = await handler(eventWith(header));
      expect(result.isAuthorized).toBe(true);
      expect(result.context).toEqual({ rejected: expect.stringMatching(reason) });
    }
  });

  it('denies when it cannot decide (fails closed)', async () => {
    const { token } = await createToken({ role: 'admin', name: 'admin', expiresAt: null, audit: TEST_AUDIT });
    process.env.TABLE_NAME = 'no-such-table';
    try {
      expect((await handler(eventWith(`Bearer ${token}`))).isAuthorized).toBe(false);
    } finally {
      process.env.TABLE_NAME = table;
    }
  });
});
