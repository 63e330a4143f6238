/**
 * The mail checks' tokens, made by the API for the agents that ask (a pool's
 * agents): the same HMAC of a scan id as the Lambda agent makes itself, under
 * the stack's key in KMS, so that every agent of every pool agrees and none
 * holds the key. Locally, under a key derived from the local twin's master key.
 */
import { createHash } from 'node:crypto';
import { environmentCredentials } from '#shared/aws/invoke';
import { servicesInScope } from '#shared/app/pool-scope';
import { hmacMailToken, kmsMailToken, type MailToken } from '#shared/mail-token';
import type { Principal } from '#shared/http/principal';
import { forbidden } from '#shared/http/problem';

let made: MailToken | undefined;

function mailToken(): MailToken {
  const keyId = process.env.MAIL_KEY_ID;
  made ??= keyId
    ? kmsMailToken({ keyId, region: process.env.AWS_REGION!, credentials: environmentCredentials, endpoint: process.env.AWS_ENDPOINT_URL_KMS })
    : hmacMailToken(
        createHash('sha256')
          .update(`ccdc-scoring mail token\0${process.env.SCORING_LOCAL_MASTER_KEY ?? 'local development'}`)
          .digest(),
      );
  return made;
}

/** How many tokens are made at once (each is a KMS call in AWS). */
const CONCURRENCY = 16;

/** Each scan id's token; 403 when an agent asks for a service its pool does not check. */
export async function mailTokensFor(scanIds: string[], principal: Principal | undefined): Promise<Record<string, string>> {
  const scope = await servicesInScope(principal);
  const outside = scope && scanIds.find((id) => !scope.has(Number(/-svc(\d+)$/.exec(id)![1])));
  if (outside) throw forbidden(`Scan ${outside} is of a service another pool checks: an agent gets its own pool's tokens only.`);
  const unique = [...new Set(scanIds)];
  const tokens = new Map<string, string>();
  for (let i = 0; i < unique.length; i += CONCURRENCY) {
    const batch = unique.slice(i, i + CONCURRENCY);
    (await Promise.all(batch.map(mailToken()))).forEach((token, k) => tokens.set(batch[k]!, token));
  }
  return Object.fromEntries(tokens);
}
